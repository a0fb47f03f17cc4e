/**
 * What one kind of `--target` argument declares: the shape of a row of the target-kinds table
 * (kinds.ts), one file per kind in kinds/. The campaign asks the row of the argument it was given
 * how to recognize it, under which runtime it runs and how it is prepared, its defaults, which
 * stages judge it and how its reproductions reach it.
 *
 * @example
 * ```ts
 * import type { TargetKind } from "./kind.ts";
 * export const describe = (kind: TargetKind) => `${kind.forms.join("|")}: ${kind.stages}`;
 * ```
 *
 * @module
 */
import { dirname, relative, sep } from "node:path";
import type { StageName } from "../core/stage.ts";
import type { RuntimeName } from "../core/runtime_kind.ts";
import type { Profile } from "./targets.ts";

/**
 * How a reproduction reaches a candidate prepared into a module of its own: the specifier it
 * imports (relative to the reproduction), and the modules it imports first (deno-src's shims).
 * The same shape as core/reproduction.ts `CandidateSource` of kind "module".
 */
export interface StandaloneCandidate {
  kind: "module";
  specifier: string;
  preload?: readonly string[];
}

/** What an argument names besides its kind: a release's version, or a path as typed. */
export interface TargetArgument {
  /** The version after `name@` (as typed: a malformed one is refused where it is used). */
  readonly version?: string;
  /** The path (a module PATH, or after `name-src:`), relative to the caller's directory. */
  readonly path?: string;
}

/** The defaults a kind gives the options the person did not set. */
export interface TargetDefaults {
  /** `--profile`: the reference profile. */
  readonly profile: Profile;
  /** `--realm`: the realms of the model property. */
  readonly realm: "both" | "clean";
  /** `--known-divergences`: "auto" (every class known for its Headers' runtime) or "none". */
  readonly knownDivergences: "auto" | "none";
}

/** One kind of target. */
export interface TargetKind {
  /** The kind's name: its file's name in kinds/ (and its row's place in the report). */
  readonly name: string;
  /** How `--help` spells its arguments ("impl", "undici@X"). */
  readonly forms: readonly string[];
  /** Arguments of this kind (the table's tests check that only this kind claims them). */
  readonly examples: readonly string[];
  /** Whether `arg` (a `--target` as typed) is of this kind. */
  recognizes(arg: string): boolean;
  /** What `arg`, an argument this kind recognizes, names: its version or its path. */
  parse(arg: string): TargetArgument;
  /**
   * The campaign's target before {@link prepare}: the argument as typed, or (a module PATH) the
   * path resolved against the caller's directory.
   */
  target(arg: string): string;
  /**
   * The workers and the cost stage name the candidate by the argument itself (`impl`, `native`)
   * rather than by a module's URL, and so do the stages' reports.
   */
  readonly byName: boolean;
  /** The candidate is the host runtime's own globals (Headers, Request, Response, a server). */
  readonly hostGlobals: boolean;
  /**
   * The runtime that must run the workers (a usage error under another, naming the task that
   * runs it), or null for any.
   */
  readonly runtime: RuntimeName | null;
  /**
   * The runtime whose own Headers the target is, whose known classes `auto` expects: a name,
   * "workers" for the runtime the workers run under, or null (headerproof's or a user's module).
   */
  readonly headersOf: RuntimeName | "workers" | null;
  /**
   * Installs, copies or generates what the workers load, from the argument as typed; returns the
   * module's path. Throws runtimes.ts `RuntimeChoiceError` (exit 2, the message printed) for a
   * malformed argument, an unknown release, a checkout without the files. Null: loaded as it is,
   * or prepared by the stage that judges it (the codec kinds: codec/build.ts).
   */
  readonly prepare: ((arg: string) => string) | null;
  /** Its defaults. */
  readonly defaults: TargetDefaults;
  /** The stages that judge it, in the order they run. */
  readonly stages: readonly StageName[];
  /**
   * How a reproduction at `file` reaches a prepared target (`module` from {@link prepare}, `arg`
   * as typed): a copy beside it that imports nothing of headerproof's folders. Null: a
   * reproduction imports the module by its own path or URL (or, {@link hostGlobals}, nothing).
   */
  readonly standalone: ((module: string, arg: string, file: string) => StandaloneCandidate) | null;
  /**
   * Whether `sweep` and `bisect` ranges of this kind walk the commits of a checkout
   * (`deno-src:REPO@A..B`) rather than releases.
   */
  readonly revisions: boolean;
}

/** `to` as a specifier relative to the file `from` (`./x.mjs`, `../y/z.mjs`). */
export function relativeSpecifier(from: string, to: string): string {
  const path = relative(dirname(from), to).split(sep).join("/");
  return path.startsWith(".") ? path : `./${path}`;
}
