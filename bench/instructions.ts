/**
 * `deno task bench:instructions`: deterministic instruction counts per operation, for
 * regressions on a noisy machine. Each operation of each implementation runs in its own Deno
 * process under callgrind (so its count does not depend on what else was measured, which would
 * leave its feedback in shared functions), two processes at a time, with
 * `--v8-flags=--single-threaded` (otherwise compilation happens on background
 * threads, optimized code never arrives in time under valgrind, and the interpreter is what gets
 * measured); see callgrind.ts for the difference method.
 *
 *     deno task bench:instructions [--quick] [--ops a,b] [--impls impl,native] [--baseline REV]
 *                                  [--repeat 2] [--expect op=N] [--n1 N] [--n2 N] [--chunk N]
 *                                  [--jobs N] [--batch N]
 *
 * `--baseline REV` also measures impl/ as it is at git revision REV (materialized with
 * `git archive` into a temporary directory) and prints the change. `--repeat 2` runs everything
 * twice and says whether every count was identical; `--expect op=N` fails unless impl measures
 * exactly N instructions/op for op (a count recorded by an earlier run).
 *
 * @module
 */

import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { commandLine, integerFlag, parseArgs } from "./args.ts";
import {
  batchedOps,
  DisturbedRegionsError,
  materializeImpl,
  measureInstructions,
  type Measurement,
  type OpRegions,
  parseExpectedCounts,
} from "./callgrind.ts";
import { DEFAULT_MODULES, moduleUrl, parseImplName } from "./implementations.ts";
import { scenarioById } from "./scenarios.ts";

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = dirname(benchDir);

/** The default operations: a handful that cover lookup, fresh names, construction, iteration. */
const DEFAULT_OPS = [
  "get-hit-same-case-12",
  "get-hit-same-case-fresh-12",
  "has-miss-12",
  "construct-from-record-12",
  "construct-from-headers-12",
  "for-of-12",
];

/**
 * V8 flags of the measured process (callgrind.ts adds the trace flags that show what ran inside
 * each region). --single-threaded: compile and collect on the main thread (background threads
 * never finish in time under valgrind). --allow-natives-syntax: the child checks its loop reached
 * TurboFan and marks regions on V8's output. --expose-gc: the young generation is emptied before
 * each region. --random-seed=1: V8's random choices do not depend on the system's randomness.
 */
const V8_FLAGS = ["--single-threaded", "--allow-natives-syntax", "--expose-gc", "--random-seed=1"];

/**
 * The default size of each semi-space of V8's young generation, in MB: large enough that no
 * default operation at N2 = 22,000 fills it, so no collection runs inside a region (the largest,
 * construction from a 100-entry record, allocates about 250 MB there).
 */
const DEFAULT_SEMI_SPACE_MB = 512;

/** What one operation of one implementation measured in one run. */
interface OpMeasurement {
  instructionsPerOp: number;
  /** The raw region counts and what disturbed each region. */
  regions: OpRegions;
  /** The region sizes used: smaller than asked when the young generation overflowed. */
  n1: number;
  n2: number;
}

/** When every N2 region had a collection inside, N1 and N2 are divided by this and retried... */
const SHRINK = 4;
/** ...while N2 stays at least this. */
const MIN_N2 = 1000;

const USAGE = `usage: deno run -A bench/instructions.ts [flags]
  --quick            smoke test: the first default op, N1 100, N2 600, one region pair
  --ops LIST         scenario ids (default ${DEFAULT_OPS.join(",")})
  --impls LIST       subset of spec,impl,native,floor (default impl)
  --impl-module PATH measure this module as impl
  --baseline REV     also measure impl/ at git revision REV and print the change
  --repeat N         run everything N times and check the counts are identical (default 1)
  --expect OP=N,...  fail unless impl measures exactly N instructions/op for OP in every run
                     (a count recorded earlier: bench:repeatable)
  --n1 N, --n2 N     operations in the two measured regions (default 2000, 22000)
  --chunk N          operations per loop call (default 100)
  --min-warmup N     fewest operations before measuring; warm-up goes on until the loop
                     is TurboFan code (default 2000)
  --region-pairs N   times the (N1, N2) regions are measured; only regions inside which V8
                     neither collected nor compiled are counted (default 3)
  --semi-space-mb N  size of each young-generation semi-space (default ${DEFAULT_SEMI_SPACE_MB})
  --jobs N           callgrind processes at a time (default: 2, or 1 on a single core)
  --batch N          operations measured in one process (default 1: each in its own, so no
                     count depends on what else ran; N > 1 shares warm-up feedback between them
                     but saves Deno's start under valgrind, minutes per process)
  --v8-flags LIST    extra V8 flags, added to ${V8_FLAGS.join(",")}`;

const args = parseArgs(commandLine(), {
  booleans: ["json", "quick"],
  strings: [
    "ops",
    "impls",
    "impl-module",
    "baseline",
    "repeat",
    "n1",
    "n2",
    "chunk",
    "min-warmup",
    "region-pairs",
    "semi-space-mb",
    "jobs",
    "v8-flags",
    "expect",
    "batch",
  ],
});

async function main(): Promise<void> {
  const quick = args.booleans.has("quick");
  const ops = (args.strings.get("ops") ?? (quick ? DEFAULT_OPS[0] : DEFAULT_OPS.join(","))).split(
    ",",
  );
  for (const op of ops) scenarioById(op);
  const impls = (args.strings.get("impls") ?? "impl").split(",").map(parseImplName);
  const repeat = Math.max(1, integerFlag(args, "repeat", 1));
  const implModule = args.strings.get("impl-module");
  const modules = new Map<string, string>();
  for (const impl of impls) {
    if (impl === "native") modules.set("native", "native");
    else if (impl === "impl" && implModule !== undefined) {
      modules.set("impl", moduleUrl(implModule, process.cwd()));
    } else modules.set(impl, DEFAULT_MODULES[impl]);
  }
  const expectText = args.strings.get("expect");
  const expected = expectText === undefined ? new Map<string, number>() : parseExpectedCounts(
    expectText,
    ops,
  );
  const baseline = args.strings.get("baseline");
  if (baseline !== undefined) modules.set(`impl@${baseline}`, materializeImpl(root, baseline));
  const semiSpace = integerFlag(args, "semi-space-mb", DEFAULT_SEMI_SPACE_MB);
  const extraFlags = (args.strings.get("v8-flags") ?? "").split(",").filter((flag) => flag !== "");
  const common = {
    child: join(benchDir, "instructions_child.ts"),
    ops: ops.filter((op) => !scenarioById(op).nativeOnly),
    n1: integerFlag(args, "n1", quick ? 100 : 2000),
    n2: integerFlag(args, "n2", quick ? 600 : 22000),
    chunk: integerFlag(args, "chunk", 100),
    minWarmup: integerFlag(args, "min-warmup", 2000),
    regionPairs: Math.max(1, integerFlag(args, "region-pairs", quick ? 1 : 3)),
    v8Flags: [
      ...V8_FLAGS,
      `--min-semi-space-size=${semiSpace}`,
      `--max-semi-space-size=${semiSpace}`,
      ...extraFlags,
    ],
    cwd: root,
  };
  const jobs = Math.max(1, integerFlag(args, "jobs", Math.min(2, navigator.hardwareConcurrency)));
  const names = [...modules.keys()];
  // measured[round][module]: what each operation measured.
  const measured = Array.from(
    { length: repeat },
    () => names.map(() => new Map<string, OpMeasurement>()),
  );
  const groups = batchedOps(common.ops, integerFlag(args, "batch", 1));
  const tasks = measured.flatMap((_, round) =>
    names.flatMap((name, m) => groups.map((group) => ({ round, name, m, group })))
  );
  let finished = 0;
  const started = performance.now();
  await runPool(tasks, jobs, async ({ round, name, m, group }) => {
    const taskStarted = performance.now();
    let { n1, n2 } = common;
    let measurement: Measurement;
    for (;;) {
      try {
        measurement = await measureInstructions({
          ...common,
          n1,
          n2,
          ops: group,
          module: modules.get(name)!,
        });
        break;
      } catch (error) {
        // An operation that allocates more than the young generation holds in N2 operations:
        // the same failure in every run, so the smaller regions are the same in every run too.
        if (!(error instanceof DisturbedRegionsError && error.byCollection)) throw error;
        if (Math.floor(n2 / SHRINK) < MIN_N2) throw error;
        n1 = Math.floor(n1 / SHRINK);
        n2 = Math.floor(n2 / SHRINK);
        process.stderr.write(
          `${name} ${group.join(",")}: a collection ran inside every N2 region; again with ` +
            `N1 ${n1}, N2 ${n2}\n`,
        );
      }
    }
    const { perOp, regions, report } = measurement;
    group.forEach((op, k) => {
      const instructionsPerOp = perOp.get(op)!;
      measured[round][m].set(op, { instructionsPerOp, regions: regions.get(op)!, n1, n2 });
      if (!report.optimized[k]) {
        process.stderr.write(
          `warning: ${name} ${op}: the loop was not TurboFan code after ${report.warmups[k]} ` +
            `warm-up operations; the count measures slower tiers\n`,
        );
      }
    });
    finished++;
    process.stderr.write(
      `[${finished}/${tasks.length}] run ${round + 1}, ${name}: ${
        group.map((op) => `${op} ${perOp.get(op)!.toLocaleString("en-US")}`).join(", ")
      } instr/op (${((performance.now() - taskStarted) / 1000).toFixed(0)} s, ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s in all)\n`,
    );
  });
  const header = ["operation", ...names.map((name) => `${name} instr/op`)];
  if (baseline !== undefined && modules.has("impl")) header.push(`impl vs impl@${baseline}`);
  const lines = [
    `| ${header.join(" | ")} |`,
    `|---|${header.slice(1).map(() => "--:").join("|")}|`,
  ];
  const countsOf = (round: number, m: number) =>
    common.ops.map((op) => measured[round][m].get(op)!.instructionsPerOp);
  for (const op of common.ops) {
    const counts = measured[0].map((byOp) => byOp.get(op)!.instructionsPerOp);
    const cells = [op, ...counts.map((count) => count.toLocaleString("en-US"))];
    if (baseline !== undefined && modules.has("impl")) {
      const now = counts[names.indexOf("impl")];
      const before = counts[names.indexOf(`impl@${baseline}`)];
      cells.push(`${(((now - before) / before) * 100).toFixed(1)}%`);
    }
    lines.push(`| ${cells.join(" | ")} |`);
  }
  const identical = measured.every((round, r) =>
    round.every((_, m) => countsOf(r, m).join() === countsOf(0, m).join())
  );
  const implIndex = names.indexOf("impl");
  const unexpected = [...expected].flatMap(([op, count]) =>
    measured.flatMap((round, r) => {
      const got = round[implIndex]?.get(op)?.instructionsPerOp;
      return got === count ? [] : [
        `${op}: run ${r + 1} measured ${got?.toLocaleString("en-US") ?? "nothing"} instr/op ` +
        `for impl, recorded ${count.toLocaleString("en-US")}`,
      ];
    })
  );
  if (args.booleans.has("json")) {
    const byModule = Object.fromEntries(
      names.map((name, m) => [name, measured.map((round) => Object.fromEntries(round[m]))]),
    );
    process.stdout.write(
      JSON.stringify(
        { ...common, child: undefined, results: byModule, identical, unexpected },
        null,
        1,
      ) + "\n",
    );
    if (unexpected.length > 0) process.exitCode = 1;
    return;
  }
  const shrunk = names.flatMap((name, m) =>
    common.ops.flatMap((op) => {
      const { n1, n2 } = measured[0][m].get(op)!;
      return n2 === common.n2 ? [] : [`${name} ${op}: N1 ${n1}, N2 ${n2}`];
    })
  );
  if (shrunk.length > 0) {
    lines.push(
      "",
      `Measured with smaller regions (N1 ${common.n1} and N2 ${common.n2} allocate more than ` +
        `the young generation holds):`,
      ...shrunk.map((line) => `- ${line}`),
    );
  }
  process.stdout.write(lines.join("\n") + "\n");
  if (repeat > 1) {
    process.stdout.write(
      identical
        ? `\nAll counts identical across ${repeat} runs.\n`
        : `\nCounts differ between runs:\n${
          names.map((name, m) =>
            `${name}: ${
              common.ops.map((op, i) =>
                `${op} ${measured.map((_, r) => countsOf(r, m)[i]).join("/")}`
              ).join(", ")
            }`
          ).join("\n")
        }\n`,
    );
    if (!identical) process.exitCode = 1;
  }
  if (expected.size > 0) {
    process.stdout.write(
      unexpected.length === 0
        ? `\nEvery count equals its recorded one (--expect ${expectText}).\n`
        : `\nCounts differ from the recorded ones (a change to impl that moves a count updates ` +
          `--expect in deno.json in the same commit):\n${unexpected.join("\n")}\n`,
    );
    if (unexpected.length > 0) process.exitCode = 1;
  }
}

/** Runs `work` over `items`, at most `limit` at a time; rejects with the first failure. */
async function runPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

try {
  await main();
} catch (error) {
  process.stderr.write(`bench:instructions: ${error instanceof Error ? error.message : error}\n`);
  if (error instanceof TypeError || error instanceof RangeError) process.stderr.write(USAGE + "\n");
  process.exitCode = 1;
}
