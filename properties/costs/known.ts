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

/** The growth operations a list scanned per call makes linear. */
const SCANNED: readonly string[] = [
  "append",
  "set",
  "delete",
  "get-hit",
  "get-miss-seen",
  "get-miss-never",
  "has-hit",
  "has-miss-seen",
  "has-miss-never",
  "construct-from-record",
  "construct-from-sequence",
  "construct-from-headers",
];

/** Per known cost class (properties/oracle/divergences.ts `COST_DIVERGENCE_CLASSES`), the cases it covers. */
export const KNOWN_COST_CASES: Readonly<Record<string, (costCase: CostCase) => boolean>> = {
  "values-keep-parent-strings": (c) =>
    c.probe === "parents" && (c.form.startsWith("value-") || c.form === "set-cookie-slice"),
  "names-keep-parent-strings": (c) => c.probe === "parents" && c.form.startsWith("name-"),
  "linear-scan-per-operation": (c) => c.probe === "growth" && SCANNED.includes(c.op),
  "iteration-re-sorts-after-mutation": (c) =>
    c.probe === "growth" && (c.op === "iterator-next-with-set" || c.op === "for-each-with-set"),
  "quadratic-on-large-lists": (c) =>
    c.probe === "large" && (c.input === "headers-100000" || c.input === "set-cookie-50000"),
};

/** Whether a class among `names` (or "all") covers `costCase`. */
export function skippedByKnownClasses(costCase: CostCase, names: readonly string[]): boolean {
  return Object.entries(KNOWN_COST_CASES).some(([name, covers]) =>
    (names.includes("all") || names.includes(name)) && covers(costCase)
  );
}
