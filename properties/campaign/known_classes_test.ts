import assert from "node:assert/strict";
import { runCli } from "./cli_runner.ts";
import type { Summary } from "./fuzz_report.ts";
import { fixtureTree } from "../testdata/deno_src_repository.ts";

// A native campaign names the known class it runs into, and by default (auto) skips every class
// already known for the runtime.

/** A short campaign under this Deno with `args`; exit status and summary. */
async function campaign(...args: string[]): Promise<{ status: number | null; summary: Summary }> {
  const out = await Deno.makeTempDir({ prefix: "headerproof-known-" });
  try {
    const run = runCli([
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

/** A short native campaign under this Deno with `args`. */
function native(...args: string[]): Promise<{ status: number | null; summary: Summary }> {
  return campaign("--target", "native", ...args);
}

// Deno's Headers from a source tree (the fixture over impl/, which alone shows no divergence) with
// divergences planted in three classes known for other runtimes but not for Deno, so that auto
// does not exclude them from the start: has() answers wrongly for "set-cookie" and for "cookie",
// and calls built-ins a tampered realm replaces.
const PLANTED = `
const plantedHas = Headers.prototype.has;
Headers.prototype.has = {
  has(name) {
    const answer = plantedHas.apply(this, arguments);
    const lower = String(name).toLowerCase();
    return lower === "set-cookie" || lower === "cookie" ? !answer : answer;
  },
}.has;
`;

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

Deno.test("auto goes on past every known class a campaign hits and lists them all", async () => {
  const root = await Deno.makeTempDir({ prefix: "headerproof-planted-" });
  try {
    fixtureTree(root, PLANTED);
    const target = ["--target", `deno-src:${root}`, "--workers", "1", "--costs", "none"];
    const auto = await campaign(...target);
    assert.equal(auto.status, 0, JSON.stringify(auto.summary.failure?.message));
    assert.equal(auto.summary.failure, null);
    assert.deepEqual(
      auto.summary.classesHit.map((h) => h.name).sort(),
      ["cookie-joined-with-semicolon", "set-cookie-sorted-last", "uses-patchable-builtins"],
    );
    for (const hit of auto.summary.classesHit) {
      assert.deepEqual(hit.seeds, [1]);
      assert.match(hit.replay!, /--known-divergences \S+ --seed 1 --property \S+ --path /);
    }
    // The second class's replay excludes the first.
    assert.match(auto.summary.classesHit[1].replay!, new RegExp(auto.summary.classesHit[0].name));
    // A budget that ends right after a round of known classes lists each of them once.
    const short = await campaign(...target, "--runs", "2");
    assert.equal(short.status, 0);
    assert.deepEqual(short.summary.classesHit.map((h) => h.name), ["uses-patchable-builtins"]);
    const none = await campaign(...target, "--known-divergences", "none");
    assert.equal(none.status, 1);
    assert.equal(none.summary.classesHit.length, 1);
    assert.equal(none.summary.classesHit[0].replay, null);
    assert.ok(
      auto.summary.classesHit.some((h) => h.name === none.summary.classesHit[0].name),
      none.summary.classesHit[0].name,
    );
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
