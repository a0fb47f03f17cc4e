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
 * | `done <json>` | finished: a {@link WorkerReport} |
 *
 * The module is an entry point only: importing it runs a worker (cli.ts imports its types).
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
import { divergenceClasses } from "../oracle/divergences.ts";
import type { Op } from "../oracle/ops.ts";
import { readFileSync } from "node:fs";
import { exit, runtime, writeOut } from "../targets/runtime.ts";
import type { RuntimeBinary } from "../targets/runtime.ts";
import type { Profile } from "../targets/targets.ts";
import { runtimeModulesOf } from "../targets/deno_src_target.ts";
import { candidateCode, TamperedRealm } from "../targets/tampered_realm.ts";
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

/** Runs the phases of `config`, writing the protocol lines. */
async function runWorker(config: WorkerConfig): Promise<WorkerReport> {
  const known = divergenceClasses(config.knownDivergences ?? []);
  const exclude = config.excludeKnown ? known : [];
  // The tampered-realm property patches the built-ins before the candidate loads and after.
  const realm = config.phases.some((phase) => phase.property === "tampered-realm")
    ? new TamperedRealm(candidateCode(config.target, candidateUrlOf(config.target)))
    : undefined;
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
      writeOut(`load-error ${JSON.stringify({ url: error.url, detail: error.detail })}\n`);
      return {
        runs: 0,
        commands: 0,
        elapsedMs: 0,
        runsByProperty: {},
        failure: null,
        expected: [],
        generatedOps: 0,
        excludedOps: 0,
      };
    }
    throw error;
  } finally {
    realm?.uninstall();
  }
  writeOut(
    `ready ${
      JSON.stringify({
        entryPoints: target.entryPoints,
        profile: target.profile,
        runtime: `${runtime.name} ${runtime.version}`,
      })
    }\n`,
  );
  const report: WorkerReport = {
    runs: 0,
    commands: 0,
    elapsedMs: 0,
    runsByProperty: {},
    failure: null,
    expected: [],
    generatedOps: 0,
    excludedOps: 0,
  };
  if (config.steps !== undefined) {
    runAlone(target.candidate, config.steps, (step) => writeOut(`s ${JSON.stringify(step)}\n`));
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
        target.resetCaches?.();
        writeOut(`r ${phase.property} ${run} ${commands}\n`);
      },
      onFirstFailure: (run) => writeOut(`f ${phase.property} ${run}\n`),
      onStep: config.trace ? (step) => writeOut(`s ${JSON.stringify(step)}\n`) : undefined,
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
  return report;
}

/** Reads the configuration file the worker's argument names. */
function readWorkerConfig(path: string | undefined): WorkerConfig {
  if (path === undefined) throw new Error("worker.ts needs the path of its configuration file");
  return JSON.parse(readFileSync(path, "utf8")) as WorkerConfig;
}

// Candidate code runs inside runCampaign and runAlone, which turn whatever it throws into a
// failure; an exception that reaches here is the harness's own.
let report: WorkerReport;
try {
  report = await runWorker(readWorkerConfig(runtime.args[0]));
} catch (error) {
  writeOut(`harness-error ${JSON.stringify(String((error as Error)?.stack ?? error))}\n`);
  exit(2);
}
writeOut(`done ${JSON.stringify(report)}\n`);
