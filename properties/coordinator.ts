/**
 * The campaign coordinator behind properties/cli.ts (`deno task fuzz`, `node properties/cli.ts`,
 * `bun properties/cli.ts`).
 *
 * It never runs candidate code itself: it starts `--workers` subprocesses (properties/worker.ts,
 * one seed each), reads their heartbeats, kills a worker that makes no progress within
 * `--case-timeout` seconds, and turns a hang, a crash or a module that cannot load into a
 * counterexample like any divergence. On failure it prints a standalone JavaScript reproduction
 * and the replay command, writes a corpus entry, and exits 1. Exit 2 means bad usage or a harness
 * error. Run with `--help` for the options.
 *
 * @example
 * ```sh
 * deno task fuzz --target native --time 20
 * node properties/cli.ts --target impl --runs 2000 --seed 7 --workers 2 --json
 * ```
 *
 * @module
 */
import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Failure, PropertyName } from "./campaign.ts";
import { CORPUS_DIR, writeCorpusEntry } from "./corpus.ts";
import { divergenceClasses } from "./divergences.ts";
import type { Op } from "./ops.ts";
import {
  commandLine,
  coreCount,
  runtime,
  selfCommand,
  start,
  stderrIsTerminal,
  writeErr,
  writeOut,
} from "./runtime.ts";
import { renderSnippet } from "./snippet.ts";
import type { Profile } from "./targets.ts";
import { IMPL_URL, moduleUrl, REFERENCE_URL } from "./targets.ts";
import type { Phase, WorkerConfig, WorkerReport } from "./worker.ts";

const USAGE = `usage: ${commandLine("properties/cli.ts")} [options]

  --target impl|native|PATH   candidate (default impl); PATH is a module following spec/contract.ts
  --runs N                    runs per worker for the model property (default 1000 without --time)
  --time SECONDS              stop starting runs after this long (10% invalid raw lists first,
                              then 90% model); with --runs, whichever ends first
  --seed N                    base seed; worker i uses seed N+i (default: random)
  --profile standard|server   reference profile (default: server for native, else standard)
  --workers N                 parallel worker processes (default: all cores)
  --known-divergences A,B|all stop generating the operations of these named classes (see
                              properties/NATIVE_DIVERGENCES.md); listed in the report
  --case-timeout SECONDS      a run making no progress this long is a hang (default 10)
  --max-commands N            longest command sequence per run (default 40)
  --json                      print a machine-readable summary on stdout
  --corpus DIR                where counterexamples are written (default properties/corpus)
  --reference PATH            reference module (default spec/mod.ts)
  replay one case (printed with every counterexample):
  --seed S --path P [--replay-path R] [--property model|invalid-raw-list]`;

/** Parsed command line. */
export interface CliOptions {
  target: string;
  runs?: number;
  timeSeconds?: number;
  seed: number;
  profile?: Profile;
  workers: number;
  knownDivergences: string[];
  caseTimeoutSeconds: number;
  maxCommands: number;
  json: boolean;
  corpus: string;
  reference?: string;
  path?: string;
  replayPath?: string;
  property: PropertyName;
}

/** Bad command line. */
export class UsageError extends Error {
  /** `message` says which option is wrong. */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** Parses `args` (throws {@link UsageError}). */
export function parseArgs(args: readonly string[]): CliOptions {
  const options: CliOptions = {
    target: "impl",
    seed: Math.floor(Math.random() * 2 ** 31),
    workers: coreCount(),
    knownDivergences: [],
    caseTimeoutSeconds: 10,
    maxCommands: 40,
    json: false,
    corpus: CORPUS_DIR,
    property: "model",
  };
  const number = (flag: string, text: string | undefined, min: number): number => {
    const value = Number(text);
    if (text === undefined || !Number.isFinite(value) || value < min) {
      throw new UsageError(`${flag} needs a number >= ${min}, got ${JSON.stringify(text)}`);
    }
    return value;
  };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    const value = () => {
      if (i + 1 >= args.length) throw new UsageError(`${flag} needs a value`);
      return args[++i];
    };
    switch (flag) {
      case "--target":
        options.target = value();
        break;
      case "--runs":
        options.runs = Math.floor(number(flag, value(), 1));
        break;
      case "--time":
        options.timeSeconds = number(flag, value(), 0.1);
        break;
      case "--seed":
        options.seed = Math.floor(number(flag, value(), -(2 ** 31)));
        break;
      case "--profile": {
        const profile = value();
        if (profile !== "standard" && profile !== "server") {
          throw new UsageError(`--profile is standard or server, got ${JSON.stringify(profile)}`);
        }
        options.profile = profile;
        break;
      }
      case "--workers":
        options.workers = Math.floor(number(flag, value(), 1));
        break;
      case "--known-divergences":
        options.knownDivergences = value().split(",").filter((name) => name !== "");
        break;
      case "--case-timeout":
        options.caseTimeoutSeconds = number(flag, value(), 0.1);
        break;
      case "--max-commands":
        options.maxCommands = Math.floor(number(flag, value(), 1));
        break;
      case "--json":
        options.json = true;
        break;
      case "--corpus":
        options.corpus = value();
        break;
      case "--reference":
        options.reference = value();
        break;
      case "--path":
        options.path = value();
        break;
      case "--replay-path":
        options.replayPath = value();
        break;
      case "--property": {
        const property = value();
        if (property !== "model" && property !== "invalid-raw-list") {
          throw new UsageError(`--property is model or invalid-raw-list, got ${property}`);
        }
        options.property = property;
        break;
      }
      default:
        throw new UsageError(`unknown option ${JSON.stringify(flag)}`);
    }
  }
  try {
    divergenceClasses(options.knownDivergences);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return options;
}

/** The live state of one worker process. */
interface WorkerState {
  seed: number;
  child: ChildProcess;
  lastActivity: number;
  ready: boolean;
  entryPoints: string[];
  profile: string | null;
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
  killedForHang: boolean;
  /** Stopped by the coordinator because another worker failed first. */
  stopped: boolean;
  exit: Promise<{ code: number | null; signal: string | null }>;
}

const WORKER_SCRIPT = fileURLToPath(new URL("./worker.ts", import.meta.url));

/** Starts a worker process for `config` and wires its protocol lines into a state. */
function startWorker(config: WorkerConfig): WorkerState {
  const child = start(selfCommand(WORKER_SCRIPT, [JSON.stringify(config)]));
  const state: WorkerState = {
    seed: config.seed,
    child,
    lastActivity: Date.now(),
    ready: false,
    entryPoints: [],
    profile: null,
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
    killedForHang: false,
    stopped: false,
    exit: new Promise((resolve) =>
      child.on("close", (code, signal) => resolve({ code, signal: signal ?? null }))
    ),
  };
  let pending = "";
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    state.lastActivity = Date.now();
    pending += chunk;
    let newline;
    while ((newline = pending.indexOf("\n")) !== -1) {
      handleLine(state, pending.slice(0, newline));
      pending = pending.slice(newline + 1);
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
      const info = JSON.parse(rest) as { entryPoints: string[]; profile: string };
      state.ready = true;
      state.entryPoints = info.entryPoints;
      state.profile = info.profile;
      return;
    }
    case "load-error":
      state.loadError = JSON.parse(rest);
      return;
    case "done":
      state.report = JSON.parse(rest) as WorkerReport;
      return;
  }
}

/** Runs/commands a worker has done so far (its final report once it finished). */
function progressOf(state: WorkerState): { runs: number; commands: number } {
  if (state.report !== null) return { runs: state.report.runs, commands: state.report.commands };
  return { runs: state.doneRuns + state.run, commands: state.doneCommands + state.commands };
}

/** Waits for every worker, killing the ones that stall; stops all at the first failure. */
async function supervise(
  workers: WorkerState[],
  caseTimeoutMs: number,
  onTick: () => void,
): Promise<void> {
  const loadGraceMs = caseTimeoutMs + 20_000;
  const kill = (state: WorkerState) => {
    if (state.child.exitCode === null && state.child.signalCode === null) {
      state.child.kill("SIGKILL");
    }
  };
  const timer = setInterval(() => {
    const now = Date.now();
    for (const state of workers) {
      const limit = state.ready ? caseTimeoutMs : loadGraceMs;
      if (state.report === null && !state.killedForHang && now - state.lastActivity > limit) {
        state.killedForHang = true;
        kill(state);
      }
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
          if (failed) {
            for (const other of workers) {
              if (other !== state && other.report === null && !other.killedForHang) {
                other.stopped = true;
                kill(other);
              }
            }
          }
          if (--open === 0) resolve();
        });
      }
    });
  } finally {
    clearInterval(timer);
  }
}

/** The phases of one worker for a campaign with these options. */
function phasesFor(options: CliOptions): Phase[] {
  if (options.path !== undefined) return [{ property: options.property, runs: 1 }];
  const timeMs = options.timeSeconds === undefined ? undefined : options.timeSeconds * 1000;
  const runs = options.runs ?? (timeMs === undefined ? 1000 : 2 ** 31 - 1);
  const rawRuns = Math.max(1, Math.ceil(runs / 10));
  return [
    {
      property: "invalid-raw-list",
      runs: rawRuns,
      timeLimitMs: timeMs === undefined ? undefined : timeMs * 0.1,
    },
    { property: "model", runs, timeLimitMs: timeMs === undefined ? undefined : timeMs * 0.9 },
  ];
}

/** A worker configuration for `seed`. */
function workerConfig(options: CliOptions, seed: number, phases: Phase[]): WorkerConfig {
  return {
    target: options.target,
    profile: options.profile,
    reference: options.reference,
    seed,
    phases,
    path: options.path,
    replayPath: options.replayPath,
    knownDivergences: options.knownDivergences,
    maxCommands: options.maxCommands,
  };
}

/** The failure a worker's end shows, if any: its report's, a load error, a hang or a crash. */
async function failureOf(
  state: WorkerState,
  options: CliOptions,
): Promise<Failure | null> {
  if (state.loadError !== null) {
    return {
      kind: "load-error",
      property: state.property,
      seed: state.seed,
      path: "",
      replayPath: null,
      steps: [],
      message: `${state.loadError.url}: ${state.loadError.detail}`,
      runsToFailure: 0,
    };
  }
  if (state.report !== null) return state.report.failure;
  if (state.stopped) return null;
  const { code, signal } = await state.exit;
  if (!state.ready) {
    return {
      kind: state.killedForHang ? "hang" : "load-error",
      property: state.property,
      seed: state.seed,
      path: "",
      replayPath: null,
      steps: [],
      message: state.killedForHang
        ? `loading the candidate did not finish within ${
          (options.caseTimeoutSeconds * 1000 + 20_000) / 1000
        } s`
        : `the worker died while loading the candidate (exit code ${code}, signal ${signal}): ${
          lastLines(state.stderr)
        }`,
      runsToFailure: 0,
    };
  }
  const run = state.firstFailedRun ?? state.run;
  const path = String(run);
  const what = state.killedForHang
    ? `the candidate made no progress for ${options.caseTimeoutSeconds} s (a hang)`
    : `the worker process died (exit code ${code}, signal ${signal}): ${lastLines(state.stderr)}`;
  const traced = await traceCase(options, state.seed, state.property, path);
  if (traced.report?.failure) return traced.report.failure;
  return {
    kind: state.killedForHang ? "hang" : "crash",
    property: state.property,
    seed: state.seed,
    path,
    replayPath: null,
    steps: traced.steps,
    message: `${what}, in run ${run}` +
      (traced.steps.length > 0
        ? `; replayed alone, it stops in step ${traced.steps.length}`
        : "; replayed alone, it did not reach a step"),
    runsToFailure: run + 1,
  };
}

/** Replays run `path` of `seed` with step tracing, under the same watchdog. */
async function traceCase(
  options: CliOptions,
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
  await supervise([state], options.caseTimeoutSeconds * 1000, () => {});
  return state;
}

function lastLines(text: string): string {
  return text.trim().split("\n").slice(-6).join(" | ") || "(no output)";
}

/** The command that replays `failure`. */
function replayCommand(options: CliOptions, failure: Failure): string {
  const parts = [
    commandLine("properties/cli.ts"),
    "--target",
    options.target,
    ...(options.profile === undefined ? [] : ["--profile", options.profile]),
    ...(options.reference === undefined ? [] : ["--reference", options.reference]),
    ...(options.knownDivergences.length > 0
      ? ["--known-divergences", options.knownDivergences.join(",")]
      : []),
    "--seed",
    String(failure.seed),
    "--property",
    failure.property,
    "--path",
    JSON.stringify(failure.path),
    ...(failure.replayPath === null ? [] : ["--replay-path", JSON.stringify(failure.replayPath)]),
  ];
  return parts.join(" ");
}

/** The standalone reproduction of `failure`. */
function snippetFor(
  options: CliOptions,
  profile: string,
  failure: Failure,
  replay: string,
): string {
  return renderSnippet({
    candidate: options.target === "native"
      ? { kind: "native" }
      : { kind: "module", url: options.target === "impl" ? IMPL_URL : moduleUrl(options.target) },
    referenceUrl: options.reference === undefined ? REFERENCE_URL : moduleUrl(options.reference),
    profile,
    header: [
      `headerproof counterexample (${failure.kind}, property ${failure.property})`,
      `target ${options.target}, profile ${profile}, ${runtime.name} ${runtime.version}`,
      `replay: ${replay}`,
      ...failure.message.split("\n").map((line) => `  ${line}`),
      ...(failure.kind === "hang"
        ? ["this snippet hangs at the last step, as the candidate did"]
        : []),
    ],
    steps: failure.steps,
    mode: failure.property === "invalid-raw-list" ? "invalid-raw-list" : "differential",
  });
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

/** The JSON summary (`--json`). */
export interface Summary {
  ok: boolean;
  target: string;
  runtime: string;
  profile: string | null;
  entryPoints: string[];
  knownDivergences: string[];
  seeds: number[];
  workers: number;
  runs: number;
  commands: number;
  /** Wall-clock milliseconds, worker start-up included. */
  elapsedMs: number;
  /** Steps per second summed over workers, measured on the workers' campaign clocks. */
  commandsPerSecond: number;
  failure: (Failure & { replay: string; snippet: string; corpusFile: string | null }) | null;
}

/** Runs the CLI with `args`; returns the exit status. */
export async function main(args: readonly string[]): Promise<number> {
  let options: CliOptions;
  try {
    options = parseArgs(args);
  } catch (error) {
    if (args.includes("--help") || args.includes("-h")) {
      writeOut(USAGE + "\n");
      return 0;
    }
    writeErr(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const replaying = options.path !== undefined;
  const workerCount = replaying ? 1 : options.workers;
  const seeds = Array.from({ length: workerCount }, (_, i) => options.seed + i);
  const phases = phasesFor(options);
  const started = Date.now();
  const workers = seeds.map((seed) => startWorker(workerConfig(options, seed, phases)));
  const live = stderrIsTerminal();
  let lastPrinted = started;
  const progressLine = () => {
    const totals = workers.map(progressOf).reduce(
      (a, b) => ({ runs: a.runs + b.runs, commands: a.commands + b.commands }),
      { runs: 0, commands: 0 },
    );
    const seconds = (Date.now() - started) / 1000;
    return `runs ${totals.runs} | ${Math.round(totals.commands / Math.max(seconds, 0.001))} ` +
      `commands/s | failures 0 | ${seconds.toFixed(0)} s`;
  };
  await supervise(workers, options.caseTimeoutSeconds * 1000, () => {
    if (live) writeErr(`\r\x1b[K${progressLine()}`);
    else if (Date.now() - lastPrinted >= 5000) {
      lastPrinted = Date.now();
      writeErr(progressLine() + "\n");
    }
  });
  if (live) writeErr("\r\x1b[K");
  const elapsedMs = Date.now() - started;
  let failure: Failure | null = null;
  for (const state of workers) {
    const found = await failureOf(state, options);
    if (found !== null) {
      failure = found;
      break;
    }
  }
  const totals = workers.map(progressOf).reduce(
    (a, b) => ({ runs: a.runs + b.runs, commands: a.commands + b.commands }),
    { runs: 0, commands: 0 },
  );
  const first = workers.find((w) => w.ready);
  const profile = first?.profile ?? options.profile ??
    (options.target === "native" ? "server" : "standard");
  const summary: Summary = {
    ok: failure === null,
    target: options.target,
    runtime: `${runtime.name} ${runtime.version}`,
    profile,
    entryPoints: first?.entryPoints ?? [],
    knownDivergences: divergenceClasses(options.knownDivergences).map((c) => c.name),
    seeds,
    workers: workerCount,
    runs: totals.runs,
    commands: totals.commands,
    elapsedMs,
    commandsPerSecond: commandsPerSecond(workers, totals.commands, elapsedMs),
    failure: null,
  };
  if (failure !== null) {
    const replay = replayCommand(options, failure);
    const snippet = snippetFor(options, profile, failure, replay);
    const corpusFile = replaying || failure.kind === "harness-error" ? null : writeCorpusEntry(
      options.corpus,
      {
        target: options.target,
        runtime: summary.runtime,
        profile: profile as Profile,
        property: failure.property,
        kind: failure.kind,
        seed: failure.seed,
        path: failure.path,
        replayPath: failure.replayPath,
        knownDivergences: summary.knownDivergences,
        message: failure.message,
        replay,
        steps: failure.steps,
      },
    );
    summary.failure = { ...failure, replay, snippet, corpusFile };
  }
  if (options.json) writeOut(JSON.stringify(summary, null, 1) + "\n");
  else writeOut(humanSummary(summary, replaying));
  if (failure === null) return 0;
  return failure.kind === "harness-error" ? 2 : 1;
}

/** The report a person reads. */
function humanSummary(summary: Summary, replaying: boolean): string {
  const lines = [
    `headerproof fuzz: target ${summary.target}, profile ${summary.profile}, ${summary.runtime}`,
    `entry points fuzzed: ${summary.entryPoints.join("; ") || "(candidate not loaded)"}`,
    `known divergences excluded: ${summary.knownDivergences.join(", ") || "none"}`,
    `${summary.workers} worker(s), seeds ${summary.seeds.join(", ")}: ${summary.runs} runs, ` +
    `${summary.commands} commands in ${(summary.elapsedMs / 1000).toFixed(1)} s = ` +
    `${summary.commandsPerSecond} commands/s`,
  ];
  const failure = summary.failure;
  if (failure === null) {
    lines.push(replaying ? "the case passes: no divergence" : "no divergence found");
  } else {
    lines.push(
      "",
      `COUNTEREXAMPLE: ${failure.kind} (property ${failure.property}, seed ${failure.seed}, ` +
        `path ${JSON.stringify(failure.path)})`,
      failure.message,
      "",
      "--- standalone reproduction: save as repro.mjs, run `deno run -A repro.mjs` or " +
        "`node repro.mjs` ---",
      failure.snippet,
      "--- end of reproduction ---",
      `replay: ${failure.replay}`,
      ...(failure.corpusFile === null ? [] : [`corpus entry: ${failure.corpusFile}`]),
    );
  }
  return lines.join("\n") + "\n";
}
