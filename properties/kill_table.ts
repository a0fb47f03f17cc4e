/**
 * The kill table (`deno task fuzz:kill`): runs the campaign CLI against every broken variant of
 * impl (properties/variants.ts) within a budget and prints, per variant, whether it was killed,
 * the runs and seconds it took, and the step that diverged. Exits 1 unless every variant is killed
 * within the budget, 2 when a variant no longer applies to impl.
 *
 * Options: `--runs N` (model runs per worker, default 5000), `--time SECONDS` (per variant,
 * default 30), `--seed N` (default 1), `--workers N` (default 1), `--only NAME[,NAME]`,
 * `--record-corpus` (also write each kill to properties/corpus/variant-NAME.json, pinning it),
 * `--json`.
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
import type { Summary } from "./coordinator.ts";
import type { CorpusEntry } from "./corpus.ts";
import { CORPUS_DIR } from "./corpus.ts";
import { exit, runtime, selfCommand, start, writeErr, writeOut } from "./runtime.ts";
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

const CLI = fileURLToPath(new URL("./cli.ts", import.meta.url));

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
  /** Copy each kill into properties/corpus (as `variant-<name>.json`). */
  record: boolean;
}

/** Copies the corpus entry of a kill into properties/corpus, naming the variant as its target. */
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

/** Runs one variant within the budget. */
async function killVariant(variant: Variant, budget: Budget): Promise<KillRow> {
  const dir = mkdtempSync(join(tmpdir(), `headerproof-${variant.name}-`));
  try {
    const modulePath = applyVariant(variant, dir);
    const summary = await campaign([
      "--target",
      modulePath,
      "--runs",
      String(budget.runs),
      "--time",
      String(budget.seconds),
      "--seed",
      String(budget.seed),
      "--workers",
      String(budget.workers),
      "--corpus",
      join(dir, "corpus"),
    ]);
    const failure = summary.failure;
    if (budget.record && failure?.corpusFile) recordKill(variant, failure.corpusFile);
    return {
      variant: variant.name,
      bug: variant.bug,
      killed: failure !== null,
      runs: failure === null ? summary.runs : failure.runsToFailure,
      seconds: summary.elapsedMs / 1000,
      failingStep: failure === null ? "" : firstLine(failure.message),
      replay: failure === null ? "" : failure.replay,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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

async function main(args: readonly string[]): Promise<number> {
  const budget: Budget = { runs: 5000, seconds: 30, seed: 1, workers: 1, record: false };
  let only: string[] | null = null;
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const value = () => args[++i] ?? "";
    switch (args[i]) {
      case "--runs":
        budget.runs = Number(value());
        break;
      case "--time":
        budget.seconds = Number(value());
        break;
      case "--seed":
        budget.seed = Number(value());
        break;
      case "--workers":
        budget.workers = Number(value());
        break;
      case "--only":
        only = value().split(",");
        break;
      case "--record-corpus":
        budget.record = true;
        break;
      case "--json":
        json = true;
        break;
      default:
        writeErr(`unknown option ${JSON.stringify(args[i])}\n`);
        return 2;
    }
  }
  const variants = only === null ? VARIANTS : VARIANTS.filter((v) => only!.includes(v.name));
  const rows: KillRow[] = [];
  for (const variant of variants) {
    try {
      const row = await killVariant(variant, budget);
      rows.push(row);
      writeErr(
        `${row.variant}: ${row.killed ? "killed" : "SURVIVED"} (${row.runs} runs, ${
          row.seconds.toFixed(1)
        } s)\n`,
      );
    } catch (error) {
      if (error instanceof StaleVariantError) {
        writeErr(`${error.message}\n`);
        return 2;
      }
      throw error;
    }
  }
  writeOut(json ? JSON.stringify(rows, null, 1) + "\n" : renderTable(rows));
  return rows.every((row) => row.killed) ? 0 : 1;
}

exit(await main(runtime.args));
