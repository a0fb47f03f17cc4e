import assert from "node:assert/strict";
import { runCli } from "../core/cli_runner.ts";
import type { Summary } from "./fuzz_report.ts";
import { fixtureTree } from "../testdata/deno_src_repository.ts";

// A native campaign expects the classes already known for its runtime (auto): it generates every
// operation, goes on past each difference they explain and lists them; a bug in the same
// operations is still found.

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
// a bug planted in the operations of three classes known for other runtimes: has() answers
// wrongly for "set-cookie" and for "cookie", and calls a built-in a tampered realm replaces.
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

Deno.test("a native campaign expects the known classes it hits, each with counts and a replay", async () => {
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
  assert.equal(auto.status, 0, JSON.stringify(auto.summary.failure?.message));
  for (const hit of none.summary.classesHit) {
    assert.ok(auto.summary.knownDivergences.includes(hit.name), hit.name);
  }
  // Nothing is left ungenerated but the operations of a class that hangs.
  const exclusion = auto.summary.exclusion!;
  assert.deepEqual(exclusion.classes, ["pair-next-primitive-hangs"]);
  assert.ok(exclusion.dropped < exclusion.generated / 100, JSON.stringify(exclusion));
  const expected = auto.summary.classesHit.filter((h) => h.replay !== null);
  assert.ok(expected.length > 0);
  for (const hit of expected) assert.ok(hit.runs > 0 && hit.steps >= hit.runs, hit.name);
  // A hit's replay runs its first run alone with that class out of force: it fails there.
  const [hit] = expected;
  const replayArgs = hit.replay!.split(" ");
  const replayed = await campaign(...replayArgs.slice(replayArgs.indexOf("--target")));
  assert.equal(replayed.status, 1, hit.replay!);
  assert.ok(!replayed.summary.knownDivergences.includes(hit.name));
});

Deno.test("a bug in the operations of known classes is found with those classes in force", async () => {
  const root = await Deno.makeTempDir({ prefix: "headerproof-planted-" });
  try {
    fixtureTree(root, PLANTED);
    const target = ["--target", `deno-src:${root}`, "--workers", "1", "--costs", "none"];
    const classes = "set-cookie-sorted-last,cookie-joined-with-semicolon,uses-patchable-builtins";
    const known = await campaign(...target, "--known-divergences", classes);
    assert.equal(known.status, 1);
    assert.match(known.summary.failure!.message, /^step \d+: h\[\d+\]\.has\("(set-)?cookie"/i);
    assert.equal(known.summary.exclusion!.dropped, 0);
    // Excluding their operations instead (opt-in) never generates the bug, and says what it cost.
    const excluded = await campaign(...target, "--known-divergences", classes, "--exclude-known");
    assert.equal(excluded.status, 0, JSON.stringify(excluded.summary.failure?.message));
    assert.deepEqual(excluded.summary.exclusion!.classes, classes.split(","));
    assert.ok(excluded.summary.exclusion!.dropped > 0);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
