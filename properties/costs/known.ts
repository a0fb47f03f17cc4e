/**
 * The cases each known cost divergence class (properties/oracle/divergences.ts, documented in
 * properties/NATIVE_DIVERGENCES.md) stops the cost stage from measuring while it is in force
 * (`--known-divergences NAME` or `all`), so that a campaign on a runtime with a known cost finding
 * moves on to the next.
 *
 * @example
 * ```ts
 * import { skippedByKnownClasses } from "./known.ts";
 * skippedByKnownClasses({ probe: "large", input: "value-8-mib" }, ["all"]);
 * ```
 *
 * @module
 */
import type { CostCase } from "./probes.ts";

/** Per known cost class, the cases it covers. */
export const KNOWN_COST_CASES: Readonly<Record<string, (costCase: CostCase) => boolean>> = {};

/** Whether a class among `names` (or "all") covers `costCase`. */
export function skippedByKnownClasses(costCase: CostCase, names: readonly string[]): boolean {
  return Object.entries(KNOWN_COST_CASES).some(([name, covers]) =>
    (names.includes("all") || names.includes(name)) && covers(costCase)
  );
}
