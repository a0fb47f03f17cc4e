/**
 * Counterexample corpora: one JSON file per failure. Every campaign writes its counterexample
 * into {@link COUNTEREXAMPLE_DIR} (ignored by git, next to the reproduction); `--record` also
 * adds it to the committed regression corpus {@link CORPUS_DIR}, which the test suite replays.
 * Each entry keeps what is needed to replay it (target, runtime, profile, seed, fast-check path and
 * replay path, property, known divergences in force) and the resolved steps themselves, so the
 * test suite can replay it against impl and the reference without fast-check.
 *
 * @example
 * ```ts
 * import { readCorpus } from "./corpus.ts";
 * for (const { file, entry } of readCorpus("properties/corpus/entries")) console.log(file, entry.kind);
 * ```
 *
 * @module
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { shortHash } from "../core/hash.ts";
import type { Failure, PropertyName } from "./failure.ts";
import type { Op } from "../oracle/ops.ts";
import type { Profile } from "../targets/targets.ts";

/** One stored counterexample. */
export interface CorpusEntry {
  /** The target it was found against ("impl", "native" or the module path). */
  target: string;
  /** The runtime and version that ran the candidate. */
  runtime: string;
  /** The reference profile in force. */
  profile: Profile;
  /**
   * The property that failed ("wire": the wire stage's, its head as a raw list; "egress": the
   * egress stage's, the reference's list of the message as a raw list).
   */
  property: PropertyName | "wire" | "egress";
  /** What kind of failure. */
  kind: Failure["kind"];
  /** fast-check seed. */
  seed: number;
  /** fast-check path of the (shrunk) case. */
  path: string;
  /** fast-check commands replay path. */
  replayPath: string | null;
  /** Known divergence classes that were excluded. */
  knownDivergences: string[];
  /** What went wrong. */
  message: string;
  /** The command that replays it. */
  replay: string;
  /** The resolved steps. */
  steps: Op[];
  /**
   * An egress entry's message as data (properties/egress/ `EgressCase`) and the reference's
   * header list of it when it was found.
   */
  egress?: { case: unknown; expected: [string, string][] };
}

/** The committed regression corpus, replayed by corpus_test.ts (written only on `--record`). */
export const CORPUS_DIR: string = new URL("./entries/", import.meta.url).pathname;

/** Where a campaign writes its counterexamples by default (git ignores `.cache/`). */
export const COUNTEREXAMPLE_DIR: string =
  new URL("../../.cache/counterexamples/", import.meta.url).pathname;

/** The file name of `entry`, without extension: target, runtime, property and a content hash. */
export function corpusEntryName(entry: CorpusEntry): string {
  const slug = entry.target.replace(/^.*\//, "").replace(/[^A-Za-z0-9]+/g, "-");
  return `${slug}-${entry.runtime.split(" ")[0]}-${entry.property}-${
    shortHash(JSON.stringify([entry.steps, entry.message]))
  }`;
}

/** Writes `entry` into `dir` (created if missing); returns the file path. */
export function writeCorpusEntry(dir: string, entry: CorpusEntry): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${corpusEntryName(entry)}.json`);
  writeFileSync(file, JSON.stringify(entry, null, 1) + "\n");
  return file;
}

/** Every entry in `dir` (none when it does not exist), sorted by file name. */
export function readCorpus(dir: string): { file: string; entry: CorpusEntry }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const file = join(dir, name);
      return { file, entry: JSON.parse(readFileSync(file, "utf8")) as CorpusEntry };
    });
}
