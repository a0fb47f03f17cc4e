import assert from "node:assert/strict";
import { exclusionShares, runCampaign, withoutNeedlessSteps } from "./campaign.ts";
import { divergenceClasses } from "../classes/classes.ts";
import type { Op } from "../oracle/ops.ts";
import { loadTarget } from "../targets/targets.ts";

// The property suite's default run against impl: modest, fixed seeds (a campaign is where long
// runs go). It is also what the coverage gate measures (properties/mutation/coverage.ts).
Deno.test("impl matches the reference on random command sequences (model property)", async () => {
  const target = await loadTarget({ target: "impl" });
  for (const seed of [1, 2]) {
    const result = runCampaign({ target, seed, runs: 1500 });
    assert.equal(result.failure, null, result.failure?.message);
    assert.equal(result.runs, 1500);
  }
});

Deno.test("impl matches the reference under the server profile", async () => {
  const target = await loadTarget({ target: "impl", profile: "server" });
  const result = runCampaign({ target, seed: 3, runs: 800 });
  assert.equal(result.failure, null, result.failure?.message);
});

Deno.test("impl rejects invalid raw lists with a TypeError at construction or first read", async () => {
  const target = await loadTarget({ target: "impl" });
  const result = runCampaign({ target, seed: 4, runs: 1000, property: "invalid-raw-list" });
  assert.equal(result.failure, null, result.failure?.message);
});

Deno.test("the reference itself rejects every generated invalid raw list", async () => {
  const target = await loadTarget({
    target: new URL("../../spec/mod.ts", import.meta.url).pathname,
  });
  const result = runCampaign({ target, seed: 5, runs: 500, property: "invalid-raw-list" });
  assert.equal(result.failure, null, result.failure?.message);
});

Deno.test("a divergence keeps only the steps it needs", async () => {
  const dir = await Deno.makeTempDir({ prefix: "headerproof-needless-" });
  const candidate = `${dir}/has_accepts_empty.mjs`;
  await Deno.writeTextFile(
    candidate,
    `import { Headers as Base } from ${
      JSON.stringify(new URL("../../impl/mod.ts", import.meta.url).href)
    };
export class Headers extends Base {
  has(...args) { return args[0] === "" ? false : super.has(...args); }
}
`,
  );
  const target = await loadTarget({ target: candidate });
  const steps: Op[] = [
    { op: "construct", slot: 0, guard: "none", init: { kind: "none" } },
    { op: "append", target: 0, args: ["a", "1"] },
    { op: "get", target: 0, args: ["a"] },
    { op: "has", target: 0, args: [""] },
    { op: "delete", target: 0, args: ["a"] },
  ];
  const shrunk = withoutNeedlessSteps(target, steps);
  assert.deepEqual(shrunk?.steps.map((step) => step.op), ["construct", "has"]);
  assert.match(shrunk!.divergence.message, /has\(""\)/);
  // Inside a batch, the calls it does not need are dropped too.
  const batched = withoutNeedlessSteps(target, [
    steps[0],
    { op: "batch", ops: steps.slice(1) as Extract<Op, { op: "batch" }>["ops"] },
  ]);
  assert.deepEqual(batched?.steps, [steps[0], { op: "batch", ops: [steps[3]] }]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("exclusion shares count what each class and all of them drop", async () => {
  const target = await loadTarget({ target: "impl" });
  const classes = divergenceClasses(["no-cors-guard-ignored", "for-each-iterates-snapshot"]);
  const shares = exclusionShares(target.capabilities, classes, 2000, 1);
  const [noCors, forEach] = shares.byClass.map((c) => c.share);
  assert.ok(noCors > 0.01 && forEach > 0.01, JSON.stringify(shares));
  assert.ok(shares.all >= Math.max(noCors, forEach) && shares.all <= noCors + forEach);
  assert.equal(exclusionShares(target.capabilities, [], 2000, 1).all, 0);
});
