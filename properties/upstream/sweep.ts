/**
 * Release history: `./headerproof sweep deno@2.0.0..2.9.6 [RANGE...]` runs the same seeded
 * campaign (same seed, time and case timeout) on each release of a range and prints a
 * divergence-class × version matrix, with the first release that shows each class and the first
 * later one that no longer does.
 *
 * A range is `deno@A..B`, `bun@A..B`, `node@A..B` (the runtime's native Headers, `--runtime
 * name@V`) or `undici@A..B` (`--target undici@V` under `--node`), or a comma list (`deno@2.0.0,2.4.0`).
 * The releases are the published ones between A and B (`npm view NAME versions`, pre-releases
 * left out), `--releases N` of them spread evenly, both ends kept.
 *
 * On each release one campaign runs with every known class in force (`--known-divergences` naming
 * them all): every operation is generated, a step whose difference a class explains is counted
 * under that class and the run goes on. The classes a release shows are those its campaign hit
 * (the summary's `classesHit`), plus the class of the one divergence no class explains that the
 * campaign may stop on, put by {@link classify} in the first class (those seen in this runtime
 * first, then in the table's order) whose `covers` includes a step of it, latest first, or in
 * none. That last is a heuristic (a new bug in a class's operations lands in that class), and a
 * campaign that stops leaves the classes it did not hit undetermined.
 *
 * For a runtime range every class's reproduction (its report) is also run on each release: a
 * second matrix, exact for what the reproductions show.
 *
 * @example
 * ```sh
 * ./headerproof sweep deno@2.0.0..2.9.6 --releases 4 --time 10 --seed 1
 * ```
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { classesOf, classify, reportCases } from "../classes/classes.ts";
import type { Summary } from "../campaign/fuzz_report.ts";
import {
  callerPath,
  exit,
  parseCommandLine,
  runtime,
  selfCommand,
  writeErr,
  writeOut,
} from "../targets/runtime.ts";
import type { DenoCommit } from "../targets/deno_src_target.ts";
import { commitsBetween, denoCommit, denoCommitTree } from "../targets/deno_src_target.ts";
import { kindOf } from "../targets/kinds.ts";
import { isRuntimeName } from "../core/runtime_kinds.ts";
import { runReproduction } from "./report.ts";
import type { RuntimeName } from "../targets/runtimes.ts";
import {
  publishedVersions,
  resolveRuntime,
  RuntimeChoiceError,
  versionBefore,
} from "../targets/runtimes.ts";

/** What `name@...` sweeps: a runtime's native Headers, or undici under Node. */
export type SweptName = "deno" | "bun" | "node" | "undici";

/** A parsed range: the package and either bounds or an explicit list. */
export interface Range {
  name: SweptName;
  from?: string;
  to?: string;
  list?: string[];
}

/** Parses `deno@2.0.0..2.9.6` or `deno@2.0.0,2.1.0` (throws {@link RuntimeChoiceError}). */
export function parseRange(text: string): Range {
  const match = /^(deno|bun|node|undici)@(.+)$/.exec(text);
  if (match === null) {
    throw new RuntimeChoiceError(
      `${text}: a range is deno@A..B, bun@A..B, node@A..B or undici@A..B (or name@A,B,C)`,
    );
  }
  const name = match[1] as SweptName;
  const rest = match[2];
  if (rest.includes("..")) {
    const [from, to] = rest.split("..");
    return { name, from, to };
  }
  return { name, list: rest.split(",") };
}

/** `count` of `versions` spread evenly, first and last kept (all when count >= their number). */
export function spread<T>(versions: readonly T[], count: number): T[] {
  if (count >= versions.length) return [...versions];
  if (count <= 1) return [versions[versions.length - 1]];
  const picked = new Set<number>();
  for (let i = 0; i < count; i++) {
    picked.add(Math.round((i * (versions.length - 1)) / (count - 1)));
  }
  return [...picked].sort((a, b) => a - b).map((i) => versions[i]);
}

/** The releases `range` names among `published` (pre-releases left out, in version order). */
export function releasesOf(range: Range, published: readonly string[], count: number): string[] {
  if (range.list !== undefined) {
    for (const version of range.list) {
      if (!published.includes(version)) {
        throw new RuntimeChoiceError(`${range.name}@${version} is not a published release`);
      }
    }
    return range.list;
  }
  for (const bound of [range.from!, range.to!]) {
    if (!published.includes(bound)) {
      throw new RuntimeChoiceError(`${range.name}@${bound} is not a published release`);
    }
  }
  const inRange = published
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v))
    .filter((v) => !versionBefore(v, range.from!) && !versionBefore(range.to!, v))
    .sort((a, b) => versionBefore(a, b) ? -1 : versionBefore(b, a) ? 1 : 0);
  return spread(inRange, count);
}

/** What one release showed. */
export interface ReleaseResult {
  release: string;
  /** The classes its campaign hit and went on past, in the order first hit. */
  found: string[];
  /**
   * The divergence no class explains that its campaign stopped on, if any: the class
   * {@link classify} puts it in by the steps it covers ("?" when none covers them), and its first
   * lines.
   */
  stopped: { class: string; message: string } | null;
  /** Whether the campaign ran its whole budget (so every class not found is absent). */
  complete: boolean;
  /** Classes whose reproduction gave no result here (undetermined whatever `complete` says). */
  undetermined?: readonly string[];
  /** Why not complete: the divergence it stopped on, or a usage error. */
  note: string | null;
}

/** Sweep settings. */
export interface SweepOptions {
  seed: number;
  timeSeconds: number;
  caseTimeoutSeconds: number;
  /** Runs per campaign instead of `timeSeconds` (the same runs every time: bisect). */
  runs?: number;
  /** The Node that runs undici releases (`--runtime` value). */
  node: string;
}

const CLI = new URL("../campaign/cli.ts", import.meta.url).pathname;

/** One campaign of a sweep or a bisect: where it runs and for how long. */
export interface CampaignRun {
  /** The campaign's `--target` and `--runtime` arguments. */
  where: readonly string[];
  /** A fixed number of runs (the same runs every time), or a time budget in seconds. */
  budget: { runs: number } | { timeSeconds: number };
  /** The campaign's seed. */
  seed: number;
  /** `--case-timeout`, seconds. */
  caseTimeoutSeconds: number;
  /** Where the campaign writes its reproductions (`--out`), when not its default. */
  out?: string;
}

/**
 * One campaign (the CLI with `--json` and one worker, its answer stages only, neither costs, wire
 * nor egress: a sweep looks for answer classes) with every answer class in force, each named (a
 * hit's replay command then leaves out that class alone); its summary, or the usage error's text.
 */
export function campaign(run: CampaignRun): { summary: Summary } | { error: string } {
  const args = [
    ...run.where,
    ...("runs" in run.budget
      ? ["--runs", String(run.budget.runs)]
      : ["--time", String(run.budget.timeSeconds)]),
    "--seed",
    String(run.seed),
    "--workers",
    "1",
    "--case-timeout",
    String(run.caseTimeoutSeconds),
    "--json",
    "--known-divergences",
    classesOf("answers").map((c) => c.name).join(","),
    ...(run.out === undefined ? [] : ["--out", run.out]),
    "--costs",
    "none",
    "--wire",
    "none",
    "--egress",
    "none",
  ];
  const [command, ...rest] = selfCommand(CLI, args);
  const result = spawnSync(command, rest, {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status === 0 || result.status === 1) {
    return { summary: JSON.parse(result.stdout) as Summary };
  }
  const lines = result.stderr.trim().split("\n").filter((l) => !l.startsWith("headerproof fuzz:"));
  return { error: lines.slice(0, 2).join(" ") || `exit status ${result.status}` };
}

/**
 * What a campaign's `summary` on `release` (a target whose Headers is `runtimeName`'s) shows: the
 * classes it hit, and the divergence it stopped on, classified.
 */
export function shownBy(release: string, summary: Summary, runtimeName: string): ReleaseResult {
  const found = [...new Set(summary.classesHit.map((hit) => hit.name))];
  const failure = summary.failure;
  if (failure === null && !summary.interrupted) {
    return { release, found, stopped: null, complete: true, note: null };
  }
  if (failure === null) {
    return { release, found, stopped: null, complete: false, note: "the campaign was interrupted" };
  }
  const cls = classify(failure, runtimeName, [])?.name ?? "?";
  const message = failure.message.split("\n").slice(0, 3).join(" ");
  return {
    release,
    found,
    stopped: { class: cls, message },
    complete: false,
    note: `stopped on a ${failure.kind} no class explains (${
      cls === "?" ? "no class covers its steps" : `in the steps ${cls} covers`
    }): ${message}`,
  };
}

/** Sweeps one release: one campaign with every known class in force. */
export function sweepRelease(
  name: SweptName,
  version: string,
  options: SweepOptions,
): ReleaseResult {
  const release = `${name}@${version}`;
  // A runtime's release is its native Headers under --runtime; any other is a target kind's.
  if (isRuntimeName(name)) {
    return sweepTarget(release, ["--target", "native", "--runtime", release], name, options);
  }
  const where = ["--target", release, "--runtime", options.node];
  return sweepTarget(release, where, kindOf(release).runtime!, options);
}

/**
 * Sweeps one target (`where`: the campaign's `--target` and `--runtime` arguments; `release`
 * labels it; `runtimeName` is the runtime whose Headers it is): one campaign with every known
 * class in force ({@link shownBy} reads what it shows).
 */
export function sweepTarget(
  release: string,
  where: readonly string[],
  runtimeName: string,
  options: SweepOptions,
): ReleaseResult {
  const outcome = campaign({
    where,
    budget: options.runs === undefined
      ? { timeSeconds: options.timeSeconds }
      : { runs: options.runs },
    seed: options.seed,
    caseTimeoutSeconds: options.caseTimeoutSeconds,
  });
  if ("error" in outcome) {
    return { release, found: [], stopped: null, complete: false, note: outcome.error };
  }
  const result = shownBy(release, outcome.summary, runtimeName);
  writeErr(
    `  ${release}: ${result.found.length} class(es) hit in ${outcome.summary.runs} runs${
      result.stopped === null
        ? ""
        : `; stopped (${result.stopped.class}): ${result.stopped.message}`
    }\n`,
  );
  return result;
}

/**
 * Which classes' reproductions (their reports, properties/classes/) diverge on release `name@version` of a runtime:
 * the exact check the campaign's classification is not. A reproduction that hangs is not run.
 * `only`: the classes whose reproductions run (default: every answer class with a report).
 */
export function reproductionsOn(
  name: RuntimeName,
  version: string,
  only?: readonly string[],
): ReleaseResult {
  const binary = resolveRuntime(`${name}@${version}`);
  const found: string[] = [];
  const undetermined: string[] = [];
  const notes: string[] = [];
  for (const c of reportCases(["answers"])) {
    if (only !== undefined && !only.includes(c.name)) continue;
    const outcome = runReproduction(c, binary);
    if ("note" in outcome) {
      if (c.hangs) continue;
      undetermined.push(c.name);
      notes.push(`${c.name}: ${outcome.note.split("\n")[0]}`);
    } else if (outcome.diverges) found.push(c.name);
  }
  return {
    release: `${name}@${version}`,
    found,
    stopped: null,
    complete: true,
    undetermined,
    note: notes.length === 0 ? null : notes.join("; "),
  };
}

/**
 * Bisection over `versions` (in order) for the boundary where class `name`'s reproduction changes
 * from what the first release shows: the first release that differs from it, and the last one
 * that does not. Assumes one change in the range; tries about log2(n) releases.
 */
export function bisectReproduction(
  runtimeName: RuntimeName,
  versions: readonly string[],
  name: string,
): { changed: string | null; before: string; tried: string[] } {
  const c = reportCases(["answers"]).find((c) => c.name === name);
  if (c === undefined || c.hangs) {
    throw new RuntimeChoiceError(`--bisect: no reproduction that can run for class "${name}"`);
  }
  const tried: string[] = [];
  const diverges = (i: number) => {
    tried.push(versions[i]);
    const outcome = runReproduction(c, resolveRuntime(`${runtimeName}@${versions[i]}`));
    if ("note" in outcome) {
      throw new RuntimeChoiceError(`${runtimeName}@${versions[i]}: ${outcome.note}`);
    }
    return outcome.diverges;
  };
  const start = diverges(0);
  if (diverges(versions.length - 1) === start) {
    return { changed: null, before: versions[versions.length - 1], tried };
  }
  let low = 0;
  let high = versions.length - 1;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (diverges(middle) === start) low = middle;
    else high = middle;
  }
  return { changed: versions[high], before: versions[low], tried };
}

/**
 * The Markdown matrix of one range, with first-seen and first-gone per class: `x` hit, `!` the
 * class of the divergence no class explains that the campaign stopped on (a row `?` when no class
 * covers its steps), `·` not hit in a whole campaign, `?` undetermined (the campaign stopped
 * first, or the reproduction gave no result).
 */
export function renderMatrix(results: readonly ReleaseResult[]): string {
  const shown = (r: ReleaseResult, name: string) =>
    r.found.includes(name) || r.stopped?.class === name;
  const classes = [...classesOf("answers").map((c) => c.name), "?"]
    .filter((name) => results.some((r) => shown(r, name)));
  const cell = (r: ReleaseResult, name: string) =>
    r.found.includes(name)
      ? "x"
      : r.stopped?.class === name
      ? "!"
      : (r.complete && !r.undetermined?.includes(name)) || name === "?"
      ? "·"
      : "?";
  const lines = [
    `| class | ${results.map((r) => r.release).join(" | ")} | first shows | first no longer |`,
    `| --- | ${results.map(() => ":---:").join(" | ")} | --- | --- |`,
  ];
  for (const name of classes) {
    const first = results.findIndex((r) => shown(r, name));
    const gone = results.findIndex((r, i) => i > first && cell(r, name) === "·");
    lines.push(
      `| ${name === "?" ? "?" : `\`${name}\``} | ${
        results.map((r) => cell(r, name)).join(" | ")
      } | ${results[first].release} | ${gone === -1 ? "—" : results[gone].release} |`,
    );
  }
  const notes = results.filter((r) => r.note !== null).map((r) => `- ${r.release}: ${r.note}`);
  return [...lines, ...(notes.length > 0 ? ["", ...notes] : [])].join("\n");
}

const USAGE = `usage: ./headerproof sweep RANGE [RANGE...] [options]

  RANGE                 deno@A..B, bun@A..B, node@A..B (native Headers of each release) or
                        undici@A..B (undici's Headers under --node), or name@A,B,C;
                        deno-src:REPO@A..B (--releases N commits of A..B along B's first-parent
                        line, both ends kept) or deno-src:REPO@A,B,C (those commits): Deno's
                        Headers from each commit's source (--target deno-src:)
  --releases N          releases per range, spread evenly, both ends kept (default 5)
  --time SECONDS        campaign time per release (default 10)
  --runs N              instead of --time: model runs per release (the same cases every time)
  --seed N              the seed of every campaign (default 1)
  --case-timeout S      a run making no progress this long is a hang (default 2)
  --node RUNTIME        the Node that runs undici releases (default node@22.23.3)
  --write FILE          also write the Markdown (with this command) to FILE
  --bisect CLASS        instead: bisect one range's every release for where CLASS's reproduction
                        changes (assumes one change; about log2(n) releases installed)

One campaign per release, every known class in force. x: the campaign hit the class and went on;
!: it stopped on a divergence no class explains, in the steps this class covers (row ?: no class
covers them); ·: not hit in the whole campaign; ?: undetermined (the campaign stopped first).
exit status: 0 done, 2 bad usage`;

/** Runs the sweep CLI (printing the matrices with `output`); returns the exit status. */
export function main(
  args: readonly string[],
  output: (text: string) => void = writeOut,
): number {
  const parsed = parseCommandLine(args, {
    releases: { type: "string", default: "5" },
    time: { type: "string", default: "10" },
    runs: { type: "string" },
    seed: { type: "string", default: "1" },
    "case-timeout": { type: "string", default: "2" },
    node: { type: "string", default: "node@22.23.3" },
    write: { type: "string" },
    bisect: { type: "string" },
    help: { type: "boolean", short: "h" },
  }, USAGE);
  if (typeof parsed === "number") return parsed;
  const { values, positionals } = parsed;
  const numbers = ["releases", "time", "seed", "case-timeout", "runs"] as const;
  for (const flag of numbers) {
    if (values[flag] !== undefined && !Number.isFinite(Number(values[flag]))) {
      writeErr(`--${flag} needs a number, got ${values[flag]}\n`);
      return 2;
    }
  }
  if (positionals.length === 0) {
    writeErr(`no range given\n${USAGE}\n`);
    return 2;
  }
  const options: SweepOptions = {
    seed: Number(values.seed),
    timeSeconds: Number(values.time),
    caseTimeoutSeconds: Number(values["case-timeout"]),
    runs: values.runs === undefined ? undefined : Number(values.runs),
    node: values.node,
  };
  if (values.bisect !== undefined) {
    try {
      const range = parseRange(positionals[0]);
      if (!isRuntimeName(range.name) || positionals.length !== 1) {
        throw new RuntimeChoiceError("--bisect takes one deno, bun or node range");
      }
      const versions = releasesOf(range, publishedVersions(range.name), Infinity);
      const found = bisectReproduction(range.name, versions, values.bisect);
      writeOut(
        found.changed === null
          ? `${values.bisect}: no change between ${range.name}@${versions[0]} and ` +
            `${range.name}@${found.before} (tried ${found.tried.join(", ")})\n`
          : `${values.bisect}: changes in ${range.name}@${found.changed} (last release before ` +
            `it: ${range.name}@${found.before}; tried ${found.tried.join(", ")})\n`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof RuntimeChoiceError)) throw error;
      writeErr(`${error.message}\n`);
      return 2;
    }
  }
  let plan: SweepPlan[];
  try {
    plan = positionals.map((text) => planOf(text, Number(values.releases), options));
  } catch (error) {
    if (!(error instanceof RuntimeChoiceError)) throw error;
    writeErr(`${error.message}\n`);
    return 2;
  }
  const sections: string[] = [];
  for (const { range, points, sweep, reproductions } of plan) {
    writeErr(`headerproof sweep: ${range}: ${points.join(", ")}\n`);
    const results = points.map(sweep);
    let section = `### ${range}\n\nCampaigns:\n\n${renderMatrix(results)}\n`;
    if (reproductions !== null) {
      const repros = points.map(reproductions);
      section +=
        `\nReproductions (properties/upstream/reports/; \`pair-next-primitive-hangs\` is not run):` +
        `\n\n${renderMatrix(repros)}\n`;
    }
    sections.push(section);
    output(section + "\n");
  }
  if (values.write !== undefined) {
    const command = `./headerproof sweep ${args.join(" ")}`;
    const file = callerPath(values.write);
    const head = readHead(file);
    writeFileSync(
      file,
      `${head}\nGenerated by \`${command}\` (${runtime.name} ${runtime.version} ran the sweep; ` +
        `seed ${options.seed}, ${
          options.runs === undefined ? `${options.timeSeconds} s` : `${options.runs} runs`
        } per release, every known class in force, case timeout ` +
        `${options.caseTimeoutSeconds} s, one worker).\n\n${sections.join("\n")}`,
    );
  }
  return 0;
}

/** One range of a sweep: its points, and how each is swept. */
interface SweepPlan {
  range: string;
  /** Versions of a release range, short hashes of a deno-src range. */
  points: string[];
  sweep: (point: string) => ReleaseResult;
  /** Each class's reproduction on the point (a runtime release), or null. */
  reproductions: ((point: string) => ReleaseResult) | null;
}

/**
 * The plan for one RANGE argument: a release range, or `deno-src:REPO@A,B,...` (those commits) or
 * `deno-src:REPO@A..B` (`count` commits of A..B along B's first-parent line, both ends kept).
 */
function planOf(text: string, count: number, options: SweepOptions): SweepPlan {
  const kind = kindOf(text);
  if (kind.revisions) {
    const checkout = kind.parse(text).path!;
    const at = checkout.lastIndexOf("@");
    if (at === -1) {
      throw new RuntimeChoiceError(`${text}: a deno-src range is deno-src:REPO@A..B or @A,B,...`);
    }
    const repo = callerPath(checkout.slice(0, at));
    const revisions = checkout.slice(at + 1);
    let commits: DenoCommit[];
    if (revisions.includes("..")) {
      const [good, bad] = revisions.split("..");
      commits = spread([denoCommit(repo, good), ...commitsBetween(repo, good, bad)], count);
    } else commits = revisions.split(",").map((revision) => denoCommit(repo, revision));
    const byLabel = new Map(commits.map((commit) => [commit.hash.slice(0, 10), commit]));
    return {
      range: text,
      points: [...byLabel.keys()],
      sweep: (label) =>
        sweepTarget(
          label,
          ["--target", `deno-src:${denoCommitTree(repo, byLabel.get(label)!)}`],
          "deno",
          options,
        ),
      reproductions: null,
    };
  }
  const range = parseRange(text);
  const name = range.name;
  return {
    range: text,
    points: releasesOf(range, publishedVersions(name), count),
    sweep: (version) => sweepRelease(name, version, options),
    reproductions: isRuntimeName(name) ? (version) => reproductionsOn(name, version) : null,
  };
}

const MARK = "<!-- generated below by ./headerproof sweep -->";

/** The hand-written part of `file` above the generated mark (the mark alone when none). */
function readHead(file: string): string {
  try {
    const text = readFileSync(file, "utf8");
    const at = text.indexOf(MARK);
    if (at !== -1) return text.slice(0, at + MARK.length) + "\n";
  } catch {
    // A new file: only the mark.
  }
  return MARK + "\n";
}

if (import.meta.main) exit(main(runtime.args));
