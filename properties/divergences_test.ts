import assert from "node:assert/strict";
import { DIVERGENCE_CLASSES, divergenceClasses } from "./divergences.ts";
import type { Op } from "./ops.ts";

Deno.test("known divergence classes are found by name, all, or rejected", () => {
  assert.equal(divergenceClasses(["all"]).length, DIVERGENCE_CLASSES.length);
  assert.deepEqual(divergenceClasses([]), []);
  assert.throws(() => divergenceClasses(["nope"]), /unknown divergence class "nope"/);
});

Deno.test("each class covers the operations it names and not a plain append", () => {
  const plain: Op = { op: "append", target: 0, args: ["a", "b"] };
  for (const divergence of DIVERGENCE_CLASSES) {
    assert.equal(divergence.covers(plain), false, divergence.name);
  }
  const [noCors] = divergenceClasses(["no-cors-guard-ignored"]);
  assert.equal(
    noCors.covers({ op: "construct", slot: 0, guard: "request-no-cors", init: { kind: "none" } }),
    true,
  );
});
