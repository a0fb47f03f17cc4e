import assert from "node:assert/strict";
import { runCli } from "./cli_runner.ts";
import type { Summary } from "./fuzz_report.ts";

// A native campaign names the known class it runs into, and by default (auto) skips every class
// already known for the runtime.

/** A short native campaign under this Deno with `args`; exit status, summary and report text. */
async function native(...args: string[]): Promise<{ status: number | null; summary: Summary }> {
  const out = await Deno.makeTempDir({ prefix: "headerproof-known-" });
  try {
    const run = runCli([
      "--target",
      "native",
      "--workers",
      "2",
      "--seed",
      "1",
      "--runs",
      "300",
      "--out",
      out,
      "--json",
      ...args,
    ]);
    return { status: run.status, summary: JSON.parse(run.stdout) as Summary };
  } finally {
    await Deno.remove(out, { recursive: true });
  }
}

Deno.test("a native campaign names the known classes it hits, and auto skips them", async () => {
  const none = await native("--known-divergences", "none");
  assert.equal(none.status, 1);
  assert.equal(none.summary.knownDivergencesAuto, false);
  assert.deepEqual(none.summary.knownDivergences, []);
  assert.ok(none.summary.classesHit.length > 0);
  for (const hit of none.summary.classesHit) assert.ok(hit.seenIn.includes("deno"), hit.name);
  // The reported divergence's class comes first; every worker that failed is counted once.
  assert.ok(none.summary.classesHit[0].seeds.includes(none.summary.failure!.seed));
  const seeds = none.summary.classesHit.flatMap((h) => h.seeds);
  assert.equal(new Set(seeds).size, seeds.length);
  const auto = await native();
  assert.equal(auto.summary.knownDivergencesAuto, true);
  for (const hit of none.summary.classesHit) {
    assert.ok(auto.summary.knownDivergences.includes(hit.name), hit.name);
  }
  assert.equal(auto.status, 0, JSON.stringify(auto.summary.failure?.message));
});
