/**
 * Turns suite runs from several runtimes and repetitions into medians, ratios and the markdown
 * table of `bench/results/table.md`, and checks the impl's performance bars (issue 3): against
 * Deno's native Headers in the same Deno process at least 3x faster on every operation and 50x on
 * iteration and on construction from another Headers; against Bun's native Headers (measured in
 * the same session) at least as fast on every operation.
 *
 * @example
 * ```ts
 * import { aggregate, renderTable } from "./report.ts";
 * import type { SuiteResult } from "./runner.ts";
 * const runs: SuiteResult[] = [];
 * console.log(renderTable(aggregate(runs), { generatedAt: "2026-11-21", machine: "2 cores" }));
 * ```
 *
 * @module
 */

import type { ImplName, MissingImplementation } from "./implementations.ts";
import type { SuiteResult } from "./runner.ts";
import type { Bar } from "./scenarios.ts";
import type { CampaignReport } from "./campaign_throughput.ts";

/** One (runtime, scenario, implementation): its per-repetition medians and their summary. */
export interface Cell {
  /** ns/op of each repetition (each is the median over that run's batches). */
  reps: number[];
  /** Median of `reps`. */
  median: number;
  /** (max - min) / median of `reps`, percent; 0 with a single repetition. */
  spreadPercent: number;
}

/** One scenario's cells in one runtime. */
export interface Row {
  scenario: string;
  label: string;
  op: string;
  size: number;
  freshNames: boolean;
  bar: Bar;
  cells: Partial<Record<ImplName, Cell>>;
}

/** Everything measured in one runtime. */
export interface RuntimeSummary {
  runtime: string;
  version: string;
  repetitions: number;
  rows: Row[];
  missing: MissingImplementation[];
  sources: { name: ImplName; source: string }[];
}

/** All runtimes, in a fixed order (deno, node, bun, then any other). */
export interface Aggregate {
  runtimes: RuntimeSummary[];
}

const RUNTIME_ORDER = ["deno", "node", "bun"];

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("median of an empty list");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A cell from per-repetition values. */
export function cellOf(reps: readonly number[]): Cell {
  const center = median(reps);
  const spread = reps.length < 2 ? 0 : ((Math.max(...reps) - Math.min(...reps)) / center) * 100;
  return { reps: [...reps], median: center, spreadPercent: spread };
}

/** Groups runs by runtime and scenario; each cell gets the medians of its repetitions. */
export function aggregate(runs: readonly SuiteResult[]): Aggregate {
  const byRuntime = new Map<string, SuiteResult[]>();
  for (const run of runs) {
    const list = byRuntime.get(run.runtime) ?? [];
    list.push(run);
    byRuntime.set(run.runtime, list);
  }
  const rank = (runtime: string) => {
    const index = RUNTIME_ORDER.indexOf(runtime);
    return index === -1 ? RUNTIME_ORDER.length : index;
  };
  const runtimes = [...byRuntime.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : 1))
    .map(([runtime, list]) => summarizeRuntime(runtime, list));
  return { runtimes };
}

function summarizeRuntime(runtime: string, runs: readonly SuiteResult[]): RuntimeSummary {
  const rows = new Map<string, Row & { values: Partial<Record<ImplName, number[]>> }>();
  for (const run of runs) {
    for (const task of run.tasks) {
      let row = rows.get(task.scenario);
      if (row === undefined) {
        row = {
          scenario: task.scenario,
          label: task.label,
          op: task.op,
          size: task.size,
          freshNames: task.freshNames,
          bar: task.bar,
          cells: {},
          values: {},
        };
        rows.set(task.scenario, row);
      }
      (row.values[task.impl] ??= []).push(task.nsPerOp);
    }
  }
  const missing = new Map<ImplName, MissingImplementation>();
  const sources = new Map<ImplName, string>();
  for (const run of runs) {
    for (const entry of run.missing) missing.set(entry.name, entry);
    for (const { name, source } of run.implementations) sources.set(name, source);
  }
  return {
    runtime,
    version: runs[0].runtimeVersion,
    repetitions: runs.length,
    rows: [...rows.values()].map(({ values, ...row }) => {
      for (const [impl, reps] of Object.entries(values) as [ImplName, number[]][]) {
        row.cells[impl] = cellOf(reps);
      }
      return row;
    }),
    missing: [...missing.values()],
    sources: [...sources.entries()].map(([name, source]) => ({ name, source })),
  };
}

/** `a / b` of two cells' medians, or null if either is missing. */
export function ratio(a: Cell | undefined, b: Cell | undefined): number | null {
  return a === undefined || b === undefined ? null : a.median / b.median;
}

/** The speed-up the bar asks of impl over a native Headers, or null for no bar. */
export function requiredSpeedup(bar: Bar): number | null {
  return bar === "3x" ? 3 : bar === "50x" ? 50 : null;
}

/** One checked bar. */
export interface BarCheck {
  label: string;
  /** native / impl: how many times faster impl is. */
  speedup: number;
  required: number;
  holds: boolean;
}

/**
 * The bars of issue 3 that can be checked with these numbers: `deno` = impl against Deno's
 * native Headers in the same Deno processes; `bun` = impl in Deno against Bun's native Headers.
 * An operation without both numbers is listed in `unmeasured`.
 */
export function checkBars(
  summary: Aggregate,
): { deno: BarCheck[]; bun: BarCheck[]; unmeasured: string[] } {
  const deno = summary.runtimes.find((r) => r.runtime === "deno");
  const bun = summary.runtimes.find((r) => r.runtime === "bun");
  const result = { deno: [] as BarCheck[], bun: [] as BarCheck[], unmeasured: [] as string[] };
  for (const row of deno?.rows ?? []) {
    const required = requiredSpeedup(row.bar);
    if (required === null) continue;
    const impl = row.cells.impl;
    const native = row.cells.native;
    const bunNative = bun?.rows.find((r) => r.scenario === row.scenario)?.cells.native;
    if (impl === undefined || native === undefined) {
      result.unmeasured.push(row.label);
      continue;
    }
    const speedup = native.median / impl.median;
    result.deno.push({ label: row.label, speedup, required, holds: speedup >= required });
    if (bunNative !== undefined) {
      const bunSpeedup = bunNative.median / impl.median;
      result.bun.push({
        label: row.label,
        speedup: bunSpeedup,
        required: 1,
        holds: bunSpeedup >= 1,
      });
    }
  }
  return result;
}

/** ns/op with 3 significant digits (at least integer precision above 100). */
export function formatNs(ns: number): string {
  if (ns >= 100) return Math.round(ns).toLocaleString("en-US");
  return ns.toPrecision(3);
}

function formatRatio(value: number | null): string {
  if (value === null) return "—";
  return value >= 10 ? value.toFixed(0) : value >= 0.1 ? value.toFixed(2) : value.toPrecision(2);
}

function formatCell(cell: Cell | undefined): string {
  return cell === undefined ? "—" : formatNs(cell.median);
}

function formatSpread(row: Row): string {
  const parts = (["spec", "impl", "native", "floor"] as const).map((impl) => {
    const cell = row.cells[impl];
    return cell === undefined || cell.reps.length < 2 ? "—" : cell.spreadPercent.toFixed(0);
  });
  return parts.join(" / ");
}

function runtimeTable(summary: RuntimeSummary, bunNative: Map<string, Cell>): string[] {
  const lines = [
    `### ${summary.runtime} ${summary.version} — ${summary.repetitions} repetition(s)`,
    "",
    "| operation (headers) | spec ns/op | impl ns/op | native ns/op | floor ns/op | impl/native | impl/floor | impl/spec | impl/Bun native | spread % spec / impl / native / floor |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const row of summary.rows) {
    const { spec, impl, native, floor } = row.cells;
    lines.push(
      `| ${row.label} | ${formatCell(spec)} | ${formatCell(impl)} | ${formatCell(native)} | ` +
        `${formatCell(floor)} | ${formatRatio(ratio(impl, native))} | ` +
        `${formatRatio(ratio(impl, floor))} | ${formatRatio(ratio(impl, spec))} | ` +
        `${formatRatio(ratio(impl, bunNative.get(row.scenario)))} | ${formatSpread(row)} |`,
    );
  }
  for (const { name, reason } of summary.missing) {
    lines.push("", `- **${name} not available** in ${summary.runtime}: ${reason}`);
  }
  return lines;
}

function barLines(summary: Aggregate): string[] {
  const { deno, bun, unmeasured } = checkBars(summary);
  const lines = ["## Performance bars of impl/ (issue 3)", ""];
  const describeChecks = (title: string, checks: BarCheck[]) => {
    const held = checks.filter((c) => c.holds).length;
    lines.push(`**${title}: ${held} of ${checks.length} hold.**`, "");
    if (checks.length === 0) return;
    lines.push("| operation (headers) | speed-up | bar | holds |", "|---|--:|--:|:-:|");
    for (const check of checks) {
      lines.push(
        `| ${check.label} | ${check.speedup.toFixed(check.speedup >= 10 ? 0 : 2)}x | ` +
          `${check.required}x | ${check.holds ? "yes" : "**no**"} |`,
      );
    }
    lines.push("");
  };
  if (deno.length === 0) {
    lines.push("Not measured: no Deno run with both impl and native numbers.", "");
  } else {
    describeChecks("impl vs Deno's native Headers, same Deno process (native ns / impl ns)", deno);
  }
  if (bun.length === 0) {
    lines.push("Not measured: no Bun run, or no impl numbers under Deno.", "");
  } else {
    describeChecks("impl under Deno vs Bun's native Headers (Bun native ns / impl ns)", bun);
  }
  if (unmeasured.length > 0) {
    lines.push(`Operations without impl or native numbers: ${unmeasured.join("; ")}.`, "");
  }
  return lines;
}

function campaignLines(campaign: CampaignReport | null): string[] {
  const lines = ["## Campaign throughput and model-check cost", ""];
  if (campaign === null) {
    lines.push("Not measured in this run (`--skip-campaign` or `--quick`).", "");
    return lines;
  }
  if (campaign.measuredAt !== undefined) lines.push(`Measured at ${campaign.measuredAt}.`, "");
  lines.push("| source | what | result |", "|---|---|---|");
  for (const entry of campaign.entries) {
    lines.push(`| ${entry.source} | ${entry.what} | ${entry.result} |`);
  }
  lines.push("");
  return lines;
}

/** Facts about the session printed above the tables. */
export interface TableContext {
  generatedAt: string;
  machine: string;
  command?: string;
  campaign?: CampaignReport | null;
}

/** The whole markdown document of `bench/results/table.md`. */
export function renderTable(summary: Aggregate, context: TableContext): string {
  const bun = summary.runtimes.find((r) => r.runtime === "bun");
  const bunNative = new Map<string, Cell>();
  for (const row of bun?.rows ?? []) {
    if (row.cells.native !== undefined) bunNative.set(row.scenario, row.cells.native);
  }
  const lines = [
    "# headerproof benchmark results",
    "",
    `Generated by \`${
      context.command ?? "deno task bench:all"
    }\` at ${context.generatedAt} on ${context.machine}. ` +
    "Do not edit by hand; see bench/README.md for the method.",
    "",
    "Each cell is the median over repetitions of one run's median ns/op (lower is better). " +
    "Ratios are ratios of those medians; below 1 means impl is faster. " +
    "floor is `bench/floor.ts`: a Map and a cached sorted view, none of the standard's work. " +
    "`impl/Bun native` divides this runtime's impl by Bun's native Headers. " +
    "Spread is (max - min) / median across repetitions. " +
    '"fresh names" = every lookup uses a never-seen string object, as parsed off the wire.',
    "",
  ];
  for (const runtime of summary.runtimes) {
    lines.push(...runtimeTable(runtime, bunNative), "");
  }
  lines.push(...barLines(summary));
  lines.push(...campaignLines(context.campaign ?? null));
  const sources = summary.runtimes[0]?.sources ?? [];
  if (sources.length > 0) {
    lines.push(
      "Implementations: " + sources.map((s) => `${s.name} = ${s.source}`).join("; ") + ".",
    );
  }
  return lines.join("\n") + "\n";
}
