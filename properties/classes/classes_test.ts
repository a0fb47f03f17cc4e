import assert from "node:assert/strict";
import { classesHit, classesOf, costCasesSkipped, divergenceClasses, knownFor } from "./classes.ts";
import type { Op } from "../oracle/ops.ts";
import { COST_SECTIONS, costCases } from "../costs/cases.ts";

Deno.test("known divergence classes are found by name, all, or rejected", () => {
  assert.equal(divergenceClasses(["all"]).length, classesOf("answers").length);
  assert.deepEqual(divergenceClasses([]), []);
  assert.deepEqual(divergenceClasses(["none"]), []);
  assert.throws(() => divergenceClasses(["nope"]), /unknown divergence class "nope"/);
});

Deno.test("each class covers the operations it names and not a plain append", () => {
  const plain: Op = { op: "append", target: 0, args: ["a", "b"] };
  for (const divergence of classesOf("answers")) {
    assert.equal(divergence.covers(plain), false, divergence.name);
  }
  const [noCors] = divergenceClasses(["no-cors-guard-ignored"]);
  assert.equal(
    noCors.covers({ op: "construct", slot: 0, guard: "request-no-cors", init: { kind: "none" } }),
    true,
  );
  // A raw list under request-no-cors (a deno-src target offers headersFromRawList).
  const rawList = (guard: "request-no-cors" | "request"): Op => ({
    op: "rawList",
    slot: 0,
    flat: ["a", "1"],
    guard,
    first: null,
  });
  assert.equal(noCors.covers(rawList("request-no-cors")), true);
  assert.equal(noCors.covers(rawList("request")), false);
});

Deno.test("auto knows the classes seen in a runtime; a campaign's hits are named, each once", () => {
  const names = (runtime: string) => knownFor(runtime).map((c) => c.name);
  assert.ok(names("deno").includes("own-keys-expose-internal-state"));
  assert.ok(!names("deno").includes("set-cookie-sorted-last"));
  assert.ok(names("bun").includes("set-cookie-sorted-last"));
  // Cost classes too: auto skips the cost cases already known for the runtime.
  assert.ok(names("node").includes("names-keep-parent-strings"));
  assert.ok(!names("deno").includes("names-keep-parent-strings"));
  const make: Op = { op: "construct", slot: 0, guard: "none", init: { kind: "none" } };
  const noCors: Op = { ...make, guard: "request-no-cors" } as Op;
  const ownKeys = { steps: [make], message: "step 1: Reflect.ownKeys(h[0])\n  candidate: …" };
  const guard = { steps: [make, noCors], message: "step 2: h[1] = make(…)" };
  const hits = classesHit(
    [{ ...ownKeys, seed: 3 }, { ...guard, seed: 4 }, { ...ownKeys, seed: 5 }],
    "deno",
    [],
  );
  assert.deepEqual(hits.map((h) => [h.name, h.seeds]), [
    ["own-keys-expose-internal-state", [3, 5]],
    ["no-cors-guard-ignored", [4]],
  ]);
  // A class in force is not a hit; a divergence no class covers is not listed.
  assert.deepEqual(
    classesHit([{ ...ownKeys, seed: 3 }], "deno", ["own-keys-expose-internal-state"]),
    [],
  );
});

Deno.test("every known cost class covers cases, and only those are skipped", () => {
  const cases = costCases({ sections: COST_SECTIONS, factor: 10 }, 1);
  for (const known of classesOf("costs")) {
    assert.ok(cases.some(costCasesSkipped([known.name])), known.name);
  }
  assert.equal(cases.filter(costCasesSkipped([])).length, 0);
  assert.ok(cases.some((c) => !costCasesSkipped(["all"])(c)));
  assert.deepEqual(divergenceClasses(["linear-scan-per-operation"]), []);
});
