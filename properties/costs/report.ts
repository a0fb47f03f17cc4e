/**
 * The cost stage's part of the campaign report a person reads: per finding, its class, the
 * shrunk operation sequence, the candidate's figures beside the context side's (the runtime's
 * native Headers, or the reference for native), and the reproduction to run.
 *
 * @example
 * ```ts
 * import { costReportLines } from "./report.ts";
 * console.log(costReportLines({ elapsedMs: 1, cases: 0, findings: [], unconfirmed: [], loadError: null }).join("\n"));
 * ```
 *
 * @module
 */
import type { CostReport } from "./stage.ts";

/** The lines of `report`. */
export function costReportLines(report: CostReport): string[] {
  const lines = [
    `cost stage: ${report.cases} cases in ${(report.elapsedMs / 1000).toFixed(1)} s: ${
      report.findings.length === 0
        ? "every case within its bound"
        : `${report.findings.length} finding(s)`
    }`,
  ];
  for (const line of report.unconfirmed) lines.push(`  not confirmed (noise): ${line}`);
  for (const finding of report.findings) {
    lines.push(
      "",
      `COST COUNTEREXAMPLE: ${finding.costClass} (confirmed in a fresh process), the sequence:`,
      ...finding.steps.map((step) => `  ${step}`),
      "the candidate:",
      ...finding.figures.lines.map((line) => `  ${line}`),
      `${finding.context.side}, the same sequence:`,
      ...finding.context.lines.map((line) => `  ${line}`),
      `reproduction (self-contained; deno run -A, node or bun): ${finding.reproduction}`,
    );
  }
  return lines;
}
