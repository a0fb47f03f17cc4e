/**
 * Instruction counts per operation under `valgrind --tool=callgrind`, by the two-count difference
 * method: the same process measures a region of N1 operations and a region of N2 operations
 * (see `instructions_child.ts`), and instructions/op = (I(N2) - I(N1)) / (N2 - N1), which cancels
 * everything a region pays once (the marker calls, the first chunk's entry). The pair of regions
 * is measured several times and the smallest count of each region is used: a disturbance (a
 * compilation that happens to fall inside a region) only adds instructions. Only the main
 * thread's counts are read: Deno's other threads (I/O, the tokio pool) vary run to run.
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

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";

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
 * Instructions/op from the region counts in dump order (per operation: N1, N2, N1, N2, ...):
 * the difference method over the smallest N1 count and the smallest N2 count.
 */
export function countsPerOp(
  counts: readonly number[],
  run: Pick<CallgrindRun, "ops" | "n1" | "n2" | "regionPairs">,
): Pick<Measurement, "perOp" | "regions"> {
  const perOpDumps = 2 * run.regionPairs;
  if (counts.length !== perOpDumps * run.ops.length) {
    throw new RangeError(
      `expected ${perOpDumps * run.ops.length} region counts, got ${counts.length}`,
    );
  }
  const perOp = new Map<string, number>();
  const regions = new Map<string, { n1: number[]; n2: number[] }>();
  run.ops.forEach((op, i) => {
    const own = counts.slice(i * perOpDumps, (i + 1) * perOpDumps);
    const n1Counts = own.filter((_, k) => k % 2 === 0);
    const n2Counts = own.filter((_, k) => k % 2 === 1);
    regions.set(op, { n1: n1Counts, n2: n2Counts });
    perOp.set(
      op,
      differencePerOp({
        n1: run.n1,
        n2: run.n2,
        count1: Math.min(...n1Counts),
        count2: Math.min(...n2Counts),
      }),
    );
  });
  return { perOp, regions };
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
  /** How many times the (N1, N2) pair of regions is measured; the smallest counts are kept. */
  regionPairs: number;
  /** V8 flags for Deno; must include --single-threaded and --allow-natives-syntax. */
  v8Flags: readonly string[];
  cwd: string;
}

/** The valgrind command line for a {@link CallgrindRun} writing dumps to `<outPrefix>.%p`. */
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
    `--v8-flags=${run.v8Flags.join(",")}`,
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
  /** The raw main-thread counts of every N1 region and every N2 region, by operation. */
  regions: Map<string, { n1: number[]; n2: number[] }>;
  report: ChildReport;
}

/**
 * Runs the child under callgrind; returns instructions/op for each operation, the raw region
 * counts and the child's report (warm-up lengths, whether each loop reached TurboFan).
 */
export function measureInstructions(run: CallgrindRun): Measurement {
  const directory = mkdtempSync(join(tmpdir(), "headerproof-callgrind-"));
  const prefix = "callgrind.out";
  const result = spawnSync("valgrind", valgrindArgs(run, join(directory, prefix)), {
    cwd: run.cwd,
    encoding: "utf8",
    env: { ...process.env, DENO_NO_UPDATE_CHECK: "1" },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error !== undefined) {
    throw new Error(`could not start valgrind: ${result.error.message}`);
  }
  if (result.status !== 0) {
    const tail = (result.stderr ?? "").trim().split("\n").filter((line) => !line.startsWith("=="))
      .slice(-15);
    throw new Error(
      `the callgrind run of ${run.module} exited with status ${result.status}:\n${tail.join("\n")}`,
    );
  }
  const dumps = mainThreadDumps(readdirSync(directory), prefix);
  const perOpDumps = 2 * run.regionPairs;
  if (dumps.length !== perOpDumps * run.ops.length) {
    throw new Error(
      `expected ${perOpDumps * run.ops.length} region dumps in ${directory}, found ` +
        `${dumps.length}; did something else call chdir or setenv?`,
    );
  }
  const counts = dumps.map((file) => parseDumpTotal(readFileSync(join(directory, file), "utf8")));
  const { perOp, regions } = countsPerOp(counts, run);
  rmSync(directory, { recursive: true, force: true });
  const report = JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "{}") as ChildReport;
  return { perOp, regions, report };
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
