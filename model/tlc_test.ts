/** Unit tests of model/tlc.ts (reading TLC's report) and model/run.ts (judging it). */

import assert from "node:assert/strict";
import { parseTlcOutput } from "./tlc.ts";
import { BUG_MODELS, CI_MODELS, judge } from "./run.ts";

const PASSED = `Model checking completed. No error has been found.
165,278 states generated, 4,589 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 8.
Finished in 24s at (2026-11-21 08:48:47)`;

const INVARIANT = `Error: Invariant CacheCoherent is violated.
Error: The behavior up to this point is:
7,028 states generated, 1,136 distinct states found, 864 states left on queue.
The depth of the complete state graph search is 4.`;

Deno.test("parseTlcOutput reads a passing run's statistics", () => {
  const report = parseTlcOutput(PASSED, 0);
  assert.equal(report.outcome, "passed");
  assert.equal(report.statesGenerated, 165278);
  assert.equal(report.distinctStates, 4589);
  assert.equal(report.depth, 8);
});

Deno.test("parseTlcOutput names the violated invariant", () => {
  const report = parseTlcOutput(INVARIANT, 12);
  assert.equal(report.outcome, "invariant");
  assert.equal(report.violated, "CacheCoherent");
});

Deno.test("parseTlcOutput tells action properties, deadlocks and parse errors apart", () => {
  const property = parseTlcOutput(
    "Error: Action property line 345, col 17 to line 345, col 29 of module Headers is violated.",
    13,
  );
  assert.equal(property.outcome, "property");
  assert.match(property.violated ?? "", /module Headers/);
  assert.equal(parseTlcOutput("Error: Deadlock reached.", 11).outcome, "deadlock");
  const parseError = parseTlcOutput(
    "*** Errors: 1\nUnknown operator: `o'.\nError: Parsing or semantic analysis failed.",
    150,
  );
  assert.equal(parseError.outcome, "failed");
});

Deno.test("judge accepts only the intended invariant for a planted-bug model", () => {
  const bug = BUG_MODELS.find((run) => run.mustViolate === "CacheCoherent")!;
  const report = { ...parseTlcOutput(INVARIANT, 12), wallMs: 1 };
  assert.equal(judge(bug, report).ok, true);
  const other = BUG_MODELS.find((run) => run.mustViolate !== "CacheCoherent")!;
  assert.equal(judge(other, report).ok, false);
  assert.equal(judge(bug, { ...parseTlcOutput(PASSED, 0), wallMs: 1 }).ok, false);
  assert.equal(
    judge(bug, { ...parseTlcOutput("Error: Parsing failed", 150), wallMs: 1 }).ok,
    false,
  );
});

Deno.test("judge fails a CI model on any violation", () => {
  const report = { ...parseTlcOutput(INVARIANT, 12), wallMs: 1 };
  assert.equal(judge(CI_MODELS[0], report).ok, false);
  assert.equal(judge(CI_MODELS[0], { ...parseTlcOutput(PASSED, 0), wallMs: 1 }).ok, true);
});
