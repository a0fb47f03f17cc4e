/**
 * The cost stage's part of the campaign report a person reads: per finding, its class, the
 * shrunk operation sequence, the candidate's figures beside the context side's (the runtime's
 * native Headers, or the reference for native), and the reproduction to run.
 *
 * @example
 * ```ts
 * import { costReportLines } from "./report.ts";
 * console.log(costReportLines({ elapsedMs: 1, cases: 0, findings: [], unconfirmed: [], loadError: null,
 *   replacedBuiltins: null, skipped: [] }).join("\n"));
 * ```
 *
 * @module
 */
import type { CostReport } from "./stage.ts";

/** The lines of `report`. */
export function costReportLines(report: CostReport): string[] {
  const lines = [
    `cost stage: ${report.cases} cases in ${(report.elapsedMs / 1000).toFixed(1)} s: ${
      report.replacedBuiltins !== null
        ? "nothing measured"
        : report.findings.length === 0
        ? report.skipped.length === 0
          ? "every case within its bound"
          : `${report.cases - report.skipped.length} measured, each within its bound; ` +
            `${report.skipped.length} skipped`
        : `${report.findings.length} finding(s)`
    }`,
  ];
  for (const line of report.unconfirmed) lines.push(`  not confirmed (noise): ${line}`);
  if (report.skipped.length > 0) {
    lines.push(`  PARTIAL: ${report.skipped.length} case(s) skipped, their verdict not given:`);
    for (const line of report.skipped) lines.push(`    ${line}`);
  }
  if (report.replacedBuiltins !== null) {
    lines.push(
      `  nothing measured: the candidate replaced built-ins (${
        report.replacedBuiltins.join(", ")
      })`,
    );
  }
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
