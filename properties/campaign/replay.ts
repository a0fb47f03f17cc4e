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
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Failure } from "./campaign.ts";
import { observesOwnKeys } from "./campaign.ts";
import type { CliOptions } from "./cli_args.ts";
import type { CorpusEntry } from "./corpus.ts";
import { CORPUS_DIR, corpusEntryName, COUNTEREXAMPLE_DIR, writeCorpusEntry } from "./corpus.ts";
import { divergenceClasses } from "../oracle/divergences.ts";
import { openSubject } from "../oracle/observe.ts";
import { commandLine, workerRuntimeName } from "../targets/runtime.ts";
import type { CandidateSource } from "./snippet.ts";
import { expectedTrace, renderSnippet } from "./snippet.ts";
import type { Profile } from "../targets/targets.ts";
import { HEADER_LIST_ENTRY_POINT, IMPL_URL, moduleUrl, REFERENCE_URL } from "../targets/targets.ts";

/** A shell word: kept bare when it is plain, single-quoted otherwise. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:,=@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The command that replays `failure`, with the options as the person typed them: its seed and
 * path, or, for a failure that replays only after the campaign's earlier runs, those runs in one
 * worker.
 */
export function replayCommand(
  options: CliOptions,
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
    ...(options.knownDivergences.length > 0
      ? ["--known-divergences", options.knownDivergences.join(",")]
      : []),
    // parseArgs reads "--seed -5" as a missing value, so a negative seed is written inline.
    ...(failure.seed < 0 ? [`--seed=${failure.seed}`] : ["--seed", String(failure.seed)]),
    ...replayed,
  ];
  return [commandLine(), ...parts.map(shellWord)].join(" ");
}

/**
 * How the reproduction at `file` imports the candidate: the native globals (no import), the URL
 * or absolute path the person gave, or else a path relative to the reproduction.
 */
function candidateSource(options: CliOptions, file: string): CandidateSource {
  if (options.target === "native") return { kind: "native" };
  const url = options.target === "impl" ? IMPL_URL : moduleUrl(options.target);
  if (!url.startsWith("file:") || isAbsolute(options.targetArg)) {
    return { kind: "module", specifier: url };
  }
  const path = relative(dirname(file), fileURLToPath(url)).split(sep).join("/");
  return { kind: "module", specifier: path.startsWith(".") ? path : `./${path}` };
}

/** The files a counterexample was saved to. */
export interface SavedCounterexample {
  /** The self-contained reproduction (null for a harness error). */
  reproduction: string | null;
  /** The corpus entry in the output folder. */
  corpusFile: string;
  /** The copy in the committed regression corpus (`--record`), or null. */
  recorded: string | null;
}

/** Writes the reproduction and the corpus entry of `failure`; returns their paths. */
export async function saveCounterexample(
  options: CliOptions,
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
  if (failure.kind === "harness-error") return { reproduction: null, corpusFile, recorded };
  const reproduction = join(dir, `${corpusEntryName(entry)}.mjs`);
  const referenceUrl = options.reference === undefined
    ? REFERENCE_URL
    : moduleUrl(options.reference);
  const differential = failure.property !== "invalid-raw-list";
  const ownKeys = observesOwnKeys(divergenceClasses(options.knownDivergences));
  const headerLists = entryPoints.includes(HEADER_LIST_ENTRY_POINT);
  const expected = differential
    ? expectedTrace(
      openSubject(await import(referenceUrl), "module", profile),
      failure.steps,
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
    header: [
      `headerproof counterexample (${failure.kind}, property ${failure.property})`,
      `target ${options.targetArg}, profile ${profile}, ${workerRuntimeName(options)}`,
      `run: deno run -A ${shellWord(reproduction)}  (or node, or bun)`,
      `replay the campaign: ${replay}`,
      ...failure.message.split("\n").map((line) => `  ${line}`),
      ...(failure.kind === "hang"
        ? ["this reproduction hangs at the last step, as the candidate did"]
        : []),
      ...(failure.replays === "after-history"
        ? [
          "this divergence happens only after the campaign's earlier runs in the same process",
          "(module state the candidate keeps across runs): this file shows the steps alone and",
          "does not diverge; the replay command above runs that history",
        ]
        : []),
    ],
    steps: failure.steps,
    refuse: failure.patches,
    mode: differential ? "differential" : "invalid-raw-list",
  });
  mkdirSync(dirname(reproduction), { recursive: true });
  writeFileSync(reproduction, source);
  return { reproduction, corpusFile, recorded };
}
