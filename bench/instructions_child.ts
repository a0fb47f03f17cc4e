/**
 * The process `bench/instructions.ts` runs under callgrind (Deno only). For each operation it
 * builds all inputs first, warms the loop up, then runs two measured regions of N1 and N2
 * operations, each called in chunks. A region starts with `Deno.chdir` (callgrind is told to
 * zero its counters before libc `chdir`) and ends with `Deno.env.set` (a dump before libc
 * `setenv`), so the counts cover the region only, not the startup of Deno, module loading or
 * input preparation. Writes, as JSON to the `--report` file, the warm-up each operation needed and
 * whether its loop reached TurboFan.
 *
 *     deno run -A --v8-flags=<V8_FLAGS of instructions.ts>,<DISTURBANCE_FLAGS of callgrind.ts> \
 *       bench/instructions_child.ts --module native|URL --ops get-hit-same-case-12,... \
 *       --n1 2000 --n2 22000 --chunk 100 [--min-warmup 2000] [--max-warmup 400000] \
 *       [--region-pairs 3] [--report FILE]
 *
 * Each region is bracketed on V8's own standard output by `regionStartMarker` and `REGION_END`
 * lines (from callgrind.ts), printed with `%DebugPrint` so they land in the same buffered
 * stream as V8's `--trace-gc`, `--trace-opt` and `--trace-deopt` lines, in order. The parent reads
 * which regions a collection or a compilation ran inside, and counts only the regions where
 * nothing did. Before each region the young generation is emptied (a minor collection, which
 * leaves the old generation and every map alone: a full collection would free the maps of the
 * loop's short-lived objects and deoptimize the code that embeds them).
 *
 * Each operation's measured regions are preceded by `EMPTY_REGIONS_PER_OP` regions of zero
 * operations, which the parent discards (they settle the feedback of the region's own calls).
 *
 * Warm-up lasts until the loop is TurboFan code (checked with V8's `%GetOptimizationStatus`,
 * hence `--allow-natives-syntax`), at least `--min-warmup` operations.
 *
 * @module
 */

import type { HeadersConstructor, HeadersModule } from "../spec/contract.ts";
import { integerFlag, type ParsedArgs } from "./flags.ts";
import { rawListOf } from "./implementations.ts";
import {
  EMPTY_REGIONS_PER_OP,
  REGION_END,
  REGION_END_VARIABLE,
  regionStartMarker,
} from "./regions.ts";
import { type CaseState, type Loop, privateCopy, SanityError, scenarioById } from "./scenarios.ts";

/** The child's flags, each `--name value`. */
const FLAGS = [
  "module",
  "ops",
  "n1",
  "n2",
  "chunk",
  "min-warmup",
  "max-warmup",
  "region-pairs",
  "report",
] as const;

/**
 * Reads `--name value` pairs with `Deno.args` (not `args.ts`: its `node:` modules would cost
 * seconds of start under callgrind); throws a TypeError naming an unknown or valueless flag.
 */
function readFlags(argv: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let k = 0; k < argv.length; k += 2) {
    const name = argv[k].startsWith("--") ? argv[k].slice(2) : "";
    if (!(FLAGS as readonly string[]).includes(name) || k + 1 >= argv.length) {
      throw new TypeError(
        `${JSON.stringify(argv[k])} is not a flag with a value (known: --${FLAGS.join(", --")})`,
      );
    }
    flags.set(name, argv[k + 1]);
  }
  return flags;
}

const flags: ParsedArgs = { booleans: new Set(), strings: readFlags(Deno.args) };
const moduleSpecifier = flags.strings.get("module") ?? "native";
const ops = (flags.strings.get("ops") ?? "").split(",").filter((op) => op !== "");
const n1 = integerFlag(flags, "n1", 2000);
const n2 = integerFlag(flags, "n2", 22000);
const chunk = Math.max(1, integerFlag(flags, "chunk", 100));
const minWarmup = integerFlag(flags, "min-warmup", 2000);
const maxWarmup = integerFlag(flags, "max-warmup", 400000);
const regionPairs = Math.max(1, integerFlag(flags, "region-pairs", 3));
const reportFile = flags.strings.get("report");
/** The directory every region's `Deno.chdir` changes to: the one the child started in. */
const directory = Deno.cwd();

/** V8 natives (need `--allow-natives-syntax`), compiled from strings. */
const optimizationStatus = new Function("f", "return %GetOptimizationStatus(f);") as (
  f: unknown,
) => number;
const printOnV8Stdout = new Function("text", "%DebugPrint(text);") as (text: string) => void;
const neverOptimize = new Function("f", "%NeverOptimizeFunction(f);") as (f: unknown) => void;
/** The status bit of V8 15 that says the function runs TurboFan code. */
const TURBOFANNED = 1 << 5;

/** A minor (young-generation) collection when V8 exposes `gc` (`--expose-gc`), else nothing. */
function emptyYoungGeneration(): void {
  (globalThis as { gc?: (options: { type: string }) => void }).gc?.({ type: "minor" });
}

/**
 * Calls `loop` over operations [from, to) in chunks and returns the digests' sum. Kept in the
 * interpreter (the child runs with `--no-sparkplug`): a tier-up of this caller would otherwise
 * land inside some region, and an optimized caller could inline `loop`.
 */
function runChunks(loop: Loop, state: CaseState, from: number, to: number): number {
  let digest = 0;
  for (let start = from; start < to; start += chunk) {
    digest += loop(state, start, Math.min(start + chunk, to));
  }
  return digest;
}
neverOptimize(runChunks);

/**
 * One region: callgrind zeroes its counters in `Deno.chdir` and dumps them in `Deno.env.set`.
 * Every region goes through these same call sites (interpreted, like {@link runChunks}), so their
 * feedback is the same in every region once the empty regions have run.
 */
function measuredRegion(
  loop: Loop,
  state: CaseState,
  from: number,
  to: number,
  label: string,
): number {
  Deno.chdir(directory);
  const digest = runChunks(loop, state, from, to);
  Deno.env.set(REGION_END_VARIABLE, label);
  return digest;
}
neverOptimize(measuredRegion);

const module: Partial<HeadersModule> = moduleSpecifier === "native"
  ? { Headers: globalThis.Headers as unknown as HeadersConstructor }
  : (await import(moduleSpecifier)) as Partial<HeadersModule>;
const H = module.Headers as HeadersConstructor;
const fromRawList = rawListOf(module);
const warmups: number[] = [];
const optimized: boolean[] = [];

for (const id of ops) {
  const scenario = scenarioById(id);
  if (scenario.nativeOnly && moduleSpecifier !== "native") {
    throw new RangeError(`${id} measures the runtime's Response; use it with native only`);
  }
  if (scenario.rawList && fromRawList === null) {
    throw new RangeError(
      `${id} needs headersFromRawList, which ${moduleSpecifier} does not export`,
    );
  }
  const state = scenario.prepare(H, fromRawList);
  const loop = privateCopy(scenario.loop);
  let digest = 0;
  // Warm up until the loop runs TurboFan code (tiering counts executed bytecode, so the point is
  // the same in every run), refilling inputs per chunk.
  let warmed = 0;
  while (
    warmed < minWarmup || ((optimizationStatus(loop) & TURBOFANNED) === 0 && warmed < maxWarmup)
  ) {
    scenario.refill(state, chunk);
    digest += runChunks(loop, state, 0, chunk);
    warmed += chunk;
  }
  warmups.push(warmed);
  optimized.push((optimizationStatus(loop) & TURBOFANNED) !== 0);
  for (let empty = 0; empty < EMPTY_REGIONS_PER_OP; empty++) {
    measuredRegion(loop, state, 0, 0, `${id} empty`);
  }
  for (let pair = 1; pair <= regionPairs; pair++) {
    scenario.refill(state, n1 + n2);
    for (const [region, from, to] of [["n1", 0, n1], ["n2", n1, n1 + n2]] as const) {
      emptyYoungGeneration();
      printOnV8Stdout(regionStartMarker(id, region, pair));
      digest += measuredRegion(loop, state, from, to, `${id} ${region}`);
      printOnV8Stdout(REGION_END);
    }
  }
  const total = warmed + regionPairs * (n1 + n2);
  if (digest !== total * scenario.digestPerOp) {
    throw new SanityError(`${id}: digest ${digest}, expected ${total * scenario.digestPerOp}`);
  }
  scenario.check(state, Math.min(n1 + n2, 1000));
}
const report = JSON.stringify({ ops, n1, n2, chunk, warmups, optimized });
if (reportFile === undefined) console.error(report);
else Deno.writeTextFileSync(reportFile, report + "\n");
