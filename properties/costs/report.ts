/**
 * The cost stage's part of the campaign report a person reads: per finding, its class, the
 * shrunk operation sequence, the candidate's figures beside the context side's (the runtime's
 * native Headers, or the reference for native), and the reproduction to run.
 *
 * @example
 * ```ts
 * import { costReportLines } from "./report.ts";
 * console.log(costReportLines({ elapsedMs: 1, cases: 0, findings: [], unconfirmed: [], loadError: null,
 *   replacedBuiltins: null, skipped: [], notApplicable: [] }).join("\n"));
 * ```
 *
 * @module
 */
import type { CostClass } from "./cases.ts";
import type { CostCase, CostFigures } from "./probes.ts";

/** One confirmed cost finding. */
export interface CostFinding {
  /** Its class. */
  costClass: CostClass;
  /** The case's key (cases.ts `caseKey`). */
  key: string;
  /** The case, shrunk. */
  costCase: CostCase;
  /** The case's operations, one line each. */
  steps: string[];
  /** The candidate's figures, measured again in a fresh process. */
  figures: CostFigures;
  /** The same case on the context side, or why there is none. */
  context: { side: string; lines: string[] };
  /** The self-contained reproduction. */
  reproduction: string;
}

/** What the cost stage did. */
export interface CostReport {
  /** Wall-clock milliseconds, processes included. */
  elapsedMs: number;
  /** Cases measured. */
  cases: number;
  /** Confirmed findings. */
  findings: CostFinding[];
  /** Cases over their bound once that a fresh process measured within it (noise), one line each. */
  unconfirmed: string[];
  /** The candidate could not be loaded (a usage error). */
  loadError: { url: string; detail: string } | null;
  /**
   * The built-ins the candidate replaced when it loaded (properties/targets/builtins.ts): nothing
   * was measured, and the answer stages report them as the finding; null when none.
   */
  replacedBuiltins: string[] | null;
  /**
   * The cases not measured, or over their bound once and not measured again, one line each with
   * why (the stage's share of `--time` ran out, or the candidate already stopped
   * `MAX_STOPPED_CASES` (stage.ts) cases): the verdict is partial.
   */
  skipped: string[];
  /**
   * The cases that do not apply to the candidate, each with why (the message cases on a module
   * exporting only Headers): stated in the report, not measured, not a partial verdict.
   */
  notApplicable: { key: string; why: string }[];
}

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
  for (const why of new Set(report.notApplicable.map((entry) => entry.why))) {
    const keys = report.notApplicable.filter((entry) => entry.why === why).map((entry) =>
      entry.key
    );
    lines.push(`  ${keys.length} case(s) ${why}: ${keys.join("; ")}`);
  }
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
