/**
 * How the callgrind child (`instructions_child.ts`) and its parent (`callgrind.ts`) mark regions:
 * the environment variable whose setting dumps the counters, the lines printed on V8's standard
 * output around each region, and how many empty regions come first. No imports: the child runs
 * under callgrind, where loading Deno's `node:` modules costs about 12 s of its start.
 *
 * @example
 * ```ts
 * import { REGION_START_PATTERN, regionStartMarker } from "./regions.ts";
 * REGION_START_PATTERN.exec(regionStartMarker("get-miss-12", "n1", 1))?.[1]; // "get-miss-12"
 * ```
 *
 * @module
 */

/** The environment variable the child sets at the end of each region (it triggers the dump). */
export const REGION_END_VARIABLE = "HEADERPROOF_CALLGRIND_REGION_END";
/**
 * Regions of zero operations the child runs before each operation's measured ones, and the
 * parent discards: they initialize the feedback of the region's own calls (`Deno.chdir`, the
 * chunk runner, `Deno.env.set`). Without them the first region of the first operation counted
 * 3,536 instructions more than its repetitions (inline-cache misses of those calls).
 */
export const EMPTY_REGIONS_PER_OP = 2;
const REGION_START = "headerproof-region-start";
/** Printed on V8's standard output just after a region. */
export const REGION_END = "headerproof-region-end";
/** Reads a {@link regionStartMarker} back: op, region, pair. */
export const REGION_START_PATTERN = new RegExp(`${REGION_START} (\\S+) (n1|n2) (\\d+)`);

/** The line printed on V8's standard output just before a region. */
export function regionStartMarker(op: string, region: "n1" | "n2", pair: number): string {
  return `${REGION_START} ${op} ${region} ${pair}`;
}
