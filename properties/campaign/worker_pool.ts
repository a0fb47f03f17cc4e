/**
 * The worker processes of a campaign: starts properties/campaign/worker.ts once per seed, reads the
 * protocol lines each writes (see worker.ts), kills a worker that makes no progress within the
 * case timeout, stops the others at the first failure, and turns how a worker ended into a
 * {@link Failure} (a hang or a crash is located by replaying the run alone with step tracing) or a
 * {@link LoadProblem} (the candidate module cannot be used at all).
 *
 * @example
 * ```ts
 * import { startWorker, supervise } from "./worker_pool.ts";
 * const worker = startWorker({ target: "impl", seed: 1, phases: [{ property: "model", runs: 10 }] });
 * await supervise([worker], 10_000, () => {});
 * console.log(worker.report?.runs);
 * ```
 *
 * @module
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Failure, PropertyName } from "./campaign.ts";
import type { AnswerOptions } from "./answer_options.ts";
import { divergenceClasses } from "../classes/classes.ts";
import type { Op } from "../oracle/ops.ts";
import { selfCommand, start, workerEnvironment } from "../targets/runtime.ts";
import type { Phase, WorkerConfig, WorkerReport } from "./worker.ts";

/** The live state of one worker process. */
export interface WorkerState {
  seed: number;
  child: ChildProcess;
  lastActivity: number;
  ready: boolean;
  entryPoints: string[];
  profile: string | null;
  /** "name version" of the runtime the worker runs under, once ready. */
  runtime: string | null;
  property: PropertyName;
  run: number;
  commands: number;
  /** Runs and commands of finished phases. */
  doneRuns: number;
  doneCommands: number;
  firstFailedRun: number | null;
  steps: Op[];
  stderr: string;
  report: WorkerReport | null;
  loadError: { url: string; detail: string } | null;
  /** What went wrong inside the harness (worker.ts threw, or the process could not start). */
  harnessError: string | null;
  killedForHang: boolean;
  /** Stopped by the coordinator because another worker failed first or the user interrupted. */
  stopped: boolean;
  /** Stopped because the campaign's deadline came (`--time` and its margin, budget.ts). */
  outOfTime: boolean;
  /** When the process started (epoch milliseconds). */
  started: number;
  exit: Promise<{ code: number | null; signal: string | null }>;
}

const WORKER_SCRIPT = fileURLToPath(new URL("./worker.ts", import.meta.url));

/**
 * The case timeout of a campaign in milliseconds: `--case-timeout` for runs of up to 40 steps (the
 * default `--max-commands`), scaled up in proportion beyond that, because a worker's heartbeat is
 * one line per run and a legal run of 5000 steps takes longer than one of 40.
 */
export function caseTimeoutMs(options: AnswerOptions): number {
  return options.caseTimeoutSeconds * 1000 * Math.max(1, options.maxCommands / 40);
}

/**
 * Starts a worker process for `config` and wires its protocol lines into a state. The
 * configuration (steps of any length included) travels in a file of its own, named on the command
 * line, which is removed when the process ends: a command line has a length limit.
 */
export function startWorker(config: WorkerConfig): WorkerState {
  const configDir = mkdtempSync(join(tmpdir(), "headerproof-worker-"));
  const configFile = join(configDir, "config.json");
  writeFileSync(configFile, JSON.stringify(config));
  const child = start(
    selfCommand(WORKER_SCRIPT, [configFile], config.runtime),
    workerEnvironment(config.runtime),
  );
  const state: WorkerState = {
    seed: config.seed,
    child,
    lastActivity: Date.now(),
    ready: false,
    entryPoints: [],
    profile: null,
    runtime: null,
    property: config.phases[0].property,
    run: 0,
    commands: 0,
    doneRuns: 0,
    doneCommands: 0,
    firstFailedRun: null,
    steps: [],
    stderr: "",
    report: null,
    loadError: null,
    harnessError: null,
    killedForHang: false,
    stopped: false,
    outOfTime: false,
    started: Date.now(),
    exit: new Promise((resolve) => {
      const ended = (code: number | null, signal: string | null) => {
        rmSync(configDir, { recursive: true, force: true });
        resolve({ code, signal });
      };
      child.on("error", (error) => {
        state.harnessError ??= `cannot start a worker process: ${error.message}`;
        if (child.pid === undefined) ended(null, null);
      });
      child.on("close", (code, signal) => ended(code, signal ?? null));
    }),
  };
  let pending = "";
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    state.lastActivity = Date.now();
    pending += chunk;
    let newline;
    while ((newline = pending.indexOf("\n")) !== -1) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      // The candidate shares the worker's standard output: a line it wrote that looks like the
      // protocol's but does not parse is its output, kept with the process's last words.
      try {
        handleLine(state, line);
      } catch {
        state.stderr = (state.stderr + `(unreadable line on standard output: ${line})\n`)
          .slice(-4000);
      }
    }
  });
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (chunk: string) => {
    state.stderr = (state.stderr + chunk).slice(-4000);
  });
  return state;
}

/** Applies one protocol line (see worker.ts) to `state`. */
function handleLine(state: WorkerState, line: string): void {
  const space = line.indexOf(" ");
  const kind = space === -1 ? line : line.slice(0, space);
  const rest = space === -1 ? "" : line.slice(space + 1);
  switch (kind) {
    case "r": {
      const [property, run, commands] = rest.split(" ");
      if (property !== state.property) {
        state.doneRuns += state.run + 1;
        state.doneCommands += state.commands;
        state.property = property as PropertyName;
        state.firstFailedRun = null;
      }
      state.run = Number(run);
      state.commands = Number(commands);
      return;
    }
    case "f":
      state.firstFailedRun = Number(rest.split(" ")[1]);
      return;
    case "s":
      state.steps.push(JSON.parse(rest) as Op);
      return;
    case "ready": {
      const info = JSON.parse(rest) as { entryPoints: string[]; profile: string; runtime: string };
      state.ready = true;
      state.entryPoints = info.entryPoints;
      state.profile = info.profile;
      state.runtime = info.runtime;
      return;
    }
    case "load-error":
      state.loadError = JSON.parse(rest);
      return;
    case "harness-error":
      state.harnessError = JSON.parse(rest) as string;
      return;
    case "done":
      state.report = JSON.parse(rest) as WorkerReport;
      return;
  }
}

/** Runs/commands a worker has done so far (its final report once it finished). */
export function progressOf(state: WorkerState): { runs: number; commands: number } {
  if (state.report !== null) return { runs: state.report.runs, commands: state.report.commands };
  return { runs: state.doneRuns + state.run, commands: state.doneCommands + state.commands };
}

/** Runs and commands summed over `workers`. */
export function totalProgress(workers: readonly WorkerState[]): { runs: number; commands: number } {
  return workers.map(progressOf).reduce(
    (a, b) => ({ runs: a.runs + b.runs, commands: a.commands + b.commands }),
    { runs: 0, commands: 0 },
  );
}

/** Kills `state`'s process unless it already ended. */
function kill(state: WorkerState): void {
  if (state.child.exitCode === null && state.child.signalCode === null) {
    state.child.kill("SIGKILL");
  }
}

/** Stops every worker still running (another failed first, or the user interrupted). */
export function stopAll(workers: readonly WorkerState[]): void {
  for (const state of workers) {
    if (state.report === null && !state.killedForHang) {
      state.stopped = true;
      kill(state);
    }
  }
}

/** How long a worker that has reported may take to end before it is ended (not a failure). */
const EXIT_GRACE_MS = 5000;

/**
 * Waits for every worker, killing the ones that stall; stops all at the first failure, and every
 * one still running at `deadline` (epoch milliseconds; the campaign's, `options.deadline`).
 */
export async function supervise(
  workers: WorkerState[],
  caseTimeoutMs: number,
  onTick: () => void,
  deadline = Infinity,
): Promise<void> {
  const loadGraceMs = caseTimeoutMs + 20_000;
  const timer = setInterval(() => {
    const now = Date.now();
    for (const state of workers) {
      if (now >= deadline && state.report === null && !state.killedForHang && !state.stopped) {
        state.outOfTime = true;
        state.stopped = true;
        kill(state);
      }
      const limit = state.ready ? caseTimeoutMs : loadGraceMs;
      if (state.report === null && !state.killedForHang && now - state.lastActivity > limit) {
        state.killedForHang = true;
        kill(state);
      }
      // A worker ends itself once it reported; one the candidate still holds is ended here.
      if (state.report !== null && now - state.lastActivity > EXIT_GRACE_MS) kill(state);
    }
    onTick();
  }, 100);
  try {
    await new Promise<void>((resolve) => {
      let open = workers.length;
      for (const state of workers) {
        state.exit.then(() => {
          const failed = !state.stopped &&
            (state.report === null || state.report.failure !== null);
          if (failed) stopAll(workers.filter((other) => other !== state));
          if (--open === 0) resolve();
        });
      }
    });
  } finally {
    clearInterval(timer);
  }
}

/**
 * Replays `failure` (a divergence or an accepted invalid raw list, found by the worker whose
 * report is `report`) in fresh worker processes before it is reported, and says how it replays
 * (see `Failure.replays`): first its seed and path alone; if that passes, the same seed and
 * phases with the runs the worker had made up to the failing one, in one process. Without
 * `replays` when the campaign's deadline (`options.deadline`) stopped a replay.
 */
export async function confirmFailure(
  options: AnswerOptions,
  failure: Failure,
  report: WorkerReport,
): Promise<Failure> {
  const timeoutMs = caseTimeoutMs(options);
  // Null when the campaign's deadline stopped the replay: the failure is then reported as found,
  // without `replays`.
  const reproduces = async (config: WorkerConfig): Promise<boolean | null> => {
    const state = startWorker(config);
    await supervise([state], timeoutMs, () => {}, options.deadline);
    if (state.harnessError !== null) throw new Error(state.harnessError);
    if (state.outOfTime) return null;
    return state.report?.failure?.kind === failure.kind;
  };
  const alone = {
    ...workerConfig(options, failure.seed, [{ property: failure.property, runs: 1 }]),
    path: failure.path,
    replayPath: failure.replayPath ?? undefined,
  };
  const aloneReplays = await reproduces(alone);
  if (aloneReplays === null) return failure;
  if (aloneReplays) return { ...failure, replays: "alone" };
  const history: Phase[] = [];
  const stage =
    stagesFor(options).find((phases) =>
      phases.some((phase) => phase.property === failure.property)
    ) ?? [];
  for (const phase of stage) {
    if (phase.property === failure.property) {
      history.push({ property: phase.property, runs: failure.runsToFailure });
      break;
    }
    const runs = report.runsByProperty[phase.property] ?? 0;
    if (runs > 0) history.push({ property: phase.property, runs });
  }
  const replayed = await reproduces(
    workerConfig({ ...options, path: undefined }, failure.seed, history),
  );
  if (replayed === null) return failure;
  return replayed
    ? {
      ...failure,
      replays: "after-history",
      history: history.map(({ property, runs }) => ({ property, runs: runs ?? 0 })),
    }
    : { ...failure, replays: "never" };
}

/** The model runs of a campaign given neither `--runs` nor `--time`. */
const DEFAULT_RUNS = 1000;

/**
 * The stages of a campaign with these options: each seed's worker processes, one per stage, run
 * one after another, each through its phases. A stage holds either the tampered-realm property
 * alone or none of it, because a worker with that property loads the candidate under the
 * tampered realm's patches (worker.ts) and its other phases must see the candidate as users load
 * it.
 */
export function stagesFor(options: AnswerOptions): Phase[][] {
  const stages: Phase[][] = [];
  for (const phase of phasesFor(options)) {
    const last = stages[stages.length - 1];
    const tampered = phase.property === "tampered-realm";
    if (last !== undefined && (last[0].property === "tampered-realm") === tampered) {
      last.push(phase);
    } else stages.push([phase]);
  }
  return stages;
}

/** The phases of a campaign with these options, in order, before they are split into stages. */
function phasesFor(options: AnswerOptions): Phase[] {
  if (options.path !== undefined) return [{ property: options.property, runs: 1 }];
  if (options.phases !== undefined) return options.phases.map((phase) => ({ ...phase }));
  const timeMs = options.timeSeconds === undefined ? undefined : options.timeSeconds * 1000;
  const runs = options.runs ?? (timeMs === undefined ? DEFAULT_RUNS : 2 ** 31 - 1);
  const rawRuns = Math.max(1, Math.ceil(runs / 10));
  const share = (fraction: number) => timeMs === undefined ? undefined : timeMs * fraction;
  const raw: Phase = { property: "invalid-raw-list", runs: rawRuns, timeLimitMs: share(0.1) };
  const tamperedSilenced = divergenceClasses(options.knownDivergences)
    .some((c) => c.silences === "tampered realm");
  if (options.realm === "clean" || (options.realm === "both" && tamperedSilenced)) {
    return [raw, { property: "model", runs, timeLimitMs: share(0.9) }];
  }
  if (options.realm === "tampered") {
    return [{ property: "tampered-realm", runs, timeLimitMs: share(0.9) }, raw];
  }
  // A run in a tampered realm costs about ten clean ones (every built-in call reads a stack),
  // and a candidate that calls a replaced built-in shows it in its first runs: a short phase,
  // first, so that it is reached early in every campaign.
  return [
    {
      property: "tampered-realm",
      runs: Math.max(1, Math.ceil(runs / 100)),
      timeLimitMs: share(0.1),
    },
    raw,
    { property: "model", runs, timeLimitMs: share(0.8) },
  ];
}

/** A worker configuration for `seed`. */
export function workerConfig(options: AnswerOptions, seed: number, phases: Phase[]): WorkerConfig {
  return {
    target: options.target,
    profile: options.profile,
    reference: options.reference,
    seed,
    phases,
    path: options.path,
    replayPath: options.replayPath,
    knownDivergences: options.knownDivergences,
    excludeKnown: options.excludeKnown,
    maxCommands: options.maxCommands,
    runtime: options.runtime,
  };
}

/** Why the candidate module cannot be used at all (a usage error, not a counterexample). */
export interface LoadProblem {
  /** The module, as a URL. */
  url: string;
  /** What went wrong, with the file, line and column when the runtime gives them. */
  detail: string;
}

/** The load problem a worker's end shows: it reported one, died or stalled before being ready. */
export async function loadProblemOf(
  state: WorkerState,
  options: AnswerOptions,
): Promise<LoadProblem | null> {
  if (state.loadError !== null) return state.loadError;
  if (state.ready || (state.stopped && !state.outOfTime) || state.report !== null) return null;
  const { code, signal } = await state.exit;
  const waited = ((Date.now() - state.started) / 1000).toFixed(0);
  return {
    url: options.target,
    detail: state.killedForHang || state.outOfTime
      ? `loading the module did not finish: stopped after ${waited} s${
        state.outOfTime ? " (the end of --time and its margin)" : ""
      }`
      : `the process ended while loading the module (exit code ${code}, signal ${signal}): ${
        lastLines(state.stderr)
      }`,
  };
}

/** The failure a ready worker's end shows, if any: its report's, a hang or a crash. */
export async function failureOf(
  state: WorkerState,
  options: AnswerOptions,
): Promise<Failure | null> {
  if (state.report !== null) return state.report.failure;
  if (state.stopped || !state.ready) return null;
  const { code, signal } = await state.exit;
  if (state.harnessError !== null) return harnessFailure(state, state.harnessError);
  const run = state.firstFailedRun ?? state.run;
  const path = String(run);
  const what = state.killedForHang
    ? `the candidate made no progress for ${caseTimeoutMs(options) / 1000} s (a hang)`
    : `the worker process died (exit code ${code}, signal ${signal}): ${lastLines(state.stderr)}`;
  const traced = await traceCase(options, state.seed, state.property, path);
  if (traced.harnessError !== null) return harnessFailure(state, traced.harnessError);
  if (traced.report?.failure) return traced.report.failure;
  return {
    kind: state.killedForHang ? "hang" : "crash",
    property: state.property,
    seed: state.seed,
    path,
    replayPath: null,
    steps: traced.steps,
    message: `${what}, in run ${run}` +
      (traced.outOfTime
        ? "; not located in a step: the margin after --time ran out (the replay command runs it)"
        : traced.steps.length > 0
        ? `; replayed alone, it stops in step ${traced.steps.length}`
        : "; replayed alone, it did not reach a step"),
    runsToFailure: run + 1,
  };
}

/**
 * The fewest of `failure`'s steps (a hang or a crash; the last step is where it stops) that still
 * stop the candidate the same way at their last step, each try run alone in a fresh worker under
 * the case timeout. Chunks of steps are dropped, halving the chunk size (delta debugging); the
 * search ends after 12 case timeouts, keeping the shortest list found.
 */
export async function shrinkStuckSteps(options: AnswerOptions, failure: Failure): Promise<Op[]> {
  const timeoutMs = caseTimeoutMs(options);
  const deadline = Math.min(Date.now() + 12 * timeoutMs, options.deadline ?? Infinity);
  const stopsTheSameWay = async (steps: Op[]): Promise<boolean> => {
    const state = startWorker({
      ...workerConfig(options, failure.seed, [{ property: failure.property, runs: 1 }]),
      steps,
    });
    await supervise([state], timeoutMs, () => {}, deadline);
    if (state.harnessError !== null) throw new Error(state.harnessError);
    const stopped = failure.kind === "hang"
      ? state.killedForHang
      : !state.killedForHang && state.report === null && state.ready;
    return stopped && state.steps.length === steps.length;
  };
  let steps = failure.steps;
  for (let size = Math.ceil((steps.length - 1) / 2); size >= 1; size = Math.floor(size / 2)) {
    let start = 0;
    while (start < steps.length - 1) {
      if (Date.now() > deadline) return steps;
      const end = Math.min(start + size, steps.length - 1);
      const trial = [...steps.slice(0, start), ...steps.slice(end)];
      if (await stopsTheSameWay(trial)) steps = trial;
      else start = end;
    }
  }
  return steps;
}

/** Replays run `path` of `seed` with step tracing, under the same watchdog. */
async function traceCase(
  options: AnswerOptions,
  seed: number,
  property: PropertyName,
  path: string,
): Promise<WorkerState> {
  const config = {
    ...workerConfig(options, seed, [{ property, runs: 1 }]),
    path,
    replayPath: undefined,
    trace: true,
  };
  const state = startWorker(config);
  await supervise([state], caseTimeoutMs(options), () => {}, options.deadline);
  return state;
}

/** A harness error seen in `state`'s worker: reported with exit 2, never as a finding. */
function harnessFailure(state: WorkerState, message: string): Failure {
  return {
    kind: "harness-error",
    property: state.property,
    seed: state.seed,
    path: String(state.firstFailedRun ?? state.run),
    replayPath: null,
    steps: [],
    message,
    runsToFailure: 0,
  };
}

/** The last lines of a process's standard error, on one line. */
function lastLines(text: string): string {
  return text.trim().split("\n").slice(-6).join(" | ") || "(no output)";
}
