/**
 * The cross-runtime benchmark: runs `bench/suite.ts` under Deno, Node and Bun, interleaved
 * (repetition r starts with a different runtime each time, so drift on a shared machine does
 * not always favour the same one), then measures fuzz and TLC throughput, and writes
 * `bench/results/summary.json` (medians, session and campaign throughput) and the markdown table
 * `bench/results/table.md`, which the README links. Every run is kept in the ignored
 * `.cache/bench-runs/{deno,node,bun}.json` (`--render-only` rebuilds the table from them).
 *
 *     deno task bench:all [--reps 5] [--print] [--quick] [--skip-campaign] [suite flags]
 *
 * `--quick` (CI smoke: one repetition, a few ms per task, no campaign) writes to a temporary
 * directory unless `--out` is given, so it never overwrites the committed results.
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { cpus, tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { commandLine, integerFlag, parseArgs, type ParsedArgs } from "./args.ts";
import { moduleUrl } from "./implementations.ts";
import { type CampaignReport, measureCampaign } from "./campaign_throughput.ts";
import { aggregate, renderTable } from "./report.ts";
import type { SuiteResult } from "./runner.ts";
import { SUITE_FLAGS, SUITE_USAGE } from "./options.ts";

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = dirname(benchDir);

const FLAGS = {
  booleans: [...SUITE_FLAGS.booleans, "print", "skip-campaign", "render-only"],
  strings: [...SUITE_FLAGS.strings, "reps", "runtimes", "out", "fuzz-seconds", "tlc-timeout"],
};

const USAGE = `usage: deno run -A bench/cross_runtime.ts [flags]
  --reps N              repetitions per runtime (default 5; 1 with --quick)
  --runtimes LIST       comma-separated subset of deno,node,bun (default all three)
  --out DIR             where results go (default bench/results; a temp dir with --quick)
  --print               also print the table on stdout
  --skip-campaign       do not measure fuzz and TLC throughput
  --render-only         do not run the suite: rebuild the table from the JSON files in --out
                        (and re-measure the campaign unless --skip-campaign)
  --fuzz-seconds N      length of each fuzz campaign (default 10)
  --tlc-timeout N       longest TLC run per model, seconds (default 120)
${SUITE_USAGE}`;

/** The command that runs the suite in `runtime`. */
function suiteCommand(runtime: string, suiteArgs: string[]): [string, string[]] {
  const suite = join(benchDir, "suite.ts");
  switch (runtime) {
    case "deno":
      return ["deno", ["run", "-A", suite, ...suiteArgs]];
    case "node":
    case "bun":
      return [runtime, [suite, ...suiteArgs]];
    default:
      throw new TypeError(`unknown runtime "${runtime}" (expected deno, node or bun)`);
  }
}

/** Runs the suite once in `runtime`; throws with the child's stderr if it fails. */
function runOnce(runtime: string, suiteArgs: string[]): SuiteResult {
  const [command, args] = suiteCommand(runtime, suiteArgs);
  const run = spawnSync(command, args, {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error !== undefined) {
    throw new Error(`${runtime}: could not start ${command}: ${run.error.message}`);
  }
  if (run.status !== 0) {
    const tail = (run.stderr ?? "").trim().split("\n").slice(-20).join("\n");
    throw new Error(`${runtime}: the suite exited with status ${run.status}:\n${tail}`);
  }
  return JSON.parse(run.stdout) as SuiteResult;
}

/** The suite flags given to this command, rebuilt for each child (module paths made absolute). */
function suiteArguments(args: ParsedArgs): string[] {
  const result: string[] = [];
  for (const flag of SUITE_FLAGS.booleans) if (args.booleans.has(flag)) result.push(`--${flag}`);
  for (const flag of SUITE_FLAGS.strings) {
    const value = args.strings.get(flag);
    if (value === undefined) continue;
    result.push(`--${flag}`, flag.endsWith("-module") ? moduleUrl(value, process.cwd()) : value);
  }
  return result;
}

/** A short SHA-256 over the `.ts` files of `directory` (names and contents), or "absent". */
function treeDigest(directory: string): string {
  if (!existsSync(directory)) return "absent";
  const hash = createHash("sha256");
  for (const file of readdirSync(directory).filter((name) => name.endsWith(".ts")).sort()) {
    hash.update(file).update("\0").update(readFileSync(join(directory, file))).update("\0");
  }
  return hash.digest("hex").slice(0, 12);
}

function machineDescription(): string {
  const list = cpus();
  return `${list.length} × ${
    list[0]?.model ?? "unknown CPU"
  } (${process.platform} ${process.arch})`;
}

/** What a results directory records besides the runs: when and on which sources. */
interface SessionInfo {
  measuredAt: string;
  machine: string;
  command: string;
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

/** Runs the suite `reps` times per runtime, interleaved. */
function measureRuns(
  runtimes: readonly string[],
  reps: number,
  suiteArgs: string[],
): SuiteResult[] {
  const runs: SuiteResult[] = [];
  for (let rep = 0; rep < reps; rep++) {
    for (let i = 0; i < runtimes.length; i++) {
      const runtime = runtimes[(rep + i) % runtimes.length];
      const started = performance.now();
      const result = runOnce(runtime, suiteArgs);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const missing = result.missing.map((m) => m.name).join(", ");
      process.stderr.write(
        `[repetition ${rep + 1}/${reps}] ${runtime} ${result.runtimeVersion}: ` +
          `${result.tasks.length} tasks in ${seconds} s${
            missing ? ` (missing: ${missing})` : ""
          }\n`,
      );
      runs.push(result);
    }
  }
  return runs;
}

async function main(): Promise<void> {
  const argv = commandLine();
  const args = parseArgs(argv, FLAGS);
  const quick = args.booleans.has("quick");
  const renderOnly = args.booleans.has("render-only");
  const reps = integerFlag(args, "reps", quick ? 1 : 5);
  const runtimes = (args.strings.get("runtimes") ?? "deno,node,bun").split(",");
  for (const runtime of runtimes) suiteCommand(runtime, []);
  const out = args.strings.get("out") ??
    (quick ? mkdtempSync(join(tmpdir(), "headerproof-bench-")) : join(benchDir, "results"));
  const runsDir = out === join(benchDir, "results") ? join(root, ".cache", "bench-runs") : out;
  let runs: SuiteResult[];
  let session: SessionInfo;
  if (renderOnly) {
    runs = runtimes.flatMap((runtime) =>
      readJson<{ runs: SuiteResult[] }>(join(runsDir, `${runtime}.json`)).runs
    );
    const recorded = readJson<{ session?: SessionInfo }>(join(out, "summary.json")).session;
    if (recorded === undefined) {
      throw new Error(`${join(out, "summary.json")} records no session; run bench:all again`);
    }
    session = recorded;
  } else {
    session = {
      measuredAt: new Date().toISOString(),
      machine: `${machineDescription()}; sources measured (SHA-256 of the .ts files): ` +
        `spec/ ${treeDigest(join(root, "spec"))}, impl/ ${treeDigest(join(root, "impl"))}`,
      command: `deno task bench:all${argv.length > 0 ? " " + argv.join(" ") : ""}`,
    };
    runs = measureRuns(runtimes, reps, suiteArguments(args));
  }
  let campaign: CampaignReport | null = null;
  if (!quick && !args.booleans.has("skip-campaign")) {
    process.stderr.write("measuring fuzz and TLC throughput...\n");
    campaign = await measureCampaign({
      root,
      fuzzSeconds: integerFlag(args, "fuzz-seconds", 10),
      tlcTimeoutSeconds: integerFlag(args, "tlc-timeout", 120),
    });
  } else if (renderOnly) {
    campaign = readJson<{ campaign?: CampaignReport }>(join(out, "summary.json")).campaign ?? null;
  }
  const summary = aggregate(runs);
  const rootUrl = new URL("file://" + root + "/").href;
  for (const runtime of summary.runtimes) {
    for (const source of runtime.sources) source.source = source.source.replace(rootUrl, "");
  }
  const table = renderTable(summary, {
    generatedAt: session.measuredAt,
    machine: session.machine,
    command: session.command,
    campaign,
  });
  mkdirSync(out, { recursive: true });
  if (!renderOnly) {
    mkdirSync(runsDir, { recursive: true });
    for (const runtime of runtimes) {
      const own = runs.filter((run) => run.runtime === runtime);
      writeFileSync(
        join(runsDir, `${runtime}.json`),
        JSON.stringify({ runtime, runs: own }, null, 1) + "\n",
      );
    }
  }
  writeFileSync(
    join(out, "summary.json"),
    JSON.stringify({ session, ...(campaign === null ? {} : { campaign }), ...summary }, null, 1) +
      "\n",
  );
  writeFileSync(join(out, "table.md"), table);
  process.stderr.write(`wrote ${relative(process.cwd(), out) || "."}/table.md and summary.json\n`);
  if (args.booleans.has("print")) process.stdout.write(table);
}

try {
  await main();
} catch (error) {
  process.stderr.write(`bench:all: ${error instanceof Error ? error.message : error}\n`);
  if (error instanceof TypeError) process.stderr.write(USAGE + "\n");
  process.exitCode = 1;
}
