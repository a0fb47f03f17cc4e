import assert from "node:assert/strict";
import { Headers } from "./headers.ts";
import { Request } from "./request.ts";
import { Response } from "./response.ts";
import { structuredCloneReference } from "./serialization.ts";

function isDataCloneError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "DataCloneError";
}

Deno.test("Headers, Request and Response are not serializable, at the top level and nested", async (t) => {
  const objects: [string, () => object][] = [
    ["Headers", () => new Headers([["a", "1"]])],
    ["Request", () => new Request("https://example.com/")],
    ["Response", () => new Response("x")],
    ["Request.headers", () => new Request("https://example.com/").headers],
    ["Response.error()", () => Response.error()],
  ];
  for (const [name, make] of objects) {
    await t.step(name, () => {
      assert.throws(() => structuredCloneReference(make()), isDataCloneError);
      assert.throws(() => structuredCloneReference({ nested: make() }), isDataCloneError);
      assert.throws(() => structuredCloneReference([1, [make()]]), isDataCloneError);
      assert.throws(() => structuredCloneReference(new Map([["k", make()]])), isDataCloneError);
      assert.throws(() => structuredCloneReference(new Map([[make(), 1]])), isDataCloneError);
      assert.throws(() => structuredCloneReference(new Set([make()])), isDataCloneError);
    });
  }
});

Deno.test("structuredClone copies what holds no platform object", () => {
  const date = new Date(5);
  const value = {
    a: [1, "x", null, undefined, 2n],
    m: new Map<unknown, unknown>([[{ k: 1 }, new Set([1])]]),
    d: date,
    b: new Uint8Array([1, 2]),
  };
  const copy = structuredCloneReference(value) as typeof value;
  assert.deepEqual(copy, value);
  assert.notEqual(copy.d, date);
  const cycle: Record<string, unknown> = { n: 1 };
  cycle.self = cycle;
  const copied = structuredCloneReference(cycle) as Record<string, unknown>;
  assert.equal(copied.self, copied);
  assert.throws(() => structuredCloneReference({ f: () => {} }), isDataCloneError);
  assert.throws(() => structuredCloneReference(Symbol()), isDataCloneError);
  assert.throws(() => (structuredCloneReference as () => unknown)(), TypeError);
});

Deno.test("structuredClone visits properties in order: a getter before the platform object runs", () => {
  const log: string[] = [];
  const value = {
    get first() {
      log.push("first");
      return 1;
    },
    headers: new Headers(),
    get last() {
      log.push("last");
      return 2;
    },
  };
  assert.throws(() => structuredCloneReference(value), isDataCloneError);
  assert.deepEqual(log, ["first"]);
});
