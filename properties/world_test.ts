import assert from "node:assert/strict";
import * as impl from "../impl/mod.ts";
import * as reference from "../spec/mod.ts";
import type { Subject } from "./observe.ts";
import { openSubject } from "./observe.ts";
import type { Op } from "./ops.ts";
import { Divergence, World } from "./world.ts";

const FIRST: Op = { op: "construct", slot: 0, guard: "none", init: { kind: "none" } };

function run(candidate: Subject, ops: Op[]): World {
  const world = new World(candidate, openSubject(reference, "module", "standard"));
  for (const op of [FIRST, ...ops]) world.step(op);
  return world;
}

const implSide = () => openSubject(impl, "module", "standard");

Deno.test("Headers.delete() after iteration matches the reference", () => {
  run(implSide(), [
    { op: "append", target: 0, args: ["A", "1"] },
    { op: "iterOpen", slot: 0, target: 0, kind: "entries" },
    { op: "delete", target: 0, args: ["a"] },
    { op: "append", target: 0, args: ["b", "2"] },
    { op: "iterNext", iterator: 0 },
  ]);
});

Deno.test("a copy mutated on either side matches the reference", () => {
  run(implSide(), [
    { op: "append", target: 0, args: ["set-cookie", "a=1"] },
    {
      op: "copy",
      slot: 1,
      source: 0,
      via: "constructor",
      wrapNext: false,
      then: { op: "append", target: 1, args: ["Set-Cookie", "b=2"] },
    },
    { op: "set", target: 0, args: ["x", "1"] },
    { op: "getSetCookie", target: 1, args: [] },
  ]);
});

Deno.test("a lazily materialized raw list matches the reference on its first call", () => {
  run(implSide(), [
    {
      op: "rawList",
      slot: 1,
      flat: ["Host", "a", "set-cookie", "x", "SET-COOKIE", "y"],
      guard: "request",
      first: { op: "getSetCookie", target: 1, args: [] },
    },
  ]);
});

/** The reference, except that its iterators latch on done. */
function latchingReference(): Subject {
  const side = openSubject(reference, "module", "standard");
  const make = side.make;
  side.make = (guard, init, hasInit) => {
    const headers = make(guard, init, hasInit) as { entries(): Iterator<unknown> };
    const entries = headers.entries.bind(headers);
    Object.defineProperty(headers, "entries", {
      value: () => {
        const iterator = entries();
        let done = false;
        const latching = {
          next: () => {
            if (done) return { value: undefined, done: true };
            const result = iterator.next();
            done = result.done === true;
            return result;
          },
        };
        return Object.setPrototypeOf(latching, Object.getPrototypeOf(iterator));
      },
    });
    return headers;
  };
  return side;
}

Deno.test("an iterator that latches on done is caught after the list grows", () => {
  const ops: Op[] = [
    { op: "iterOpen", slot: 0, target: 0, kind: "entries" },
    { op: "append", target: 0, args: ["a", "1"] },
  ];
  run(openSubject(reference, "module", "standard"), ops);
  assert.throws(() => run(latchingReference(), ops), (error: unknown) => {
    assert.ok(error instanceof Divergence);
    assert.equal(error.label, "it[0].next()");
    assert.deepEqual(error.reference, { ok: [false, ["a", "1"]] });
    return true;
  });
});

Deno.test("a step that needs a missing object is skipped, not run", () => {
  const world = new World(implSide(), openSubject(reference, "module", "standard"));
  world.step({ op: "get", target: 3, args: ["a"] });
  world.step({ op: "iterNext", iterator: 0 });
  assert.equal(world.steps, 0);
  assert.deepEqual(world.executed, []);
});
