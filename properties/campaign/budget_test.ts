import assert from "node:assert/strict";
import { marginSeconds, planBudget } from "./budget.ts";
import { parseCliArgs, USAGE } from "./cli_args.ts";

Deno.test("--time is shared 40% costs, 10% wire, the rest answers; the margin is 2 case timeouts and 10 s", () => {
  const options = parseCliArgs(["--time", "100", "--case-timeout", "4"]);
  assert.equal(marginSeconds(options), 18);
  const plan = planBudget(options, { costs: true, wire: true }, 0);
  assert.deepEqual(
    [plan.costsEnd, plan.wireEnd, plan.answersEnd, plan.hardEnd],
    [40_000, 50_000, 100_000, 118_000],
  );
  assert.match(plan.line, /cost stage 40\.0 s, wire stage 10\.0 s, answer stages 50\.0 s/);
  assert.match(plan.line, /every process ends by 118\.0 s \(margin 18 s\)/);
  const answersOnly = planBudget(options, { costs: false, wire: false }, 0);
  assert.deepEqual([answersOnly.costsEnd, answersOnly.wireEnd], [0, 0]);
  assert.doesNotMatch(answersOnly.line, /cost stage|wire stage/);
  assert.equal(marginSeconds(parseCliArgs(["--max-commands", "80"])), 50);
});

Deno.test("--help states the margin", () => {
  assert.match(
    USAGE.replace(/\s+/g, " "),
    /a margin of 2 case timeouts and 10 s \(30 s by default\)/,
  );
});
