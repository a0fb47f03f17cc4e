/**
 * What a deliberately broken variant is: named source patches that plant one bug in a copy of
 * impl/ (or spec/). The variants themselves are in variants.ts, spec_variants.ts and
 * wire_variants.ts.
 *
 * @example
 * ```ts
 * import type { Variant } from "./variant.ts";
 * const variant: Variant = { name: "noop", bug: "none", patches: [] };
 * console.log(variant.name);
 * ```
 *
 * @module
 */
import type { CostClass } from "../costs/cases.ts";

/** One textual change to one file of impl/ (or of spec/). */
export interface Patch {
  /** The file, relative to impl/ (or to spec/ when `folder` is "spec"). */
  file: string;
  /** The folder the file is in (default "impl"). */
  folder?: "impl" | "spec";
  /** Text that must occur exactly once in that file. */
  search: string;
  /** What replaces it. */
  replace: string;
}

/** A broken variant of impl: a realistic fast-path bug. */
export interface Variant {
  /** Short name used in the kill table. */
  name: string;
  /** The bug, one line. */
  bug: string;
  /** The patches that plant it. */
  patches: Patch[];
  /**
   * For a bug that costs rather than answers wrongly: the cost class (properties/costs/cases.ts)
   * the campaign's cost stage must report for it. Absent for an answer bug.
   */
  costClass?: CostClass;
  /**
   * The module the campaign targets: the copy of impl's mod.ts (default), or the copy of spec's
   * (a bug planted in the reference's Request, Response and serialization layer, which impl does
   * not have).
   */
  module?: "impl" | "spec";
  /**
   * "wire" for a bug only the wire stage can show (wire_variants.ts): the kill table runs that
   * stage alone, as the answer stages' raw lists never hold the bytes it needs; "egress" for a
   * bug only what a server writes shows (egress_variants.ts): the egress stage alone.
   */
  killedBy?: "wire" | "egress";
  /**
   * "both" for a variant of impl the tampered-realm property kills (a run whose built-ins user
   * code replaced, properties/targets/tampered_realm.ts): the kill table fuzzes it in both realms,
   * the tampered one first, as the campaign does by default. Absent: a clean realm alone, for a
   * bug the model or invalid-raw-list property kills (a variant of the reference's layer, which
   * calls built-ins user code can replace, always).
   */
  realm?: "both";
  /**
   * Known divergence classes (properties/classes/) whose deviation the variant also carries, in the
   * same operations as its bug: the kill table puts them in force (`--known-divergences`), so the
   * variant is killed only by a difference none of them explains, its new bug.
   */
  knownDivergences?: readonly string[];
}
