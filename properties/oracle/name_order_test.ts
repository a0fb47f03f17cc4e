/**
 * A live iterator on a list of more than 32 names, compared step by step with the reference: it
 * is drained, a removal follows, and it is asked once more. impl then reads past the end of the
 * list through its name order (the view is dropped and a few reads go through the order before
 * it is rebuilt). Campaign runs reach that read only by chance (an init of 30-40 names is 3 in
 * 114 constructions), so this is where the coverage gate sees it.
 *
 * @module
 */
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import { plantVariant, type Variant } from "../mutation/variants.ts";
import * as impl from "../../impl/mod.ts";
import * as reference from "../../spec/mod.ts";
import { openSubject } from "./base/observe.ts";
import type { Op } from "./ops.ts";
import { Divergence, World } from "./world.ts";

const NAME_COUNT = 40;

const STEPS: readonly Op[] = [
  {
    op: "construct",
    slot: 0,
    guard: "none",
    init: {
      kind: "sequence",
      items: Array.from({ length: NAME_COUNT }, (_, i) => [`h${i}`, "v"]),
    },
  },
  { op: "iterOpen", slot: 0, target: 0, kind: "entries" },
  ...Array.from({ length: NAME_COUNT + 1 }, (): Op => ({ op: "iterNext", iterator: 0 })),
  {
    op: "batch",
    ops: [{ op: "delete", target: 0, args: ["h0"] }, { op: "iterNext", iterator: 0 }],
  },
];

/** Runs {@link STEPS} on `candidate` beside the reference; throws a Divergence if they differ. */
function drainRemoveAndRead(candidate: typeof impl): void {
  const world = new World(
    openSubject(candidate, "module", "standard"),
    openSubject(reference, "module", "standard"),
  );
  for (const op of STEPS) world.step(op);
}

/**
 * 40 names and 3 set-cookie values read up to the set-cookie entries; a removed name set again, a
 * present one set, set-cookie set to one value; then two more reads, through the name order
 * (no read in between rebuilds the view, as the World's observations would): the order must
 * weigh the name set again 1 and set-cookie 1. Returns what the two reads yielded.
 */
function readAfterSets(candidate: typeof impl): unknown[] {
  const headers = new candidate.Headers([
    ...Array.from({ length: NAME_COUNT }, (_, i) => [`h${i}`, "v"]),
    ["set-cookie", "a"],
    ["set-cookie", "b"],
    ["set-cookie", "c"],
  ]);
  const iterator = headers.entries();
  for (let index = 0; index < NAME_COUNT; index++) iterator.next();
  headers.delete("h1");
  headers.set("h1", "w");
  headers.set("h2", "w");
  headers.set("set-cookie", "z");
  return [iterator.next(), iterator.next()];
}

Deno.test("reads through the name order after sets agree with the reference", () => {
  assert.deepEqual(readAfterSets(impl), readAfterSets(reference as unknown as typeof impl));
});

for (
  const [name, weighs] of [
    ["set-keeps-cookie-weight", "(combined.size !== size)"],
    ["set-never-reweighs", "(false)"],
  ]
) {
  Deno.test(`a set that leaves a stale weight in the name order is caught (${name})`, async () => {
    const planted = await plantVariant({
      name,
      bug: "set leaves a name's weight in the name order as it was",
      patches: [{
        file: "headers.ts",
        search: '(combined.size !== size || lower === "set-cookie")',
        replace: weighs,
      }],
    });
    try {
      const broken = await import(pathToFileURL(planted.modulePath).href);
      assert.notDeepEqual(
        readAfterSets(broken),
        readAfterSets(reference as unknown as typeof impl),
      );
    } finally {
      await planted.remove();
    }
  });
}

Deno.test("a drained iterator read again after a removal agrees with the reference", () => {
  drainRemoveAndRead(impl);
});

Deno.test("a name order that finds an entry past the end is caught", async () => {
  const pastTheEnd: Variant = {
    name: "order-select-past-end",
    bug: "the name order answers a rank past its last entry with an empty name",
    patches: [{
      file: "name_order.ts",
      search: '    this.selectedName = "";\n    this.selectedOffset = 0;\n    return false;',
      replace: '    this.selectedName = "";\n    this.selectedOffset = 0;\n    return true;',
    }],
  };
  const planted = await plantVariant(pastTheEnd);
  try {
    const broken = await import(pathToFileURL(planted.modulePath).href);
    assert.throws(() => drainRemoveAndRead(broken), (error: unknown) => {
      assert.ok(error instanceof Divergence, String(error));
      assert.match(error.message, /it\[0\]\.next\(\)/);
      return true;
    });
  } finally {
    await planted.remove();
  }
});
