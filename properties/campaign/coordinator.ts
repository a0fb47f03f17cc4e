/**
 * The campaign coordinator behind properties/campaign/cli.ts (`./headerproof fuzz`, `fuzz:node`,
 * `fuzz:bun`): reads the options (cli_args.ts), prints the seeds, runs the worker processes
 * (worker_pool.ts), and reports (fuzz_report.ts). It never runs candidate code itself. The known
 * classes in force (`--known-divergences`, auto for a runtime's Headers) are expected, not
 * avoided: the workers' runs go on past the differences they explain, and the report lists each
 * class hit with its counts and a replay command (properties/README.md, "Known divergences"). On
 * a counterexample it writes a self-contained reproduction and a corpus
 * entry (replay.ts) and exits 1; a candidate module that cannot be loaded, bad options or a
 * harness error exit 2; Ctrl-C stops the workers, prints the summary with the seeds and exits
 * 130. Under `--time` every stage gets its share and every process ends by the budget plus a
 * fixed margin (budget.ts); what a stage could not finish makes the verdict partial.
 * `--help` lists the options.
 *
 * @example
 * ```sh
 * ./headerproof fuzz --target native --time 20
 * ./headerproof fuzz:node --target impl --runs 2000 --seed 7 --workers 2 --json
 * ```
 *
 * @module
 */
import process from "node:process";
import type { Failure } from "./campaign.ts";
import type { CliOptions } from "./cli_args.ts";
import {
  EXIT_COUNTEREXAMPLE,
  EXIT_INTERRUPTED,
  EXIT_OK,
  EXIT_USAGE,
  parseCliArgs,
  USAGE,
} from "./cli_args.ts";
import type { ClassHit } from "../classes/classes.ts";
import {
  classesHit,
  codecClasses,
  costCasesSkipped,
  divergenceClasses,
  knownCostClasses,
  knownFor,
  wireClasses,
} from "../classes/classes.ts";
import type { Summary } from "./fuzz_report.ts";
import { humanSummary, junitCase } from "./fuzz_report.ts";
import { writeJunit } from "../core/junit.ts";
import { replayCommand, saveCounterexample } from "./replay.ts";
import { COUNTEREXAMPLE_DIR } from "../core/corpus.ts";
import type { CostReport } from "../costs/stage.ts";
import { runCostStage } from "../costs/stage.ts";
import { planBudget } from "./budget.ts";
import type { WireReport } from "../wire/stage.ts";
import { runWireStage, WireLoadError, wireRuns, wireSecondsBy } from "../wire/stage.ts";
import {
  runtime,
  stderrIsTerminal,
  workerRuntimeName,
  writeErr,
  writeOut,
} from "../targets/runtime.ts";
import { resolveRuntime, RuntimeChoiceError } from "../targets/runtimes.ts";
import { denoSrcTargetModule, isDenoSrcTarget } from "../targets/deno_src_target.ts";
import { isUndiciTarget, undiciTargetModule } from "../targets/undici_target.ts";
import type { Profile } from "../targets/targets.ts";
import { isCodecTarget } from "../codec/build.ts";
import { runCodecCampaign } from "../codec/stage.ts";
import type { WorkerState } from "./worker_pool.ts";
import {
  caseTimeoutMs,
  confirmFailure,
  failureOf,
  loadProblemOf,
  shrinkStuckSteps,
  stagesFor,
  startWorker,
  stopAll,
  supervise,
  totalProgress,
  workerConfig,
} from "./worker_pool.ts";

export type { Summary } from "./fuzz_report.ts";

/**
 * Throughput: the sum over workers of commands / campaign seconds (their own clocks, so process
 * start-up and module loading are left out); wall-clock when a worker did not report.
 */
function commandsPerSecond(workers: WorkerState[], commands: number, elapsedMs: number): number {
  if (workers.every((w) => w.report !== null && w.report.elapsedMs > 0)) {
    return Math.round(
      workers.reduce((sum, w) => sum + w.report!.commands / (w.report!.elapsedMs / 1000), 0),
    );
  }
  return Math.round(commands / Math.max(elapsedMs / 1000, 0.001));
}

/** Runs the workers with a progress line on standard error; resolves when all ended. */
async function runWorkers(workers: WorkerState[], options: CliOptions): Promise<boolean> {
  const started = Date.now();
  const live = stderrIsTerminal();
  let lastPrinted = started;
  let interrupted = false;
  const onInterrupt = () => {
    interrupted = true;
    stopAll(workers);
  };
  process.on("SIGINT", onInterrupt);
  const progressLine = () => {
    const totals = totalProgress(workers);
    const seconds = (Date.now() - started) / 1000;
    return `runs ${totals.runs} | ${Math.round(totals.commands / Math.max(seconds, 0.001))} ` +
      `commands/s | failures 0 | ${seconds.toFixed(0)} s`;
  };
  try {
    await supervise(workers, caseTimeoutMs(options), () => {
      if (live) writeErr(`\r\x1b[K${progressLine()}`);
      else if (Date.now() - lastPrinted >= 5000) {
        lastPrinted = Date.now();
        writeErr(progressLine() + "\n");
      }
    }, options.deadline);
  } finally {
    process.off("SIGINT", onInterrupt);
    if (live) writeErr("\r\x1b[K");
  }
  return interrupted;
}

/** The first failure the workers show (a hang or crash shrunk to the steps it needs). */
async function firstFailure(
  workers: WorkerState[],
  options: CliOptions,
): Promise<Failure | null> {
  for (const state of workers) {
    const found = await failureOf(state, options);
    if (found === null) continue;
    if (found.kind === "hang" || found.kind === "crash") {
      const steps = await shrinkStuckSteps(options, found);
      const shrunk = steps.length < found.steps.length;
      return {
        ...found,
        steps,
        message: shrunk ? `${found.message}; shrunk to ${steps.length} step(s)` : found.message,
      };
    }
    return found;
  }
  return null;
}

/**
 * `failure` once fresh worker processes have replayed it (worker_pool.ts `confirmFailure`): a
 * divergence or an accepted invalid raw list found by a campaign. A replay, a hang, a crash and a
 * harness error are returned as they are.
 */
async function confirmed(
  failure: Failure,
  workers: readonly WorkerState[],
  options: CliOptions,
  replaying: boolean,
): Promise<Failure> {
  if (replaying || (failure.kind !== "divergence" && failure.kind !== "invalid-raw-list")) {
    return failure;
  }
  const report = workers.find((state) => state.report?.failure === failure)?.report ?? null;
  return report === null ? failure : await confirmFailure(options, failure, report);
}

/**
 * The runtime whose own Headers the target is ("deno" for deno-src, "node" for undici, the
 * workers' runtime for native), or null for impl and a module: the known classes are about it.
 */
function headersRuntimeName(options: CliOptions): string | null {
  if (isDenoSrcTarget(options.targetArg)) return "deno";
  if (isUndiciTarget(options.targetArg)) return "node";
  return options.targetArg === "native" ? (options.runtime ?? runtime).name : null;
}

/**
 * Every known class the workers' runs went on past, in the order first reported, with the runs
 * and steps it explained over all workers and the command that replays the first run that hit
 * it: that run alone, with every other class in force, fails on it.
 */
function expectedHits(workers: readonly WorkerState[], options: CliOptions): ClassHit[] {
  const hits: ClassHit[] = [];
  for (const state of workers) {
    for (const hit of state.report?.expected ?? []) {
      const known = hits.find((h) => h.name === hit.name);
      if (known !== undefined) {
        known.runs += hit.runs;
        known.steps += hit.steps;
        if (!known.seeds.includes(state.seed)) known.seeds.push(state.seed);
        continue;
      }
      const [c] = divergenceClasses([hit.name]);
      const others = options.knownDivergences.filter((name) => name !== hit.name);
      const run = { seed: state.seed, property: hit.property, path: hit.path, replayPath: null };
      hits.push({
        name: hit.name,
        summary: c.summary,
        seenIn: c.runtimes,
        seeds: [state.seed],
        runs: hit.runs,
        steps: hit.steps,
        replay: replayCommand(
          {
            ...options,
            knownDivergences: others.length === 0 ? ["none"] : others,
            knownDivergencesAuto: false,
          },
          run as Failure,
        ),
      });
    }
  }
  return hits;
}

/**
 * The generated operations not run, of those the target could run (`--exclude-known`'s, and
 * those of the known classes that hang), and the classes that dropped them.
 */
function exclusionOf(workers: readonly WorkerState[], options: CliOptions): Summary["exclusion"] {
  return {
    classes: divergenceClasses(options.knownDivergences)
      .filter((c) => options.excludeKnown || c.hangs).map((c) => c.name),
    generated: workers.reduce((sum, w) => sum + (w.report?.generatedOps ?? 0), 0),
    dropped: workers.reduce((sum, w) => sum + (w.report?.excludedOps ?? 0), 0),
  };
}

/**
 * Runs the cost stage (properties/costs/stage.ts) with a line on standard error before and after;
 * it starts no process after `deadline`.
 */
async function costStage(options: CliOptions, deadline: number): Promise<CostReport> {
  writeErr(`cost stage: ${options.costs.sections.join(", ")} (--costs none skips it)\n`);
  const report = await runCostStage(
    options,
    options.out ?? COUNTEREXAMPLE_DIR,
    costCasesSkipped(options.knownDivergences),
    deadline,
  );
  writeErr(
    `cost stage: ${report.cases} cases in ${(report.elapsedMs / 1000).toFixed(1)} s, ` +
      `${report.findings.length} finding(s)${
        report.skipped.length === 0 ? "" : `, ${report.skipped.length} skipped`
      }\n`,
  );
  return report;
}

/**
 * Runs the wire stage (properties/wire/stage.ts) with a line on standard error before and after;
 * null, having printed why, when the candidate cannot be loaded.
 */
async function wireStage(options: CliOptions, deadline: number): Promise<WireReport | null> {
  writeErr(
    options.wirePath === undefined
      ? `wire stage: ${
        options.targetArg === "native" ? "the runtime's server and fetch()" : "headersFromRawList"
      }, at most ${wireRuns(options)} heads or ${
        wireSecondsBy(options, deadline).toFixed(1)
      } s (--wire none skips it)\n`
      : `wire stage: replaying seed ${options.seed}, path ${options.wirePath}\n`,
  );
  try {
    const report = await runWireStage(options, wireClasses().map((c) => c.name), deadline);
    writeErr(
      report.notFuzzed === null && report.stopped === null
        ? `wire stage: ${report.runs} heads in ${(report.elapsedMs / 1000).toFixed(1)} s, ` +
          `${
            report.divergence?.kind === "hang"
              ? "a hang"
              : `${report.divergence === null ? 0 : 1} Headers divergence(s)`
          }${
            report.divergence?.replays === undefined
              ? ""
              : report.divergence.replays === "alone"
              ? " (replayed in a fresh process)"
              : " (not reproduced in a fresh process: unconfirmed)"
          }, ` +
          `${report.parserDivergenceCount} parser divergence(s)\n`
        : `${report.entryPoint}\n`,
    );
    return report;
  } catch (error) {
    if (!(error instanceof WireLoadError)) throw error;
    writeErr(`cannot load the candidate ${error.url}:\n${error.detail}\n`);
    return null;
  }
}

/**
 * Runs the CLI with `args`; returns the exit status. Whatever goes wrong inside the harness itself
 * (an exception here, a worker that reports one, a process that cannot start) exits 2 with its
 * cause: 1 is kept for what the candidate did.
 */
export async function main(args: readonly string[]): Promise<number> {
  try {
    return await campaign(args);
  } catch (error) {
    writeErr(
      `headerproof fuzz: harness error (a fault of properties/, not a finding): ${
        String((error as Error)?.stack ?? error)
      }\n`,
    );
    return EXIT_USAGE;
  }
}

/** The campaign behind {@link main}. */
async function campaign(args: readonly string[]): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCliArgs(args);
  } catch (error) {
    writeErr(`${(error as Error).message}\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  if (options.help) {
    writeOut(USAGE + "\n");
    return EXIT_OK;
  }
  if (isCodecTarget(options.targetArg)) return await runCodecCampaign(options, codecClasses());
  try {
    if (options.runtimeArg !== undefined) options.runtime = resolveRuntime(options.runtimeArg);
    if (isUndiciTarget(options.target)) {
      if ((options.runtime ?? runtime).name !== "node") {
        throw new RuntimeChoiceError(
          `--target ${options.targetArg} runs under Node: use fuzz:node, or --runtime node@X`,
        );
      }
      options.target = undiciTargetModule(options.target);
      options.profile ??= "server";
    } else if (isDenoSrcTarget(options.target)) {
      if ((options.runtime ?? runtime).name !== "deno") {
        throw new RuntimeChoiceError(
          `--target ${options.targetArg} runs under Deno: use fuzz, or --runtime deno@X`,
        );
      }
      options.target = denoSrcTargetModule(options.target);
      options.profile ??= "server";
    }
  } catch (error) {
    if (!(error instanceof RuntimeChoiceError)) throw error;
    writeErr(`${error.message}\n`);
    return EXIT_USAGE;
  }
  const headersOf = headersRuntimeName(options);
  if (options.knownDivergences[0] === "auto") {
    options.knownDivergences = headersOf === null ? [] : knownFor(headersOf).map((c) => c.name);
    options.knownDivergencesAuto = true;
  }
  const replaying = options.path !== undefined;
  const workerCount = replaying ? 1 : options.workers;
  const seeds = Array.from({ length: workerCount }, (_, i) => options.seed + i);
  writeErr(
    `headerproof fuzz: target ${options.targetArg}, ${workerCount} worker(s), seeds ${
      seeds.join(", ")
    } (--seed ${options.seed} repeats this campaign)\n`,
  );
  const started = Date.now();
  const workers: WorkerState[] = [];
  let interrupted = false;
  const wireReplay = options.wirePath !== undefined;
  const runsCosts = !replaying && !wireReplay && options.phases === undefined &&
    options.costs.sections.length > 0;
  const runsWire = wireReplay || (options.wire && !replaying && options.phases === undefined);
  // Under --time every stage gets its share and every process ends by the budget plus a fixed
  // margin (budget.ts); the plan is printed before the stages start.
  const plan = options.timeSeconds === undefined
    ? null
    : planBudget(options, { costs: runsCosts, wire: runsWire }, started);
  if (plan !== null) {
    writeErr(plan.line);
    options.deadline = plan.hardEnd;
  }
  const costs = runsCosts ? await costStage(options, plan?.costsEnd ?? Infinity) : null;
  if (costs?.loadError) {
    writeErr(`cannot load the candidate ${costs.loadError.url}:\n${costs.loadError.detail}\n`);
    return EXIT_USAGE;
  }
  let wire: WireReport | null = null;
  if (runsWire) {
    wire = await wireStage(options, plan?.wireEnd ?? Infinity);
    if (wire === null) return EXIT_USAGE;
  }
  if (wireReplay) return wireReplayReport(options, wire!);
  // The answer stages run after the cost and wire stages, whatever they found, within what is
  // left of --time.
  const answerOptions = plan === null ? options : {
    ...options,
    timeSeconds: Math.max((plan.answersEnd - Date.now()) / 1000, 1),
  };
  // Every operation is generated whatever is known (unless --exclude-known): the known classes in
  // force explain the differences they recognize inside the workers, whose runs go on past them;
  // the counterexample is the first difference none explains.
  let failure: Failure | null = null;
  for (const phases of stagesFor(answerOptions)) {
    const stage = seeds.map((seed) => startWorker(workerConfig(answerOptions, seed, phases)));
    workers.push(...stage);
    interrupted = await runWorkers(stage, options);
    if (interrupted || stage.some((state) => state.report?.failure !== null)) break;
  }
  const elapsedMs = Date.now() - started;
  const broken = workers.find((state) => state.harnessError !== null && !state.ready);
  if (broken !== undefined) throw new Error(broken.harnessError!);
  for (const state of workers) {
    const problem = await loadProblemOf(state, options);
    if (problem !== null) {
      writeErr(`cannot load the candidate ${problem.url}:\n${problem.detail}\n`);
      return EXIT_USAGE;
    }
  }
  if (!interrupted) {
    const found = await firstFailure(workers, answerOptions);
    failure = found === null ? null : await confirmed(found, workers, answerOptions, replaying);
  }
  const totals = totalProgress(workers);
  const first = workers.find((w) => w.ready);
  const profile = (first?.profile ?? options.profile ??
    (options.target === "native" ? "server" : "standard")) as Profile;
  const summary: Summary = {
    ok: failure === null && !interrupted && !costs?.findings.length && !wire?.divergence,
    interrupted,
    target: options.targetArg,
    runtime: first?.runtime ?? workerRuntimeName(options),
    profile,
    entryPoints: [...(first?.entryPoints ?? []), ...(wire === null ? [] : [wire.entryPoint])],
    knownDivergences: [
      ...divergenceClasses(options.knownDivergences),
      ...knownCostClasses(options.knownDivergences),
    ].map((c) => c.name),
    knownDivergencesAuto: options.knownDivergencesAuto ?? false,
    classesHit: [
      ...expectedHits(workers, answerOptions),
      ...(headersOf === null ? [] : classesHit(
        workers.flatMap((w) => w.report?.failure?.kind === "divergence" ? [w.report.failure] : []),
        headersOf,
        options.knownDivergences,
      )),
    ],
    exclusion: exclusionOf(workers, options),
    seeds,
    workers: workerCount,
    runs: totals.runs,
    commands: totals.commands,
    elapsedMs,
    commandsPerSecond: commandsPerSecond(workers, totals.commands, elapsedMs),
    failure: null,
    costs,
    wire,
    partial: [
      ...(costs === null || costs.skipped.length === 0 ? [] : [
        `cost stage: ${costs.skipped.length} case(s) not measured (listed below)`,
      ]),
      ...(wire?.stopped ? [`wire stage: ${wire.stopped}`] : []),
      ...(failure !== null && !replaying && failure.replays === undefined &&
          (failure.kind === "divergence" || failure.kind === "invalid-raw-list")
        ? ["the counterexample: not replayed in a fresh process, the margin after --time ran out"]
        : []),
      ...(workers.some((w) => w.outOfTime)
        ? [
          `answer stages: ${
            workers.filter((w) => w.outOfTime).length
          } worker process(es) stopped at the end of --time and its margin`,
        ]
        : []),
    ],
  };
  if (failure !== null) {
    const replay = replayCommand(answerOptions, failure);
    const saved = await saveCounterexample(
      answerOptions,
      profile,
      failure,
      replay,
      first?.entryPoints ?? [],
    );
    summary.failure = { ...failure, replay, ...saved };
  }
  if (options.junit !== undefined) {
    writeJunit(options.junit, "headerproof fuzz", [junitCase(summary)]);
  }
  if (options.json) writeOut(JSON.stringify(summary, null, 1) + "\n");
  else writeOut(humanSummary(summary, replaying));
  if (interrupted) return EXIT_INTERRUPTED;
  if (costs?.findings.length || wire?.divergence) return EXIT_COUNTEREXAMPLE;
  if (failure === null) return EXIT_OK;
  return failure.kind === "harness-error" ? EXIT_USAGE : EXIT_COUNTEREXAMPLE;
}

/** Reports a wire case replayed alone (`--wire-path`); returns the exit status. */
function wireReplayReport(options: CliOptions, wire: WireReport): number {
  const summary: Summary = {
    ok: wire.divergence === null,
    interrupted: false,
    target: options.targetArg,
    runtime: workerRuntimeName(options),
    profile: options.profile ?? null,
    entryPoints: [wire.entryPoint],
    knownDivergences: options.knownDivergences,
    knownDivergencesAuto: options.knownDivergencesAuto ?? false,
    classesHit: [],
    exclusion: null,
    seeds: [options.seed],
    workers: 0,
    runs: 0,
    commands: 0,
    elapsedMs: wire.elapsedMs,
    commandsPerSecond: 0,
    failure: null,
    costs: null,
    wire,
    partial: wire.stopped === null ? [] : [`wire stage: ${wire.stopped}`],
  };
  if (options.junit !== undefined) {
    writeJunit(options.junit, "headerproof fuzz", [junitCase(summary)]);
  }
  if (options.json) writeOut(JSON.stringify(summary, null, 1) + "\n");
  else writeOut(humanSummary(summary, true));
  return wire.divergence === null ? EXIT_OK : EXIT_COUNTEREXAMPLE;
}
