/**
 * The wire stage of a campaign (coordinator side; it never runs candidate code itself): runs the
 * wire property (wire_property.ts, through cli.ts) in a process of its own under the campaign's
 * runtime, and turns its result into the campaign's report: the Headers divergence as a
 * counterexample with its seed, path, bytes and replay command; parser divergences apart (never a
 * failure by themselves); the known wire classes it counted. `--target native` exercises the
 * runtime's own server and fetch() on 127.0.0.1; a module target, its `headersFromRawList`.
 *
 * @example
 * ```ts
 * import { runWireStage } from "./stage.ts";
 * const report = await runWireStage({
 *   target: "impl", targetArg: "impl", seed: 1, knownDivergences: [], record: false,
 * });
 * console.log(report.divergence === null);
 * ```
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { EXIT_COUNTEREXAMPLE, EXIT_OK, EXIT_USAGE } from "../core/exit.ts";
import type { PropertyName } from "../corpus/failure.ts";
import type { ExchangeStageOptions, ExchangeStageReport, Stage, StageRun } from "../core/stage.ts";
import { everyKey } from "../core/stage.ts";
import type { CorpusEntry } from "../corpus/corpus.ts";
import { CORPUS_DIR, COUNTEREXAMPLE_DIR, writeCorpusEntry } from "../corpus/corpus.ts";
import { shortHash } from "../core/hash.ts";
import type { Op } from "../oracle/ops.ts";
import { candidateSource, shellWord } from "../targets/candidate.ts";
import type { CandidateSource } from "../core/reproduction.ts";
import { runOnlyUnder } from "../core/reproduction.ts";
import { lastWords, processEnd, runStageProcess } from "../core/stage_process.ts";
import { kindOf } from "../targets/kinds.ts";
import type { RuntimeBinary } from "../targets/runtime.ts";
import {
  commandLine,
  runtime,
  selfCommand,
  workerEnvironment,
  workerRuntimeName,
  writeErr,
} from "../targets/runtime.ts";
import { candidateUrlOf } from "../targets/targets.ts";
import { probedNames } from "./field_lines.ts";
import { renderWireReproduction, shownBytes } from "./reproduction.ts";
import type {
  ParserDivergence,
  WireDivergence,
  WireExchangeStart,
  WirePropertyResult,
} from "./wire_property.ts";
import {
  EXCHANGE_END_LINE,
  EXCHANGE_LINE_PREFIX,
  EXCHANGE_TIMEOUT_MS,
  guardOf,
  referenceListOf,
  RUNTIME_EXCHANGE_HANG_MS,
  wireStop,
} from "./wire_property.ts";

/** The wire CLI's entry point: cli.ts given the wire classes (properties/classes/). */
const WIRE_CLI = fileURLToPath(new URL("../campaign/wire_cli.ts", import.meta.url));

/** Heads a wire stage generates on the runtime's server and fetch() (two exchanges each). */
export const NATIVE_WIRE_RUNS = 200;
/** Heads a wire stage feeds a module's `headersFromRawList` (no network: about 1 ms each). */
export const MODULE_WIRE_RUNS = 500;

/** What the wire stage did, in the campaign's report (`Summary.wire`). */
export interface WireReport extends ExchangeStageReport {
  /**
   * The Headers divergence, shrunk, with its path, replay command and reproduction file; null
   * when none.
   */
  divergence: WireCounterexample | null;
  /** Parser divergences: heads one of the runtime's parser and the reference rejects. */
  parserDivergences: WirePropertyResult["parserDivergences"];
  parserDivergenceCount: number;
  /**
   * The h2 ends exercised (the runtime's h2c server, its fetch() over h2; a module's
   * headersFromRawList fed h2 field lists) or why not, and the h2 heads generated; null when
   * the stage gave no result.
   */
  h2: WirePropertyResult["h2"] | null;
}

/** A Headers divergence of the wire stage, as the campaign reports it. */
export interface WireCounterexample extends WireDivergence {
  /** fast-check's path of the shrunk case under the stage's seed. */
  path: string;
  /** The command that replays it in a fresh process (`--seed S --wire-path P`). */
  replay: string;
  /** The self-contained reproduction (reproduction.ts) in the campaign's output folder. */
  reproduction: string;
  /**
   * Whether its seed and path, replayed alone in a fresh process before it was reported, brought
   * it back ("alone") or not ("never": the candidate is not deterministic); absent when the stage
   * itself was that replay (`--wire-path`).
   */
  replays?: "alone" | "never";
  /** Its entry in the committed regression corpus (`--record`), or null. */
  recorded: string | null;
}

/** The command-line options the wire stage reads (properties/campaign/cli_args.ts). */
export interface WireStageOptions extends ExchangeStageOptions {
  /** The runtime the stage's process runs under. */
  runtime?: RuntimeBinary;
  knownDivergences: string[];
  /** Whether `knownDivergences` came from "auto". */
  knownDivergencesAuto?: boolean;
  /** Also add the counterexample to the committed regression corpus. */
  record: boolean;
  /** Whether the stage runs (`--wire on|none`). */
  wire?: boolean;
  /** Exact phases (`--phases`): the stage does not run. */
  phases?: { property: PropertyName; runs: number }[];
}

/** The keys of {@link WireStageOptions}, every one. */
const WIRE_READS = everyKey<WireStageOptions>()(
  "target",
  "targetArg",
  "seed",
  "runs",
  "knownDivergences",
  "knownDivergencesAuto",
  "out",
  "record",
  "runtimeArg",
  "runtime",
  "wirePath",
  "wire",
  "path",
  "phases",
);

/** The candidate module could not be loaded (a usage error, as in the other stages). */
export class WireLoadError extends Error {
  readonly url: string;
  readonly detail: string;
  /** The module at `url` failed to load: `detail`. */
  constructor(url: string, detail: string) {
    super(`cannot load the candidate ${url}: ${detail}`);
    this.url = url;
    this.detail = detail;
  }
}

/**
 * The `--known-classes` value of the wire CLI for the campaign's `--known-divergences`, `wire`
 * the names of every wire class.
 */
function knownClassesArg(options: WireStageOptions, wire: readonly string[]): string {
  // A module's headersFromRawList has no known classes; an HTTP client's own (undici's, whose
  // Headers are a runtime's) has its runtime's.
  const kind = kindOf(options.targetArg);
  if (!kind.hostGlobals && kind.headersOf === null) return "none";
  // "auto" before or after the coordinator resolved it to the runtime's class names.
  if (options.knownDivergencesAuto || options.knownDivergences[0] === "auto") return "auto";
  // "all": every wire class; named classes: those of the wire's that share a name with one named.
  const named = options.knownDivergences.includes("all")
    ? wire
    : wire.filter((name) => options.knownDivergences.includes(name));
  return named.length === 0 ? "none" : named.join(",");
}

/** Seconds the wire stage's process may take without `--time` (no end to its share). */
const WIRE_SECONDS_UNBOUNDED = 30;

/**
 * The `--time` of the wire stage's process started at `now` that must end by `deadline` (epoch
 * milliseconds, the end of its share of `--time` in the campaign's plan): what is left of it less
 * a second for starting the process and loading the module (at least 0.1 s); without an end,
 * {@link WIRE_SECONDS_UNBOUNDED}.
 */
export function wireSecondsBy(deadline: number, now = Date.now()): number {
  return deadline === Infinity
    ? WIRE_SECONDS_UNBOUNDED
    : Math.max(0.1, (deadline - now) / 1000 - 1);
}

/**
 * Heads the wire stage generates: {@link NATIVE_WIRE_RUNS} or {@link MODULE_WIRE_RUNS}, or
 * `--runs` when that is fewer.
 */
export function wireRuns(options: WireStageOptions): number {
  const most = kindOf(options.targetArg).hostGlobals ? NATIVE_WIRE_RUNS : MODULE_WIRE_RUNS;
  return Math.min(options.runs ?? most, most);
}

/** The command that replays a wire divergence of `seed` at `path` in a fresh process. */
export function wireReplayCommand(options: WireStageOptions, seed: number, path: string): string {
  const parts = [
    "--target",
    options.targetArg,
    ...(options.runtimeArg === undefined ? [] : ["--runtime", options.runtimeArg]),
    ...(options.knownDivergencesAuto
      ? ["--known-divergences", "auto"]
      : options.knownDivergences.length > 0
      ? ["--known-divergences", options.knownDivergences.join(",")]
      : []),
    // parseArgs reads "--seed -5" as a missing value, so a negative seed is written inline.
    ...(seed < 0 ? [`--seed=${seed}`] : ["--seed", String(seed)]),
    "--wire-path",
    path,
  ];
  return [commandLine(), ...parts.map(shellWord)].join(" ");
}

/**
 * What cli.ts printed: the property's result, or why nothing was fuzzed or loaded; or why its
 * process gave no result (`stopped`: ended at the deadline, or by the candidate).
 */
type WireCliResult = Partial<WirePropertyResult> & {
  notFuzzed?: string;
  loadError?: { url: string; detail: string };
  stopped?: string;
};

/** Seconds the wire CLI's process may run beyond its `--time` before it is stopped. */
const WIRE_GRACE_SECONDS = 60;

/**
 * Runs cli.ts for `options` (its seed; `options.wirePath` replays one case; `known` its
 * `--known-classes`) in a process of its
 * own under the campaign's runtime; returns what it printed. The process is stopped at `deadline`
 * (epoch milliseconds) or {@link WIRE_GRACE_SECONDS} after its `--time`, but a candidate module's
 * exchange in progress then gets the rest of its {@link EXCHANGE_TIMEOUT_MS}; one that does not
 * return within it (a runtime's h2 exchange: {@link RUNTIME_EXCHANGE_HANG_MS}) stops the process
 * and is returned as a "hang" divergence with its path; a process that ends by itself during an
 * exchange is a "crash" divergence of that exchange. Throws for a harness failure.
 */
async function runWireCli(
  options: WireStageOptions,
  known: string,
  deadline = Infinity,
): Promise<WireCliResult> {
  const binary = options.runtime ?? runtime;
  const started = Date.now();
  const seconds = wireSecondsBy(deadline, started);
  // A runtime's own exchanges (h2) are bounded inside; a module's call is bounded here.
  const runtimeExchanges = kindOf(options.targetArg).hostGlobals;
  const hangMs = runtimeExchanges ? RUNTIME_EXCHANGE_HANG_MS : EXCHANGE_TIMEOUT_MS;
  const args = [
    "--target",
    options.target,
    "--seed",
    String(options.seed),
    "--runs",
    String(wireRuns(options)),
    "--time",
    String(seconds),
    "--known-classes",
    known,
    ...(options.wirePath === undefined ? [] : ["--path", options.wirePath]),
  ];
  // The candidate's last exchange, whether it is in progress, the one that hung, the heads fed.
  let exchange: WireExchangeStart | null = null;
  let inProgress = false;
  let overdue = false;
  let hung: WireExchangeStart | null = null;
  let heads = 0;
  let exchangeTimer: ReturnType<typeof setTimeout> | undefined;
  // Every line but the exchange lines is kept: the candidate's own output, then the result (the
  // last). Every exchange and the property itself are bounded inside; the limit guards the
  // process (a module that never finishes loading, a candidate's call that never returns).
  const run = await runStageProcess(
    selfCommand(WIRE_CLI, args, binary),
    workerEnvironment(binary),
    {
      limitMs: Math.min((seconds + WIRE_GRACE_SECONDS) * 1000, deadline - started + 2000),
      onLine(line, control) {
        if (line.startsWith(EXCHANGE_LINE_PREFIX)) {
          const next = JSON.parse(line.slice(EXCHANGE_LINE_PREFIX.length)) as WireExchangeStart;
          if (next.path !== exchange?.path) heads++;
          exchange = next;
          inProgress = true;
          clearTimeout(exchangeTimer);
          exchangeTimer = setTimeout(() => {
            hung = next;
            control.kill();
          }, hangMs);
          return false;
        }
        if (line === EXCHANGE_END_LINE) {
          inProgress = false;
          clearTimeout(exchangeTimer);
          if (overdue) control.kill();
          return false;
        }
        return true;
      },
      onLimit(control) {
        overdue = true;
        // A candidate's exchange in progress ends by its own time-out (or when it returns).
        if (!inProgress) control.kill();
      },
    },
  );
  clearTimeout(exchangeTimer);
  const { code, signal, stderr, killed, startFailed } = run;
  if (hung !== null) {
    const found: WireExchangeStart = hung;
    return {
      runs: heads,
      divergence: wireStop(
        found,
        "hang",
        runtimeExchanges
          ? `the runtime's h2 exchange did not end within ${hangMs / 1000} s, its own time-out ` +
            `${EXCHANGE_TIMEOUT_MS / 1000} s (the wire stage stopped its process)`
          : `${found.h2Fields === true ? "headersFromH2Fields" : "headersFromRawList"} of ` +
            `${options.targetArg}, or reading the Headers it returned, did not return within ` +
            `${hangMs / 1000} s (the wire stage stopped its process)`,
      ),
      path: found.path,
    };
  }
  // The process ended by itself during an exchange: a crash of that exchange.
  const crashed = exchange as WireExchangeStart | null;
  if (run.result === undefined && !killed && !startFailed && inProgress && crashed !== null) {
    return {
      runs: heads,
      divergence: wireStop(
        crashed,
        "crash",
        `the process ended during this exchange (${processEnd(code, signal)}): ${
          lastWords(stderr)
        }`,
      ),
      path: crashed.path,
    };
  }
  if (run.result === undefined) {
    const waited = ((Date.now() - started) / 1000).toFixed(0);
    if (killed) {
      return {
        stopped: `stopped after ${waited} s with no result (the candidate ${options.targetArg} ` +
          `made no progress, or the stage's share of --time ran out)`,
      };
    }
    // Exit status 2 with a result-less stdout is cli.ts's own harness error; any other end
    // without a result is the candidate's doing (it ended the process).
    if (code !== 2 && !startFailed) {
      return {
        stopped: `the process running the candidate ${options.targetArg} ended with exit code ` +
          `${code}, signal ${signal} and no result after ${waited} s: ${lastWords(stderr)}`,
      };
    }
    throw new Error(
      `the wire stage (${binary.name} ${WIRE_CLI}) ended with exit code ${code}, signal ${signal}` +
        ` and no result: ${stderr.trim() || "(no output)"}`,
    );
  }
  const result = run.result as WireCliResult;
  if (result.loadError !== undefined) return result;
  if ((code !== 0 && code !== 1) || (code === 1) !== (result.divergence != null)) {
    throw new Error(`the wire stage exited ${code}: ${stderr.trim() || run.stdout.trim()}`);
  }
  return result;
}

/**
 * Whether `divergence` comes back when its seed and path are replayed alone in a fresh process
 * (the same side and field lines diverge again): "alone", else "never".
 */
async function replayedAlone(
  options: WireStageOptions,
  known: string,
  divergence: WireDivergence,
  path: string,
  deadline: number,
): Promise<"alone" | "never"> {
  const again = (await runWireCli({ ...options, wirePath: path }, known, deadline)).divergence ??
    null;
  return again !== null && again.side === divergence.side &&
      JSON.stringify(caseLines(again)) === JSON.stringify(caseLines(divergence))
    ? "alone"
    : "never";
}

/**
 * The field lines that make a divergence's case: an h2 request's `:authority` and `:path` name the
 * port and the number of the process's own server and request, and are left out.
 */
function caseLines(divergence: WireDivergence): string[] {
  return divergence.side === "h2-server"
    ? divergence.fieldLines.filter((line) => !/^:(authority|path): /.test(line))
    : divergence.fieldLines;
}

/**
 * How the reproduction of a wire divergence at `file` reaches the candidate: the runtime's own
 * server and fetch() for native; the standalone copy the answer stages write for `deno-src:` and
 * `undici@` targets; else the module's absolute URL.
 */
function wireCandidateSource(options: WireStageOptions, file: string): CandidateSource {
  const kind = kindOf(options.targetArg);
  if (kind.hostGlobals) return { kind: "native" };
  if (kind.standalone !== null) {
    return candidateSource(options, file);
  }
  return { kind: "module", specifier: candidateUrlOf(options.target)! };
}

/**
 * Writes the self-contained reproduction of `divergence` (reproduction.ts) into the campaign's
 * output folder (`--out`, default `.cache/counterexamples/`); returns its path.
 */
function writeWireReproduction(
  options: WireStageOptions,
  divergence: WireDivergence,
  path: string,
  replay: string,
  knownClasses: string,
): string {
  const binary = options.runtime ?? runtime;
  const slug = options.targetArg.replace(/^.*\//, "").replace(/[^A-Za-z0-9]+/g, "-");
  const dir = options.out ?? COUNTEREXAMPLE_DIR;
  const file = join(
    dir,
    `wire-${slug}-${binary.name}-${divergence.side}-${
      shortHash(JSON.stringify([options.seed, path, divergence.fieldLines]))
    }.mjs`,
  );
  const source = renderWireReproduction({
    divergence,
    candidate: wireCandidateSource(options, file),
    foundUnder: { name: binary.name, version: binary.version },
    header: {
      title: [
        `headerproof wire counterexample (${divergence.side} side, ${divergence.kind}), target ${options.targetArg}, found under ${binary.name} ${binary.version}`,
      ],
      run: runOnlyUnder(binary.name, basename(file)),
      replay,
      notes: [
        `known wire classes in force: ${knownClasses}; the expected observation is the standard's`,
        divergence.kind === "hang"
          ? "the call never returns when it reproduces (stop it); exit status 0 when it returns"
          : divergence.kind === "crash"
          ? "the runtime ends it (its exit status) when it reproduces; exit status 0 when it survives"
          : "exit status: 1 the runtime's (or the module's) Headers diverges, 0 it agrees, 2 no Headers",
      ],
    },
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, source);
  return file;
}

/**
 * The regression-corpus entry of a wire divergence: the header list a conforming parser makes of
 * its field lines, handed to `headersFromRawList` under the side's guard ("request" on the server
 * side, "immutable" on the client side) in the server profile, then `get` and `has` of every
 * probed name and `getSetCookie()`; corpus_test.ts replays it against impl and the reference, which
 * compare iteration and the header list after every step too. Null when the field lines are not
 * a valid head (a parser divergence, not a Headers one).
 */
export function wireCorpusEntry(
  options: WireStageOptions,
  divergence: WireDivergence,
  path: string,
  replay: string,
): CorpusEntry | null {
  const list = referenceListOf(divergence.side, divergence.fieldLines);
  if (list === null) return null;
  const reads: Op[] = probedNames(divergence.fieldLines).flatMap((name): Op[] => [
    { op: "get", target: 0, args: [name] },
    { op: "has", target: 0, args: [name] },
  ]);
  return {
    target: options.targetArg,
    runtime: workerRuntimeName(options),
    profile: "server",
    property: "wire",
    kind: "divergence",
    seed: options.seed,
    path,
    replayPath: null,
    knownDivergences: [],
    message: `wire (${divergence.side} side, ${divergence.kind}): ${
      divergence.fieldLines.map(shownBytes).join(" ")
    }: expected ${observed(divergence.expected)}, actual ${observed(divergence.actual)}`,
    replay,
    steps: [
      {
        op: "rawList",
        slot: 0,
        flat: list.flat(),
        guard: guardOf(divergence.side),
        first: null,
      },
      ...reads,
      { op: "getSetCookie", target: 0, args: [] },
    ],
  };
}

/**
 * Runs the wire stage for `options` (its seed; `options.wirePath` replays one case), `wireClasses`
 * the names of every wire class (those `--known-divergences all` or a name puts in force). A Headers
 * divergence is replayed alone in a fresh process before it is reported (a replay is not replayed
 * again) and written as a self-contained reproduction; neither happens without one, so a clean
 * stage costs one process. Throws {@link WireLoadError} for a candidate that cannot be loaded and
 * an Error with the cause for a harness failure (a port that cannot be bound on 127.0.0.1, a
 * process that cannot start).
 */
export async function runWireStage(
  options: WireStageOptions,
  wireClasses: readonly string[],
  deadline = Infinity,
): Promise<WireReport> {
  const started = Date.now();
  const native = kindOf(options.targetArg).hostGlobals;
  const known = knownClassesArg(options, wireClasses);
  const result = await runWireCli(options, known, deadline);
  if (result.loadError !== undefined) {
    throw new WireLoadError(result.loadError.url, result.loadError.detail);
  }
  const found = result.divergence ?? null;
  const path = result.path ?? options.wirePath ?? "";
  let divergence: WireReport["divergence"] = null;
  if (found !== null) {
    const replay = wireReplayCommand(options, options.seed, path);
    const replays = options.wirePath === undefined
      ? await replayedAlone(options, known, found, path, Math.max(deadline, Date.now() + 10_000))
      : undefined;
    const reproduction = writeWireReproduction(options, found, path, replay, known);
    // Only a divergence that came back alone is pinned: a flaky one would not replay. A hang is
    // or a crash is not: the corpus replays impl and the reference, which return.
    const entry =
      options.record && replays !== "never" && found.kind !== "hang" && found.kind !== "crash"
        ? wireCorpusEntry(options, found, path, replay)
        : null;
    divergence = {
      ...found,
      path,
      replay,
      reproduction,
      ...(replays === undefined ? {} : { replays }),
      recorded: entry === null ? null : writeCorpusEntry(CORPUS_DIR, entry),
    };
  }
  return {
    entryPoint: native
      ? `wire: ${result.server ?? "server"} request headers and fetch() response headers`
      : result.notFuzzed !== undefined
      ? `wire: not fuzzed (${result.notFuzzed})`
      : result.stopped !== undefined
      ? `wire: no verdict (${result.stopped})`
      : result.h2?.server.startsWith("not run: an HTTP client")
      ? `wire: ${result.server}: fetch() response headers (HTTP/1.1, h2), request() raw (h2)`
      : 'wire: headersFromRawList with field lines (guards "request" and "immutable")',
    runtime: workerRuntimeName(options),
    notFuzzed: result.notFuzzed ?? null,
    stopped: result.stopped ?? null,
    runs: result.runs ?? 0,
    elapsedMs: Date.now() - started,
    seed: options.seed,
    divergence,
    parserDivergences: result.parserDivergences ?? [],
    parserDivergenceCount: result.parserDivergenceCount ?? 0,
    knownClassCounts: result.knownClassCounts ?? {},
    h2: result.h2 ?? null,
  };
}

/** A header observation in one line. */
function observed(observation: WireDivergence["expected"]): string {
  return observation === null ? "(nothing)" : shownBytes(observation);
}

/** What names the codec class that explains a parser divergence of a runtime, or null. */
export type CodecCauseOf = (
  runtimeName: string,
  found: ParserDivergence,
) => { name: string } | null;

/**
 * The wire stage's part of the report a person reads; `codecCauseOf` names the codec class that
 * explains a parser divergence (properties/classes/), or null.
 */
export function wireReportLines(report: WireReport, codecCauseOf: CodecCauseOf): string[] {
  // The entry-points line already says why nothing was fuzzed.
  if (report.notFuzzed !== null) return [];
  if (report.stopped !== null) return [`PARTIAL: wire stage gave no verdict: ${report.stopped}`];
  const known = Object.entries(report.knownClassCounts);
  const lines = [
    `wire stage: ${report.runs} heads in ${
      (report.elapsedMs / 1000).toFixed(1)
    } s, seed ${report.seed}: ${
      report.divergence === null
        ? "no Headers divergence"
        : report.divergence.kind === "hang" || report.divergence.kind === "crash"
        ? `a ${report.divergence.kind}`
        : "a Headers divergence"
    }, ${report.parserDivergenceCount} parser divergence(s)`,
    ...(report.h2 === null ? [] : [
      `h2: ${report.h2.runs} heads; server side: ${report.h2.server}; client side: ${report.h2.client}`,
    ]),
    ...(known.length === 0
      ? []
      : [`known wire classes hit: ${known.map(([name, n]) => `${name} (${n})`).join(", ")}`]),
  ];
  const divergence = report.divergence;
  if (divergence !== null) {
    lines.push(
      "",
      `${
        divergence.replays === "never" ? "UNCONFIRMED " : ""
      }WIRE COUNTEREXAMPLE (${divergence.side} side, ${divergence.kind}; seed ${report.seed}, ` +
        `path ${JSON.stringify(divergence.path)}), ${divergence.fieldLines.length} field line(s):`,
      ...divergence.fieldLines.map((line) => `  ${shownBytes(line)}`),
      `${report.entryPoint.startsWith("wire: headersFromRawList") ? "raw list" : "bytes"}: ${
        shownBytes(divergence.bytes)
      }`,
      ...(divergence.detail === undefined ? [] : [`what broke: ${divergence.detail}`]),
      ...(divergence.touch === undefined
        ? []
        : [`touched before its headers were read: ${divergence.touch}`]),
      `expected: ${observed(divergence.expected)}`,
      `actual:   ${observed(divergence.actual)}`,
      ...(divergence.replays === "never"
        ? [
          "",
          "Replayed alone in a fresh process (its seed and path), this case did not diverge again:",
          "flaky / not reproduced, the candidate is not deterministic. The replay command and the",
          "reproduction may pass.",
          "",
        ]
        : []),
      `reproduction (self-contained; run it under ${report.runtime}, any other runtime exits 2): ` +
        divergence.reproduction,
      `replay: ${divergence.replay}`,
      ...(divergence.recorded === null
        ? []
        : [`recorded in the regression corpus: ${divergence.recorded}`]),
    );
  }
  if (report.parserDivergences.length > 0) {
    lines.push(
      "",
      `parser divergences (not failures: a head one of the runtime's HTTP parser and the ` +
        `reference rejects), ${report.parserDivergences.length} of ${report.parserDivergenceCount}:`,
      ...report.parserDivergences.map((found) => {
        // The runtime's own HTTP stack only: a module's headersFromRawList runs no crate.
        const cause = report.entryPoint.startsWith("wire: headersFromRawList")
          ? null
          : codecCauseOf(report.runtime.split(" ")[0], found);
        return `  ${found.side}: ${shownBytes(found.fieldLines)} reference ${
          found.referenceAccepts ? "accepts" : "rejects"
        }, runtime ${found.runtimeAccepts ? "accepts" : `rejects (${found.runtimeOutcome})`}${
          cause === null ? "" : `; cause: codec class ${cause.name} (the Rust http crate)`
        }`;
      }),
    );
  }
  return lines;
}

/**
 * Runs the wire stage with a line on standard error before and after; a candidate that cannot be
 * loaded ends the campaign with exit status 2, the cause printed.
 */
async function runStage(
  options: WireStageOptions,
  wireClasses: readonly string[],
  deadline: number,
): Promise<StageRun<WireReport>> {
  writeErr(
    options.wirePath === undefined
      ? `wire stage: ${
        kindOf(options.targetArg).hostGlobals
          ? "the runtime's server and fetch()"
          : "headersFromRawList"
      }, at most ${wireRuns(options)} heads or ${
        wireSecondsBy(deadline).toFixed(1)
      } s (--wire none skips it)\n`
      : `wire stage: replaying seed ${options.seed}, path ${options.wirePath}\n`,
  );
  try {
    const report = await runWireStage(options, wireClasses, deadline);
    writeErr(
      report.notFuzzed === null && report.stopped === null
        ? `wire stage: ${report.runs} heads in ${(report.elapsedMs / 1000).toFixed(1)} s, ` +
          `${
            report.divergence?.kind === "hang" || report.divergence?.kind === "crash"
              ? `a ${report.divergence.kind}`
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
    return { report };
  } catch (error) {
    if (!(error instanceof WireLoadError)) throw error;
    writeErr(`cannot load the candidate ${error.url}:\n${error.detail}\n`);
    return { exit: EXIT_USAGE };
  }
}

/** What the wire stage is given of the divergence classes (properties/classes/). */
export interface WireClasses {
  /** The names of every wire class (those `--known-divergences all` or a name puts in force). */
  names: readonly string[];
  /** See {@link CodecCauseOf}. */
  codecCauseOf: CodecCauseOf;
}

/**
 * The wire stage, after the cost stage (alone when it replays a wire case, `--wire-path`): 10% of
 * `--time`, its report the `wire` section of the `--json` summary.
 */
export const wireStage = (classes: WireClasses): Stage<WireStageOptions, WireReport> => ({
  name: "wire",
  label: "wire stage",
  reads: WIRE_READS,
  share: 0.1,
  runs: (options) =>
    options.wirePath !== undefined ||
    (options.wire === true && options.path === undefined && options.phases === undefined),
  run: (options, _started, deadline) => runStage(options, classes.names, deadline),
  report: {
    section: {
      lines: (report) => wireReportLines(report, classes.codecCauseOf),
      foundLine: "no answer divergence found (wire counterexample below)",
      junitFailure: (report) =>
        report.divergence === null
          ? null
          : `wire${
            report.divergence.replays === "never"
              ? " (unconfirmed: not reproduced in a fresh process)"
              : ""
          }: ${report.divergence.side} side, ${report.divergence.kind}`,
    },
    fields: (report) => ({ wire: report }),
    entryPoints: (report) => [report.entryPoint],
    partial: (report) => report.stopped ? [`wire stage: ${report.stopped}`] : [],
    exit: (report) => report.divergence === null ? EXIT_OK : EXIT_COUNTEREXAMPLE,
  },
});
