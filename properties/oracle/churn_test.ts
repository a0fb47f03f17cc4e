/**
 * Long churn on a few names, in the suite's own process: up to 160 appends, sets and deletes on
 * four names (two of them one name in two casings, one of them set-cookie), every step compared
 * with the reference (values, iteration, getSetCookie and the header list). The campaign's runs
 * (at most 40 commands over many names) seldom remove more headers than stay, so this is where an
 * implementation's reclaiming of removed entries (impl's header list compaction) is judged as an
 * answer, and what the coverage gate sees of it.
 *
 * @module
 */
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { plantVariant, type Variant } from "../mutation/variants.ts";
import * as impl from "../../impl/mod.ts";
import * as reference from "../../spec/mod.ts";
import { openSubject } from "./base/observe.ts";
import type { CallOp, Op } from "./ops.ts";
import { Divergence, World } from "./world.ts";

const NAMES = ["X-A", "x-a", "Set-Cookie", "b"];
const name = fc.constantFrom(...NAMES);
const value = fc.constantFrom("1", "2", "v=3");

/** Appends five times as often as deletes and sets, so names pile up entries before a removal. */
const churnOp: fc.Arbitrary<CallOp> = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(name, value).map(([n, v]) => call("append", [n, v])) },
  { weight: 2, arbitrary: name.map((n) => call("delete", [n])) },
  { weight: 1, arbitrary: fc.tuple(name, value).map(([n, v]) => call("set", [n, v])) },
);

function call(op: "append" | "set" | "delete", args: string[]): CallOp {
  return { op, target: 0, args };
}

const FIRST: Op = { op: "construct", slot: 0, guard: "none", init: { kind: "none" } };

/** Runs `ops` on `candidate` beside the reference; throws a Divergence at the first difference. */
function churn(candidate: typeof impl, ops: readonly Op[]): void {
  const world = new World(
    openSubject(candidate, "module", "standard"),
    openSubject(reference, "module", "standard"),
  );
  for (const op of [FIRST, ...ops]) world.step(op);
}

const PROPERTY_RUNS = { seed: 1, numRuns: 60 };

const churnOps = fc.array(churnOp, { minLength: 40, maxLength: 160 });

Deno.test("long churn on a few names agrees with the reference, the header list included", () => {
  fc.assert(fc.property(churnOps, (ops) => churn(impl, ops)), PROPERTY_RUNS);
});

Deno.test("a compaction that keeps lowercase names is caught", async () => {
  // impl's header list, rebuilt after a removal, names each header by its lowercase form.
  const compactionLowercases: Variant = {
    name: "compaction-lowercases",
    bug: "compaction rebuilds the header list from lowercase names",
    patches: [{
      file: "headers.ts",
      search: "this.append(old[at], old[at + 1], old[at + 2], true)",
      replace: "this.append(old[at], old[at], old[at + 2], true)",
    }],
  };
  const planted = await plantVariant(compactionLowercases);
  try {
    const broken = await import(pathToFileURL(planted.modulePath).href);
    const property = fc.property(churnOps, (ops) => churn(broken, ops));
    assert.throws(() => fc.assert(property, PROPERTY_RUNS), (error: Error) => {
      assert.ok(error.cause instanceof Divergence, String(error.cause));
      assert.match(error.cause.message, /headerListOf\(h\[0\]\)/);
      return true;
    });
  } finally {
    await planted.remove();
  }
});
