import assert from "node:assert/strict";
import { runCli } from "../core/cli_runner.ts";
import type { Summary } from "./fuzz_report.ts";

/** Runs the CLI on a testdata candidate with `args`; returns the exit code and JSON summary. */
async function fuzz(
  candidate: string,
  ...args: string[]
): Promise<{ code: number | null; summary: Summary }> {
  const out = await Deno.makeTempDir({ prefix: "headerproof-replay-" });
  try {
    const run = runCli([
      "--target",
      new URL(`../testdata/${candidate}`, import.meta.url).pathname,
      "--workers",
      "1",
      "--seed",
      "1",
      "--realm",
      "clean",
      "--out",
      out,
      "--json",
      ...args,
    ]);
    return { code: run.status, summary: JSON.parse(run.stdout) as Summary };
  } finally {
    await Deno.remove(out, { recursive: true });
  }
}

Deno.test("a divergence that replays alone is reported as a plain counterexample", async () => {
  const { code, summary } = await fuzz("throws_range_error.mjs", "--runs", "300");
  assert.equal(code, 1);
  assert.equal(summary.failure?.replays, "alone");
  assert.match(summary.failure!.replay, /--path /);
});

Deno.test("a divergence that needs earlier runs is reported as state-dependent, with a replay of that history", async (t) => {
  const { code, summary } = await fuzz("state_dependent.mjs", "--runs", "2000");
  assert.equal(code, 1);
  const failure = summary.failure!;
  assert.equal(failure.replays, "after-history");
  assert.deepEqual(failure.history?.map((phase) => phase.property), ["model"]);
  assert.match(failure.replay, /--workers 1 --phases model=\d+$/);
  await t.step("the history replay reproduces it", async () => {
    const runs = failure.history![0].runs;
    const again = await fuzz("state_dependent.mjs", "--phases", `model=${runs}`);
    assert.equal(again.code, 1);
    assert.equal(again.summary.failure?.message, failure.message);
  });
  await t.step(
    "with the reset hook exported, every run starts clean and nothing diverges",
    async () => {
      const reset = await fuzz(
        "state_dependent_with_reset.mjs",
        "--runs",
        String(2 * failure.history![0].runs),
      );
      assert.equal(reset.code, 0, reset.summary.failure?.message);
    },
  );
});
