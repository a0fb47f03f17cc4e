import assert from "node:assert/strict";
import { runCli } from "../core/cli_runner.ts";
import type { Summary } from "./fuzz_report.ts";
import { fixtureTree } from "../testdata/deno_src_repository.ts";
import { spawnSync } from "node:child_process";
import { accepts, observesOwnKeys } from "./campaign.ts";
import { othersInForce } from "./answers.ts";
import { parseCliArgs } from "./cli_args.ts";
import { classesOf, codecCauseOf, divergenceClasses, wireClasses } from "../classes/classes.ts";
import type { Op } from "../oracle/ops.ts";
import type { Capabilities } from "../targets/targets.ts";
import { runWireStage, wireReportLines } from "../wire/stage.ts";

/** The names of every wire class, as the wire stage takes them. */
const WIRE_NAMES = wireClasses().map((c) => c.name);

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
  // A hit's replay runs its first run alone with that class out of force: it fails there. The
  // hit is for-each-iterates-snapshot's, which no other class in force covers; a class without a
  // recognizer of its own explains whatever differs on an object a step it covers touched (a
  // forEach on a Headers that was structured-cloned), so those are out of force too (but a class
  // that hangs, whose operations are never generated).
  const hit = expected.find((h) => h.name === "for-each-iterates-snapshot")!;
  const replayArgs = hit.replay!.split(" ");
  const known = replayArgs.indexOf("--known-divergences") + 1;
  const coarse = (name: string) =>
    divergenceClasses([name]).some((c) =>
      c.explains === undefined && c.silences === undefined && c.hangs === undefined
    );
  replayArgs[known] = replayArgs[known].split(",").filter((name) => !coarse(name)).join(",");
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

Deno.test("a hit's replay keeps every other class in force, and takes its own out, under all too", () => {
  const every = divergenceClasses(["all"]).map((c) => c.name);
  assert.deepEqual(
    othersInForce(["all"], "set-cookie-sorted-last"),
    every.filter((name) => name !== "set-cookie-sorted-last"),
  );
  assert.deepEqual(
    othersInForce(["set-cookie-sorted-last", "no-cors-guard-ignored"], "no-cors-guard-ignored"),
    [
      "set-cookie-sorted-last",
    ],
  );
  assert.deepEqual(othersInForce(["none"], "no-cors-guard-ignored"), []);
});

Deno.test("a class that silences own keys turns that observation off, and only such a class", () => {
  const silencing = classesOf("answers").filter((c) => c.silences === "own keys");
  assert.deepEqual(silencing.map((c) => c.name), ["own-keys-expose-internal-state"]);
  assert.equal(observesOwnKeys([]), true);
  assert.equal(observesOwnKeys(silencing), false);
  assert.equal(observesOwnKeys(divergenceClasses(["prototype-has-extra-properties"])), true);
});

Deno.test("a class is excluded from a batch when it covers any step inside it", () => {
  const [snapshot] = divergenceClasses(["for-each-iterates-snapshot"]);
  const forEach: Op = {
    op: "forEach",
    target: 0,
    mutations: [{ op: "append", target: 0, args: ["a", "1"] }],
  };
  const batch: Op = { op: "batch", ops: [{ op: "get", target: 0, args: ["a"] }, forEach] };
  const capabilities: Capabilities = {
    guards: ["none", "request", "request-no-cors", "response", "immutable"],
    emptyOnly: [],
    withGuard: true,
    rawList: true,
    freeze: true,
  };
  assert.equal(accepts(batch, capabilities, []), true);
  assert.equal(accepts(batch, capabilities, [snapshot]), false);
});

Deno.test("on native, the known wire classes count under auto and all, and fail under none", async () => {
  const out = await Deno.makeTempDir({ prefix: "headerproof-wire-" });
  const native = ["--target", "native", "--seed", "7", "--runs", "150"];
  const auto = await runWireStage(parseCliArgs(native), WIRE_NAMES);
  assert.equal(auto.entryPoint, "wire: Deno.serve request headers and fetch() response headers");
  assert.equal(auto.divergence, null, JSON.stringify(auto.divergence));
  assert.ok(Object.keys(auto.knownClassCounts).length > 0);
  assert.ok(auto.parserDivergenceCount > 0, "Deno rejects control bytes the standard allows");
  // Its parser rejects them through the Rust http crate's value grammar: the report names it.
  assert.match(
    wireReportLines(auto, codecCauseOf).join("\n"),
    /rejects \(.*\); cause: codec class value-control-bytes-rejected \(the Rust http crate\)/,
  );
  // "all" takes in the wire's own classes too, not only those it shares a name with.
  const all = await runWireStage(
    parseCliArgs([...native, "--known-divergences", "all"]),
    WIRE_NAMES,
  );
  assert.equal(all.divergence, null, JSON.stringify(all.divergence));
  assert.deepEqual(all.knownClassCounts, auto.knownClassCounts);
  const none = await runWireStage(
    parseCliArgs([...native, "--known-divergences", "none", "--out", out]),
    WIRE_NAMES,
  );
  assert.ok(none.divergence !== null, "Deno's own wire classes went unseen");
  assert.match(
    none.divergence.replay,
    /--target native --known-divergences none --seed 7 --wire-path /,
  );
  assert.equal(none.divergence.replays, "alone");
  // The reproduction starts Deno's server or answers its fetch() itself, and diverges too.
  const run = spawnSync(Deno.execPath(), ["run", "-A", none.divergence.reproduction], {
    encoding: "utf8",
    timeout: 60_000,
  });
  const reproduced = { status: run.status, stdout: run.stdout + run.stderr };
  assert.equal(reproduced.status, 1, reproduced.stdout);
  assert.match(reproduced.stdout, /diverges from the reference/);
  await Deno.remove(out, { recursive: true });
});
