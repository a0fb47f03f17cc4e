/**
 * `deno task bench:instructions`: deterministic instruction counts per operation, for
 * regressions on a noisy machine. Each implementation runs in its own Deno process under
 * callgrind with `--v8-flags=--single-threaded` (otherwise compilation happens on background
 * threads, optimized code never arrives in time under valgrind, and the interpreter is what gets
 * measured); see callgrind.ts for the difference method.
 *
 *     deno task bench:instructions [--quick] [--ops a,b] [--impls impl,native] [--baseline REV]
 *                                  [--repeat 2] [--n1 N] [--n2 N] [--chunk N] [--warmup N]
 *
 * `--baseline REV` also measures impl/ as it is at git revision REV (materialized with
 * `git archive` into a temporary directory) and prints the change. `--repeat 2` runs everything
 * twice and says whether every count was identical.
 *
 * @module
 */

import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { commandLine, integerFlag, parseArgs } from "./args.ts";
import { materializeImpl, measureInstructions } from "./callgrind.ts";
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
 * V8 flags of the measured process. --single-threaded: compile and collect on the main thread
 * (background threads never finish in time under valgrind). --allow-natives-syntax: the child
 * checks its loop reached TurboFan. --expose-gc: a full collection before each region.
 * --predictable-gc-schedule and --random-seed=1: heap growth and V8's random choices do not
 * depend on timing or on the system's randomness, so every run collects at the same points.
 */
const V8_FLAGS = [
  "--single-threaded",
  "--allow-natives-syntax",
  "--expose-gc",
  "--predictable-gc-schedule",
  "--random-seed=1",
];

const USAGE = `usage: deno run -A bench/instructions.ts [flags]
  --quick            smoke test: the first default op, N1 100, N2 600, one region pair
  --ops LIST         scenario ids (default ${DEFAULT_OPS.join(",")})
  --impls LIST       subset of spec,impl,native (default impl)
  --impl-module PATH measure this module as impl
  --baseline REV     also measure impl/ at git revision REV and print the change
  --repeat N         run everything N times and check the counts are identical (default 1)
  --n1 N, --n2 N     operations in the two measured regions (default 2000, 22000)
  --chunk N          operations per loop call (default 100)
  --min-warmup N     fewest operations before measuring; warm-up goes on until the loop
                     is TurboFan code (default 2000)
  --region-pairs N   times the (N1, N2) regions are measured; the smallest counts are kept
                     (default 3)
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
    "v8-flags",
  ],
});

function main(): void {
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
  const baseline = args.strings.get("baseline");
  if (baseline !== undefined) modules.set(`impl@${baseline}`, materializeImpl(root, baseline));
  const extraFlags = (args.strings.get("v8-flags") ?? "").split(",").filter((flag) => flag !== "");
  const common = {
    child: join(benchDir, "instructions_child.ts"),
    ops: ops.filter((op) => !scenarioById(op).nativeOnly),
    n1: integerFlag(args, "n1", quick ? 100 : 2000),
    n2: integerFlag(args, "n2", quick ? 600 : 22000),
    chunk: integerFlag(args, "chunk", 100),
    minWarmup: integerFlag(args, "min-warmup", 2000),
    regionPairs: Math.max(1, integerFlag(args, "region-pairs", quick ? 1 : 3)),
    v8Flags: [...V8_FLAGS, ...extraFlags],
    cwd: root,
  };
  const results: Map<string, number>[][] = [];
  const regionCounts: Map<string, { n1: number[]; n2: number[] }>[][] = [];
  for (let round = 0; round < repeat; round++) {
    const perModule: Map<string, number>[] = [];
    const regionsPerModule: Map<string, { n1: number[]; n2: number[] }>[] = [];
    for (const [name, module] of modules) {
      const started = performance.now();
      const { perOp, regions, report } = measureInstructions({ ...common, module });
      perModule.push(perOp);
      regionsPerModule.push(regions);
      report.optimized.forEach((reached, i) => {
        if (!reached) {
          process.stderr.write(
            `warning: ${name} ${common.ops[i]}: the loop was not TurboFan code after ` +
              `${report.warmups[i]} warm-up operations; the count measures slower tiers\n`,
          );
        }
      });
      process.stderr.write(
        `[run ${round + 1}/${repeat}] ${name}: ${
          ((performance.now() - started) / 1000).toFixed(0)
        } s\n`,
      );
    }
    results.push(perModule);
    regionCounts.push(regionsPerModule);
  }
  const names = [...modules.keys()];
  const header = ["operation", ...names.map((name) => `${name} instr/op`)];
  if (baseline !== undefined && modules.has("impl")) header.push(`impl vs impl@${baseline}`);
  const lines = [
    `| ${header.join(" | ")} |`,
    `|---|${header.slice(1).map(() => "--:").join("|")}|`,
  ];
  for (const op of common.ops) {
    const counts = results[0].map((perOp) => perOp.get(op)!);
    const cells = [op, ...counts.map((count) => count.toLocaleString("en-US"))];
    if (baseline !== undefined && modules.has("impl")) {
      const now = counts[names.indexOf("impl")];
      const before = counts[names.indexOf(`impl@${baseline}`)];
      cells.push(`${(((now - before) / before) * 100).toFixed(1)}%`);
    }
    lines.push(`| ${cells.join(" | ")} |`);
  }
  const identical = results.every((round) =>
    round.every((perOp, m) => common.ops.every((op) => perOp.get(op) === results[0][m].get(op)))
  );
  if (args.booleans.has("json")) {
    const byModule = Object.fromEntries(
      names.map((name, m) => [name, {
        instructionsPerOp: results.map((round) => Object.fromEntries(round[m])),
        regionCounts: regionCounts.map((round) => Object.fromEntries(round[m])),
      }]),
    );
    process.stdout.write(
      JSON.stringify({ ...common, child: undefined, results: byModule, identical }, null, 1) + "\n",
    );
    return;
  }
  process.stdout.write(lines.join("\n") + "\n");
  if (repeat > 1) {
    process.stdout.write(
      identical
        ? `\nAll counts identical across ${repeat} runs.\n`
        : `\nCounts differ between runs:\n${
          names.map((name, m) =>
            `${name}: ${
              common.ops.map((op) => `${op} ${results.map((r) => r[m].get(op)).join("/")}`).join(
                ", ",
              )
            }`
          ).join("\n")
        }\n`,
    );
    if (!identical) process.exitCode = 1;
  }
}

try {
  main();
} catch (error) {
  process.stderr.write(`bench:instructions: ${error instanceof Error ? error.message : error}\n`);
  if (error instanceof TypeError || error instanceof RangeError) process.stderr.write(USAGE + "\n");
  process.exitCode = 1;
}
