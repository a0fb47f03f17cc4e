/**
 * The codec stage's costs: nanoseconds per byte of each path of the crate at n and 16n bytes,
 * both timed in the harness process in one run (rounds alternate the sizes; the fastest of each
 * is kept), so no path grows faster than its input. A ratio of ns per byte at 16n to n above {@link CODEC_COST_FACTOR}
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
import { HarnessStopped, hexOf } from "./protocol.ts";

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
  /** Whether the ratio is above {@link CODEC_COST_FACTOR}, or the process stopped. */
  finding: boolean;
  /** How the harness process stopped during the timings (a hang or a crash), if it did. */
  stopped?: string;
}

/**
 * The paths timed, each with the input pattern it is timed on and its n; 16n stays within a
 * 256 KiB cache, so a ratio shows the path's growth, not the memory's.
 */
export const COST_CASES: readonly { path: string; pattern: string; n: number }[] = [
  { path: "name_from_bytes", pattern: "aB-_^9", n: 2048 },
  { path: "name_from_lowercase", pattern: "ab-_^9", n: 2048 },
  { path: "map_insert_static", pattern: "aB-_^9", n: 2048 },
  { path: "map_get_str", pattern: "aB-_^9", n: 2048 },
  { path: "value_from_bytes", pattern: "a B,\x80;", n: 4096 },
  { path: "value_to_str", pattern: "a B,;=", n: 4096 },
];

/** About how long one timing at n takes. */
const MS_PER_TIMING = 10;
const ROUNDS = 5;
/** Timings of a path whose ratio is above the factor, before it is a finding. */
const ATTEMPTS = 3;

/**
 * ns per byte of `path` at n and 16n. One run at n sets the repetitions (about
 * {@link MS_PER_TIMING} at n, the same bytes at 16n, so a superlinear path takes longer there, not
 * forever); rounds alternate the sizes and the fastest of each is kept.
 */
async function perByte(
  harness: CodecHarness,
  path: string,
  pattern: string,
  n: number,
): Promise<[number, number]> {
  const time = async (size: number, reps: number) =>
    Number((await harness.ask(["cost", path, hexOf(pattern), size, reps])).ns);
  const once = Math.max(await time(n, 1), 1);
  const reps = Math.min(Math.max(Math.round(MS_PER_TIMING * 1e6 / once), 16), 1_000_000);
  const best = [Infinity, Infinity];
  for (let round = 0; round < ROUNDS; round++) {
    best[0] = Math.min(best[0], (await time(n, reps)) / (reps * n));
    const large = Math.max(Math.round(reps / 16), 1);
    best[1] = Math.min(best[1], (await time(16 * n, large)) / (large * 16 * n));
  }
  return [best[0], best[1]];
}

/**
 * Times every {@link COST_CASES} path at n and 16n. A ratio above the factor is timed again, up
 * to {@link ATTEMPTS} times in all, and the lowest ratio is kept: a finding is a path that grows
 * faster in every attempt, not one that met a busy machine once.
 */
export async function runCosts(harness: CodecHarness): Promise<CostResult[]> {
  const results: CostResult[] = [];
  for (const { path, pattern, n } of COST_CASES) {
    let nsPerByte: [number, number];
    try {
      nsPerByte = await perByte(harness, path, pattern, n);
    } catch (error) {
      if (!(error instanceof HarnessStopped)) throw error;
      // A timing that dies or gives no answer within the case timeout is a finding too.
      results.push({
        path,
        n,
        nsPerByte: [NaN, NaN],
        ratio: Infinity,
        finding: true,
        stopped: error.how,
      });
      continue;
    }
    for (let attempt = 1; attempt < ATTEMPTS && ratioOf(nsPerByte) > CODEC_COST_FACTOR; attempt++) {
      const again = await perByte(harness, path, pattern, n);
      if (ratioOf(again) < ratioOf(nsPerByte)) nsPerByte = again;
    }
    const ratio = ratioOf(nsPerByte);
    results.push({ path, n, nsPerByte, ratio, finding: ratio > CODEC_COST_FACTOR });
  }
  return results;
}

/** ns per byte at 16n over n. */
function ratioOf([small, large]: readonly number[]): number {
  return large / small;
}
