import assert from "node:assert/strict";
import { parseCliArgs } from "./cli_args.ts";
import { runCli } from "../core/cli_runner.ts";
import type { Summary } from "./coordinator.ts";
import type { Op } from "../oracle/ops.ts";
import { caseTimeoutMs, failureOf, stagesFor, startWorker, supervise } from "./worker_pool.ts";

/** The property names of each stage for these CLI arguments. */
function stageProperties(...args: string[]): string[][] {
  return stagesFor(parseCliArgs(args)).map((stage) => stage.map((phase) => phase.property));
}

Deno.test("the tampered-realm property runs in worker processes of its own, first", () => {
  assert.deepEqual(stageProperties("--target", "impl", "--runs", "100"), [
    ["tampered-realm"],
    ["invalid-raw-list", "model"],
  ]);
  assert.deepEqual(stageProperties("--target", "impl", "--realm", "tampered"), [
    ["tampered-realm"],
    ["invalid-raw-list"],
  ]);
  assert.deepEqual(stageProperties("--target", "impl", "--realm", "clean"), [
    ["invalid-raw-list", "model"],
  ]);
  assert.deepEqual(
    stageProperties("--target", "impl", "--phases", "model=5,tampered-realm=2,model=3"),
    [["model"], ["tampered-realm"], ["model"]],
  );
  assert.deepEqual(
    stageProperties("--target", "impl", "--seed", "1", "--path", "0", "--property", "model"),
    [["model"]],
  );
});

Deno.test("steps of any length reach a worker: 5000 appends, more than a command line holds", async () => {
  const steps: Op[] = [
    { op: "construct", slot: 0, guard: "none", init: { kind: "none" } },
    ...Array.from({ length: 5000 }, (_, i): Op => ({
      op: "append",
      target: 0,
      args: [`x-name-${i}`, "a value long enough to pass the command line's limit"],
    })),
  ];
  const state = startWorker({
    target: "impl",
    seed: 1,
    phases: [{ property: "model", runs: 1 }],
    steps,
  });
  await supervise([state], 60_000, () => {});
  assert.equal(state.harnessError, null);
  assert.equal(state.report?.commands, steps.length);
  assert.equal(state.steps.length, steps.length);
});

Deno.test("a harness error inside a worker is reported as one, never as a finding", async () => {
  const state = startWorker({
    target: "impl",
    seed: 1,
    phases: [{ property: "model", runs: 1 }],
    steps: 42 as unknown as Op[],
  });
  await supervise([state], 60_000, () => {});
  assert.equal((await state.exit).code, 2);
  assert.match(state.harnessError ?? "", /not iterable/);
  const failure = await failureOf(state, parseCliArgs([]));
  assert.equal(failure?.kind, "harness-error");
});

Deno.test("the case timeout scales with --max-commands beyond 40", () => {
  assert.equal(caseTimeoutMs(parseCliArgs([])), 10_000);
  assert.equal(
    caseTimeoutMs(parseCliArgs(["--case-timeout", "1", "--max-commands", "2000"])),
    50_000,
  );
});

Deno.test("a control campaign of up to 5000 steps per run on impl exits 0", () => {
  const run = runCli([
    "--target",
    "impl",
    "--max-commands",
    "5000",
    "--runs",
    "1",
    "--realm",
    "clean",
    "--workers",
    "1",
    "--seed",
    "1",
    "--json",
  ], 300_000);
  assert.equal(run.status, 0, run.stderr);
  assert.equal((JSON.parse(run.stdout) as Summary).failure, null);
});
