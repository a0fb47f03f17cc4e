/**
 * How `--time` is shared between a campaign's stages (coordinator.ts): the cost stage gets
 * {@link COST_SHARE} of the budget, the wire stage {@link WIRE_SHARE}, the answer stages the rest
 * (what a stage before them leaves unused included). Each stage ends its processes at the end of
 * its share; what it could not finish is listed and the verdict is partial. After the budget, a
 * fixed margin ({@link marginSeconds}) lets a run in progress show a hang and be located; at its
 * end every process still running is stopped. So the whole campaign ends by `--time` plus the
 * margin, whatever the candidate does.
 *
 * @example
 * ```ts
 * import { planBudget } from "./budget.ts";
 * import { parseCliArgs } from "./cli_args.ts";
 * const plan = planBudget(parseCliArgs(["--time", "10"]), { costs: true, wire: true }, Date.now());
 * console.log(plan.line);
 * ```
 *
 * @module
 */
import type { CliOptions } from "./cli_args.ts";

/** The cost stage's share of `--time`. */
export const COST_SHARE = 0.4;
/** The wire stage's share of `--time`. */
export const WIRE_SHARE = 0.1;
/** The fixed part of the margin after `--time`, in seconds. */
export const MARGIN_FIXED_SECONDS = 10;

/**
 * The margin after `--time` in seconds: two case timeouts (one for a run in progress at the end
 * to show a hang, one to locate its step in a fresh process) and {@link MARGIN_FIXED_SECONDS}
 * (processes starting, the report); 30 s with the defaults.
 */
export function marginSeconds(options: CliOptions): number {
  const caseTimeout = options.caseTimeoutSeconds * Math.max(1, options.maxCommands / 40);
  return 2 * caseTimeout + MARGIN_FIXED_SECONDS;
}

/** When each stage of a campaign with `--time` must end, in epoch milliseconds. */
export interface BudgetPlan {
  /** The end of the cost stage's share (the start when it does not run). */
  costsEnd: number;
  /** The end of the wire stage's share. */
  wireEnd: number;
  /** The end of the budget: the answer stages start no run after it. */
  answersEnd: number;
  /** The end of the margin: every process still running is stopped. */
  hardEnd: number;
  /** The plan, one line, for standard error before the stages start. */
  line: string;
}

/** The plan of a campaign with `options` (with `--time`) starting at `started`. */
export function planBudget(
  options: CliOptions,
  stages: { costs: boolean; wire: boolean },
  started: number,
): BudgetPlan {
  const budgetMs = options.timeSeconds! * 1000;
  const costsMs = stages.costs ? budgetMs * COST_SHARE : 0;
  const wireMs = stages.wire ? budgetMs * WIRE_SHARE : 0;
  const margin = marginSeconds(options);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const shares = [
    ...(stages.costs ? [`cost stage ${seconds(costsMs)}`] : []),
    ...(stages.wire ? [`wire stage ${seconds(wireMs)}`] : []),
    `answer stages ${seconds(budgetMs - costsMs - wireMs)} and what the stages before leave`,
  ];
  return {
    costsEnd: started + costsMs,
    wireEnd: started + costsMs + wireMs,
    answersEnd: started + budgetMs,
    hardEnd: started + budgetMs + margin * 1000,
    line: `headerproof fuzz: --time ${options.timeSeconds} s: ${shares.join(", ")}; ` +
      `every process ends by ${seconds(budgetMs + margin * 1000)} (margin ${margin} s)\n`,
  };
}
