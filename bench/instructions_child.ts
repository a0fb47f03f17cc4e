/**
 * The process `bench/instructions.ts` runs under callgrind (Deno only). For each operation it
 * builds all inputs first, warms the loop up, then runs two measured regions of N1 and N2
 * operations, each called in chunks. A region starts with `Deno.chdir` (callgrind is told to
 * zero its counters before libc `chdir`) and ends with `Deno.env.set` (a dump before libc
 * `setenv`), so the counts cover the region only, not the startup of Deno, module loading or
 * input preparation. Prints, as JSON on stdout, the operations in region order with the warm-up
 * each needed and whether its loop reached TurboFan.
 *
 *     deno run -A --v8-flags=--single-threaded,--allow-natives-syntax \
 *       bench/instructions_child.ts --module native|URL --ops get-hit-same-case-12,... \
 *       --n1 2000 --n2 22000 --chunk 100 [--min-warmup 2000] [--max-warmup 400000] \
 *       [--region-pairs 3]
 *
 * The pair of regions is measured `--region-pairs` times; the parent keeps the smallest count of
 * each region, since what disturbs a region (a late tier-up or deoptimization compiling inside
 * it) only ever adds instructions.
 *
 * Warm-up lasts until the loop is TurboFan code (checked with V8's `%GetOptimizationStatus`,
 * hence `--allow-natives-syntax`), at least `--min-warmup` operations.
 *
 * @module
 */

import type { HeadersConstructor } from "../spec/contract.ts";
import { commandLine, integerFlag, parseArgs } from "./args.ts";
import { privateCopy, SanityError, scenarioById } from "./scenarios.ts";

/** The environment variable set at the end of each region (it triggers the dump). */
export const REGION_END_VARIABLE = "HEADERPROOF_CALLGRIND_REGION_END";

const args = parseArgs(commandLine(), {
  booleans: [],
  strings: ["module", "ops", "n1", "n2", "chunk", "min-warmup", "max-warmup", "region-pairs"],
});
const moduleSpecifier = args.strings.get("module") ?? "native";
const ops = (args.strings.get("ops") ?? "").split(",").filter((op) => op !== "");
const n1 = integerFlag(args, "n1", 2000);
const n2 = integerFlag(args, "n2", 22000);
const chunk = Math.max(1, integerFlag(args, "chunk", 100));
const minWarmup = integerFlag(args, "min-warmup", 2000);
const maxWarmup = integerFlag(args, "max-warmup", 400000);
const regionPairs = Math.max(1, integerFlag(args, "region-pairs", 3));

/** V8's `%GetOptimizationStatus` (needs `--allow-natives-syntax`), compiled from a string. */
const optimizationStatus = new Function("f", "return %GetOptimizationStatus(f);") as (
  f: unknown,
) => number;
/** The status bit of V8 15 that says the function runs TurboFan code. */
const TURBOFANNED = 1 << 5;

/** A full garbage collection when V8 exposes `gc` (`--expose-gc`), else nothing. */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

const H: HeadersConstructor = moduleSpecifier === "native"
  ? globalThis.Headers as unknown as HeadersConstructor
  : ((await import(moduleSpecifier)) as { Headers: HeadersConstructor }).Headers;
const directory = Deno.cwd();
const warmups: number[] = [];
const optimized: boolean[] = [];

for (const id of ops) {
  const scenario = scenarioById(id);
  if (scenario.nativeOnly && moduleSpecifier !== "native") {
    throw new RangeError(`${id} measures the runtime's Response; use it with native only`);
  }
  const state = scenario.prepare(H);
  const loop = privateCopy(scenario.loop);
  let digest = 0;
  // Warm up until the loop runs TurboFan code (tiering counts executed bytecode, so the point is
  // the same in every run), refilling inputs per chunk.
  let warmed = 0;
  while (
    warmed < minWarmup || ((optimizationStatus(loop) & TURBOFANNED) === 0 && warmed < maxWarmup)
  ) {
    scenario.refill(state, chunk);
    digest += loop(state, 0, chunk);
    warmed += chunk;
  }
  warmups.push(warmed);
  optimized.push((optimizationStatus(loop) & TURBOFANNED) !== 0);
  const run = (from: number, to: number) => {
    for (let start = from; start < to; start += chunk) {
      digest += loop(state, start, Math.min(start + chunk, to));
    }
  };
  for (let pair = 0; pair < regionPairs; pair++) {
    scenario.refill(state, n1 + n2);
    // Each region starts from a collected heap, so its garbage collections depend on its own
    // allocations only (gc is there with --expose-gc).
    collectGarbage();
    Deno.chdir(directory);
    run(0, n1);
    Deno.env.set(REGION_END_VARIABLE, `${id} n1`);
    collectGarbage();
    Deno.chdir(directory);
    run(n1, n1 + n2);
    Deno.env.set(REGION_END_VARIABLE, `${id} n2`);
  }
  const total = warmed + regionPairs * (n1 + n2);
  if (digest !== total * scenario.digestPerOp) {
    throw new SanityError(`${id}: digest ${digest}, expected ${total * scenario.digestPerOp}`);
  }
  scenario.check(state, Math.min(n1 + n2, 1000));
}
console.log(JSON.stringify({ ops, n1, n2, chunk, warmups, optimized }));
