/**
 * How `--time` is shared between a campaign's stages (coordinator.ts): each stage with a share
 * (properties/core/stage.ts `Stage.share`; the cost stage 40%, the wire stage 10%, the egress
 * stage 5%) gets that fraction of the budget, in the order of the STAGES table (stages.ts), and the stage without
 * one (the answer stages) the rest, what a stage before it leaves unused included. Each stage
 * ends its processes at the end of its share; what it could not finish is listed and the verdict
 * is partial. After the budget, a fixed margin ({@link marginSeconds}) lets a run in progress
 * show a hang and be located; at its end every process still running is stopped. So the whole
 * campaign ends by `--time` plus the margin, whatever the candidate does.
 *
 * @example
 * ```ts
 * import { planBudget } from "./budget.ts";
 * import { parseCliArgs } from "./cli_args.ts";
 * const plan = planBudget(parseCliArgs(["--time", "10"]), [
 *   { label: "cost stage", share: 0.4 },
 *   { label: "answer stages", share: null },
 * ], Date.now());
 * console.log(plan.line);
 * ```
 *
 * @module
 */
import type { CliOptions } from "./cli_args.ts";

/** The fixed part of the margin after `--time`, in seconds. */
export const MARGIN_FIXED_SECONDS = 10;

/**
 * The margin after `--time` in seconds: two case timeouts (one for a run in progress at the end
 * to show a hang, one to locate its step in a fresh process) and {@link MARGIN_FIXED_SECONDS}
 * (processes starting, the report); 30 s with the defaults.
 */
export function marginSeconds(
  options: Pick<CliOptions, "caseTimeoutSeconds" | "maxCommands">,
): number {
  const caseTimeout = options.caseTimeoutSeconds * Math.max(1, options.maxCommands / 40);
  return 2 * caseTimeout + MARGIN_FIXED_SECONDS;
}

/** A stage as the budget sees it: its name in the plan and its share of `--time`. */
export interface BudgetShare {
  /** What the plan calls it ("cost stage"). */
  label: string;
  /** Its fraction of the budget; null for the stage that gets the rest. */
  share: number | null;
}

/** When each stage of a campaign with `--time` must end, in epoch milliseconds. */
export interface BudgetPlan {
  /**
   * The end of each stage's share, in the order given: a stage with a share ends that fraction
   * of the budget after the stage before it; the stage without one at the end of the budget.
   */
  ends: number[];
  /** The end of the margin: every process still running is stopped. */
  hardEnd: number;
  /** The plan, one line, for standard error before the stages start. */
  line: string;
}

/** The plan of a campaign with `options` (with `--time`) and these stages starting at `started`. */
export function planBudget(
  options: Pick<CliOptions, "timeSeconds" | "caseTimeoutSeconds" | "maxCommands">,
  stages: readonly BudgetShare[],
  started: number,
): BudgetPlan {
  const budgetMs = options.timeSeconds! * 1000;
  const rest = stages.reduce((left, stage) => left - budgetMs * (stage.share ?? 0), budgetMs);
  const margin = marginSeconds(options);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  let end = started;
  const ends = stages.map((stage) =>
    stage.share === null ? started + budgetMs : (end += budgetMs * stage.share)
  );
  const shares = stages.map((stage) =>
    stage.share === null
      ? `${stage.label} ${seconds(rest)} and what the stages before leave`
      : `${stage.label} ${seconds(budgetMs * stage.share)}`
  );
  return {
    ends,
    hardEnd: started + budgetMs + margin * 1000,
    line: `headerproof fuzz: --time ${options.timeSeconds} s: ${shares.join(", ")}; ` +
      `every process ends by ${seconds(budgetMs + margin * 1000)} (margin ${margin} s)\n`,
  };
}
