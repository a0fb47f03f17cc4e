/**
 * The codec stage's costs: nanoseconds per byte of each path of the crate at n and 16n bytes,
 * both timed in the harness process in one run (the fastest of a few rounds of each), so no path
 * grows faster than its input. A ratio of ns per byte at 16n to n above {@link CODEC_COST_FACTOR}
 * is a finding (a linear path is near 1). A panic or a process that stops is a crash finding, as
 * in the answer cases.
 *
 * @example
 * ```ts
 * import { CodecHarness } from "./protocol.ts";
 * import { runCosts } from "./costs.ts";
 * const results = await runCosts(new CodecHarness("/path/to/headerproof-codec", 10_000));
 * ```
 *
 * @module
 */
import type { CodecHarness } from "./protocol.ts";
import { hexOf } from "./protocol.ts";

/** The largest ratio of ns per byte at 16n to n that is not a finding. */
export const CODEC_COST_FACTOR = 4;

/** One path's cost. */
export interface CostResult {
  /** The harness's cost path. */
  path: string;
  /** n, in bytes. */
  n: number;
  /** ns per byte at n and at 16n. */
  nsPerByte: [number, number];
  /** ns per byte at 16n over ns per byte at n. */
  ratio: number;
  /** Whether the ratio is above {@link CODEC_COST_FACTOR}. */
  finding: boolean;
}

/** The paths timed, each with the input pattern it is timed on and its n. */
export const COST_CASES: readonly { path: string; pattern: string; n: number }[] = [
  { path: "name_from_bytes", pattern: "aB-_^9", n: 2048 },
  { path: "name_from_lowercase", pattern: "ab-_^9", n: 2048 },
  { path: "map_insert_static", pattern: "aB-_^9", n: 2048 },
  { path: "map_get_str", pattern: "aB-_^9", n: 2048 },
  { path: "value_from_bytes", pattern: "a B,\x80;", n: 16384 },
  { path: "value_to_str", pattern: "a B,;=", n: 16384 },
];

/** About this many bytes go through a path per timing. */
const BYTES_PER_TIMING = 4_000_000;
const ROUNDS = 5;

/** Times every {@link COST_CASES} path at n and 16n. */
export async function runCosts(harness: CodecHarness): Promise<CostResult[]> {
  const results: CostResult[] = [];
  for (const { path, pattern, n } of COST_CASES) {
    const perByte: number[] = [];
    for (const size of [n, 16 * n]) {
      const reps = Math.max(1, Math.round(BYTES_PER_TIMING / size));
      let best = Infinity;
      for (let round = 0; round < ROUNDS; round++) {
        const answer = await harness.ask(["cost", path, hexOf(pattern), size, reps]);
        best = Math.min(best, Number(answer.ns));
      }
      perByte.push(best / (reps * size));
    }
    const ratio = perByte[1] / perByte[0];
    results.push({
      path,
      n,
      nsPerByte: [perByte[0], perByte[1]],
      ratio,
      finding: ratio > CODEC_COST_FACTOR,
    });
  }
  return results;
}
