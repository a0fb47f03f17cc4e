/**
 * Instruction counts per operation under `valgrind --tool=callgrind`, by the two-count difference
 * method: the same process measures a region of N1 operations and a region of N2 operations
 * (see `instructions_child.ts`), and instructions/op = (I(N2) - I(N1)) / (N2 - N1), which cancels
 * everything a region pays once (the marker calls, the first chunk's entry). The pair of regions
 * is measured several times; a region inside which V8 traced a collection, a compilation or a
 * deoptimization (work that varies from process to process) is not counted, and of the others
 * the smallest count of each region is used. Only the main thread's counts are read: Deno's
 * other threads (I/O, the tokio pool) vary run to run.
 *
 * Also materializes `impl/` as it was at another git revision, to compare two commits.
 *
 * @example
 * ```ts
 * import { differencePerOp } from "./callgrind.ts";
 * differencePerOp({ n1: 1000, n2: 3000, count1: 1_500_000, count2: 2_300_000 }); // 400
 * ```
 *
 * @module
 */

import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { EMPTY_REGIONS_PER_OP, REGION_END, REGION_START_PATTERN } from "./regions.ts";

/** The two region counts of one operation. */
export interface RegionCounts {
  n1: number;
  n2: number;
  count1: number;
  count2: number;
}

/** (count2 - count1) / (n2 - n1), rounded to a whole instruction. */
export function differencePerOp({ n1, n2, count1, count2 }: RegionCounts): number {
  if (n2 <= n1) throw new RangeError(`N2 (${n2}) must be larger than N1 (${n1})`);
  return Math.round((count2 - count1) / (n2 - n1));
}

/**
 * The recorded counts of `--expect op=count,op=count`: a RangeError naming an item that is not
 * of that form (count in decimal digits) or names an operation not in `ops`.
 */
export function parseExpectedCounts(text: string, ops: readonly string[]): Map<string, number> {
  const expected = new Map<string, number>();
  for (const item of text.split(",")) {
    const match = /^([^=]+)=(\d+)$/.exec(item);
    if (match === null) throw new RangeError(`--expect: "${item}" is not op=count`);
    if (!ops.includes(match[1])) {
      throw new RangeError(`--expect: ${match[1]} is not among the measured --ops (${ops})`);
    }
    expected.set(match[1], Number(match[2]));
  }
  return expected;
}

/** The total instruction count of one callgrind dump file ("summary:" or "totals:" line). */
export function parseDumpTotal(text: string): number {
  const match = /^(?:summary|totals):\s+(\d+)/m.exec(text);
  if (match === null) throw new SyntaxError("no summary/totals line in the callgrind dump");
  return Number(match[1]);
}

/**
 * The main thread's dump files of a run whose output file pattern was `<prefix>.%p`, in dump
 * order: `<prefix>.<pid>.<n>-01` for n = 1, 2, ... (the final dump at exit, without `.<n>`, is
 * left out).
 */
export function mainThreadDumps(files: readonly string[], prefix: string): string[] {
  const pattern = new RegExp(
    `^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.\\d+\\.(\\d+)-01$`,
  );
  return files
    .map((file) => ({ file, match: pattern.exec(file) }))
    .filter((entry) => entry.match !== null)
    .sort((a, b) => Number(a.match![1]) - Number(b.match![1]))
    .map((entry) => entry.file);
}

/**
 * V8 flags the child always runs with: each makes V8 print a line on its standard output for
 * one kind of event that would make a region's count vary from process to process (collections,
 * and compilations and deoptimizations, whose instruction counts depend on addresses).
 * `--no-sparkplug`: no baseline compiler, whose batches compile at points that depend on
 * unrelated functions' budgets (e.g. the marker calls themselves) and are not traced otherwise.
 */
export const DISTURBANCE_FLAGS = ["--trace-gc", "--trace-opt", "--trace-deopt", "--no-sparkplug"];

/** What V8 printed inside one measured region, in region order. */
export interface RegionTrace {
  op: string;
  region: "n1" | "n2";
  pair: number;
  /** V8's trace lines between the region's markers: collections, compilations, deopts. */
  disturbances: string[];
}

/**
 * The regions of a child's V8 standard output, in order: each {@link regionStartMarker} line opens
 * one, the next {@link REGION_END} line closes it, and every other line between them is
 * something V8 traced (with `--trace-gc`, `--trace-opt`, `--trace-deopt`) while the region ran.
 */
export function regionTraces(stdout: string): RegionTrace[] {
  const traces: RegionTrace[] = [];
  let open: RegionTrace | null = null;
  for (const line of stdout.split("\n")) {
    const start = REGION_START_PATTERN.exec(line);
    if (start !== null) {
      if (open !== null) throw new SyntaxError(`region ${describeRegion(open)} never ended`);
      open = {
        op: start[1],
        region: start[2] as "n1" | "n2",
        pair: Number(start[3]),
        disturbances: [],
      };
    } else if (line.includes(REGION_END)) {
      if (open === null) throw new SyntaxError("a region ended that never started");
      traces.push(open);
      open = null;
    } else if (open !== null && line.trim() !== "") open.disturbances.push(line.trim());
  }
  if (open !== null) throw new SyntaxError(`region ${describeRegion(open)} never ended`);
  return traces;
}

function describeRegion({ op, region, pair }: RegionTrace): string {
  return `${op} ${region.toUpperCase()} #${pair}`;
}

/**
 * `ops` in groups of `batch` (`--batch`; below 1 counts as 1), in order, each operation once: the
 * operations one callgrind process measures.
 */
export function batchedOps(ops: readonly string[], batch: number): string[][] {
  const size = Math.max(1, batch);
  const groups: string[][] = [];
  for (let i = 0; i < ops.length; i += size) groups.push(ops.slice(i, i + size));
  return groups;
}

/** The region counts of one operation, and which regions something disturbed. */
export interface OpRegions {
  n1: number[];
  n2: number[];
  /** Per region (same order as the counts): what V8 traced inside it; empty when clean. */
  n1Disturbances: string[][];
  n2Disturbances: string[][];
}

/**
 * Instructions/op from the region counts in dump order (per operation: N1, N2, N1, N2, ...) and
 * the regions' traces: the difference method over the smallest undisturbed N1 and N2 counts.
 * Throws, naming what ran inside, when every region of a kind was disturbed.
 */
export function countsPerOp(
  counts: readonly number[],
  traces: readonly RegionTrace[],
  run: Pick<CallgrindRun, "ops" | "n1" | "n2" | "regionPairs">,
): Pick<Measurement, "perOp" | "regions"> {
  const perOpDumps = 2 * run.regionPairs;
  if (counts.length !== perOpDumps * run.ops.length || traces.length !== counts.length) {
    throw new RangeError(
      `expected ${perOpDumps * run.ops.length} region counts and region traces, got ` +
        `${counts.length} counts and ${traces.length} traces`,
    );
  }
  const perOp = new Map<string, number>();
  const regions = new Map<string, OpRegions>();
  run.ops.forEach((op, i) => {
    const own = counts.slice(i * perOpDumps, (i + 1) * perOpDumps);
    const ownTraces = traces.slice(i * perOpDumps, (i + 1) * perOpDumps);
    ownTraces.forEach((trace, k) => {
      const expected = k % 2 === 0 ? "n1" : "n2";
      if (trace.op !== op || trace.region !== expected) {
        throw new RangeError(`region ${k + 1} of ${op} is ${describeRegion(trace)}`);
      }
    });
    const entry: OpRegions = {
      n1: own.filter((_, k) => k % 2 === 0),
      n2: own.filter((_, k) => k % 2 === 1),
      n1Disturbances: ownTraces.filter((_, k) => k % 2 === 0).map((t) => t.disturbances),
      n2Disturbances: ownTraces.filter((_, k) => k % 2 === 1).map((t) => t.disturbances),
    };
    regions.set(op, entry);
    perOp.set(
      op,
      differencePerOp({
        n1: run.n1,
        n2: run.n2,
        count1: cleanCount(op, "N1", entry.n1, entry.n1Disturbances),
        count2: cleanCount(op, "N2", entry.n2, entry.n2Disturbances),
      }),
    );
  });
  return { perOp, regions };
}

/**
 * The smallest count of the undisturbed regions of one kind. Undisturbed regions of one kind can
 * still differ by a small, repeatable amount (the N2 regions of `get-hit-same-case-12` counted
 * 5,384,071, 5,385,342 and 5,384,071 in every run: V8 runtime work that prints no trace, at
 * points fixed by the executed bytecode); the smallest is the one without it.
 */
function cleanCount(
  op: string,
  kind: string,
  counts: readonly number[],
  disturbances: readonly string[][],
): number {
  const clean = counts.filter((_, k) => disturbances[k].length === 0);
  if (clean.length === 0) {
    const first = disturbances.map((lines, k) => `  #${k + 1}: ${lines[0]}`).join("\n");
    throw new DisturbedRegionsError(
      `every ${kind} region of ${op} had V8 collect or compile inside it, so no count is ` +
        `repeatable:\n${first}\nA collection: lower --n2 or raise --semi-space-mb. ` +
        `A compilation or deoptimization: raise --min-warmup or --region-pairs.`,
      disturbances.every((lines) => lines.some(isCollectionTrace)),
    );
  }
  return Math.min(...clean);
}

/** A `--trace-gc` line: `[pid:isolate] <ms> ms: Scavenge|Mark-Compact|... */
export function isCollectionTrace(line: string): boolean {
  return /^\[\d+:0x[0-9a-f]+(?::\d+)?\]\s+[\d.]+ ms: /.test(line);
}

/** Every region of one kind was disturbed; no repeatable count exists for that operation. */
export class DisturbedRegionsError extends Error {
  /**
   * @param message which regions, what V8 printed inside them, which flag to change
   * @param byCollection every region had a garbage collection inside (the operation allocates
   *   more than the young generation holds), so fewer operations per region would fix it
   */
  constructor(message: string, readonly byCollection: boolean) {
    super(message);
    this.name = "DisturbedRegionsError";
  }
}

/** How to run the child under callgrind. */
export interface CallgrindRun {
  /** Absolute path of instructions_child.ts. */
  child: string;
  /** "native" or a module URL. */
  module: string;
  ops: readonly string[];
  n1: number;
  n2: number;
  chunk: number;
  /** Fewest warm-up operations; warm-up goes on until the loop is TurboFan code. */
  minWarmup: number;
  /** How many times the (N1, N2) pair of regions is measured; undisturbed ones are counted. */
  regionPairs: number;
  /**
   * V8 flags for Deno; must include --single-threaded, --allow-natives-syntax and --expose-gc.
   * {@link DISTURBANCE_FLAGS} are added to them.
   */
  v8Flags: readonly string[];
  cwd: string;
}

/**
 * The valgrind command line for a {@link CallgrindRun} writing dumps to `<outPrefix>.%p` and the
 * child's report to `<outPrefix>.report.json`.
 */
export function valgrindArgs(run: CallgrindRun, outPrefix: string): string[] {
  return [
    "--tool=callgrind",
    "--separate-threads=yes",
    "--zero-before=chdir",
    "--dump-before=setenv",
    `--callgrind-out-file=${outPrefix}.%p`,
    "deno",
    "run",
    "-A",
    `--v8-flags=${[...run.v8Flags, ...DISTURBANCE_FLAGS].join(",")}`,
    run.child,
    "--module",
    run.module,
    "--ops",
    run.ops.join(","),
    "--n1",
    String(run.n1),
    "--n2",
    String(run.n2),
    "--chunk",
    String(run.chunk),
    "--min-warmup",
    String(run.minWarmup),
    "--region-pairs",
    String(run.regionPairs),
    "--report",
    `${outPrefix}.report.json`,
  ];
}

/** What the child reports besides the counts. */
export interface ChildReport {
  warmups: number[];
  optimized: boolean[];
}

/** The result of one callgrind run. */
export interface Measurement {
  /** Instructions per operation, by operation. */
  perOp: Map<string, number>;
  /** The raw main-thread counts of every region and what disturbed it, by operation. */
  regions: Map<string, OpRegions>;
  report: ChildReport;
}

/**
 * Runs the child under callgrind; resolves to instructions/op for each operation, the raw region
 * counts and the child's report (warm-up lengths, whether each loop reached TurboFan).
 */
export async function measureInstructions(run: CallgrindRun): Promise<Measurement> {
  const directory = mkdtempSync(join(tmpdir(), "headerproof-callgrind-"));
  const prefix = "callgrind.out";
  const { status, stdout, stderr } = await runToEnd(
    "valgrind",
    valgrindArgs(run, join(directory, prefix)),
    run.cwd,
  );
  if (status !== 0) {
    const tail = stderr.trim().split("\n").filter((line) => !line.startsWith("==")).slice(-15);
    throw new Error(
      `the callgrind run of ${run.module} (${run.ops.join(",")}) exited with status ${status}:\n` +
        tail.join("\n"),
    );
  }
  const dumps = mainThreadDumps(readdirSync(directory), prefix);
  const perOpDumps = EMPTY_REGIONS_PER_OP + 2 * run.regionPairs;
  const expected = perOpDumps * run.ops.length;
  if (dumps.length !== expected) {
    throw new Error(
      `expected ${expected} region dumps in ${directory}, found ${dumps.length}; did something ` +
        `else call chdir or setenv?`,
    );
  }
  const counts = dumps.filter((_, k) => k % perOpDumps >= EMPTY_REGIONS_PER_OP).map((file) =>
    parseDumpTotal(readFileSync(join(directory, file), "utf8"))
  );
  const report = JSON.parse(
    readFileSync(join(directory, `${prefix}.report.json`), "utf8"),
  ) as ChildReport;
  rmSync(directory, { recursive: true, force: true });
  const { perOp, regions } = countsPerOp(counts, regionTraces(stdout), run);
  return { perOp, regions, report };
}

/** Runs `command` to completion, collecting its output. */
function runToEnd(
  command: string,
  args: readonly string[],
  cwd: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, DENO_NO_UPDATE_CHECK: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    child.on("error", (error) => reject(new Error(`could not start ${command}: ${error.message}`)));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * Extracts the project tree at git revision `rev` into a new temporary directory (`git archive`)
 * and returns the URL of its `impl/mod.ts`; throws if the revision has no impl/mod.ts.
 */
export function materializeImpl(root: string, rev: string): string {
  const archive = spawnSync("git", ["-C", root, "archive", "--format=tar", rev], {
    maxBuffer: 512 * 1024 * 1024,
  });
  if (archive.status !== 0) {
    throw new Error(`git archive ${rev} failed: ${archive.stderr.toString().trim()}`);
  }
  const directory = mkdtempSync(join(tmpdir(), "headerproof-baseline-"));
  const extract = spawnSync("tar", ["-x", "-C", directory], { input: archive.stdout });
  if (extract.status !== 0) throw new Error(`tar -x failed: ${extract.stderr.toString().trim()}`);
  const mod = join(directory, "impl", "mod.ts");
  if (!existsSync(mod)) throw new Error(`impl/mod.ts does not exist at revision ${rev}`);
  return new URL(`file://${mod}`).href;
}
