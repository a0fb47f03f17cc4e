/**
 * `deno task model`: TLC on every CI model of `model/`, then on every planted-bug model, which
 * must fail with the intended invariant or property. For each CI model the distinct states and
 * the depth must equal the regression table of `model/README.md` (the table between the
 * `model-regression` markers), as tlaplus/Examples' manifest records them. Prints states
 * generated, distinct states, depth and wall time per model; on an unexpected result prints the
 * violated invariant and TLC's error trace, and keeps TLC's full output and the trace as JSON
 * under `.cache/model/<config>/` (ignored by git), naming the path.
 *
 * Exit codes: 0 all as expected, 1 an unexpected result, 2 a usage error or Java/TLC missing.
 *
 * Usage: `deno task model [--workers N|auto] [--only NAME]... [--json] [--junit PATH]`
 * (NAME: a config name, e.g. MCHeaders; `--json` prints one JSON document of per-model results
 * on standard output and the table, row by row as each model ends, on standard error; `--junit PATH` also writes the results as JUnit XML).
 * The nightly run is `deno task model:nightly` (model/nightly.ts).
 *
 * @example
 * ```sh
 * ./headerproof model
 * ./headerproof model --only MCBugDeleteKeepsView --json
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";
import { findTlcTools, parseErrorTrace, runTlc, type TlcReport } from "./tlc.ts";
import type { JunitCase } from "../properties/campaign/junit.ts";
import { writeJunit } from "../properties/campaign/junit.ts";

/** One TLC run of `deno task model`. */
export interface ModelRun {
  /** The `.cfg` file name without extension. */
  config: string;
  /** The root module it configures. */
  module: string;
  /** What the model checks, for the printed table. */
  about: string;
  /** null: must pass. A name: must fail with exactly this invariant or property violated. */
  mustViolate: string | null;
}

/** The CI models, in the order they run. */
export const CI_MODELS: readonly ModelRun[] = [
  {
    config: "MCHeaders",
    module: "MCHeaders",
    about: "standard Headers: every guard and name class, one object",
    mustViolate: null,
  },
  {
    config: "MCHeadersImpl",
    module: "MCHeadersImpl",
    about: "impl state machine under every guard, raw lists, 3 values; refines Headers",
    mustViolate: null,
  },
  {
    config: "MCHeadersImplIter",
    module: "MCHeadersImpl",
    about: "impl live iteration: 3 values, two iterators; refines Headers",
    mustViolate: null,
  },
  {
    config: "MCHeadersImplShared",
    module: "MCHeadersImpl",
    about: "impl copy-on-write between two objects, guarded copies; refines Headers",
    mustViolate: null,
  },
];

/** The planted-bug models: each must fail, with the invariant that encodes the broken rule. */
export const BUG_MODELS: readonly ModelRun[] = [
  {
    config: "MCBugDeleteKeepsView",
    module: "MCBugDeleteKeepsView",
    about: "delete does not invalidate the cached view",
    mustViolate: "CacheCoherent",
  },
  {
    config: "MCBugAppendSharesWrite",
    module: "MCBugAppendSharesWrite",
    about: "append writes into shared storage without detaching",
    mustViolate: "SharersSeeNoForeignWrite",
  },
  {
    config: "MCBugRequestAppendSkipsForbidden",
    module: "MCBugRequestAppendSkipsForbidden",
    about: "append under guard request skips the forbidden check",
    mustViolate: "StdGuardsHold",
  },
  {
    config: "MCBugNextSkipsAfterRebuild",
    module: "MCBugNextSkipsAfterRebuild",
    about: "next skips an entry after a rebuild (needs 3 values)",
    mustViolate: "StdSpec",
  },
  {
    config: "MCBugDetachOnlyUnderNone",
    module: "MCBugDetachOnlyUnderNone",
    about: "a write detaches shared storage only under guard none",
    mustViolate: "SharersSeeNoForeignWrite",
  },
  {
    config: "MCBugShareKeepsTrailingSpace",
    module: "MCBugShareKeepsTrailingSpace",
    about: 'a copy shares a combined value ending in ", "',
    mustViolate: "StorageMatchesList",
  },
  {
    config: "MCBugShareSpacedStorage",
    module: "MCBugShareKeepsTrailingSpace",
    about: "the same bug, seen by the invariant that names it: spaced storage is shared",
    mustViolate: "SpacedIsNeverShared",
  },
  {
    config: "MCBugWriteStaysOnBlank",
    module: "MCBugWriteStaysOnBlank",
    about: "a write off the shared empty index leaves the object counted on it",
    mustViolate: "BlankIsSharedAndEmpty",
  },
  {
    config: "MCBugReadClearsSharedFlag",
    module: "MCBugReadClearsSharedFlag",
    about: "every read clears the copy-on-write flag, shared or not",
    mustViolate: "SharedFlagCoversSharing",
  },
];

/** A CI model's recorded regression data (a row of the README table). */
export interface RecordedCounts {
  generated: number;
  distinct: number;
  depth: number;
}

const README_START = "<!-- model-regression:start -->";
const README_END = "<!-- model-regression:end -->";

/**
 * Reads the regression table of model/README.md: per config, states generated, distinct states
 * and depth. Rows look like "| `MCHeaders` | about | 165,278 | 4,589 | 8 | 23.6 |".
 */
export function parseRecordedTable(readme: string): Map<string, RecordedCounts> {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start === -1 || end < start) {
    throw new Error(`model/README.md has no ${README_START} ... ${README_END} table`);
  }
  const table = new Map<string, RecordedCounts>();
  for (const line of readme.slice(start, end).split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const config = cells[1]?.match(/^`(\w+)`$/)?.[1];
    if (!config) continue;
    const number = (text: string) => Number(text.replaceAll(",", ""));
    table.set(config, {
      generated: number(cells[3]),
      distinct: number(cells[4]),
      depth: number(cells[5]),
    });
  }
  return table;
}

/**
 * The violated invariant or property. TLC 2.18 names a violated action property by its source
 * location; in a HeadersImpl model the only action property from module Headers is the
 * refinement StdSpec (Std!Spec's [][Next]_vars).
 */
export function violatedName(run: ModelRun, report: TlcReport): string | null {
  if (
    report.outcome === "property" && run.module !== "MCHeaders" &&
    /module Headers\b/.test(report.violated ?? "")
  ) {
    return "StdSpec";
  }
  return report.violated;
}

/** Whether a report is what the model run expects; the reason when it is not. */
export function judge(
  run: ModelRun,
  report: TlcReport,
  recorded?: RecordedCounts,
): { ok: boolean; why: string } {
  if (run.mustViolate === null) {
    if (report.outcome !== "passed") return { ok: false, why: describe(run, report) };
    if (recorded === undefined) {
      return { ok: false, why: "no error, but model/README.md records no counts for it" };
    }
    if (report.distinctStates !== recorded.distinct || report.depth !== recorded.depth) {
      return {
        ok: false,
        why: `no error, but ${report.distinctStates} distinct states at depth ${report.depth}; ` +
          `model/README.md records ${recorded.distinct} at depth ${recorded.depth}`,
      };
    }
    return { ok: true, why: "no error; distinct states and depth as recorded" };
  }
  const violated = violatedName(run, report);
  if (
    (report.outcome === "invariant" || report.outcome === "property") &&
    violated === run.mustViolate
  ) {
    return { ok: true, why: `counterexample: ${run.mustViolate} violated, as planted` };
  }
  return {
    ok: false,
    why: `expected ${run.mustViolate} to be violated, got ${describe(run, report)}`,
  };
}

function describe(run: ModelRun, report: TlcReport): string {
  switch (report.outcome) {
    case "passed":
      return "no error (the planted bug went unnoticed)";
    case "invariant":
      return `invariant ${report.violated} violated`;
    case "property":
      return `property ${violatedName(run, report) ?? "(temporal)"} violated`;
    case "deadlock":
      return "deadlock";
    default: {
      const errorLines = report.output.split("\n").filter((line) =>
        /Error|error|\*\*\*|Exception/.test(line)
      );
      return `TLC failed (exit ${report.exitCode}): ${errorLines.slice(0, 6).join(" | ")}`;
    }
  }
}

/** One model's result, as `--json` prints it and `--junit` writes it. */
export interface ModelResult {
  config: string;
  module: string;
  about: string;
  mustViolate: string | null;
  ok: boolean;
  why: string;
  outcome: TlcReport["outcome"];
  violated: string | null;
  statesGenerated: number | null;
  distinctStates: number | null;
  depth: number | null;
  wallSeconds: number;
  /** Where TLC's output and error trace were kept (unexpected results only). */
  keptIn: string | null;
}

/** The results as JUnit cases (properties/campaign/junit.ts writes them): one per model. */
export function junitCases(results: readonly ModelResult[]): JunitCase[] {
  return results.map((result) => ({
    name: result.config,
    seconds: result.wallSeconds,
    ...(result.ok ? {} : {
      failure: {
        message: result.why,
        detail: result.keptIn
          ? `${result.why}\nTLC output and trace: ${result.keptIn}`
          : result.why,
      },
    }),
  }));
}

const MODEL_DIR = new URL(".", import.meta.url).pathname;
/** Ignored by git (.gitignore lists /.cache/). */
const CACHE_DIR = new URL("../.cache/model/", import.meta.url).pathname;

/** Keeps TLC's output and its error trace (as JSON) of an unexpected result; returns the dir. */
async function keep(config: string, report: TlcReport): Promise<string> {
  const dir = `${CACHE_DIR}${config}`;
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(`${dir}/tlc.out`, report.output);
  await Deno.writeTextFile(
    `${dir}/trace.json`,
    JSON.stringify(parseErrorTrace(report.output), null, 1) + "\n",
  );
  return dir;
}

/** TLC's error trace, as printed, for the console. */
function errorTraceText(output: string): string {
  const start = output.indexOf("Error: The behavior up to this point is:");
  if (start === -1) return "";
  const end = output.search(/\n\d[\d,]* states generated/);
  return output.slice(start, end > start ? end : undefined).trimEnd();
}

function formatCount(value: number | null): string {
  return value === null ? "-" : value.toLocaleString("en-US");
}

function row(cells: string[]): string {
  const widths = [34, 12, 10, 6, 8];
  return cells.map((cell, i) => i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))
    .join(" ");
}

const USAGE = "usage: deno task model [--workers N|auto] [--only NAME]... [--json] [--junit PATH]";

async function main(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        workers: { type: "string", default: "auto" },
        only: { type: "string", multiple: true },
        json: { type: "boolean", default: false },
        junit: { type: "string" },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    console.error(`model: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const options = parsed.values;
  const workers = options.workers === "auto" ? "auto" : Number(options.workers);
  if (workers !== "auto" && !(Number.isInteger(workers) && workers > 0)) {
    console.error(`model: --workers takes a positive integer or "auto", not ${options.workers}`);
    return 2;
  }
  try {
    findTlcTools();
  } catch (error) {
    console.error(`model: ${(error as Error).message}`);
    return 2;
  }
  const all = [...CI_MODELS, ...BUG_MODELS];
  const only = options.only ?? [];
  const unknown = only.filter((name) => !all.some((run) => run.config === name));
  if (unknown.length > 0) {
    console.error(
      `model: no model named ${unknown.join(", ")}; models: ${
        all.map((run) => run.config).join(", ")
      }`,
    );
    return 2;
  }
  const runs = all.filter((run) => only.length === 0 || only.includes(run.config));
  const recorded = parseRecordedTable(await Deno.readTextFile(`${MODEL_DIR}README.md`));
  // With --json, standard output holds the JSON document alone; the table still shows progress,
  // model by model, on standard error (a full run takes minutes).
  const say = options.json
    ? (line: string) => console.error(line)
    : (line: string) => console.log(line);
  say(row(["model", "generated", "distinct", "depth", "wall s"]) + "  result");
  const results: ModelResult[] = [];
  const started = performance.now();
  for (const run of runs) {
    const report = await runTlc({
      spec: `${MODEL_DIR}${run.module}.tla`,
      config: `${MODEL_DIR}${run.config}.cfg`,
      workers,
    });
    const verdict = judge(run, report, recorded.get(run.config));
    const keptIn = verdict.ok ? null : await keep(run.config, report);
    results.push({
      config: run.config,
      module: run.module,
      about: run.about,
      mustViolate: run.mustViolate,
      ok: verdict.ok,
      why: verdict.why,
      outcome: report.outcome,
      violated: violatedName(run, report),
      statesGenerated: report.statesGenerated,
      distinctStates: report.distinctStates,
      depth: report.depth,
      wallSeconds: Number((report.wallMs / 1000).toFixed(1)),
      keptIn,
    });
    say(
      row([
        run.config,
        formatCount(report.statesGenerated),
        formatCount(report.distinctStates),
        report.depth === null ? "-" : String(report.depth),
        (report.wallMs / 1000).toFixed(1),
      ]) + `  ${verdict.ok ? "ok" : "FAIL"}: ${verdict.why}`,
    );
    if (!verdict.ok) {
      const trace = errorTraceText(report.output);
      say(trace === "" ? report.output.slice(-4000) : trace);
      say(`TLC's full output and the error trace (JSON) are in ${keptIn}`);
    }
  }
  const failures = results.filter((result) => !result.ok).length;
  const seconds = (performance.now() - started) / 1000;
  say(
    `${runs.length} TLC runs in ${seconds.toFixed(1)} s; ` +
      (failures === 0 ? "all as expected" : `${failures} unexpected`),
  );
  if (options.json) {
    console.log(JSON.stringify({ seconds: Number(seconds.toFixed(1)), results }, null, 2));
  }
  if (options.junit !== undefined) writeJunit(options.junit, "model", junitCases(results));
  return failures === 0 ? 0 : 1;
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
