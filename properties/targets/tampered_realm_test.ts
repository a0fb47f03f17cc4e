import assert from "node:assert/strict";
import { runCampaign } from "../campaign/campaign.ts";
import { runCli } from "../core/cli_runner.ts";
import type { Op } from "../oracle/ops.ts";
import { candidateCode, TamperedRealm } from "./tampered_realm.ts";
import { loadTarget } from "./targets.ts";
import { Divergence, World } from "../oracle/world.ts";

const PATCHABLE = new URL("../testdata/calls_patchable_builtins.mjs", import.meta.url).pathname;
const TAIL_CALLS_PATCHABLE =
  new URL("../testdata/tail_calls_patchable_builtin.mjs", import.meta.url).pathname;

/** A tampered realm for the target: code in the candidate's folder is the candidate. */
async function tamperedTarget(target: string) {
  const loaded = await loadTarget({ target });
  return { target: loaded, realm: new TamperedRealm(candidateCode(target, loaded.candidateUrl)) };
}

const APPEND: Op[] = [
  { op: "construct", slot: 0, guard: "none", init: { kind: "none" } },
  { op: "append", target: 0, args: ["a", "1"] },
];

Deno.test("a candidate that calls a built-in user code replaced diverges, and the patch is named", async () => {
  const { target, realm } = await tamperedTarget(PATCHABLE);
  // In a clean realm the candidate is right.
  const clean = new World(target.candidate, target.reference);
  for (const op of APPEND) clean.step(op);
  const world = new World(target.candidate, target.reference, { realm });
  assert.throws(() => APPEND.forEach((op) => world.step(op)), (error: unknown) => {
    assert.ok(error instanceof Divergence, String(error));
    assert.equal(error.label, 'h[0].append("a", "1")');
    assert.deepEqual(error.candidate, { threw: "EvalError" });
    assert.match(
      error.message,
      /in a tampered realm, the candidate called these patched built-ins in this step: \S/,
    );
    return true;
  });
});

Deno.test("the reference and the harness run with the originals while the realm is tampered", () => {
  const realm = new TamperedRealm(() => false);
  realm.install();
  try {
    assert.deepEqual([3, 1, 2].slice().sort(), [1, 2, 3]);
    assert.equal("A".toLowerCase(), "a");
  } finally {
    realm.uninstall();
  }
  assert.deepEqual(realm.takeCalls(), []);
  assert.ok(realm.size > 100, `${realm.size} built-ins replaced`);
});

Deno.test("uninstall restores every original", () => {
  const slice = Array.prototype.slice;
  const exec = RegExp.prototype.exec;
  const realm = new TamperedRealm(() => true);
  realm.install();
  const patched = Array.prototype.slice;
  realm.uninstall();
  assert.notEqual(patched, slice);
  assert.equal(Array.prototype.slice, slice);
  assert.equal(RegExp.prototype.exec, exec);
});

Deno.test("impl passes a campaign in a tampered realm", async () => {
  const target = await loadTarget({ target: "impl" });
  const result = runCampaign({ target, seed: 7, runs: 100, property: "tampered-realm" });
  assert.equal(result.failure, null, result.failure?.message);
});

Deno.test("under Bun, whose engine can leave no frame for a tail call, the realm blames the candidate alone", async (t) => {
  // JavaScriptCore has proper tail calls: a harness callback that ends in a call to a patched
  // built-in, or a count of frames down to the patch, would take the candidate for its caller.
  const campaign = (target: string) =>
    runCli(
      ["--target", target, "--realm", "tampered", "--runs", "300", "--seed", "1", "--workers", "1"],
      // About 20 s on a quiet machine; ./headerproof test runs this suite beside another gate.
      300_000,
      "bun",
    );
  await t.step("impl passes", () => {
    const run = campaign("impl");
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout + run.stderr, /bun \d+\.\d+\.\d+/);
  });
  /** The campaign on `target` fails, naming `builtin` as the patched built-in it called. */
  const assertCaught = (target: string, builtin: RegExp) => {
    const run = campaign(target);
    assert.equal(run.status, 1, run.stdout + run.stderr);
    assert.match(
      run.stdout,
      new RegExp(
        `the candidate called these patched built-ins in this step: ${builtin.source}`,
      ),
    );
  };
  await t.step("a candidate that calls a patched built-in is still caught", () => {
    assertCaught(PATCHABLE, /Array\.prototype\.slice/);
  });
  await t.step("so is one whose call is a tail call (the workers turn tail calls off)", () => {
    assertCaught(TAIL_CALLS_PATCHABLE, /Function\.prototype\.apply/);
  });
});

Deno.test("a built-in the candidate captured when it loaded is caught when the realm patched it before load", async () => {
  const url = new URL("../testdata/captures_builtins_at_load.mjs", import.meta.url).href;
  // Loaded (a fresh instance) while the patches are in place, it holds patches.
  const realm = new TamperedRealm(candidateCode(url, url));
  realm.installForLoad();
  let tampered;
  try {
    tampered = await loadTarget({ target: `${url}?before-load` });
  } finally {
    realm.uninstall();
  }
  const before = runCampaign({
    target: tampered,
    seed: 3,
    runs: 50,
    property: "tampered-realm",
    realm,
  });
  assert.match(before.failure?.message ?? "no failure", /Reflect\.apply/);
  // Loaded in a clean realm, the candidate holds the originals: the same runs, up to the one that
  // failed above, miss it (each run costs about a second: the candidate is the reference, whose
  // every built-in call the realm checks).
  const clean = await loadTarget({ target: url });
  const runs = before.failure!.runsToFailure;
  const after = runCampaign({ target: clean, seed: 3, runs, property: "tampered-realm" });
  assert.equal(after.failure, null, after.failure?.message);
});
