/**
 * The campaign's report, in the three forms people and machines read: the text a person reads
 * (the failing steps first, then what differed, where the reproduction was written and the replay
 * command), the `--json` {@link Summary}, and a JUnit XML case (`--junit FILE`).
 *
 * @example
 * ```ts
 * import { humanSummary } from "./fuzz_report.ts";
 * console.log(humanSummary({
 *   ok: true, interrupted: false, target: "impl", runtime: "deno 2.9.6", profile: "standard",
 *   entryPoints: ["Headers"], knownDivergences: [], seeds: [1], workers: 1, runs: 10,
 *   commands: 200, elapsedMs: 1000, commandsPerSecond: 200, failure: null, costs: null,
 * }, false));
 * ```
 *
 * @module
 */
import type { Failure } from "./campaign.ts";
import type { JunitCase } from "./junit.ts";
import type { Op } from "../oracle/ops.ts";
import { stepLabels } from "../oracle/world.ts";
import type { CostReport } from "../costs/stage.ts";
import { costReportLines } from "../costs/report.ts";

/** The JSON summary (`--json`). */
export interface Summary {
  ok: boolean;
  /** Stopped by Ctrl-C before the budget was spent. */
  interrupted: boolean;
  target: string;
  runtime: string;
  profile: string | null;
  entryPoints: string[];
  knownDivergences: string[];
  seeds: number[];
  workers: number;
  runs: number;
  commands: number;
  /** Wall-clock milliseconds, worker start-up included. */
  elapsedMs: number;
  /** Steps per second summed over workers, measured on the workers' campaign clocks. */
  commandsPerSecond: number;
  failure:
    | (Failure & {
      replay: string;
      /** The self-contained reproduction (null for a harness error). */
      reproduction: string | null;
      corpusFile: string;
      /** The copy in the committed regression corpus (`--record`), or null. */
      recorded: string | null;
    })
    | null;
  /** The cost stage's report; null when it did not run (`--costs none`, a replay, `--phases`). */
  costs: CostReport | null;
}

/** The steps of a counterexample, numbered, one line each (a step with several calls: `;`). */
export function stepList(steps: readonly Op[]): string[] {
  const width = String(steps.length).length;
  return steps.map((op, i) => `  ${String(i + 1).padStart(width)}. ${stepLabels(op).join("; ")}`);
}

/** The report a person reads. */
export function humanSummary(summary: Summary, replaying: boolean): string {
  const lines = [
    `headerproof fuzz: target ${summary.target}, profile ${summary.profile}, ${summary.runtime}`,
    `entry points fuzzed: ${summary.entryPoints.join("; ") || "(candidate not loaded)"}`,
    `known divergences excluded: ${summary.knownDivergences.join(", ") || "none"}`,
    `${summary.workers} worker(s), seeds ${summary.seeds.join(", ")}: ${summary.runs} runs, ` +
    `${summary.commands} commands in ${(summary.elapsedMs / 1000).toFixed(1)} s = ` +
    `${summary.commandsPerSecond} commands/s`,
  ];
  const failure = summary.failure;
  if (summary.interrupted) {
    lines.push("interrupted before the budget was spent: no divergence found so far");
  } else if (failure === null) {
    lines.push(
      replaying
        ? "the case passes: no divergence"
        : summary.costs?.findings.length
        ? "no answer divergence found (cost findings below)"
        : "no divergence found",
    );
  }
  if (failure !== null) {
    const heading = failure.replays === "after-history"
      ? "STATE-DEPENDENT COUNTEREXAMPLE"
      : failure.replays === "never"
      ? "UNCONFIRMED COUNTEREXAMPLE"
      : "COUNTEREXAMPLE";
    lines.push(
      "",
      `${heading}: ${failure.kind} (property ${failure.property}, seed ${failure.seed}, ` +
        `path ${JSON.stringify(failure.path)}), ${failure.steps.length} step(s):`,
      ...stepList(failure.steps),
      "",
      failure.message,
      ...(failure.replays === "after-history"
        ? [
          "",
          "Replayed alone in a fresh process, this case passes: it needs the module state the",
          "candidate kept from the runs before it in the same process, here " +
          (failure.history ?? []).map(({ property, runs }) => `${runs} ${property} run(s)`)
            .join(", ") +
          ",",
          "the last of them the failing one. The replay command runs exactly those. A candidate",
          "that exports resetHeadersCaches() has it called before every run, so that each run",
          "starts from the same module state.",
        ]
        : failure.replays === "never"
        ? [
          "",
          "Neither this case alone nor the campaign's earlier runs reproduced it in a fresh process:",
          "the candidate is not deterministic. The replay command may pass.",
        ]
        : []),
      "",
      ...(failure.reproduction === null ? [] : [
        `reproduction (self-contained; deno run -A, node or bun): ${failure.reproduction}`,
      ]),
      `replay: ${failure.replay}`,
      `corpus entry: ${failure.corpusFile}`,
      ...(failure.recorded === null
        ? []
        : [`recorded in the regression corpus: ${failure.recorded}`]),
    );
  }
  if (summary.costs !== null) lines.push("", ...costReportLines(summary.costs));
  return lines.join("\n") + "\n";
}

/** The campaign as one JUnit case. */
export function junitCase(summary: Summary): JunitCase {
  const name = `fuzz ${summary.target} (${summary.runtime}, profile ${summary.profile}, seeds ${
    summary.seeds.join(",")
  })`;
  const failure = summary.failure;
  const costFindings = summary.costs?.findings ?? [];
  return {
    name,
    seconds: summary.elapsedMs / 1000,
    ...(costFindings.length > 0
      ? {
        failure: {
          message: `cost: ${costFindings.map((finding) => finding.costClass).join(", ")}`,
          detail: humanSummary(summary, false),
        },
      }
      : {}),
    ...(failure === null ? {} : {
      failure: {
        message: `${failure.kind}: ${failure.message.split("\n")[0]}`,
        detail: humanSummary(summary, false),
      },
    }),
  };
}
