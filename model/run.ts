/**
 * `deno task model`: TLC on every CI model of `model/`, then on every planted-bug model, which
 * must fail with the intended invariant or property. For each CI model the distinct states and
 * the depth must equal the counts recorded in {@link CI_MODELS} (as tlaplus/Examples' manifest
 * records them; `./headerproof docs` writes them into model/README.md). Prints states
 * generated, distinct states, depth and wall time per model; on an unexpected result prints the
 * violated invariant and TLC's error trace, and keeps TLC's full output and the trace as JSON
 * under `.cache/model/<config>/` (ignored by git), naming the path.
 *
 * Exit codes: 0 all as expected, 1 an unexpected result, 2 a usage error or Java/TLC missing.
 *
 * Usage: `deno task model [--workers N|auto] [--only NAME]... [--json] [--junit PATH]`
 * (NAME: a config name, e.g. MCHeaders; `--json` prints one JSON document of per-model results
 * on standard output and the table, row by row as each model ends, on standard error;
 * `--junit PATH` also writes the results as JUnit XML).
 * The nightly run is `deno task model:nightly` (model/nightly.ts).
 *
 * @example
 * ```sh
 * ./headerproof model
 * ./headerproof model --only MCBugDeleteKeepsView --json
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";
import {
  findTlcTools,
  integerOption,
  MODEL_DIR,
  parseErrorTrace,
  runTlc,
  type TlcReport,
  type TlcRun,
  workersOption,
} from "./tlc.ts";
import type { JunitCase } from "../properties/core/junit.ts";
import { writeJunit } from "../properties/core/junit.ts";

/** A CI model: one TLC run of `deno task model` that must pass with its recorded counts. */
export interface ModelRun {
  /** The `.cfg` file name without extension. */
  config: string;
  /** The root module it configures. */
  module: string;
  /** What the model checks, for the printed table. */
  about: string;
  /**
   * The regression data: TLC's figures for this config. A change for an unchanged config means
   * the model's behaviour changed; update them from the run's own output (`--json`) in the commit
   * that changes the model.
   */
  recorded: RecordedCounts;
}

/** The CI models, in the order they run. */
export const CI_MODELS: readonly ModelRun[] = [
  {
    config: "MCHeaders",
    module: "MCHeaders",
    about: "standard Headers: every guard and name class, one object",
    recorded: { generated: 136_742, distinct: 1_915, depth: 8 },
  },
  {
    config: "MCHeadersPair",
    module: "MCHeaders",
    about: "standard Headers: two objects, copies under every guard, frozen objects",
    recorded: { generated: 453_852, distinct: 12_260, depth: 12 },
  },
  {
    config: "MCHeadersImpl",
    module: "MCHeadersImpl",
    about: "impl state machine under every guard, raw lists of 2 (a repeated name); refines",
    recorded: { generated: 786_086, distinct: 10_710, depth: 10 },
  },
  {
    config: "MCHeadersImplIter",
    module: "MCHeadersImpl",
    about: "impl live iteration: 3 values, two iterators; refines Headers",
    recorded: { generated: 16_829, distinct: 648, depth: 15 },
  },
  {
    config: "MCHeadersImplShared",
    module: "MCHeadersImpl",
    about: "impl copy-on-write between two objects, guarded copies; refines Headers",
    recorded: { generated: 187_077, distinct: 8_012, depth: 12 },
  },
  {
    config: "MCHeadersImplNoCors",
    module: "MCHeadersImpl",
    about: "impl: two objects, no-CORS names at the limit, copies under request-no-cors, frozen",
    recorded: { generated: 321_339, distinct: 13_857, depth: 12 },
  },
];

/**
 * A planted model bug: a broken operator of `module` swapped in (`plant`, a config substitution
 * `Operator <- Broken`) on the bounds of the CI model `base`. Its config is generated from the
 * base's (see {@link plantedConfig}), so the two cannot drift; it checks `mustViolate` alone,
 * which must be violated: the check can fail.
 */
export interface PlantedBug {
  /** The run's name. */
  config: string;
  /** The CI model whose config it is generated from. */
  base: string;
  /** The module holding the broken operator (it EXTENDS the base's module). */
  module: string;
  /** The substitution that plants the bug. */
  plant: string;
  /** The invariant or property the run checks, which must be violated. */
  mustViolate: string;
  /** What the bug is. */
  about: string;
  /**
   * Only this check sees the bug: a second run checks every other invariant and property of the
   * base model, and must pass.
   */
  onlyThisCatches?: true;
}

const IMPL_BUGS = "MCHeadersImplBugs";

/** The planted model bugs, at least one for every invariant and property of the CI models. */
export const BUG_MODELS: readonly PlantedBug[] = [
  {
    config: "MCBugAppendPastBound",
    base: "MCHeaders",
    module: "MCHeadersBugs",
    plant: "HasRoom <- HasRoomOffByOne",
    mustViolate: "TypeOK",
    about: "a write may grow a list past MaxListLen",
  },
  {
    config: "MCBugStdRequestAppendSkipsForbidden",
    base: "MCHeaders",
    module: "MCHeadersBugs",
    plant: "AppendVerdict <- AppendVerdictSkipsRequestCheck",
    mustViolate: "GuardsHold",
    about: "the standard's append under guard request skips the forbidden check",
  },
  {
    config: "MCBugNextOfCallSkipsFreeze",
    base: "MCHeaders",
    module: "MCHeadersBugs",
    plant: "NextOfCall <- NextOfCallSkipsFreeze",
    mustViolate: "NextOfCallCoversNext",
    about: "the refinement's step lookup by call misses freeze",
  },
  {
    config: "MCBugDeleteIgnoresImmutable",
    base: "MCHeaders",
    module: "MCHeadersBugs",
    plant: "DeleteVerdict <- DeleteVerdictIgnoresImmutable",
    mustViolate: "ImmutableNeverChanges",
    about: "the standard's delete does not check for guard immutable",
  },
  {
    config: "MCBugIndexPastBound",
    base: "MCHeadersImpl",
    module: IMPL_BUGS,
    plant: "IndexHasRoom <- IndexHasRoomOffByOne",
    mustViolate: "TypeOK",
    about: "impl's write may hold more values than MaxListLen",
  },
  {
    config: "MCBugDeleteKeepsView",
    base: "MCHeadersImplShared",
    module: IMPL_BUGS,
    plant: "DeleteHeader <- DeleteHeaderKeepsView",
    mustViolate: "CacheCoherent",
    about: "delete does not invalidate the cached view",
  },
  {
    config: "MCBugViewCombinesSetCookie",
    base: "MCHeadersImpl",
    module: IMPL_BUGS,
    plant: "IndexView <- IndexViewCombinesSetCookie",
    mustViolate: "StorageMatchesList",
    about: "impl's view builder combines set-cookie values",
  },
  {
    config: "MCBugRawListReversed",
    base: "MCHeadersImpl",
    module: IMPL_BUGS,
    plant: "IndexFromRaw <- IndexFromRawReversed",
    mustViolate: "StorageMatchesList",
    about: "materialization reverses a repeated name's raw entries (needs InitListLen 2)",
  },
  {
    config: "MCBugShareKeepsTrailingSpace",
    base: "MCHeadersImplShared",
    module: IMPL_BUGS,
    plant: "SharesWith <- SharesWithIgnoringSpaced",
    mustViolate: "StorageMatchesList",
    about: 'a copy shares a combined value ending in ", "',
  },
  {
    config: "MCBugAppendSharesWrite",
    base: "MCHeadersImplShared",
    module: IMPL_BUGS,
    plant: "AppendHeader <- AppendHeaderInPlace",
    mustViolate: "SharersSeeNoForeignWrite",
    about: "append writes into shared storage without detaching",
  },
  {
    config: "MCBugDetachOnlyUnderNone",
    base: "MCHeadersImplShared",
    module: IMPL_BUGS,
    plant: "WriteStorage <- WriteStorageDetachOnlyUnderNone",
    mustViolate: "SharersSeeNoForeignWrite",
    about: "a write detaches shared storage only under guard none",
  },
  {
    config: "MCBugReadClearsSharedFlag",
    base: "MCHeadersImplShared",
    module: IMPL_BUGS,
    plant: "Read <- ReadClearsSharedFlag",
    mustViolate: "SharedFlagCoversSharing",
    about: "every read clears the copy-on-write flag, shared or not",
  },
  {
    config: "MCBugShareSpacedStorage",
    base: "MCHeadersImplShared",
    module: IMPL_BUGS,
    plant: "SharesWith <- SharesWithIgnoringSpaced",
    mustViolate: "SpacedIsNeverShared",
    about: 'the same bug as MCBugShareKeepsTrailingSpace: storage ending in ", " is shared',
  },
  {
    config: "MCBugWriteStaysOnBlank",
    base: "MCHeadersImplShared",
    module: IMPL_BUGS,
    plant: "DeferFirstWrite <- DeferFirstWriteStaysOnBlank",
    mustViolate: "BlankIsSharedAndEmpty",
    about: "a write off the shared empty index leaves the object counted on it",
  },
  {
    config: "MCBugRequestAppendSkipsForbidden",
    base: "MCHeadersImpl",
    module: IMPL_BUGS,
    plant: "AppendHeader <- AppendHeaderSkipsForbidden",
    mustViolate: "StdGuardsHold",
    about: "impl's append under guard request skips the forbidden check",
  },
  {
    config: "MCBugNextSkipsAfterRebuild",
    base: "MCHeadersImplIter",
    module: IMPL_BUGS,
    plant: "NextPair <- NextPairSkipsAfterRebuild",
    mustViolate: "StdSpec",
    about: "next skips a pair after a rebuild (needs 3 values)",
  },
  {
    config: "MCBugRepeatedAppendIgnored",
    base: "MCHeadersImplIter",
    module: IMPL_BUGS,
    plant: "AppendHeader <- AppendHeaderIgnoresRepeat",
    mustViolate: "StdSpec",
    about: "an append identical to the previous call is ignored (a dropped call)",
    onlyThisCatches: true,
  },
  {
    config: "MCBugHasReadsStaleView",
    base: "MCHeadersImpl",
    module: IMPL_BUGS,
    plant: "HasHeader <- HasHeaderFromView",
    mustViolate: "StdSpec",
    about: "has() answers from the cached view, valid or not (a read only refinement sees)",
  },
];

/**
 * The config of a planted bug, generated from its base model's config: the base's constants
 * with the bug's substitution added, and of its INVARIANT and PROPERTY directives only
 * `mustViolate` (`checks: "target"`) or all but it (`checks: "others"`). Throws when the base
 * does not check `mustViolate`.
 */
export function plantedConfig(
  base: string,
  bug: PlantedBug,
  checks: "target" | "others",
): string {
  const lines = base.split("\n");
  const directive = lines.find((line) =>
    new RegExp(`^(INVARIANT|PROPERTY) ${bug.mustViolate}$`).test(line)
  );
  if (directive === undefined) {
    throw new Error(`${bug.base}.cfg does not check ${bug.mustViolate}`);
  }
  const constants = lines.indexOf("CONSTANTS");
  let end = constants + 1;
  while (end < lines.length && lines[end].startsWith("  ")) end++;
  const out = [
    `\\* Generated by model/run.ts from ${bug.base}.cfg: ${bug.about}.`,
    checks === "target"
      ? `\\* Checks ${bug.mustViolate} alone, which the planted bug must violate.`
      : `\\* Checks everything ${bug.base}.cfg checks but ${bug.mustViolate}; must pass.`,
    ...lines.slice(constants, end),
    `  \\* the planted bug (module ${bug.module})`,
    `  ${bug.plant}`,
  ];
  const rest = lines.slice(end);
  for (let k = 0; k < rest.length; k++) {
    const isCheck = /^(INVARIANT|PROPERTY) /.test(rest[k]);
    const commentOfCheck = rest[k].startsWith("\\*") &&
      /^(INVARIANT|PROPERTY) /.test(rest[k + 1] ?? "");
    if (isCheck || commentOfCheck) {
      const line = isCheck ? rest[k] : rest[k + 1];
      if ((line === directive) !== (checks === "target")) continue;
    }
    out.push(rest[k]);
  }
  return out.join("\n");
}

/** A CI model's recorded regression data. */
export interface RecordedCounts {
  /** States generated (recorded, not compared: it depends on the number of workers). */
  generated: number;
  /** Distinct states. */
  distinct: number;
  /** The depth of the state graph. */
  depth: number;
}

/**
 * The violated invariant or property, by the name the config gives it. TLC 2.18 names a
 * violated action property by its source location ("line 345, col 17 to line 345, col 29 of
 * module Headers"): the definition around that line is looked up in the module's source. A
 * definition of module Headers checked by an implementation model is its `Std!` instance's, named
 * with the prefix Std there (`StdSpec == Std!Spec`).
 */
export function violatedName(rootModule: string, report: TlcReport): string | null {
  const location = report.violated?.match(/^line (\d+), col \d+ to .* of module (\w+)$/);
  if (report.outcome !== "property" || !location) return report.violated;
  const line = Number(location[1]);
  const source = Deno.readTextFileSync(`${MODEL_DIR}${location[2]}.tla`).split("\n");
  let name: string | null = null;
  for (let k = 0; k < line && k < source.length; k++) {
    name = source[k].match(/^(\w+)(\(.*\))? ==/)?.[1] ?? name;
  }
  if (name === null) return report.violated;
  return location[2] === "Headers" && !ABSTRACT_ROOTS.has(rootModule) ? `Std${name}` : name;
}

/** Root modules of the standard's Headers alone (the others are implementation models). */
const ABSTRACT_ROOTS = new Set(["MCHeaders", "MCHeadersBugs"]);

/** What a run must show. */
export type Expectation =
  | { kind: "counts"; recorded: RecordedCounts | undefined; distributed?: true }
  | { kind: "violated"; name: string }
  | { kind: "passes" };

/** Whether a report is what the run expects; the reason when it is not. */
export function judge(
  rootModule: string,
  expect: Expectation,
  report: TlcReport,
): { ok: boolean; why: string } {
  if (expect.kind !== "violated") {
    if (report.outcome !== "passed") return { ok: false, why: describe(rootModule, report) };
    if (expect.kind === "passes") return { ok: true, why: "no error" };
    const recorded = expect.recorded;
    if (recorded === undefined) {
      return { ok: false, why: "no error, but CI_MODELS records no counts for it" };
    }
    // Distributed TLC's depth depends on the order its workers hand states back (15 and 16 for
    // MCHeadersImplIter's 15): there only the distinct states are compared.
    const depthDiffers = !expect.distributed && report.depth !== recorded.depth;
    if (report.distinctStates !== recorded.distinct || depthDiffers) {
      return {
        ok: false,
        why: `no error, but ${report.distinctStates} distinct states at depth ${report.depth}; ` +
          `CI_MODELS records ${recorded.distinct} at depth ${recorded.depth}`,
      };
    }
    return { ok: true, why: "no error; distinct states and depth as recorded" };
  }
  const violated = violatedName(rootModule, report);
  const outcomes = ["invariant", "property", "violation"];
  if (outcomes.includes(report.outcome) && violated === expect.name) {
    return { ok: true, why: `counterexample: ${expect.name} violated, as planted` };
  }
  return {
    ok: false,
    why: `expected ${expect.name} to be violated, got ${describe(rootModule, report)}`,
  };
}

function describe(rootModule: string, report: TlcReport): string {
  switch (report.outcome) {
    case "passed":
      return "no error (the planted bug went unnoticed)";
    case "invariant":
      return `invariant ${report.violated} violated`;
    case "property":
      return `property ${violatedName(rootModule, report) ?? "(temporal)"} violated`;
    case "deadlock":
      return "deadlock";
    case "violation":
      return `${report.violated ?? "an unnamed check"} violated (distributed TLC)`;
    default: {
      const errorLines = report.output.split("\n").filter((line) =>
        /Error|error|\*\*\*|Exception/.test(line)
      );
      return `TLC failed (exit ${report.exitCode}): ${errorLines.slice(0, 6).join(" | ")}`;
    }
  }
}

/** One TLC run of `deno task model`: a CI model, or a planted bug's generated config. */
export interface Job {
  /** The run's name (the config's, or the planted bug's). */
  name: string;
  /** The module the config is for. */
  module: string;
  /** What it checks, for the printed table. */
  about: string;
  /** The config's text when generated; null for `model/<name>.cfg`. */
  generated: string | null;
  expect: Expectation;
}

/**
 * A CI model recorded with fewer than 5,000 distinct states runs in seconds, and faster with the
 * JVM's quick compiler alone (tlc.ts `TlcRun.short`). Side by side on a busy machine, two runs
 * each: `MCHeaders` (1,915 distinct) 17.7 and 14.4 s without, 10.3 and 9.2 s with;
 * `MCHeadersImplIter` (612) 11.5 and 9.8 s, 5.1 and 5.9 s; but `MCHeadersPair` (24,455) 32.6 and
 * 35.5 s, 45.1 and 42.1 s.
 */
export function isSmallModel(job: Job): boolean {
  return job.expect.kind === "counts" && (job.expect.recorded?.distinct ?? Infinity) < 5_000;
}

/** The runs of `deno task model`: the CI models, then two runs per planted bug at most. */
export function jobs(readConfig: (name: string) => string): Job[] {
  const ci: Job[] = CI_MODELS.map((run) => ({
    name: run.config,
    module: run.module,
    about: run.about,
    generated: null,
    expect: { kind: "counts", recorded: run.recorded },
  }));
  const bugs = BUG_MODELS.flatMap((bug): Job[] => {
    const base = readConfig(bug.base);
    const planted: Job = {
      name: bug.config,
      module: bug.module,
      about: bug.about,
      generated: plantedConfig(base, bug, "target"),
      expect: { kind: "violated", name: bug.mustViolate },
    };
    if (!bug.onlyThisCatches) return [planted];
    return [planted, {
      name: `${bug.config}Unseen`,
      module: bug.module,
      about: `${bug.config} under every other check of ${bug.base}`,
      generated: plantedConfig(base, bug, "others"),
      expect: { kind: "passes" },
    }];
  });
  return [...ci, ...bugs];
}

/** How a job's TLC runs: worker threads, or TLC's distributed mode. */
export interface Engine {
  workers: number | "auto";
  /** A run of seconds (tlc.ts `TlcRun.short`). */
  short?: boolean;
  distributed?: TlcRun["distributed"];
  timeoutMs?: number;
}

/**
 * Runs one job: TLC reads a config only beside its root module, so a generated config gets a
 * root module of its own in a temporary directory, extending the job's module (found through
 * the library path). A violation distributed TLC does not name is named by
 * {@link nameViolation}.
 */
export async function runJob(job: Job, engine: Engine): Promise<TlcReport> {
  const dir = await Deno.makeTempDir({ prefix: "headerproof-job-" });
  try {
    const config = job.generated ?? Deno.readTextFileSync(`${MODEL_DIR}${job.name}.cfg`);
    const root = job.generated === null ? `${job.name}Root` : job.name;
    await Deno.writeTextFile(
      `${dir}/${root}.tla`,
      `---- MODULE ${root} ----\nEXTENDS ${job.module}\n====\n`,
    );
    await Deno.writeTextFile(`${dir}/${root}.cfg`, config);
    const report = await runTlc({
      spec: `${dir}/${root}.tla`,
      config: `${dir}/${root}.cfg`,
      libraryDir: MODEL_DIR,
      ...engine,
    });
    if (report.outcome !== "violation") return report;
    return { ...report, violated: await nameViolation(job.module, config, report.output) };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/**
 * Names what an error trace of distributed TLC violates (its server prints the trace's last
 * step and no name): the config's one check when it has one; else the invariant the trace's
 * last state violates, found by a local TLC run that starts in that state and checks only the
 * config's invariants; else, when no invariant is violated there, the config's one property.
 * null when none of these names it.
 */
export async function nameViolation(
  module: string,
  config: string,
  output: string,
): Promise<string | null> {
  const checks = [...config.matchAll(/^(INVARIANT|PROPERTY) (\w+)$/gm)];
  if (checks.length === 1) return checks[0][2];
  const trace = output.slice(output.lastIndexOf("Error: The behavior up to this point is:"));
  const heads = [...trace.matchAll(/^State \d+: .*$/gm)];
  const last = heads.at(-1);
  if (last === undefined) return null;
  const body = trace.slice((last.index ?? 0) + last[0].length).split(/\n\s*\n/)[0].trim();
  // Model values (`Objects = {a, b}`) are constants of the replay module, each its own value.
  const modelValues = [
    ...new Set(
      [...config.matchAll(/^ {2}\w+ = \{([\w, ]+)\}$/gm)]
        .flatMap((m) => m[1].split(",").map((name) => name.trim())),
    ),
  ];
  const dir = await Deno.makeTempDir({ prefix: "headerproof-replay-" });
  try {
    await Deno.writeTextFile(
      `${dir}/Replay.tla`,
      `---- MODULE Replay ----\nEXTENDS ${module}\n` +
        (modelValues.length > 0 ? `CONSTANTS ${modelValues.join(", ")}\n` : "") +
        `ReplayInit ==\n${body}\nReplayNext == UNCHANGED vars\n====\n`,
    );
    const lines = config.split("\n");
    const end = lines.findIndex((line, k) =>
      k > lines.indexOf("CONSTANTS") && !line.startsWith("  ")
    );
    await Deno.writeTextFile(
      `${dir}/Replay.cfg`,
      [
        ...lines.slice(0, end),
        ...modelValues.map((name) => `  ${name} = ${name}`),
        "INIT ReplayInit",
        "NEXT ReplayNext",
        ...checks.filter((m) => m[1] === "INVARIANT").map((m) => m[0]),
        "CHECK_DEADLOCK FALSE",
      ].join("\n"),
    );
    const replay = await runTlc({
      spec: `${dir}/Replay.tla`,
      config: `${dir}/Replay.cfg`,
      libraryDir: MODEL_DIR,
      workers: 1,
      short: true,
    });
    if (replay.outcome === "invariant") return replay.violated;
    const properties = checks.filter((m) => m[1] === "PROPERTY");
    return replay.outcome === "passed" && properties.length === 1 ? properties[0][2] : null;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** One model's result, as `--json` prints it and `--junit` writes it. */
export interface ModelResult {
  config: string;
  module: string;
  about: string;
  /** The planted bug's check that must be violated; null for a run that must pass. */
  mustViolate: string | null;
  ok: boolean;
  why: string;
  outcome: TlcReport["outcome"];
  violated: string | null;
  statesGenerated: number | null;
  distinctStates: number | null;
  depth: number | null;
  wallSeconds: number;
  /** Where TLC's output and error trace were kept (unexpected results only). */
  keptIn: string | null;
}

/** The results as JUnit cases (properties/core/junit.ts writes them): one per model. */
export function junitCases(results: readonly ModelResult[]): JunitCase[] {
  return results.map((result) => ({
    name: result.config,
    seconds: result.wallSeconds,
    ...(result.ok ? {} : {
      failure: {
        message: result.why,
        detail: result.keptIn
          ? `${result.why}\nTLC output and trace: ${result.keptIn}`
          : result.why,
      },
    }),
  }));
}

/** Ignored by git (.gitignore lists /.cache/). */
const CACHE_DIR = new URL("../.cache/model/", import.meta.url).pathname;

/** Keeps TLC's output and its error trace (as JSON) of an unexpected result; returns the dir. */
async function keep(config: string, report: TlcReport): Promise<string> {
  const dir = `${CACHE_DIR}${config}`;
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(`${dir}/tlc.out`, report.output);
  await Deno.writeTextFile(
    `${dir}/trace.json`,
    JSON.stringify(parseErrorTrace(report.output), null, 1) + "\n",
  );
  return dir;
}

/** TLC's error trace, as printed, for the console. */
function errorTraceText(output: string): string {
  const start = output.indexOf("Error: The behavior up to this point is:");
  if (start === -1) return "";
  const end = output.search(/\n\d[\d,]* states generated/);
  return output.slice(start, end > start ? end : undefined).trimEnd();
}

function formatCount(value: number | null): string {
  return value === null ? "-" : value.toLocaleString("en-US");
}

function row(cells: string[]): string {
  const widths = [38, 12, 10, 6, 8];
  return cells.map((cell, i) => i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))
    .join(" ");
}

const USAGE = "usage: deno task model [--workers N|auto] [--distributed [--local-workers N] " +
  "[--remote-workers N --host NAME]] [--only NAME]... [--json] [--junit PATH]";

async function main(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        workers: { type: "string", default: "auto" },
        distributed: { type: "boolean", default: false },
        "local-workers": { type: "string", default: "2" },
        "remote-workers": { type: "string", default: "0" },
        host: { type: "string" },
        only: { type: "string", multiple: true },
        json: { type: "boolean", default: false },
        junit: { type: "string" },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    console.error(`model: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const options = parsed.values;
  let workers: number | "auto";
  let localWorkers: number;
  let remoteWorkers: number;
  try {
    workers = workersOption(options.workers);
    localWorkers = integerOption("local-workers", options["local-workers"], 0);
    remoteWorkers = integerOption("remote-workers", options["remote-workers"], 0);
    if (localWorkers + remoteWorkers === 0) {
      throw new Error("--local-workers and --remote-workers are not both 0");
    }
  } catch (error) {
    console.error(`model: ${(error as Error).message}`);
    return 2;
  }
  try {
    findTlcTools();
  } catch (error) {
    console.error(`model: ${(error as Error).message}`);
    return 2;
  }
  const engine = (threads: number | "auto"): Engine =>
    options.distributed
      ? { workers, distributed: { localWorkers, remoteWorkers, host: options.host } }
      : { workers: threads };
  const all = jobs((name) => Deno.readTextFileSync(`${MODEL_DIR}${name}.cfg`)).map((
    job,
  ): Job =>
    options.distributed && job.expect.kind === "counts"
      ? { ...job, expect: { ...job.expect, distributed: true } }
      : job
  );
  const only = options.only ?? [];
  const unknown = only.filter((name) => !all.some((job) => job.name === name));
  if (unknown.length > 0) {
    console.error(
      `model: no model named ${unknown.join(", ")}; models: ${
        all.map((job) => job.name).join(", ")
      }`,
    );
    return 2;
  }
  const runs = all.filter((job) => only.length === 0 || only.includes(job.name));
  // With --json, standard output holds the JSON document alone; the table still shows progress,
  // model by model, on standard error (a full run takes minutes).
  const say = options.json
    ? (line: string) => console.error(line)
    : (line: string) => console.log(line);
  say(row(["model", "generated", "distinct", "depth", "wall s"]) + "  result");
  const results: ModelResult[] = [];
  const started = performance.now();
  const finish = async (job: Job, report: TlcReport) => {
    const verdict = judge(job.module, job.expect, report);
    const keptIn = verdict.ok ? null : await keep(job.name, report);
    results.push({
      config: job.name,
      module: job.module,
      about: job.about,
      mustViolate: job.expect.kind === "violated" ? job.expect.name : null,
      ok: verdict.ok,
      why: verdict.why,
      outcome: report.outcome,
      violated: violatedName(job.module, report),
      statesGenerated: report.statesGenerated,
      distinctStates: report.distinctStates,
      depth: report.depth,
      wallSeconds: Number((report.wallMs / 1000).toFixed(1)),
      keptIn,
    });
    say(
      row([
        job.name,
        formatCount(report.statesGenerated),
        formatCount(report.distinctStates),
        report.depth === null ? "-" : String(report.depth),
        (report.wallMs / 1000).toFixed(1),
      ]) + `  ${verdict.ok ? "ok" : "FAIL"}: ${verdict.why}`,
    );
    if (!verdict.ok) {
      const trace = errorTraceText(report.output);
      say(trace === "" ? report.output.slice(-4000) : trace);
      say(`TLC's full output and the error trace (JSON) are in ${keptIn}`);
    }
  };
  // The CI models one after another on every worker (a small one as a short run); the planted
  // bugs, which mostly stop within seconds (JVM start-up and parsing are single-threaded), on one
  // worker each, two at a time, as short runs.
  for (const job of runs.filter((run) => run.expect.kind === "counts")) {
    await finish(job, await runJob(job, { ...engine(workers), short: isSmallModel(job) }));
  }
  const planted = runs.filter((run) => run.expect.kind !== "counts");
  const lane = async () => {
    for (let job = planted.shift(); job !== undefined; job = planted.shift()) {
      await finish(job, await runJob(job, { ...engine(1), short: true }));
    }
  };
  // Distributed runs on this machine each have a network namespace of their own; remote workers
  // know one server address and port, so one run at a time.
  await Promise.all(remoteWorkers > 0 ? [lane()] : [lane(), lane()]);
  const failures = results.filter((result) => !result.ok).length;
  const seconds = (performance.now() - started) / 1000;
  say(
    `${runs.length} TLC runs in ${seconds.toFixed(1)} s; ` +
      (failures === 0 ? "all as expected" : `${failures} unexpected`),
  );
  if (options.json) {
    console.log(JSON.stringify({ seconds: Number(seconds.toFixed(1)), results }, null, 2));
  }
  if (options.junit !== undefined) writeJunit(options.junit, "model", junitCases(results));
  return failures === 0 ? 0 : 1;
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
