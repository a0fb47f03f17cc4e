/**
 * The cost stage of a campaign (coordinator side; it never runs candidate code itself): runs the
 * cases of cases.ts in cost worker processes with the collector exposed, shrinks each case over
 * its bound, measures it again in a fresh process before it counts (a figure this machine's noise
 * made is dropped, and said so; a hang that computed its whole timeout as the first case of a fresh
 * process counts as it is, see {@link Suspect}), measures the same case on a context side (the runtime's native
 * Headers, or the reference when the candidate is native) for the report, and writes a
 * self-contained reproduction per finding. A process that dies or stalls in a case is itself a
 * finding (crash, abort, out of memory, hang) with that case as its reproduction.
 *
 * @example
 * ```ts
 * import { runCostStage } from "./stage.ts";
 * const report = await runCostStage({
 *   target: "impl", targetArg: "impl", seed: 1, knownDivergences: [],
 *   costs: { sections: ["retained"], factor: 10 }, costTimeoutSeconds: 10,
 * }, "/tmp/out", () => false, { deadline: Date.now() + 60_000, measureContext: false });
 * console.log(report.findings.length);
 * ```
 *
 * @module
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PropertyName } from "../corpus/failure.ts";
import { COUNTEREXAMPLE_DIR } from "../corpus/corpus.ts";
import { EXIT_COUNTEREXAMPLE, EXIT_OK, EXIT_USAGE } from "../core/exit.ts";
import { shortHash } from "../core/hash.ts";
import { lastWords, processEnd } from "../core/stage_process.ts";
import type { Stage, StageRun } from "../core/stage.ts";
import { everyKey } from "../core/stage.ts";
import type { CostFinding, CostReport } from "./report.ts";
import { costReportLines } from "./report.ts";
import type { CostSettings } from "./cases.ts";
import { caseKey, classOf, costCases, describeCase } from "./cases.ts";
import type { CostCase, CostFigures } from "./probes.ts";
import type { CostResult, CostWorkerConfig } from "./cost_worker.ts";
import { renderCostReproduction } from "./reproduction.ts";
import type { RuntimeBinary } from "../targets/runtime.ts";
import {
  runtime,
  start,
  workerEnvironment,
  workerRuntimeName,
  writeErr,
} from "../targets/runtime.ts";
import { runtimeKindOf } from "../core/runtime_kinds.ts";
import { kindOf } from "../targets/kinds.ts";
import { candidateUrlOf, moduleUrl, REFERENCE_URL } from "../targets/targets.ts";

export type { CostFinding, CostReport } from "./report.ts";

/** The command-line options the cost stage reads (properties/campaign/cli_args.ts). */
export interface CostStageOptions {
  /** "impl", "native", or the candidate's absolute path. */
  target: string;
  /** The target as typed. */
  targetArg: string;
  seed: number;
  knownDivergences: string[];
  /** The reference's absolute path (or URL), when not the default. */
  reference?: string;
  /** The runtime the workers run under. */
  runtime?: RuntimeBinary;
  /** The sections and growth factor (`--costs`, `--cost-factor`). */
  costs: CostSettings;
  costTimeoutSeconds: number;
  /** The folder for reproductions (default: properties/corpus/corpus.ts `COUNTEREXAMPLE_DIR`). */
  out?: string;
  /** A replay of an answer case (`--path`): the stage does not run. */
  path?: string;
  /** A replay of a wire case (`--wire-path`): the stage does not run. */
  wirePath?: string;
  /** Exact phases (`--phases`): the stage does not run. */
  phases?: { property: PropertyName; runs: number }[];
}

/** The keys of {@link CostStageOptions}, every one. */
const COST_READS = everyKey<CostStageOptions>()(
  "target",
  "targetArg",
  "seed",
  "knownDivergences",
  "reference",
  "runtime",
  "costs",
  "costTimeoutSeconds",
  "out",
  "path",
  "wirePath",
  "phases",
);

const COST_WORKER = fileURLToPath(new URL("./cost_worker.ts", import.meta.url));

/** The command that runs a cost worker under `binary` with its collector exposed. */
export function costWorkerCommand(binary: RuntimeBinary, configFile: string): string[] {
  const kind = runtimeKindOf(binary.name);
  return [binary.execPath, ...kind.scriptArgs, ...kind.exposeGc, COST_WORKER, configFile];
}

/** How one cost worker process ended. */
interface CostRun {
  results: CostResult[];
  /** The case in progress when the process died or was killed, else null. */
  stoppedIn: number | null;
  /** How it stopped there: killed after the case timeout, or died on its own. */
  stop: string;
  /**
   * It was killed for computing the case timeout's CPU seconds without a result: a figure load
   * cannot make (a busy machine stretches wall time, not the CPU time a case needs).
   */
  computedPastTimeout: boolean;
  loadError: { url: string; detail: string } | null;
  /** The built-ins the candidate replaced when it loaded (nothing was measured), else null. */
  replacedBuiltins: string[] | null;
  /** The first case not measured because the stage's share of `--time` ran out, else null. */
  outOfTimeAt: number | null;
}

/** A case with no result after this many times its timeout in wall time hangs, computing or not. */
export const WALL_TIMEOUT_FACTOR = 3;

/** Seconds a cost worker may take to load its side beyond the case timeout. */
const LOAD_GRACE_SECONDS = 30;

/** How long a cost worker that has every result may take to end before it is ended. */
const EXIT_GRACE_MS = 5000;

/**
 * CPU seconds process `pid` has used (user and system, all its threads), from Linux's
 * `/proc/PID/stat`; null where that cannot be read.
 */
export function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the parenthesized command name: 3 (state) onwards; utime and stime are 14, 15,
    // in clock ticks of 1/100 s (USER_HZ on Linux).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The URL a cost worker loads for `side` (see {@link CostWorkerConfig.side}). */
function sideUrl(side: string): string {
  return side.startsWith("reference:") ? side.slice("reference:".length) : candidateUrlOf(side)!;
}

/**
 * Runs `cases` on `side` in a fresh cost worker. A measurement (a case, or a trial of its
 * shrinking) hangs when its process computes `timeoutMs` of CPU time without a result, or has no
 * result after {@link WALL_TIMEOUT_FACTOR} times `timeoutMs` of wall time (a process that blocks,
 * or one the machine is too busy to run). At `deadline` (epoch milliseconds: the end of the
 * stage's share of `--time`) the process is ended and the case in progress is not measured.
 */
async function runCostWorker(
  binary: RuntimeBinary,
  side: string,
  cases: CostCase[],
  shrink: boolean,
  timeoutMs: number,
  deadline = Infinity,
): Promise<CostRun> {
  const dir = mkdtempSync(join(tmpdir(), "headerproof-costs-"));
  const configFile = join(dir, "config.json");
  const config: CostWorkerConfig = { side, cases, shrink };
  writeFileSync(configFile, JSON.stringify(config));
  const run: CostRun = {
    results: [],
    stoppedIn: null,
    stop: "",
    computedPastTimeout: false,
    loadError: null,
    replacedBuiltins: null,
    outOfTimeAt: null,
  };
  let harnessError: string | null = null;
  let current: number | null = null;
  const started = Date.now();
  let lastActivity = started;
  let cpuAtActivity: number | null = null;
  let ready = false;
  let killedForHang = false;
  let killedForTime = false;
  let stderr = "";
  let child: ChildProcess;
  try {
    child = start(costWorkerCommand(binary, configFile), workerEnvironment(binary));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`cannot start a cost worker: ${(error as Error).message}`);
  }
  let pending = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk;
    let newline;
    while ((newline = pending.indexOf("\n")) !== -1) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      const space = line.indexOf(" ");
      const kind = space === -1 ? line : line.slice(0, space);
      const rest = line.slice(space + 1);
      lastActivity = Date.now();
      cpuAtActivity = child.pid === undefined ? null : cpuSecondsOf(child.pid);
      // The candidate shares the worker's standard output: a protocol-like line of its own that
      // does not parse is its output, kept with the process's last words.
      try {
        if (kind === "ready") ready = true;
        else if (kind === "case") current = Number(rest);
        else if (kind === "result") {
          run.results.push(JSON.parse(rest) as CostResult);
          current = null;
        } else if (kind === "load-error") run.loadError = JSON.parse(rest);
        else if (kind === "builtins") run.replacedBuiltins = JSON.parse(rest) as string[];
        else if (kind === "harness-error") harnessError = JSON.parse(rest) as string;
      } catch {
        stderr = (stderr + `(unreadable line on standard output: ${line})\n`).slice(-4000);
      }
    }
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const timer = setInterval(() => {
    if (child.exitCode !== null || killedForHang || killedForTime) return;
    const now = Date.now();
    if (now >= deadline) {
      killedForTime = true;
      child.kill("SIGKILL");
      return;
    }
    const finished = run.results.length === cases.length || run.replacedBuiltins !== null;
    if (finished && now - lastActivity > EXIT_GRACE_MS) {
      child.kill("SIGKILL");
      return;
    }
    const wallLimit = ready
      ? WALL_TIMEOUT_FACTOR * timeoutMs
      : timeoutMs + LOAD_GRACE_SECONDS * 1000;
    const cpu = child.pid === undefined ? null : cpuSecondsOf(child.pid);
    run.computedPastTimeout = ready && current !== null && cpu !== null &&
      cpuAtActivity !== null && (cpu - cpuAtActivity) * 1000 > timeoutMs;
    if (run.computedPastTimeout || now - lastActivity > wallLimit) {
      killedForHang = true;
      child.kill("SIGKILL");
    }
  }, 100);
  const { code, signal } = await new Promise<{ code: number | null; signal: string | null }>(
    (resolve) => {
      child.on("error", (error) => {
        harnessError ??= `cannot start a cost worker: ${error.message}`;
        if (child.pid === undefined) resolve({ code: null, signal: null });
      });
      child.on("close", (code, signal) => resolve({ code, signal: signal ?? null }));
    },
  );
  clearInterval(timer);
  rmSync(dir, { recursive: true, force: true });
  if (run.loadError !== null || run.replacedBuiltins !== null) return run;
  if (!ready && killedForTime) {
    run.outOfTimeAt = 0;
    return run;
  }
  if (harnessError !== null) throw new Error(harnessError);
  if (!ready) {
    const waited = ((Date.now() - started) / 1000).toFixed(0);
    run.loadError = {
      url: sideUrl(side),
      detail: killedForHang
        ? `loading the module did not finish: stopped after ${waited} s`
        : `the process ended while loading the module (exit code ${code}, signal ${signal}): ${
          lastWords(stderr)
        }`,
    };
    return run;
  }
  if (killedForTime && run.results.length < cases.length) {
    run.outOfTimeAt = current ?? run.results.length;
  } else if (current !== null || run.results.length < cases.length) {
    // A process that stops between cases (a timer of the candidate's may end it) stops in the
    // next one.
    run.stoppedIn = current ?? run.results.length;
    run.stop = killedForHang
      ? run.computedPastTimeout
        ? `no result after ${timeoutMs / 1000} s of CPU time (a hang)`
        : `no result within ${WALL_TIMEOUT_FACTOR * timeoutMs / 1000} s (a hang)`
      : `the process died (${processEnd(code, signal)}): ${lastWords(stderr)}`;
  }
  return run;
}

/** A case over its bound, or one whose process stopped in it. */
interface Suspect {
  costCase: CostCase;
  figures: CostFigures;
  /** "crash": the process stopped in the case; "answer": figures over the bound. */
  problem: "crash" | "answer";
  /**
   * The first case of a fresh process, it computed the case timeout's CPU seconds without a
   * result: measuring it again in a fresh process would repeat that very run, and load cannot make
   * CPU time, so it counts as confirmed.
   */
  confirmedHang: boolean;
}

/** What {@link measureAll} found. */
interface Measured {
  suspects: Suspect[];
  loadError: CostRun["loadError"];
  replacedBuiltins: string[] | null;
  /** The cases not measured, and why. */
  skipped: CostCase[];
  skippedWhy: string;
  /** The cases that do not apply to the side, and why. */
  notApplicable: CostReport["notApplicable"];
}

/** Why cases are left when the stage's share of `--time` ran out. */
const OUT_OF_TIME = "not measured: the stage's share of --time ran out";

/**
 * After this many cases that stopped a process (a hang or a crash), the stage measures no more:
 * the candidate's problem is found, and each further stop would cost a case timeout.
 */
export const MAX_STOPPED_CASES = 3;

/** Why cases are left after {@link MAX_STOPPED_CASES} stops. */
const STOPPED_ENOUGH =
  `not measured: the candidate already stopped ${MAX_STOPPED_CASES} cases (hang or crash)`;

/**
 * Runs every case of `cases` on `side`, a fresh process after each one a process stopped in;
 * none after `deadline`.
 */
async function measureAll(
  binary: RuntimeBinary,
  side: string,
  cases: CostCase[],
  shrink: boolean,
  timeoutMs: number,
  deadline: number,
  stoppedBefore: number,
): Promise<Measured> {
  const measured: Measured = {
    suspects: [],
    loadError: null,
    replacedBuiltins: null,
    skipped: [],
    skippedWhy: OUT_OF_TIME,
    notApplicable: [],
  };
  let remaining = cases;
  let stops = stoppedBefore;
  while (remaining.length > 0) {
    if (Date.now() >= deadline || stops >= MAX_STOPPED_CASES) {
      measured.skipped = remaining;
      measured.skippedWhy = stops >= MAX_STOPPED_CASES ? STOPPED_ENOUGH : OUT_OF_TIME;
      break;
    }
    const run = await runCostWorker(binary, side, remaining, shrink, timeoutMs, deadline);
    if (run.loadError !== null) return { ...measured, loadError: run.loadError };
    if (run.replacedBuiltins !== null) {
      return { ...measured, replacedBuiltins: run.replacedBuiltins, skipped: remaining };
    }
    for (const result of run.results) {
      if (result.figures.notApplicable !== undefined) {
        measured.notApplicable.push({
          key: caseKey(result.costCase),
          why: result.figures.notApplicable,
        });
      }
      if (result.figures.over) {
        measured.suspects.push({
          costCase: result.costCase,
          figures: result.figures,
          problem: "answer",
          confirmedHang: false,
        });
      }
    }
    if (run.outOfTimeAt !== null) {
      measured.skipped = remaining.slice(run.outOfTimeAt);
      break;
    }
    if (run.stoppedIn === null) break;
    const stopped = remaining[run.stoppedIn];
    measured.suspects.push({
      costCase: stopped,
      figures: { over: true, problem: run.stop, lines: [run.stop] },
      problem: "crash",
      confirmedHang: run.computedPastTimeout && run.stoppedIn === 0,
    });
    remaining = remaining.slice(run.stoppedIn + 1);
    stops++;
  }
  return measured;
}

/** The side the campaign's candidate is, for a cost worker. */
function candidateSide(options: CostStageOptions): string {
  return kindOf(options.targetArg).byName ? options.target : moduleUrl(options.target);
}

/** The context side and its name: the runtime's native Headers, or the reference for native. */
function contextSide(options: CostStageOptions): { side: string; name: string } {
  const binary = options.runtime ?? runtime;
  if (!kindOf(options.targetArg).hostGlobals) {
    return { side: "native", name: `native ${binary.name} ${binary.version}` };
  }
  const reference = options.reference === undefined ? REFERENCE_URL : moduleUrl(options.reference);
  return { side: `reference:${reference}`, name: "the reference (spec/, naive on purpose)" };
}

/** The specifier a reproduction imports the candidate by, or null for native. */
function candidateSpecifier(options: CostStageOptions): string | null {
  return candidateUrlOf(options.target);
}

/** How far one run of {@link runCostStage} goes, beside the candidate's own measurements. */
export interface CostStageBounds {
  /**
   * Epoch milliseconds (the end of the stage's share of `--time`) after which no case is measured:
   * the cases left are listed in the report's `skipped`. Default: no deadline.
   */
  deadline?: number;
  /**
   * Whether a finding's case is measured again on the context side (the runtime's native Headers,
   * or the reference for native) for the report. False for a caller that reads only the findings
   * (the kill table): the finding's context and reproduction then say it was not measured.
   * Default: true.
   */
  measureContext?: boolean;
}

/**
 * Runs the cost stage of a campaign with `options` (base seed `options.seed`); writes the
 * reproductions into `outDir`. The cases `known` covers (the known cost classes in force, from
 * the caller) are not measured. `bounds` gives the deadline and whether findings are measured on
 * the context side ({@link CostStageBounds}).
 */
export async function runCostStage(
  options: CostStageOptions,
  outDir: string,
  known: (costCase: CostCase) => boolean,
  bounds: CostStageBounds = {},
): Promise<CostReport> {
  const { deadline = Infinity, measureContext = true } = bounds;
  const started = Date.now();
  const binary = options.runtime ?? runtime;
  const timeoutMs = options.costTimeoutSeconds * 1000;
  const cases = costCases(options.costs, options.seed)
    .filter((costCase) => !known(costCase));
  const side = candidateSide(options);
  const report: CostReport = {
    elapsedMs: 0,
    cases: cases.length,
    findings: [],
    unconfirmed: [],
    loadError: null,
    replacedBuiltins: null,
    skipped: [],
    notApplicable: [],
  };
  const skip = (costCase: CostCase, why: string) =>
    report.skipped.push(`${describeCase(costCase)[0]}: ${why}`);
  const large = cases.filter((costCase) => costCase.probe === "large");
  const shared = cases.filter((costCase) => costCase.probe !== "large");
  const first = await measureAll(binary, side, shared, true, timeoutMs, deadline, 0);
  if (first.loadError !== null || first.replacedBuiltins !== null) {
    report.loadError = first.loadError;
    report.replacedBuiltins = first.replacedBuiltins;
    return { ...report, elapsedMs: Date.now() - started };
  }
  first.skipped.forEach((costCase) => skip(costCase, first.skippedWhy));
  report.notApplicable.push(...first.notApplicable);
  const suspects = [...first.suspects];
  // Each large input in a process of its own: one that aborts must not hide the others.
  for (const costCase of large) {
    const stopped = suspects.filter((suspect) => suspect.problem === "crash").length;
    const measured = await measureAll(
      binary,
      side,
      [costCase],
      false,
      timeoutMs,
      deadline,
      stopped,
    );
    suspects.push(...measured.suspects);
    measured.skipped.forEach((skipped) => skip(skipped, measured.skippedWhy));
  }
  const contextOf = contextSide(options);
  for (const suspect of suspects) {
    const confirmed = suspect.confirmedHang
      ? { figures: suspect.figures, problem: suspect.problem }
      : await measureOnce(binary, side, suspect.costCase, timeoutMs, deadline);
    if ("outOfTime" in confirmed) {
      skip(
        suspect.costCase,
        `${suspect.figures.lines.join(" ")} (not measured again in a fresh process: the stage's ` +
          "share of --time ran out)",
      );
      continue;
    }
    if (!("figures" in confirmed) || !confirmed.figures.over) {
      report.unconfirmed.push(
        `${describeCase(suspect.costCase)[0]}: ${suspect.figures.lines.join(" ")} ` +
          "(within its bound when measured again in a fresh process)",
      );
      continue;
    }
    // The reference is naive on purpose (linear scans): its speed is no context for a step's
    // growth or a large input, only its memory is.
    const timed = suspect.costCase.probe === "growth" || suspect.costCase.probe === "large";
    const contextRun = !measureContext || (!kindOf(contextOf.side).hostGlobals && timed)
      ? null
      : await measureOnce(binary, contextOf.side, suspect.costCase, timeoutMs, deadline);
    const contextLines = contextRun === null
      ? [
        measureContext
          ? "(not measured: the reference is naive on purpose, its speed is no context)"
          : "(not measured: the caller asked for no context)",
      ]
      : "outOfTime" in contextRun
      ? ["(not measured: the stage's share of --time ran out)"]
      : "figures" in contextRun
      ? contextRun.figures.lines
      : [`(cannot load ${contextOf.name}: ${contextRun.loadError.detail})`];
    const costClass = classOf(suspect.costCase, confirmed.problem);
    const finding: Omit<CostFinding, "reproduction"> = {
      costClass,
      key: caseKey(suspect.costCase),
      costCase: suspect.costCase,
      steps: describeCase(suspect.costCase),
      figures: confirmed.figures,
      context: { side: contextOf.name, lines: contextLines },
    };
    const name = `${
      options.targetArg.replace(/^.*\//, "").replace(/[^A-Za-z0-9]+/g, "-")
    }-${binary.name}-cost-${costClass}-${shortHash(JSON.stringify(suspect.costCase))}.mjs`;
    const reproduction = join(outDir, name);
    mkdirSync(outDir, { recursive: true });
    writeFileSync(
      reproduction,
      renderCostReproduction({
        specifier: candidateSpecifier(options),
        title: [
          `headerproof cost counterexample: ${costClass}`,
          `target ${options.targetArg}, ${workerRuntimeName(options)}`,
          ...finding.steps,
          "the campaign measured:",
          ...finding.figures.lines.map((line) => `  ${line}`),
          `${contextOf.name} measured:`,
          ...contextLines.map((line) => `  ${line}`),
        ],
        costCase: suspect.costCase,
      }),
    );
    report.findings.push({ ...finding, reproduction });
  }
  return { ...report, elapsedMs: Date.now() - started };
}

/**
 * `costCase` measured once on `side` ("impl", "native", a module URL, or "reference:URL") in a
 * fresh process under `binary`, the case under `timeoutMs` (a stop in it is a crash); not at all
 * when `deadline` comes first.
 */
export async function measureOnce(
  binary: RuntimeBinary,
  side: string,
  costCase: CostCase,
  timeoutMs: number,
  deadline = Infinity,
): Promise<
  { figures: CostFigures; problem: "crash" | "answer" } | {
    loadError: NonNullable<CostRun["loadError"]>;
  } | { outOfTime: true }
> {
  if (Date.now() >= deadline) return { outOfTime: true };
  const run = await runCostWorker(binary, side, [costCase], false, timeoutMs, deadline);
  if (run.loadError !== null) return { loadError: run.loadError };
  if (run.outOfTimeAt !== null) return { outOfTime: true };
  if (run.stoppedIn !== null || run.replacedBuiltins !== null) {
    const stop = run.stop ||
      `the candidate replaced built-ins: ${run.replacedBuiltins!.join(", ")}`;
    return { figures: { over: true, problem: stop, lines: [stop] }, problem: "crash" };
  }
  return { figures: run.results[0].figures, problem: "answer" };
}

/**
 * Runs the cost stage with a line on standard error before and after; it starts no process after
 * `end`. A candidate that cannot be loaded ends the campaign with exit status 2.
 */
async function runStage(
  options: CostStageOptions,
  known: (costCase: CostCase) => boolean,
  end: number,
): Promise<StageRun<CostReport>> {
  writeErr(`cost stage: ${options.costs.sections.join(", ")} (--costs none skips it)\n`);
  const report = await runCostStage(options, options.out ?? COUNTEREXAMPLE_DIR, known, {
    deadline: end,
  });
  writeErr(
    `cost stage: ${report.cases} cases in ${(report.elapsedMs / 1000).toFixed(1)} s, ` +
      `${report.findings.length} finding(s)${
        report.skipped.length === 0 ? "" : `, ${report.skipped.length} skipped`
      }\n`,
  );
  if (report.loadError) {
    writeErr(`cannot load the candidate ${report.loadError.url}:\n${report.loadError.detail}\n`);
    return { exit: EXIT_USAGE };
  }
  return { report };
}

/**
 * The cost stage, first in a campaign (not in a replay or under `--phases`): 40% of `--time`,
 * its report the `costs` section of the `--json` summary. `skipped` gives, for the names of
 * `--known-divergences`, the cases the known cost classes among them cover (properties/classes/):
 * those are not measured.
 */
export const costStage = (
  skipped: (names: readonly string[]) => (costCase: CostCase) => boolean,
): Stage<CostStageOptions, CostReport> => ({
  name: "costs",
  label: "cost stage",
  reads: COST_READS,
  share: 0.4,
  runs: (options) =>
    options.path === undefined && options.wirePath === undefined &&
    options.phases === undefined && options.costs.sections.length > 0,
  run: (options, _started, end) => runStage(options, skipped(options.knownDivergences), end),
  report: {
    section: {
      lines: costReportLines,
      foundLine: "no answer divergence found (cost findings below)",
      junitFailure: (report) =>
        report.findings.length === 0
          ? null
          : `cost: ${report.findings.map((finding) => finding.costClass).join(", ")}`,
    },
    fields: (report) => ({ costs: report }),
    entryPoints: () => [],
    partial: (report) =>
      report.skipped.length === 0
        ? []
        : [`cost stage: ${report.skipped.length} case(s) not measured (listed below)`],
    exit: (report) => report.findings.length > 0 ? EXIT_COUNTEREXAMPLE : EXIT_OK,
  },
});
