/**
 * The kill table (`deno task fuzz:kill`): runs the campaign CLI against every broken variant of
 * impl (properties/mutation/variants.ts) within a budget and prints, per variant, whether it was
 * killed, the runs and seconds it took, and the step that diverged. An answer variant runs the
 * answer stages alone (`--costs none --wire none`), in a clean realm unless the tampered-realm
 * property kills it (variant.ts `realm`); a variant only the wire stage can kill, that stage
 * alone. A cost variant (one with a `costClass`) runs the sections of the default
 * campaign's cost stage whose cases can show its class (the stage as the campaign CLI runs it with
 * the same arguments; the answer stages cannot kill it) and is killed by a cost finding of its
 * class on a case the unpatched impl passes or fails by less than half as much.
 * The unpatched impl's cost stage (the sections the cost variants need) runs first, then each
 * cost variant killed by a step cost (`superlinear-steps`), one at a time with nothing else of the
 * table running, since they time steps; then every other variant, `--jobs` at a time, as answers,
 * heap figures, thrown errors and hangs judged by CPU time do not depend on load. A cost variant
 * that survives gets its cost stage once more, as the machine may be busy. Exits 1 unless every
 * variant is killed within the budget, 2 when a variant no longer applies to impl.
 *
 * Options: `--runs N` (model runs per worker, default 5000), `--time SECONDS` (per variant,
 * default 30), `--seed N` (default 1), `--workers N` (default 1), `--jobs N` (variants at a time
 * once the timed ones ran, default 2), `--only NAME[,NAME]`, `--record` (also write each kill to
 * properties/corpus/entries/variant-NAME.json, pinning it), `--part timed|untimed|all` (only
 * the variants killed by a step cost, only the others, or every one: the default; the unpatched
 * impl's cost stage runs only the sections the selected cost variants need), `--json` (the table
 * as JSON on stdout), `--junit FILE` (one JUnit case per variant).
 *
 * @example
 * ```sh
 * deno task fuzz:kill --time 20
 * ```
 *
 * @module
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { Summary } from "../campaign/coordinator.ts";
import { shownBytes } from "../wire/reproduction.ts";
import { runWireStage } from "../wire/stage.ts";
import { runEgressStage } from "../egress/stage.ts";
import type { CostFinding, CostReport } from "../costs/stage.ts";
import { runCostStage } from "../costs/stage.ts";
import { costCasesSkipped, wireClasses } from "../classes/classes.ts";
import { sectionsShowing } from "../costs/cases.ts";
import { parseCliArgs } from "../campaign/cli_args.ts";
import type { CorpusEntry } from "../corpus/corpus.ts";
import { CORPUS_DIR } from "../corpus/corpus.ts";
import type { JunitCase } from "../core/junit.ts";
import { writeJunit } from "../core/junit.ts";
import {
  callerPath,
  exit,
  runtime,
  selfCommand,
  start,
  writeErr,
  writeOut,
} from "../targets/runtime.ts";
import type { Variant } from "./variants.ts";
import { applyVariant, StaleVariantError, VARIANTS } from "./variants.ts";

/** One row of the table. */
export interface KillRow {
  variant: string;
  bug: string;
  killed: boolean;
  /** Runs of the failing property up to the first failing one (before shrinking), in the seed
   * that failed; all runs when it survived. */
  runs: number;
  /** Wall-clock seconds of the whole campaign, start-up and shrinking included. */
  seconds: number;
  failingStep: string;
  replay: string;
}

const CLI = fileURLToPath(new URL("../campaign/cli.ts", import.meta.url));

/** Runs the CLI with `args`, returning its parsed `--json` summary. */
async function campaign(args: string[]): Promise<Summary> {
  const child = start(selfCommand(CLI, [...args, "--json"]));
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0 && code !== 1) {
    throw new Error(`the campaign CLI failed (exit ${code}): ${stderr.trim() || stdout.trim()}`);
  }
  return JSON.parse(stdout) as Summary;
}

/** The first line of a failure message (the step that diverged), at most 140 characters. */
function firstLine(text: string): string {
  const line = text.split("\n")[0];
  return line.length > 140 ? `${line.slice(0, 140)}…` : line;
}

/** The kill table's budget and options. */
interface Budget {
  runs: number;
  seconds: number;
  seed: number;
  workers: number;
  /** Copy each kill into properties/corpus/entries (as `variant-<name>.json`). */
  record: boolean;
}

/** Copies the corpus entry of a kill into properties/corpus/entries, naming the variant as its target. */
function recordKill(variant: Variant, corpusFile: string): void {
  const entry = JSON.parse(readFileSync(corpusFile, "utf8")) as CorpusEntry;
  entry.target = `impl variant ${variant.name}`;
  entry.replay = `deno task fuzz:kill --only ${variant.name}`;
  mkdirSync(CORPUS_DIR, { recursive: true });
  writeFileSync(
    join(CORPUS_DIR, `variant-${variant.name}.json`),
    JSON.stringify(entry, null, 1) + "\n",
  );
}

/** The campaign's arguments against `modulePath` within `budget`. */
function campaignArgs(
  variant: Variant | null,
  modulePath: string,
  budget: Budget,
  out: string,
): string[] {
  return [
    "--target",
    modulePath,
    // A variant whose kill is the tampered-realm property's (`realm: "both"`) is fuzzed in a
    // tampered realm too, as impl is held to that bar; every other one in a clean realm alone,
    // the tampered realm's phase (about ten clean runs' CPU per run) being no part of its kill.
    "--realm",
    variant?.realm ?? "clean",
    "--runs",
    String(budget.runs),
    "--time",
    String(budget.seconds),
    "--seed",
    String(budget.seed),
    "--workers",
    String(budget.workers),
    "--out",
    out,
    ...(variant?.knownDivergences === undefined
      ? []
      : ["--known-divergences", variant.knownDivergences.join(",")]),
  ];
}

/**
 * The cost stage of the campaign the CLI would run with `args` (properties/costs/stage.ts, in this
 * process; the cost workers it starts are processes of their own), its reproductions written
 * beside the campaign's `--out`. A finding's case is not measured on the context side (the native
 * Headers): the table reads the findings alone, and the context of a hang is a second case timeout
 * (Deno's own Headers does not finish `set-cookie-50000` within one).
 */
async function costStage(args: string[]): Promise<CostReport> {
  const options = parseCliArgs(args);
  const report = await runCostStage(
    options,
    options.out!,
    costCasesSkipped(options.knownDivergences),
    { measureContext: false },
  );
  if (report.loadError !== null) {
    throw new Error(`cannot load ${report.loadError.url}: ${report.loadError.detail}`);
  }
  return report;
}

/**
 * The cost findings of the unpatched impl itself, by case key (cases.ts `caseKey`), from one
 * campaign's cost stage over `sections` (those the cost variants run need).
 */
async function baseCostFindings(
  budget: Budget,
  sections: readonly string[],
): Promise<Map<string, CostFinding>> {
  const dir = mkdtempSync(join(tmpdir(), "headerproof-base-"));
  try {
    const modulePath = applyVariant({ name: "unpatched", bug: "", patches: [] }, dir);
    const report = await costStage([
      ...campaignArgs(null, modulePath, budget, join(dir, "out")),
      "--costs",
      sections.join(","),
    ]);
    const findings = new Map(report.findings.map((f) => [f.key, f]));
    writeErr(`the unpatched impl's cost findings: ${[...findings.keys()].join("; ") || "none"}\n`);
    return findings;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How far over its bound a finding is: bytes over, or the step-cost ratio over the factor. */
function excess(finding: CostFinding): number {
  const { retainedBytes, boundBytes, nsPerStep } = finding.figures;
  if (retainedBytes !== undefined && boundBytes !== undefined) return retainedBytes / boundBytes;
  if (nsPerStep !== undefined) return nsPerStep[1] / nsPerStep[0];
  return Infinity;
}

/**
 * The cost finding that kills `variant`: one of its class, on a case the unpatched impl passes,
 * or fails by less than half as much (so a cost impl already has never kills a variant by
 * itself, nor does a noisy step-growth figure of impl's hide a variant's).
 */
function costKill(variant: Variant, report: CostReport, base: Map<string, CostFinding>) {
  return report.findings.find((finding) => {
    const before = base.get(finding.key);
    return finding.costClass === variant.costClass &&
      (before === undefined || excess(finding) > 2 * excess(before));
  });
}

/**
 * Runs one variant within the budget, with the one stage of the campaign that can kill it: the
 * answer stages, the wire stage, the egress stage or the cost stage.
 */
async function killVariant(
  variant: Variant,
  budget: Budget,
  base: () => Promise<Map<string, CostFinding>>,
): Promise<KillRow> {
  const dir = mkdtempSync(join(tmpdir(), `headerproof-${variant.name}-`));
  try {
    const modulePath = applyVariant(variant, dir);
    const args = campaignArgs(variant, modulePath, budget, join(dir, "out"));
    if (variant.killedBy === "wire") {
      const wire = await runWireStage(parseCliArgs(args), wireClasses().map((c) => c.name));
      const found = wire.divergence;
      return stageRow(
        variant,
        wire,
        found && {
          step: `wire (${found.side} side): ${shownBytes(found.fieldLines)}`,
          replay: found.replay,
        },
      );
    }
    if (variant.killedBy === "egress") {
      const run = await runEgressStage(parseCliArgs(args));
      if ("exit" in run) throw new Error(`${variant.name}: the egress stage exited ${run.exit}`);
      const found = run.report.divergence;
      return stageRow(
        variant,
        run.report,
        found && {
          step: `egress (${found.case.side} side): ${found.detail}`,
          replay: found.replay,
        },
      );
    }
    if (variant.costClass === undefined) {
      return answerRow(
        variant,
        budget,
        await campaign([...args, "--costs", "none", "--wire", "none", "--egress", "none"]),
      );
    }
    const sections = ["--costs", sectionsShowing(variant.costClass).join(",")];
    // Step costs are timed on a machine that may be busy: a cost variant that survives gets one
    // more cost stage before it counts as survived (a real survivor survives both).
    let report = await costStage([...args, ...sections]);
    let kill = costKill(variant, report, await base());
    if (kill === undefined) {
      writeErr(`${variant.name}: no cost finding of its class; running its cost stage once more\n`);
      report = await costStage([...args, ...sections]);
      kill = costKill(variant, report, await base());
    }
    return {
      variant: variant.name,
      bug: variant.bug,
      killed: kill !== undefined,
      runs: 0,
      seconds: report.elapsedMs / 1000,
      failingStep: kill === undefined ? "" : firstLine(`${kill.key}: ${kill.figures.lines[0]}`),
      replay: kill?.reproduction ?? "",
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The row of an answer variant from its campaign's summary. */
function answerRow(variant: Variant, budget: Budget, summary: Summary): KillRow {
  const failure = summary.failure;
  if (budget.record && failure?.corpusFile) recordKill(variant, failure.corpusFile);
  return {
    variant: variant.name,
    bug: variant.bug,
    killed: failure !== null,
    runs: failure !== null ? failure.runsToFailure : summary.runs,
    seconds: summary.elapsedMs / 1000,
    failingStep: failure !== null ? firstLine(failure.message) : "",
    replay: failure?.replay ?? "",
  };
}

/**
 * The row of a variant from a wire or egress stage's report: killed by `found`, the divergence's
 * failing step and replay command (null when the stage found none).
 */
function stageRow(
  variant: Variant,
  report: { runs: number; elapsedMs: number },
  found: { step: string; replay: string } | null,
): KillRow {
  return {
    variant: variant.name,
    bug: variant.bug,
    killed: found !== null,
    runs: report.runs,
    seconds: report.elapsedMs / 1000,
    failingStep: found?.step ?? "",
    replay: found?.replay ?? "",
  };
}

/**
 * Whether `variant`'s kill is a timing: a step cost (`superlinear-steps`, ns per step at n and
 * 16n), which another process on the machine changes. Every other kill is an answer, a heap figure
 * after a full collection, a thrown RangeError or a hang judged by CPU time (costs/stage.ts): none
 * of them depends on load.
 */
function killedByTiming(variant: Variant): boolean {
  return variant.costClass === "superlinear-steps";
}

/** The parts of the table `--part` selects (./headerproof test runs them as two gates). */
const PARTS = ["all", "timed", "untimed"] as const;

/** A part of the table: every variant, those killed by a timing, or the others. */
type Part = (typeof PARTS)[number];

/** Whether `variant` is in `part`. */
function inPart(variant: Variant, part: Part): boolean {
  return part === "all" || (part === "timed") === killedByTiming(variant);
}

/** The table as Markdown. */
export function renderTable(rows: readonly KillRow[]): string {
  const lines = [
    "| variant | killed | runs to kill | seconds to kill | failing step |",
    "| --- | --- | ---: | ---: | --- |",
    ...rows.map((row) =>
      `| ${row.variant} | ${row.killed ? "yes" : "NO"} | ${row.runs} | ${
        row.seconds.toFixed(1)
      } | ${row.failingStep.replaceAll("|", "\\|")} |`
    ),
  ];
  const killed = rows.filter((row) => row.killed).length;
  lines.push("", `${killed}/${rows.length} variants killed`);
  return lines.join("\n") + "\n";
}

/** The kill table's options, read with `node:util` `parseArgs`. */
const OPTIONS = {
  runs: { type: "string", default: "5000" },
  time: { type: "string", default: "30" },
  seed: { type: "string", default: "1" },
  workers: { type: "string", default: "1" },
  jobs: { type: "string", default: "2" },
  only: { type: "string" },
  part: { type: "string", default: "all" },
  record: { type: "boolean", default: false },
  json: { type: "boolean", default: false },
  junit: { type: "string" },
} as const;

/** The table's rows as JUnit cases: a variant that survived is a failure. */
function junitCases(rows: readonly KillRow[]): JunitCase[] {
  return rows.map((row) => ({
    name: `${row.variant} is killed`,
    seconds: row.seconds,
    ...(row.killed ? {} : {
      failure: {
        message: `variant ${row.variant} survived ${row.runs} runs`,
        detail: `${row.bug}\nsurvived ${row.runs} runs in ${row.seconds.toFixed(1)} s`,
      },
    }),
  }));
}

async function main(args: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: [...args], options: OPTIONS, strict: true }));
  } catch (error) {
    writeErr(`${(error as Error).message}\n`);
    return 2;
  }
  const number = (flag: "runs" | "time" | "seed" | "workers" | "jobs") => {
    const value = Number(values[flag]);
    if (!Number.isFinite(value) || value < 0 || (value === 0 && flag !== "seed")) {
      writeErr(`--${flag} needs a positive number, got ${JSON.stringify(values[flag])}\n`);
      return null;
    }
    return value;
  };
  const [runs, seconds, seed, workers, jobs] = [
    number("runs"),
    number("time"),
    number("seed"),
    number("workers"),
    number("jobs"),
  ];
  if (runs === null || seconds === null || seed === null || workers === null || jobs === null) {
    return 2;
  }
  const budget: Budget = { runs, seconds, seed, workers, record: values.record };
  const only = values.only === undefined ? null : values.only.split(",");
  const unknown = (only ?? []).filter((name) => !VARIANTS.some((v) => v.name === name));
  if (unknown.length > 0) {
    writeErr(`unknown variant(s) ${unknown.join(", ")}\n`);
    return 2;
  }
  const part = values.part;
  if (!PARTS.includes(part as Part)) {
    writeErr(`--part takes ${PARTS.join(", ")}, not ${JSON.stringify(part)}\n`);
    return 2;
  }
  const variants = (only === null ? VARIANTS : VARIANTS.filter((v) => only!.includes(v.name)))
    .filter((variant) => inPart(variant, part as Part));
  if (variants.length === 0) {
    writeErr(`no variant ${only === null ? "" : `of ${only.join(", ")} `}is in --part ${part}\n`);
    return 2;
  }
  const rows = new Map<Variant, KillRow>();
  let base: Promise<Map<string, CostFinding>> | null = null;
  const baseSections = [
    ...new Set(
      variants.flatMap((v) => v.costClass === undefined ? [] : sectionsShowing(v.costClass)),
    ),
  ];
  const baseKeys = () => (base ??= baseCostFindings(budget, baseSections));
  let stale: StaleVariantError | null = null;
  const kill = async (variant: Variant) => {
    if (stale !== null) return;
    try {
      const row = await killVariant(variant, budget, baseKeys);
      rows.set(variant, row);
      writeErr(
        `${row.variant}: ${row.killed ? "killed" : "SURVIVED"} (${row.runs} runs, ${
          row.seconds.toFixed(1)
        } s)\n`,
      );
    } catch (error) {
      if (!(error instanceof StaleVariantError)) throw error;
      stale = error;
    }
  };
  // Timed first, alone: the unpatched impl's cost stage (its step costs are what a timed kill is
  // compared with), then each variant whose kill is a step cost. Then the rest, `jobs` at a time.
  const timed = variants.filter(killedByTiming);
  if (variants.some((variant) => variant.costClass !== undefined)) await baseKeys();
  for (const variant of timed) await kill(variant);
  // Cost variants first: each runs whole cost sections, and one waits out a hang's timeout
  // (23 s in all); started last, it kept one lane busy after the other had run out of variants.
  const untimed = variants.filter((variant) => !killedByTiming(variant));
  const shared = [
    ...untimed.filter((variant) => variant.costClass !== undefined),
    ...untimed.filter((variant) => variant.costClass === undefined),
  ];
  const lane = async () => {
    for (let variant = shared.shift(); variant !== undefined; variant = shared.shift()) {
      await kill(variant);
    }
  };
  await Promise.all(Array.from({ length: jobs }, lane));
  if (stale !== null) {
    writeErr(`${(stale as StaleVariantError).message}\n`);
    return 2;
  }
  const table = variants.map((variant) => rows.get(variant)!);
  if (values.junit !== undefined) {
    writeJunit(callerPath(values.junit), "headerproof fuzz:kill", junitCases(table));
  }
  writeOut(values.json ? JSON.stringify(table, null, 1) + "\n" : renderTable(table));
  return table.every((row) => row.killed) ? 0 : 1;
}

exit(await main(runtime.args));
