/**
 * The subprocess that actually runs candidate code. cli.ts starts one per worker with the path of a
 * file holding its JSON {@link WorkerConfig} as its only argument (a file, because the steps of a
 * replay can be longer than a command line may be) and reads its standard output, one message per
 * line:
 *
 * | line | meaning |
 * | --- | --- |
 * | `ready <json>` | target loaded: `{ entryPoints, profile, runtime }` (runtime: "name version") |
 * | `load-error <json>` | the candidate module cannot be used: `{ url, detail }` |
 * | `harness-error <json>` | the harness itself failed (a JSON string saying why); exit status 2 |
 * | `r <property> <run> <commands>` | a run starts (written synchronously: the heartbeat) |
 * | `f <property> <run>` | that run failed; later runs are shrinking attempts |
 * | `s <json>` | (trace mode, or given steps) a resolved step is about to run |
 * | `done <json>` | finished: a {@link WorkerReport}; the process then ends itself |
 *
 * The module is an entry point only: importing it runs a worker (cli.ts imports its types).
 *
 * The protocol is written with built-ins captured before the candidate loads
 * (properties/targets/builtins.ts); a candidate that replaced built-ins gets a `done` line whose
 * failure is `replaced-builtins`, naming them.
 *
 * Because every line is written before the candidate runs, the coordinator knows which run (and,
 * in trace mode, which step) a candidate that hangs or kills its process was in.
 *
 * @example
 * ```sh
 * echo '{"target":"impl","seed":1,"phases":[{"property":"model","runs":10}]}' > /tmp/config.json
 * deno run -A properties/campaign/worker.ts /tmp/config.json
 * ```
 *
 * @module
 */
import type { CampaignResult, Expected, Failure, PropertyName } from "./campaign.ts";
import { runAlone, runCampaign } from "./campaign.ts";
import { divergenceClasses } from "../classes/classes.ts";
import type { Op } from "../oracle/ops.ts";
import { readFileSync } from "node:fs";
import { runtime, writeOut } from "../targets/runtime.ts";
import type { RuntimeBinary } from "../targets/runtime.ts";
import type { Profile } from "../targets/targets.ts";
import { runtimeModulesOf } from "../targets/deno_src_target.ts";
import { candidateCode, TamperedRealm } from "../targets/tampered_realm.ts";
import { BuiltinsSnapshot, exitNow, stringify } from "../targets/builtins.ts";
import { CandidateLoadError, candidateUrlOf, loadTarget } from "../targets/targets.ts";

/** One property to check, with its budget. */
export interface Phase {
  /** The property. */
  property: PropertyName;
  /** Runs (default 100 when no time limit). */
  runs?: number;
  /** Milliseconds. */
  timeLimitMs?: number;
}

/** What a worker does. */
export interface WorkerConfig {
  /** "impl", "native" or a module path. */
  target: string;
  /** Profile override. */
  profile?: Profile;
  /** Reference override (path or URL). */
  reference?: string;
  /** fast-check seed for every phase. */
  seed: number;
  /** The properties, in order; the worker stops at the first failure. */
  phases: Phase[];
  /** Replay one case (with the single phase that names its property). */
  path?: string;
  /** The commands replay path that goes with `path`. */
  replayPath?: string;
  /** Known divergence classes in force (a run goes on past a difference they explain). */
  knownDivergences?: string[];
  /** Also stop generating the operations those classes cover (`--exclude-known`). */
  excludeKnown?: boolean;
  /** The runtime the worker runs under (`--runtime`; default the coordinator's own). */
  runtime?: RuntimeBinary;
  /** Write every step before it runs (used to locate a hang or a crash). */
  trace?: boolean;
  /** Longest command sequence per run. */
  maxCommands?: number;
  /**
   * Run these resolved steps on the candidate alone, with tracing, instead of the phases (the
   * coordinator shrinks a hang or a crash this way).
   */
  steps?: Op[];
}

/** What a worker reports when it finishes. */
export interface WorkerReport {
  /** Runs over every phase. */
  runs: number;
  /** Commands over every phase. */
  commands: number;
  /** Milliseconds. */
  elapsedMs: number;
  /** Runs per property. */
  runsByProperty: Partial<Record<PropertyName, number>>;
  /** The first failure. */
  failure: Failure | null;
  /** The known classes its runs went on past, over every phase. */
  expected: Expected[];
  /** Generated operations the target could run, over every phase. */
  generatedOps: number;
  /** Of those, the ones `--exclude-known` dropped. */
  excludedOps: number;
}

/**
 * The finding of a candidate that replaced `names` (built-ins, see builtins.ts) `when` ("when its
 * module loaded", "during run N"): no verdict on its answers holds, since the reference and the
 * harness call those built-ins in the same realm.
 */
function replacedBuiltinsFailure(
  config: WorkerConfig,
  property: PropertyName,
  path: string,
  names: readonly string[],
  when: string,
): Failure {
  return {
    kind: "replaced-builtins",
    property,
    seed: config.seed,
    path,
    replayPath: null,
    steps: [],
    message: `the candidate ${config.target} replaced built-ins ${when}: ${names.join(", ")}. ` +
      "The reference and the harness call them in the same realm, so no verdict on its answers " +
      "holds; a Headers module must leave the built-ins as they are",
    runsToFailure: 0,
  };
}

// Before the candidate loads: what its module must leave as it is.
const builtins = new BuiltinsSnapshot();
/** The property and path of the run in progress, for a finding the harness notices late. */
const inProgress: { property: PropertyName; run: number } = { property: "model", run: 0 };
/** The run after which the built-ins were first seen changed (checked before every run). */
let replacedIn: { property: PropertyName; run: number } | null = null;
/** The tampered realm of this worker, if it has one: uninstalled before the built-ins are read. */
let workerRealm: TamperedRealm | undefined;

/** A report of no runs, with `failure` (a load error, or a finding made before any run). */
function emptyReport(failure: Failure | null): WorkerReport {
  return {
    runs: 0,
    commands: 0,
    elapsedMs: 0,
    runsByProperty: {},
    failure,
    expected: [],
    generatedOps: 0,
    excludedOps: 0,
  };
}

/** Runs the phases of `config`, writing the protocol lines. */
async function runWorker(config: WorkerConfig): Promise<WorkerReport> {
  inProgress.property = config.phases[0].property;
  const known = divergenceClasses(config.knownDivergences ?? []);
  const exclude = config.excludeKnown ? known : [];
  // The tampered-realm property patches the built-ins before the candidate loads and after.
  const realm = config.phases.some((phase) => phase.property === "tampered-realm")
    ? new TamperedRealm(candidateCode(config.target, candidateUrlOf(config.target)))
    : undefined;
  workerRealm = realm;
  let target;
  if (realm !== undefined) {
    for (const url of runtimeModulesOf(config.target)) await import(url);
  }
  realm?.installForLoad();
  try {
    target = await loadTarget({
      target: config.target,
      profile: config.profile,
      reference: config.reference,
    });
  } catch (error) {
    if (error instanceof CandidateLoadError) {
      writeOut(`load-error ${stringify({ url: error.url, detail: error.detail })}\n`);
      return emptyReport(null);
    }
    throw error;
  } finally {
    realm?.uninstall();
  }
  writeOut(
    `ready ${
      stringify({
        entryPoints: target.entryPoints,
        profile: target.profile,
        runtime: `${runtime.name} ${runtime.version}`,
      })
    }\n`,
  );
  const report = emptyReport(null);
  const replacedAtLoad = builtins.replaced();
  if (replacedAtLoad.length > 0) {
    report.failure = replacedBuiltinsFailure(
      config,
      inProgress.property,
      config.path ?? "0",
      replacedAtLoad,
      "when its module loaded",
    );
    return report;
  }
  if (config.steps !== undefined) {
    runAlone(target.candidate, config.steps, (step) => writeOut(`s ${stringify(step)}\n`));
    report.runs = 1;
    report.commands = config.steps.length;
    return report;
  }
  for (const phase of config.phases) {
    const result: CampaignResult = runCampaign({
      target,
      seed: config.seed,
      runs: phase.runs,
      timeLimitMs: phase.timeLimitMs,
      property: phase.property,
      path: config.path,
      replayPath: config.replayPath,
      maxCommands: config.maxCommands,
      known,
      exclude,
      realm,
      onRun: (run, commands) => {
        if (replacedIn === null && run + report.runs > 0 && builtins.changed()) {
          replacedIn = { ...inProgress };
        }
        inProgress.property = phase.property;
        inProgress.run = run;
        target.resetCaches?.();
        writeOut(`r ${phase.property} ${run} ${commands}\n`);
      },
      onFirstFailure: (run) => writeOut(`f ${phase.property} ${run}\n`),
      onStep: config.trace ? (step) => writeOut(`s ${stringify(step)}\n`) : undefined,
    });
    report.runs += result.runs;
    report.commands += result.commands;
    report.elapsedMs += result.elapsedMs;
    report.runsByProperty[phase.property] = result.runs;
    report.generatedOps += result.generatedOps;
    report.excludedOps += result.excludedOps;
    for (const hit of result.expected) {
      const entry = report.expected.find((e) => e.name === hit.name);
      if (entry === undefined) report.expected.push(hit);
      else {
        entry.runs += hit.runs;
        entry.steps += hit.steps;
      }
    }
    if (result.failure !== null) {
      report.failure = result.failure;
      break;
    }
  }
  report.failure = replacedLate(config) ?? report.failure;
  return report;
}

/**
 * The finding of a candidate that replaced built-ins while it ran, if it did: in the run after
 * which a check between runs first saw them changed, else in the last run.
 */
function replacedLate(config: WorkerConfig): Failure | null {
  workerRealm?.uninstall();
  const names = builtins.replaced();
  const { property, run } = replacedIn ?? inProgress;
  return names.length === 0 ? null : replacedBuiltinsFailure(
    config,
    property,
    config.path ?? String(run),
    names,
    `during run ${run} of property ${property}`,
  );
}

/** Reads the configuration file the worker's argument names. */
function readWorkerConfig(path: string | undefined): WorkerConfig {
  if (path === undefined) throw new Error("worker.ts needs the path of its configuration file");
  return JSON.parse(readFileSync(path, "utf8")) as WorkerConfig;
}

// Candidate code runs inside runCampaign and runAlone, which turn whatever it throws into a
// failure; an exception that reaches here is the harness's own, unless the candidate replaced
// built-ins the harness calls (then that is its finding). The worker ends itself once it has
// reported: timers or sockets the candidate keeps open do not hold it.
const config = readWorkerConfig(runtime.args[0]);
let report: WorkerReport;
try {
  report = await runWorker(config);
} catch (error) {
  const failure = replacedLate(config);
  if (failure === null) {
    writeOut(`harness-error ${stringify(String((error as Error)?.stack ?? error))}\n`);
    exitNow(2);
  }
  report = emptyReport(failure);
}
writeOut(`done ${stringify(report)}\n`);
exitNow(0);
