import assert from "node:assert/strict";
import { attempt, drain, encode } from "./observe.ts";

Deno.test("attempt tags a value and the constructor name of what was thrown", () => {
  assert.deepEqual(attempt(() => "a"), { ok: "a" });
  assert.deepEqual(attempt(() => undefined), { ok: { $: "undefined" } });
  assert.deepEqual(
    attempt(() => {
      throw new TypeError("x");
    }),
    { threw: "TypeError" },
  );
  class CustomError extends TypeError {}
  assert.deepEqual(
    attempt(() => {
      throw new CustomError("x");
    }),
    { threw: "CustomError" },
  );
});

Deno.test("encode tells types apart and survives hostile arrays", () => {
  assert.notDeepEqual(encode("1"), encode(1));
  assert.notDeepEqual(encode(null), encode(undefined));
  assert.deepEqual(encode(["a", ["b"]]), ["a", ["b"]]);
  const trap = new Proxy([], {
    get() {
      throw new RangeError("trap");
    },
  });
  assert.deepEqual(encode(trap), { $: "unreadable", error: "RangeError" });
});

Deno.test("drain stops an endless iterator and marks a malformed result", () => {
  const endless = { [Symbol.iterator]: () => ({ next: () => ({ done: false, value: 1 }) }) };
  const items = drain(endless);
  assert.equal(items.length, 1001);
  assert.deepEqual(items.at(-1), ["more than 1000 items"]);
  const malformed = { [Symbol.iterator]: () => ({ next: () => ({ done: "no" }) }) };
  assert.deepEqual(drain(malformed), [["unexpected next() result", "no", undefined]]);
});
