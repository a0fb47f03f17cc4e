import assert from "node:assert/strict";
import { errorName, okOf, outcomeOf, threwOf } from "./outcome.ts";

Deno.test("errorName never throws, whatever was thrown", () => {
  assert.equal(errorName("text"), "non-error string");
  assert.equal(errorName(null), "non-error null");
  assert.equal(errorName(Object.create(null)), "anonymous error");
  const hostile = new Proxy({}, {
    get() {
      throw new Error("trap");
    },
  });
  assert.equal(errorName(hostile), "unreadable");
});

Deno.test("outcomeOf keeps the value as it is and tags what was thrown by its constructor name", () => {
  const value = { a: 1 };
  const returned = outcomeOf(() => value);
  assert.ok("ok" in returned && returned.ok === value);
  class CustomError extends TypeError {}
  assert.deepEqual(
    outcomeOf(() => {
      throw new CustomError("x");
    }),
    { threw: "CustomError" },
  );
});

Deno.test("okOf and threwOf read one side of an outcome, undefined for the other or none", () => {
  assert.equal(okOf({ ok: "v" }), "v");
  assert.equal(okOf({ threw: "TypeError" }), undefined);
  assert.equal(okOf(undefined), undefined);
  assert.equal(threwOf({ threw: "TypeError" }), "TypeError");
  assert.equal(threwOf({ ok: "TypeError" }), undefined);
  assert.equal(threwOf(undefined), undefined);
});
