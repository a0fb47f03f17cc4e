import assert from "node:assert/strict";
import { marginSeconds, planBudget } from "./budget.ts";
import { parseCliArgs, USAGE } from "./cli_args.ts";
import { STAGES } from "./stages.ts";

Deno.test("--time is shared 40% costs, 10% wire, 5% egress, the rest answers; the margin is 2 case timeouts and 10 s", () => {
  const options = parseCliArgs(["--time", "100", "--case-timeout", "4"]);
  assert.equal(marginSeconds(options), 18);
  // The stages that share a campaign's budget, as the STAGES table has them.
  const shared = STAGES.filter((stage) => stage.report !== null);
  assert.deepEqual(shared.map((stage) => stage.name), ["costs", "wire", "egress", "answers"]);
  const plan = planBudget(options, shared, 0);
  assert.deepEqual([...plan.ends, plan.hardEnd], [40_000, 50_000, 55_000, 100_000, 118_000]);
  assert.match(
    plan.line,
    /cost stage 40\.0 s, wire stage 10\.0 s, egress stage 5\.0 s, answer stages 45\.0 s/,
  );
  assert.match(plan.line, /every process ends by 118\.0 s \(margin 18 s\)/);
  const answersOnly = planBudget(options, shared.slice(3), 0);
  assert.deepEqual(answersOnly.ends, [100_000]);
  assert.doesNotMatch(answersOnly.line, /cost stage|wire stage|egress stage/);
  assert.equal(marginSeconds(parseCliArgs(["--max-commands", "80"])), 50);
});

Deno.test("--help states the margin", () => {
  assert.match(
    USAGE.replace(/\s+/g, " "),
    /a margin of 2 case timeouts and 10 s \(30 s by default\)/,
  );
});
