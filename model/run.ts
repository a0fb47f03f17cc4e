/**
 * `deno task model`: TLC on every CI model of `model/`, then on every planted-bug model, which
 * must fail with the intended invariant. Prints states generated, distinct states, depth and
 * wall time per model; exits 1 on any unexpected result (a violation in a CI model, a bug model
 * that passes or fails for another reason, a parse error) and 2 when Java or TLC is missing.
 *
 * Usage: `deno task model [--workers N|auto] [--only NAME]` (NAME: a config name, e.g. MCHeaders).
 * The nightly configuration is not run here; see model/README.md.
 *
 * @example
 * ```sh
 * ./headerproof model
 * ./headerproof model --only MCBugDeleteKeepsView
 * ```
 *
 * @module
 */

import { findTlcTools, runTlc, type TlcReport } from "./tlc.ts";

/** One TLC run of `deno task model`. */
export interface ModelRun {
  /** The `.cfg` file name without extension. */
  config: string;
  /** The root module it configures. */
  module: string;
  /** What the model checks, for the printed table. */
  about: string;
  /** null: must pass. A name: must fail with exactly this invariant violated. */
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
    about: "impl structures under every guard, raw lists; refines Headers",
    mustViolate: null,
  },
  {
    config: "MCHeadersImplShared",
    module: "MCHeadersImpl",
    about: "impl copy-on-write between two objects; refines Headers",
    mustViolate: null,
  },
];

/** The planted-bug models: each must fail, with the invariant that encodes the broken rule. */
export const BUG_MODELS: readonly ModelRun[] = [
  {
    config: "MCBugDeleteKeepsView",
    module: "MCHeadersImpl",
    about: "delete does not invalidate the cached view",
    mustViolate: "CacheCoherent",
  },
  {
    config: "MCBugAppendSharesWrite",
    module: "MCHeadersImpl",
    about: "append writes into shared storage without detaching",
    mustViolate: "SharersSeeNoForeignWrite",
  },
  {
    config: "MCBugRequestAppendSkipsForbidden",
    module: "MCHeadersImpl",
    about: "append under guard request skips the forbidden check",
    mustViolate: "StdGuardsHold",
  },
];

/** Whether a report is what the model run expects; the reason when it is not. */
export function judge(run: ModelRun, report: TlcReport): { ok: boolean; why: string } {
  if (run.mustViolate === null) {
    if (report.outcome === "passed") return { ok: true, why: "no error" };
    return { ok: false, why: describe(report) };
  }
  if (report.outcome === "invariant" && report.violated === run.mustViolate) {
    return { ok: true, why: `counterexample: ${run.mustViolate} violated, as planted` };
  }
  return {
    ok: false,
    why: `expected ${run.mustViolate} to be violated, got ${describe(report)}`,
  };
}

function describe(report: TlcReport): string {
  switch (report.outcome) {
    case "passed":
      return "no error (the planted bug went unnoticed)";
    case "invariant":
      return `invariant ${report.violated} violated`;
    case "property":
      return `property violated (${report.violated ?? "temporal"})`;
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

function formatCount(value: number | null): string {
  return value === null ? "-" : value.toLocaleString("en-US");
}

function row(cells: string[]): string {
  const widths = [34, 12, 10, 6, 8];
  return cells.map((cell, i) => i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))
    .join(" ");
}

async function main(args: string[]): Promise<number> {
  let workers: number | "auto" = "auto";
  let only: string | null = null;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--workers" && i + 1 < args.length) {
      const given = args[++i];
      workers = given === "auto" ? "auto" : Number(given);
      if (workers !== "auto" && !(Number.isInteger(workers) && workers > 0)) {
        console.error(`model: --workers takes a positive integer or "auto", not ${given}`);
        return 2;
      }
    } else if (args[i] === "--only" && i + 1 < args.length) {
      only = args[++i];
    } else {
      console.error(`model: unknown argument ${args[i]}; usage: [--workers N|auto] [--only NAME]`);
      return 2;
    }
  }
  try {
    findTlcTools();
  } catch (error) {
    console.error(`model: ${(error as Error).message}`);
    return 2;
  }
  const dir = new URL(".", import.meta.url).pathname;
  const runs = [...CI_MODELS, ...BUG_MODELS].filter((run) => only === null || run.config === only);
  if (runs.length === 0) {
    console.error(`model: no model named ${only}`);
    return 2;
  }
  console.log(row(["model", "generated", "distinct", "depth", "wall s"]) + "  result");
  let failures = 0;
  const started = performance.now();
  for (const run of runs) {
    const report = await runTlc({
      spec: `${dir}${run.module}.tla`,
      config: `${dir}${run.config}.cfg`,
      workers,
    });
    const verdict = judge(run, report);
    if (!verdict.ok) failures++;
    console.log(
      row([
        run.config,
        formatCount(report.statesGenerated),
        formatCount(report.distinctStates),
        report.depth === null ? "-" : String(report.depth),
        (report.wallMs / 1000).toFixed(1),
      ]) + `  ${verdict.ok ? "ok" : "FAIL"}: ${verdict.why}`,
    );
  }
  console.log(
    `${runs.length} TLC runs in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
      (failures === 0 ? "all as expected" : `${failures} unexpected`),
  );
  return failures === 0 ? 0 : 1;
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
