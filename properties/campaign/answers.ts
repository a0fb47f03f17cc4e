/**
 * The answer stage: the model, tampered-realm and invalid-raw-list properties, run by worker
 * processes (worker_pool.ts), one per seed, with a progress line on standard error. The known
 * classes in force (`--known-divergences`, auto for a runtime's Headers) are expected, not
 * avoided: the workers' runs go on past the differences they explain, and the report lists each
 * class hit with its counts and a replay command. A counterexample is replayed in fresh
 * processes, then written as a self-contained reproduction and a corpus entry (replay.ts).
 * Ctrl-C stops the workers.
 *
 * @example
 * ```ts
 * import { ANSWER_STAGE } from "./answers.ts";
 * console.log(ANSWER_STAGE.name, ANSWER_STAGE.share);
 * ```
 *
 * @module
 */
import process from "node:process";
import type { Failure } from "./campaign.ts";
import type { AnswerOptions } from "./answer_options.ts";
import { ANSWER_READS } from "./answer_options.ts";
import { EXIT_COUNTEREXAMPLE, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE } from "../core/exit.ts";
import type { Stage, StageRun } from "../core/stage.ts";
import type { ClassHit } from "../classes/classes.ts";
import { classesHit, divergenceClasses, knownCostClasses } from "../classes/classes.ts";
import { replayCommand, saveCounterexample } from "./replay.ts";
import { stderrIsTerminal, workerRuntimeName, writeErr } from "../targets/runtime.ts";
import { kindOf } from "../targets/kinds.ts";
import type { Profile } from "../targets/targets.ts";
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

/** What the answer stage found: the `--json` summary's own fields, in its order. */
export interface AnswerFields {
  /** Stopped by Ctrl-C before the budget was spent. */
  interrupted: boolean;
  target: string;
  runtime: string;
  profile: string | null;
  entryPoints: string[];
  knownDivergences: string[];
  /** Whether those are every class already known for the target (`--known-divergences auto`). */
  knownDivergencesAuto: boolean;
  /**
   * The known classes a campaign hit, in order: every class in force its runs went on past (each
   * with its runs, steps and `replay`, the command replaying the first run that hit it); then, on
   * a runtime's Headers, the known classes not in force whose operations include the step each
   * worker's divergence stopped at (`replay` null), the reported one's first.
   */
  classesHit: ClassHit[];
  /**
   * The operations not generated: the classes that dropped them (every class in force with
   * `--exclude-known`, else those that hang), the generated operations the target could run, and
   * how many of them were dropped; null for a wire replay.
   */
  exclusion: { classes: string[]; generated: number; dropped: number } | null;
  seeds: number[];
  workers: number;
  runs: number;
  commands: number;
  /** Wall-clock milliseconds, worker start-up included. */
  elapsedMs: number;
  /** Steps per second summed over workers, measured on the workers' campaign clocks. */
  commandsPerSecond: number;
  failure:
    | (Failure & {
      replay: string;
      /** The self-contained reproduction (null for a harness error and for replaced built-ins). */
      reproduction: string | null;
      corpusFile: string;
      /** The copy in the committed regression corpus (`--record`), or null. */
      recorded: string | null;
    })
    | null;
}

/** The answer stage's report: the summary's own fields, and why its verdict is partial. */
export interface AnswerReport {
  fields: AnswerFields;
  partial: string[];
  /** Wall-clock milliseconds since the campaign started. */
  elapsedMs: number;
}

/**
 * The summary's own fields for a campaign that replays a wire case alone (`--wire-path`): no
 * worker runs; `elapsedMs` is the time since the campaign started.
 */
function wireReplayFields(options: AnswerOptions, elapsedMs: number): AnswerFields {
  return {
    interrupted: false,
    target: options.targetArg,
    runtime: workerRuntimeName(options),
    profile: options.profile ?? null,
    entryPoints: [],
    knownDivergences: options.knownDivergences,
    knownDivergencesAuto: options.knownDivergencesAuto ?? false,
    classesHit: [],
    exclusion: null,
    seeds: [options.seed],
    workers: 0,
    runs: 0,
    commands: 0,
    elapsedMs,
    commandsPerSecond: 0,
    failure: null,
  };
}

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
async function runWorkers(workers: WorkerState[], options: AnswerOptions): Promise<boolean> {
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
  options: AnswerOptions,
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
  options: AnswerOptions,
  replaying: boolean,
): Promise<Failure> {
  if (replaying || (failure.kind !== "divergence" && failure.kind !== "invalid-raw-list")) {
    return failure;
  }
  const report = workers.find((state) => state.report?.failure === failure)?.report ?? null;
  return report === null ? failure : await confirmFailure(options, failure, report);
}

/**
 * The answer classes of `known` (`--known-divergences`: names, or "all") but `name`: those the
 * replay of a hit of `name` keeps in force, so that it fails on that class alone.
 */
export function othersInForce(known: readonly string[], name: string): string[] {
  return divergenceClasses(known).map((c) => c.name).filter((other) => other !== name);
}

/**
 * Every known class the workers' runs went on past, in the order first reported, with the runs
 * and steps it explained over all workers and the command that replays the first run that hit
 * it: that run alone, with every other class in force, fails on it.
 */
function expectedHits(workers: readonly WorkerState[], options: AnswerOptions): ClassHit[] {
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
      const others = othersInForce(options.knownDivergences, hit.name);
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
function exclusionOf(
  workers: readonly WorkerState[],
  options: AnswerOptions,
): AnswerFields["exclusion"] {
  return {
    classes: divergenceClasses(options.knownDivergences)
      .filter((c) => options.excludeKnown || c.hangs).map((c) => c.name),
    generated: workers.reduce((sum, w) => sum + (w.report?.generatedOps ?? 0), 0),
    dropped: workers.reduce((sum, w) => sum + (w.report?.excludedOps ?? 0), 0),
  };
}

/**
 * Runs the answer stage: the workers of each seed, one worker-pool stage after another, within
 * what is left of `--time` at `end`. Whatever goes wrong inside the harness throws; a candidate
 * that cannot be loaded ends the campaign with exit status 2, the cause printed.
 */
async function runAnswers(
  options: AnswerOptions,
  started: number,
  end: number,
): Promise<StageRun<AnswerReport>> {
  if (options.wirePath !== undefined) {
    const elapsedMs = Date.now() - started;
    return { report: { fields: wireReplayFields(options, elapsedMs), partial: [], elapsedMs } };
  }
  const replaying = options.path !== undefined;
  const workerCount = replaying ? 1 : options.workers;
  const seeds = Array.from({ length: workerCount }, (_, i) => options.seed + i);
  const workers: WorkerState[] = [];
  let interrupted = false;
  const headersOf = options.headersRuntime ?? null;
  // The answer stages run after the cost and wire stages, whatever they found, within what is
  // left of --time.
  const answerOptions = end === Infinity ? options : {
    ...options,
    timeSeconds: Math.max((end - Date.now()) / 1000, 1),
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
      return { exit: EXIT_USAGE };
    }
  }
  if (!interrupted) {
    const found = await firstFailure(workers, answerOptions);
    failure = found === null ? null : await confirmed(found, workers, answerOptions, replaying);
  }
  const totals = totalProgress(workers);
  const first = workers.find((w) => w.ready);
  const profile = (first?.profile ?? options.profile ??
    kindOf(options.targetArg).defaults.profile) as Profile;
  const fields: AnswerFields = {
    interrupted,
    target: options.targetArg,
    runtime: first?.runtime ?? workerRuntimeName(options),
    profile,
    entryPoints: first?.entryPoints ?? [],
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
  };
  const partial = [
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
  ];
  if (failure !== null) {
    const replay = replayCommand(answerOptions, failure);
    const saved = await saveCounterexample(
      answerOptions,
      profile,
      failure,
      replay,
      first?.entryPoints ?? [],
    );
    fields.failure = { ...failure, replay, ...saved };
  }
  return { report: { fields, partial, elapsedMs } };
}

/**
 * The answer stage, last: it gets what is left of `--time` after the stages before it, and its
 * report holds the `--json` summary's own fields.
 */
export const ANSWER_STAGE: Stage<AnswerOptions, AnswerReport> = {
  name: "answers",
  label: "answer stages",
  reads: ANSWER_READS,
  share: null,
  runs: () => true,
  run: runAnswers,
  report: {
    section: null,
    fields: (report) => ({ ...report.fields }),
    entryPoints: (report) => report.fields.entryPoints,
    partial: (report) => report.partial,
    exit: ({ fields }) =>
      fields.interrupted
        ? EXIT_INTERRUPTED
        : fields.failure === null
        ? EXIT_OK
        : fields.failure.kind === "harness-error"
        ? EXIT_USAGE
        : EXIT_COUNTEREXAMPLE,
  },
};
