/**
 * What a person gets back with a counterexample: the command that replays it
 * (`./headerproof fuzz … --seed S --path P`), and the files that keep it — a self-contained
 * reproduction (`<name>.mjs`, see snippet.ts) and a corpus entry (`<name>.json`, see corpus.ts) in
 * the output folder (default `.cache/counterexamples/`, ignored by git), plus a copy of the entry
 * in the committed regression corpus when `--record` asks for it.
 *
 * @example
 * ```ts
 * import { parseCliArgs } from "./cli_args.ts";
 * import { replayCommand } from "./replay.ts";
 * const options = parseCliArgs(["--target", "native"]);
 * console.log(replayCommand(options, { seed: 1, property: "model", path: "0:1", replayPath: null }));
 * ```
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Failure } from "./campaign.ts";
import { observesOwnKeys } from "./campaign.ts";
import type { AnswerOptions } from "./answer_options.ts";
import type { CorpusEntry } from "../corpus/corpus.ts";
import {
  CORPUS_DIR,
  corpusEntryName,
  COUNTEREXAMPLE_DIR,
  writeCorpusEntry,
} from "../corpus/corpus.ts";
import { divergenceClasses } from "../classes/classes.ts";
import { openSubject } from "../oracle/base/observe.ts";
import { commandLine, workerRuntimeName } from "../targets/runtime.ts";
import { runOnlyUnder } from "../core/reproduction.ts";
import { expectedTrace, renderSnippet } from "./snippet.ts";
import type { Op } from "../oracle/ops.ts";
import { startWorker, supervise, workerConfig } from "./worker_pool.ts";
import type { Profile } from "../targets/targets.ts";
import { HEADER_LIST_ENTRY_POINT, moduleUrl, REFERENCE_URL } from "../targets/targets.ts";
import { candidateSource, shellWord } from "../targets/candidate.ts";

/**
 * The command that replays `failure`, with the options as the person typed them: its seed and
 * path, or, for a failure that replays only after the campaign's earlier runs, those runs in one
 * worker.
 */
export function replayCommand(
  options: AnswerOptions,
  failure: Pick<Failure, "seed" | "property" | "path" | "replayPath" | "replays" | "history">,
): string {
  const replayed = failure.replays === "after-history" && failure.history !== undefined
    ? [
      "--workers",
      "1",
      "--phases",
      failure.history.map(({ property, runs }) => `${property}=${runs}`).join(","),
    ]
    : [
      "--property",
      failure.property,
      "--path",
      failure.path,
      ...(failure.replayPath === null ? [] : ["--replay-path", failure.replayPath]),
    ];
  const parts = [
    "--target",
    options.targetArg,
    ...(options.runtimeArg === undefined ? [] : ["--runtime", options.runtimeArg]),
    ...(options.profile === undefined ? [] : ["--profile", options.profile]),
    ...(options.referenceArg === undefined ? [] : ["--reference", options.referenceArg]),
    ...(options.knownDivergencesAuto
      ? ["--known-divergences", "auto"]
      : options.knownDivergences.length > 0
      ? ["--known-divergences", options.knownDivergences.join(",")]
      : []),
    // parseArgs reads "--seed -5" as a missing value, so a negative seed is written inline.
    ...(failure.seed < 0 ? [`--seed=${failure.seed}`] : ["--seed", String(failure.seed)]),
    ...replayed,
  ];
  return [commandLine(), ...parts.map(shellWord)].join(" ");
}

/** The runs a worker made before its failing one, and the failing run's steps. */
export interface RecordedHistory {
  /** Every run before the failing one, in order, with whether it observed (see snippet.ts). */
  earlier: { steps: Op[]; observed: boolean }[];
  /** The failing run's resolved steps, up to and including the one that diverged. */
  failing: Op[];
}

/**
 * The history of a state-dependent `failure` (`replays: "after-history"`), recorded by a fresh
 * worker that runs its phases again with every step traced: the steps of each run up to the
 * failing one. Null when that worker does not fail the same way again.
 */
export async function recordHistory(
  options: AnswerOptions,
  failure: Failure,
): Promise<RecordedHistory | null> {
  if (failure.history === undefined) return null;
  const state = startWorker({
    ...workerConfig({ ...options, path: undefined }, failure.seed, failure.history),
    trace: true,
  });
  const runs: { property: string; steps: Op[] }[] = [];
  let failingRun = -1;
  let pending = "";
  state.child.stdout!.on("data", (chunk: string) => {
    pending += chunk;
    let newline;
    while ((newline = pending.indexOf("\n")) !== -1) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (failingRun !== -1) continue;
      if (line.startsWith("r ")) runs.push({ property: line.split(" ")[1], steps: [] });
      else if (line.startsWith("s ")) runs.at(-1)?.steps.push(JSON.parse(line.slice(2)) as Op);
      else if (line.startsWith("f ")) failingRun = runs.length - 1;
    }
  });
  await supervise([state], options.caseTimeoutSeconds * 1000, () => {});
  if (state.report?.failure?.kind !== failure.kind || failingRun === -1) return null;
  return {
    earlier: runs.slice(0, failingRun).map(({ property, steps }) => ({
      steps,
      observed: property !== "invalid-raw-list",
    })),
    failing: runs[failingRun].steps,
  };
}

/** The files a counterexample was saved to. */
export interface SavedCounterexample {
  /** The self-contained reproduction (null for a harness error and for replaced built-ins). */
  reproduction: string | null;
  /** The corpus entry in the output folder. */
  corpusFile: string;
  /** The copy in the committed regression corpus (`--record`), or null. */
  recorded: string | null;
}

/** Writes the reproduction and the corpus entry of `failure`; returns their paths. */
export async function saveCounterexample(
  options: AnswerOptions,
  profile: Profile,
  failure: Failure,
  replay: string,
  entryPoints: readonly string[],
): Promise<SavedCounterexample> {
  const entry: CorpusEntry = {
    target: options.targetArg,
    runtime: workerRuntimeName(options),
    profile,
    property: failure.property,
    kind: failure.kind,
    seed: failure.seed,
    path: failure.path,
    replayPath: failure.replayPath,
    knownDivergences: options.knownDivergences,
    message: failure.message,
    replay,
    steps: failure.steps,
  };
  const dir = options.out ?? COUNTEREXAMPLE_DIR;
  const corpusFile = writeCorpusEntry(dir, entry);
  const recorded = options.record ? writeCorpusEntry(CORPUS_DIR, entry) : null;
  // Replaced built-ins have no steps: loading the module (the replay command) reproduces them.
  if (failure.kind === "harness-error" || failure.kind === "replaced-builtins") {
    return { reproduction: null, corpusFile, recorded };
  }
  const reproduction = join(dir, `${corpusEntryName(entry)}.mjs`);
  const [runtimeName, runtimeVersion] = entry.runtime.split(" ");
  const history = failure.replays === "after-history"
    ? await recordHistory(options, failure)
    : null;
  const steps = history?.failing ?? failure.steps;
  const referenceUrl = options.reference === undefined
    ? REFERENCE_URL
    : moduleUrl(options.reference);
  const differential = failure.property !== "invalid-raw-list";
  const ownKeys = observesOwnKeys(divergenceClasses(options.knownDivergences));
  const headerLists = entryPoints.includes(HEADER_LIST_ENTRY_POINT);
  const expected = differential
    ? expectedTrace(
      openSubject(await import(referenceUrl), "module", profile),
      steps,
      ownKeys,
      headerLists,
    )
    : undefined;
  const source = renderSnippet({
    ownKeys,
    headerLists,
    candidate: candidateSource(options, reproduction),
    expected,
    profile,
    header: {
      title: [
        `headerproof counterexample (${failure.kind}, property ${failure.property})`,
        `target ${options.targetArg}, profile ${profile}, found under ${entry.runtime}`,
      ],
      run: runOnlyUnder(runtimeName, basename(reproduction)),
      replay,
      notes: [
        ...failure.message.split("\n").map((line) => `  ${line}`),
        ...(failure.kind === "hang"
          ? ["this reproduction hangs at the last step, as the candidate did"]
          : []),
        ...(failure.replays === "after-history"
          ? history === null
            ? [
              "this divergence happens only after the campaign's earlier runs in the same process",
              "(module state the candidate keeps across runs), which could not be recorded again:",
              "this file shows the steps alone and does not diverge; the replay command above runs",
              "that history",
            ]
            : [
              "this divergence happens only after the campaign's earlier runs in the same process",
              `(module state the candidate keeps across runs): this file replays those ${history.earlier.length}`,
              "run(s) on the candidate first, then the failing run as the campaign made it (unshrunk)",
            ]
          : []),
      ],
    },
    foundUnder: { name: runtimeName, version: runtimeVersion },
    history: history?.earlier,
    steps,
    refuse: failure.patches,
    mode: differential ? "differential" : "invalid-raw-list",
  });
  mkdirSync(dirname(reproduction), { recursive: true });
  writeFileSync(reproduction, source);
  return { reproduction, corpusFile, recorded };
}
