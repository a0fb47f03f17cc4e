/**
 * `./headerproof bisect`: the first commit of Deno's source (or the first release of a runtime)
 * at which a divergence class appears, or any divergence not known at the good end, found by
 * bisection with the campaign's seed and run count fixed, so that every point runs the same cases.
 *
 * - `--deno-src REPO GOOD..BAD`: REPO a Deno checkout or bare repository; the commits after GOOD
 *   up to BAD along BAD's first-parent line. Each commit tried is extracted (the three files
 *   deno-src reads, `git archive`-style, into the ignored `.cache/deno-src-commits/`) and fuzzed
 *   as `--target deno-src:` (deno_src_target.ts).
 * - `deno@A..B` (or `bun@`, `node@`): the published releases between A and B, each fuzzed as
 *   `--target native --runtime NAME@V` (installed on first use, as `sweep` does).
 *
 * Every point runs one campaign with every known class in force (sweep.ts `campaign`): a step
 * whose difference a class explains is counted under it and the run goes on. `--class NAME`: a
 * point shows the class when its campaign hits it; a campaign that stops on a divergence no class
 * explains before hitting it hides it, and stops the bisection (exit 2). Without `--class`: a
 * point shows a divergence not known at GOOD when its campaign hits a class GOOD's did not, or
 * stops on a divergence no class explains. It prints each point tried, then the first that shows
 * it, its subject (a commit) and what replays it there: the reproduction the campaign wrote for
 * the divergence it stopped on (self-contained, see snippet.ts), or the hit's replay command (the
 * run that hit the class, with that class alone out of force).
 *
 * @example
 * ```sh
 * ./headerproof bisect --deno-src ~/src/deno bff36966fa..e887f3802b --class response-init-skips-tolength
 * ```
 *
 * @module
 */
import type { Failure } from "../corpus/failure.ts";
import type { ClassHit } from "../classes/classes.ts";
import { classesOf } from "../classes/classes.ts";
import {
  callerPath,
  exit,
  parseCommandLine,
  runtime,
  writeErr,
  writeOut,
} from "../targets/runtime.ts";
import { commitsBetween, denoCommit, denoCommitTree } from "../targets/deno_src_target.ts";
import { publishedVersions, RuntimeChoiceError } from "../targets/runtimes.ts";
import { isRuntimeName } from "../core/runtime_kinds.ts";
import { campaign, parseRange, releasesOf } from "./sweep.ts";

/** A point of the range: a commit or a release, and the campaign arguments that fuzz it. */
export interface BisectPoint {
  /** What the output names it by (a short hash, or name@version). */
  label: string;
  /** The commit's subject line, or "" for a release. */
  subject: string;
  /** The campaign's `--target` (and `--runtime`) arguments for it, computed when first tried. */
  where: () => string[];
}

/** What a campaign at a point showed. */
export interface PointResult {
  shows: boolean;
  /** The classes its campaign hit and went on past, in the order first hit. */
  hits: ClassHit[];
  /** The divergence no class explains that it stopped on (null: none). */
  failure: (Failure & { reproduction?: string | null }) | null;
}

/** Bisection settings. */
export interface BisectOptions {
  /** The class looked for, or null for any divergence not known at the good end. */
  className: string | null;
  seed: number;
  runs: number;
  caseTimeoutSeconds: number;
  /** `--out` for the campaigns' reproductions, or undefined for the default. */
  out?: string;
}

/** The outcome: the first point that shows it and the last before that does not. */
export interface BisectResult {
  first: BisectPoint;
  firstResult: PointResult;
  before: BisectPoint;
  /** Every point tried, in the order tried. */
  tried: { point: BisectPoint; shows: boolean }[];
  /** The classes the good end's campaign hit, when no class was named. */
  known: string[];
}

/** Why a bisection cannot go on (exit 2). */
export class BisectError extends Error {
  /** `message` says at which point and why. */
  constructor(message: string) {
    super(message);
    this.name = "BisectError";
  }
}

/** What a point's campaign showed: the classes it hit and the divergence it stopped on. */
export type Campaigned = Omit<PointResult, "shows">;

/** The campaign at `point`: the classes it hit and the divergence no class explains, if any. */
export function campaignAt(point: BisectPoint, options: BisectOptions): Campaigned {
  const outcome = campaign({
    where: point.where(),
    budget: { runs: options.runs },
    seed: options.seed,
    caseTimeoutSeconds: options.caseTimeoutSeconds,
    out: options.out,
  });
  if ("error" in outcome) throw new BisectError(`${point.label}: ${outcome.error}`);
  return { hits: outcome.summary.classesHit, failure: outcome.summary.failure };
}

/**
 * Whether the campaign at `point` shows what `options` looks for: its class hit, or (no class
 * named) a class not in `known` hit or a divergence no class explains.
 */
function tryPoint(
  point: BisectPoint,
  known: readonly string[],
  options: BisectOptions,
  run: typeof campaignAt,
): PointResult {
  const { hits, failure } = run(point, options);
  if (options.className === null) {
    const shows = failure !== null || hits.some((hit) => !known.includes(hit.name));
    return { shows, hits, failure };
  }
  if (hits.some((hit) => hit.name === options.className)) return { shows: true, hits, failure };
  if (failure !== null) {
    throw new BisectError(
      `${point.label}: a divergence no known class explains stops the campaign before it hits ` +
        `${options.className} (bisect without --class to find where it starts):\n${failure.message}`,
    );
  }
  return { shows: false, hits, failure };
}

/**
 * Bisects `points` (oldest first; `good` before them) for the first that shows what `options`
 * looks for, each point's campaign run by `run`. Throws {@link BisectError} when the good end shows
 * it or the bad end does not.
 */
export function bisect(
  good: BisectPoint,
  points: readonly BisectPoint[],
  options: BisectOptions,
  onTried: (point: BisectPoint, shows: boolean) => void = () => {},
  run: typeof campaignAt = campaignAt,
): BisectResult {
  if (points.length === 0) throw new BisectError(`nothing after ${good.label} to bisect`);
  const what = options.className ?? "a divergence not known at the good end";
  let known: string[] = [];
  if (options.className === null) {
    const atGood = run(good, options);
    if (atGood.failure !== null) {
      throw new BisectError(
        `the good end ${good.label} already shows a divergence no known class explains:\n${atGood.failure.message}`,
      );
    }
    known = atGood.hits.map((hit) => hit.name);
  }
  const tried: { point: BisectPoint; shows: boolean }[] = [];
  const results = new Map<BisectPoint, PointResult>();
  const shows = (point: BisectPoint) => {
    const result = tryPoint(point, known, options, run);
    results.set(point, result);
    tried.push({ point, shows: result.shows });
    onTried(point, result.shows);
    return result.shows;
  };
  if (options.className !== null && shows(good)) {
    throw new BisectError(`the good end ${good.label} already shows ${what}`);
  }
  if (!shows(points[points.length - 1])) {
    throw new BisectError(`the bad end ${points[points.length - 1].label} does not show ${what}`);
  }
  let low = -1;
  let high = points.length - 1;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (shows(points[middle])) high = middle;
    else low = middle;
  }
  return {
    first: points[high],
    firstResult: results.get(points[high])!,
    before: low === -1 ? good : points[low],
    tried,
    known,
  };
}

/**
 * What shows it at the first point: the divergence no class explains (with its reproduction),
 * else the first class hit that is the one looked for or not known at the good end (with the
 * command that replays it).
 */
export function shownLines(result: BisectResult, options: BisectOptions): string[] {
  const failure = result.firstResult.failure;
  const hit = result.firstResult.hits.find((h) =>
    options.className === null ? !result.known.includes(h.name) : h.name === options.className
  );
  if (hit !== undefined && (options.className !== null || failure === null)) {
    return [
      `class ${hit.name} hit (${hit.runs} run(s), ${hit.steps} step(s)): ${hit.summary}`,
      "",
      `replay (that class out of force): ${hit.replay ?? "(none)"}`,
    ];
  }
  return [failure!.message, "", `reproduction: ${failure!.reproduction ?? "(none written)"}`];
}

const USAGE = `usage: ./headerproof bisect --deno-src REPO GOOD..BAD [options]
       ./headerproof bisect deno@A..B|bun@A..B|node@A..B [options]

  --deno-src REPO       a Deno checkout or bare repository: bisect the commits after GOOD up to
                        BAD (its first-parent line), each loaded as --target deno-src:
  --class NAME          the first point whose campaign hits this known class (properties/classes/);
                        default: the first hitting a class GOOD's does not, or stopping on a
                        divergence no class explains (every campaign has every class in force)
  --seed N              the seed of every campaign (default 1)
  --runs N              model runs per campaign, the same cases at every point (default 3000)
  --case-timeout S      a run making no progress this long is a hang (default 10, as a
                        campaign's: a spurious hang on a busy machine misleads the search)
  --out DIR             where the campaigns write reproductions (default .cache/counterexamples/)

exit status: 0 found, 2 bad usage or nothing to bisect (GOOD shows it, BAD does not, a divergence
no known class explains hides the class)`;

/** Runs the bisect CLI; returns the exit status. */
export function main(args: readonly string[]): number {
  const parsed = parseCommandLine(args, {
    "deno-src": { type: "string" },
    class: { type: "string" },
    seed: { type: "string", default: "1" },
    runs: { type: "string", default: "3000" },
    "case-timeout": { type: "string", default: "10" },
    out: { type: "string" },
    help: { type: "boolean", short: "h" },
  }, USAGE);
  if (typeof parsed === "number") return parsed;
  const { values, positionals } = parsed;
  for (const flag of ["seed", "runs", "case-timeout"] as const) {
    if (values[flag].trim() === "" || !Number.isFinite(Number(values[flag]))) {
      writeErr(`--${flag} needs a number, got ${JSON.stringify(values[flag])}\n${USAGE}\n`);
      return 2;
    }
  }
  if (positionals.length !== 1) {
    writeErr(`give one range, GOOD..BAD or NAME@A..B\n${USAGE}\n`);
    return 2;
  }
  if (values.class !== undefined && !classesOf("answers").some((c) => c.name === values.class)) {
    writeErr(
      `--class: unknown divergence class "${values.class}"; known: ${
        classesOf("answers").map((c) => c.name).join(", ")
      }\n`,
    );
    return 2;
  }
  try {
    const { good, points, where } = plan(values["deno-src"], positionals[0]);
    const options: BisectOptions = {
      className: values.class ?? null,
      seed: Number(values.seed),
      runs: Number(values.runs),
      caseTimeoutSeconds: Number(values["case-timeout"]),
      out: values.out === undefined ? undefined : callerPath(values.out),
    };
    writeErr(
      `headerproof bisect: ${where}: ${points.length} point(s) after ${good.label}, looking for ${
        options.className ?? "a divergence not known at the good end"
      }; seed ${options.seed}, ${options.runs} runs per campaign\n`,
    );
    const result = bisect(good, points, options, (point, shows) => {
      writeErr(
        `  ${point.label}${point.subject === "" ? "" : ` ${point.subject}`}: ${
          shows ? "shows it" : "does not"
        }\n`,
      );
    });
    writeOut(
      [
        ...(result.known.length > 0
          ? [`classes hit at ${good.label} (known there): ${result.known.join(", ")}`]
          : []),
        `first ${values["deno-src"] === undefined ? "release" : "commit"} showing ${
          options.className ?? "a divergence not known at the good end"
        }: ${result.first.label}${result.first.subject === "" ? "" : ` ${result.first.subject}`}`,
        `  the one before it, ${result.before.label}, does not (${result.tried.length} point(s) tried)`,
        "",
        ...shownLines(result, options),
      ].join("\n") + "\n",
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BisectError) && !(error instanceof RuntimeChoiceError)) throw error;
    writeErr(`${(error as Error).message}\n`);
    return 2;
  }
}

/** The points of `range` (with `--deno-src REPO`, a commit range; else a release range). */
function plan(
  repo: string | undefined,
  range: string,
): { good: BisectPoint; points: BisectPoint[]; where: string } {
  if (repo !== undefined) {
    const [goodRevision, badRevision, ...rest] = range.split("..");
    if (goodRevision === undefined || badRevision === undefined || rest.length > 0) {
      throw new BisectError(`${range}: a commit range is GOOD..BAD`);
    }
    const root = callerPath(repo);
    const commitPoint = (revision: string | { hash: string; subject: string }): BisectPoint => {
      const commit = typeof revision === "string" ? denoCommit(root, revision) : revision;
      return {
        label: commit.hash.slice(0, 10),
        subject: commit.subject,
        where: () => ["--target", `deno-src:${denoCommitTree(root, commit)}`],
      };
    };
    return {
      good: commitPoint(goodRevision),
      points: commitsBetween(root, goodRevision, badRevision).map(commitPoint),
      where: `deno-src ${root} ${range}`,
    };
  }
  const parsed = parseRange(range);
  if (!isRuntimeName(parsed.name) || parsed.list !== undefined) {
    throw new BisectError(`${range}: a release range is deno@A..B, bun@A..B or node@A..B`);
  }
  const versions = releasesOf(parsed, publishedVersions(parsed.name), Infinity);
  const releasePoint = (version: string): BisectPoint => ({
    label: `${parsed.name}@${version}`,
    subject: "",
    where: () => ["--target", "native", "--runtime", `${parsed.name}@${version}`],
  });
  return {
    good: releasePoint(versions[0]),
    points: versions.slice(1).map(releasePoint),
    where: range,
  };
}

if (import.meta.main) exit(main(runtime.args));
