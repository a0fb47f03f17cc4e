/**
 * The egress stage of a campaign (coordinator side; it never runs candidate code itself): runs
 * the egress property (egress_property.ts, through cli.ts) in a process of its own under the
 * campaign's runtime, replays a divergence alone in a fresh process before it reports it, and
 * turns the result into the campaign's report: the divergence with its seed, path, case, the
 * reference's list, what was written, and its replay command; the egress classes it counted
 * (every allowance shown with its count).
 *
 * @example
 * ```ts
 * import { egressStage } from "./stage.ts";
 * console.log(egressStage.share); // 0.05
 * ```
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runOnlyUnder } from "../core/reproduction.ts";
import { lastWords, runStageProcess } from "../core/stage_process.ts";
import type { CorpusEntry } from "../corpus/corpus.ts";
import { CORPUS_DIR, COUNTEREXAMPLE_DIR, writeCorpusEntry } from "../corpus/corpus.ts";
import { shortHash } from "../core/hash.ts";
import type { Op } from "../oracle/ops.ts";
import { candidateSource } from "../targets/candidate.ts";
import { renderEgressReproduction } from "./reproduction.ts";
import { EXIT_COUNTEREXAMPLE, EXIT_OK, EXIT_USAGE } from "../core/exit.ts";
import type { ExchangeStageOptions, ExchangeStageReport, Stage, StageRun } from "../core/stage.ts";
import { everyKey } from "../core/stage.ts";
import { shellWord } from "../targets/candidate.ts";
import { headersRuntimeOf, kindOf } from "../targets/kinds.ts";
import type { RuntimeBinary } from "../targets/runtime.ts";
import {
  runtime,
  selfCommand,
  workerEnvironment,
  workerRuntimeName,
  writeErr,
} from "../targets/runtime.ts";
import type { EgressDivergence, EgressH2Ends, EgressResult } from "./egress_property.ts";

/** The egress CLI's entry point: cli.ts given the egress classes (properties/classes/). */
const EGRESS_CLI = fileURLToPath(new URL("../campaign/egress_cli.ts", import.meta.url));

/** Messages an egress stage sends through the runtime's server and fetch(), or a module's list. */
export const EGRESS_RUNS = 150;

/** The command-line options the egress stage reads (properties/campaign/cli_args.ts). */
export interface EgressStageOptions extends ExchangeStageOptions {
  /** The runtime the stage's process runs under. */
  runtime?: RuntimeBinary;
  /** Whether the stage runs (`--egress on|none`). */
  egress?: boolean;
  /** Exact phases (`--phases`): the stage does not run. */
  phases?: unknown[];
}

/** The keys of {@link EgressStageOptions}, every one. */
const EGRESS_READS = everyKey<EgressStageOptions>()(
  "target",
  "targetArg",
  "seed",
  "runs",
  "runtimeArg",
  "runtime",
  "egress",
  "record",
  "path",
  "out",
  "wirePath",
  "phases",
);

/** What the egress stage did, in the campaign's report (`Summary.egress`). */
export interface EgressReport extends ExchangeStageReport {
  /** The divergence, shrunk, with its path and replay command, and whether it came back alone. */
  divergence:
    | (EgressDivergence & {
      path: string;
      replay: string;
      replays: "alone" | "never";
      /** The self-contained reproduction in the campaign's output folder. */
      reproduction: string;
      /** Its entry in the committed corpus (`--record`, when it replays alone), else null. */
      recorded: string | null;
    })
    | null;
  /** The h2 ends exercised (or why not), and the h2 cases skipped for want of one. */
  h2: (EgressH2Ends & { skipped: number }) | null;
}

/** The share of `--time` of the stage: 5%, taken from the answer stages' rest (50% to 45%). */
export const EGRESS_SHARE = 0.05;

/** Seconds the stage's process may take without `--time` (no end to its share). */
const EGRESS_SECONDS_UNBOUNDED = 20;

/**
 * The `--time` of the stage's process when its share ends at `deadline` (epoch milliseconds, the
 * campaign plan's end of it): what is left less a second for starting the process (at least
 * 0.1 s); without an end, {@link EGRESS_SECONDS_UNBOUNDED}.
 */
function egressSeconds(deadline: number): number {
  return deadline === Infinity
    ? EGRESS_SECONDS_UNBOUNDED
    : Math.max(0.1, (deadline - Date.now()) / 1000 - 1);
}

type CliResult = Partial<EgressResult> & {
  notFuzzed?: string;
  loadError?: { url: string; detail: string };
  stopped?: string;
};

/**
 * Runs the egress CLI for `options` (`path`: replay that case), stopped 30 s after its `--time`
 * or 2 s after `deadline`, whichever comes first.
 */
async function runEgressCli(
  options: EgressStageOptions,
  deadline: number,
  path?: string,
): Promise<CliResult> {
  const binary = options.runtime ?? runtime;
  const started = Date.now();
  const seconds = egressSeconds(deadline);
  const args = [
    "--target",
    options.target,
    "--seed",
    String(options.seed),
    "--runs",
    String(Math.min(options.runs ?? EGRESS_RUNS, EGRESS_RUNS)),
    "--time",
    String(seconds),
    "--classes-of",
    classesOf(options),
    ...(path === undefined ? [] : ["--path", path]),
  ];
  // Bounded by the end of its share too: a candidate that never finishes loading, or never
  // answers, is stopped there (2 s later, for the process to start and print).
  const limitMs = Math.min((seconds + 30) * 1000, deadline - started + 2000);
  const { code, stderr, killed, result } = await runStageProcess(
    selfCommand(EGRESS_CLI, args, binary),
    workerEnvironment(binary),
    { limitMs },
  );
  if (result !== undefined) return result as CliResult;
  if (killed) {
    return {
      stopped: `stopped after ${(limitMs / 1000).toFixed(0)} s with no result (the candidate ` +
        `${options.targetArg} made no progress, or the stage's share of --time ran out)`,
    };
  }
  if (code !== 2) {
    return {
      stopped: `the egress process ended with exit code ${code} and no result: ${
        lastWords(stderr)
      }`,
    };
  }
  throw new Error(`the egress stage (${binary.name} ${EGRESS_CLI}) failed: ${stderr.trim()}`);
}

/**
 * The runtime whose egress classes apply: the one whose Headers the target is (the workers' for
 * native, Deno's for deno-src), else "none".
 */
function classesOf(options: EgressStageOptions): string {
  const binary = options.runtime ?? runtime;
  return headersRuntimeOf(kindOf(options.targetArg), binary.name) ?? "none";
}

/** The command that replays the egress case of `seed` at `path` alone in a fresh process. */
export function egressReplayCommand(
  options: EgressStageOptions,
  path: string,
): string {
  const binary = options.runtime ?? runtime;
  return [
    ...selfCommand(EGRESS_CLI, [
      "--target",
      // A kind the CLI prepares (deno-src:) as typed, not its module in the ignored .cache/.
      kindOf(options.targetArg).prepare === null ? options.target : options.targetArg,
      `--seed=${options.seed}`,
      "--path",
      path,
      "--classes-of",
      classesOf(options),
    ], binary),
  ].map(shellWord).join(" ");
}

/**
 * Writes the self-contained reproduction of `divergence` (reproduction.ts) into the campaign's
 * output folder (`--out`, default `.cache/counterexamples/`); returns its path.
 */
function writeEgressReproduction(
  options: EgressStageOptions,
  divergence: EgressDivergence,
  allowed: readonly string[],
  found: { path: string; replay: string },
): string {
  const binary = options.runtime ?? runtime;
  const slug = options.targetArg.replace(/^.*\//, "").replace(/[^A-Za-z0-9]+/g, "-");
  const dir = options.out ?? COUNTEREXAMPLE_DIR;
  const file = join(
    dir,
    `egress-${slug}-${binary.name}-${divergence.case.side}-${
      shortHash(JSON.stringify([options.seed, found.path, divergence.case]))
    }.mjs`,
  );
  const source = renderEgressReproduction({
    divergence,
    candidate: candidateSource(options, file),
    allowed,
    foundUnder: { name: binary.name, version: binary.version },
    header: {
      title: [
        `headerproof egress counterexample (${divergence.case.side} side), target ${options.targetArg}, found under ${binary.name} ${binary.version}: ${divergence.detail}`,
      ],
      run: runOnlyUnder(binary.name, basename(file)),
      replay: found.replay,
      notes: [
        "exit status: 1 what is written differs from the reference's header list, 0 it agrees",
      ],
    },
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, source);
  return file;
}

/** Runs the egress stage; a candidate that cannot be loaded is a usage error (exit 2). */
export async function runEgressStage(
  options: EgressStageOptions,
  deadline = Infinity,
): Promise<StageRun<EgressReport>> {
  const started = Date.now();
  const native = kindOf(options.targetArg).hostGlobals;
  writeErr(
    `egress stage: ${
      native ? "the runtime's server and fetch() on 127.0.0.1" : "egressHeaderList"
    }, at most ${Math.min(options.runs ?? EGRESS_RUNS, EGRESS_RUNS)} messages or ${
      egressSeconds(deadline).toFixed(1)
    } s (--egress none skips it)\n`,
  );
  const result = await runEgressCli(options, deadline);
  if (result.loadError !== undefined) {
    writeErr(`cannot load the candidate ${result.loadError.url}:\n${result.loadError.detail}\n`);
    return { exit: EXIT_USAGE };
  }
  let divergence: EgressReport["divergence"] = null;
  if (result.divergence != null) {
    const path = result.path ?? "";
    const again = await runEgressCli(options, Math.max(deadline, Date.now() + 20_000), path);
    const same = again.divergence != null &&
      JSON.stringify(again.divergence.case) === JSON.stringify(result.divergence.case);
    const replay = egressReplayCommand(options, path);
    divergence = {
      ...result.divergence,
      path,
      replay,
      replays: same ? "alone" : "never",
      reproduction: writeEgressReproduction(options, result.divergence, result.allowed ?? [], {
        path,
        replay,
      }),
      // Only a divergence that came back alone is pinned: a flaky one would not replay.
      recorded: options.record === true && same
        ? writeCorpusEntry(CORPUS_DIR, egressCorpusEntry(options, result.divergence, path, replay))
        : null,
    };
  }
  const report: EgressReport = {
    entryPoint: native
      ? `egress: ${result.server ?? "server"} response heads and fetch() request heads`
      : result.notFuzzed !== undefined
      ? `egress: not fuzzed (${result.notFuzzed})`
      : "egress: egressHeaderList of Response and Request",
    runtime: workerRuntimeName(options),
    notFuzzed: result.notFuzzed ?? null,
    stopped: result.stopped ?? null,
    runs: result.runs ?? 0,
    elapsedMs: Date.now() - started,
    seed: options.seed,
    divergence,
    knownClassCounts: result.knownClassCounts ?? {},
    h2: result.h2 === undefined ? null : { ...result.h2, skipped: result.h2Skipped ?? 0 },
  };
  writeErr(
    `egress stage: ${report.runs} messages in ${(report.elapsedMs / 1000).toFixed(1)} s, ${
      divergence === null ? 0 : 1
    } divergence(s)\n`,
  );
  return { report };
}

/**
 * The corpus entry of an egress `divergence` (property "egress"): the message as data with the
 * reference's header list (corpus_test.ts checks the reference still gives that list), and as
 * steps that list as a raw list of the message's guard read name by name, which the corpus replay
 * runs on impl and the reference.
 */
export function egressCorpusEntry(
  options: EgressStageOptions,
  divergence: EgressDivergence,
  path: string,
  replay: string,
): CorpusEntry {
  const names = [
    ...new Set([...divergence.expected, ...(divergence.actual ?? [])].map(([n]) => n)),
  ];
  return {
    target: options.targetArg,
    runtime: workerRuntimeName(options),
    profile: "server",
    property: "egress",
    kind: "divergence",
    seed: options.seed,
    path,
    replayPath: null,
    knownDivergences: [],
    message: `egress (${divergence.case.side} side): ${divergence.detail}`,
    replay,
    steps: [
      {
        op: "rawList",
        slot: 0,
        flat: divergence.expected.flat(),
        guard: divergence.case.side === "server" ? "response" : "request",
        first: null,
      },
      ...names.flatMap((name): Op[] => [
        { op: "get", target: 0, args: [name] },
        { op: "has", target: 0, args: [name] },
      ]),
      { op: "getSetCookie", target: 0, args: [] },
    ],
    egress: { case: divergence.case, expected: divergence.expected },
  };
}

/** The egress stage's part of the report a person reads. */
export function egressReportLines(report: EgressReport): string[] {
  if (report.notFuzzed !== null) return [];
  if (report.stopped !== null) return [`PARTIAL: egress stage gave no verdict: ${report.stopped}`];
  const known = Object.entries(report.knownClassCounts);
  const lines = [
    `egress stage: ${report.runs} messages in ${
      (report.elapsedMs / 1000).toFixed(1)
    } s, seed ${report.seed}: ${report.divergence === null ? "no divergence" : "a divergence"}`,
    ...(known.length === 0
      ? []
      : [`egress classes and allowances: ${known.map(([n, k]) => `${n} (${k})`).join(", ")}`]),
    ...(report.h2 === null ? [] : [
      `egress over h2: server ${report.h2.server}; client ${report.h2.client}${
        report.h2.skipped === 0 ? "" : ` (${report.h2.skipped} h2 cases skipped)`
      }`,
    ]),
  ];
  const found = report.divergence;
  if (found !== null) {
    lines.push(
      "",
      `${
        found.replays === "never" ? "UNCONFIRMED " : ""
      }EGRESS COUNTEREXAMPLE (${found.case.side} side; seed ${report.seed}, path ${
        JSON.stringify(found.path)
      }): ${found.detail}`,
      `message:  ${JSON.stringify(found.case)}`,
      `expected: ${JSON.stringify(found.expected)}`,
      `written:  ${JSON.stringify(found.actual)}`,
      `reproduction (self-contained; run it under ${report.runtime}): ${found.reproduction}`,
      `replay (alone, in a fresh process): ${found.replay}`,
      ...(found.recorded === null ? [] : [`recorded in the corpus: ${found.recorded}`]),
    );
  }
  return lines;
}

/**
 * The egress stage, after the wire stage: 5% of `--time` (taken from the answer stages' rest),
 * its report the `egress` section of the `--json` summary.
 */
export const egressStage: Stage<EgressStageOptions, EgressReport> = {
  name: "egress",
  label: "egress stage",
  reads: EGRESS_READS,
  share: EGRESS_SHARE,
  runs: (options) =>
    options.egress === true && options.path === undefined && options.wirePath === undefined &&
    options.phases === undefined && kindOf(options.targetArg).stages.includes("egress"),
  run: (options, _started, deadline) => runEgressStage(options, deadline),
  report: {
    section: {
      lines: egressReportLines,
      foundLine: "no answer divergence found (egress counterexample below)",
      junitFailure: (report) =>
        report.divergence === null
          ? null
          : `egress: ${report.divergence.case.side} side: ${report.divergence.detail}`,
    },
    fields: (report) => ({ egress: report }),
    entryPoints: (report) => [report.entryPoint],
    partial: (report) => report.stopped ? [`egress stage: ${report.stopped}`] : [],
    exit: (report) => report.divergence === null ? EXIT_OK : EXIT_COUNTEREXAMPLE,
  },
};
