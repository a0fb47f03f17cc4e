import assert from "node:assert/strict";
import * as reference from "./mod.ts";

Deno.test("headersWithGuard and headersFromRawList reject unknown guards and profiles", () => {
  assert.throws(() => reference.headersWithGuard("sealed" as never), TypeError);
  assert.throws(
    () => reference.headersWithGuard("none", undefined, { profile: "browser" as never }),
    TypeError,
  );
  assert.throws(() => reference.headersFromRawList([], "sealed" as never), TypeError);
});

Deno.test("headersWithGuard fills guard immutable as none, then freezes", () => {
  const headers = reference.headersWithGuard("immutable", [["Set-Cookie", "a"], ["Host", "h"]]);
  assert.deepEqual([...headers], [["host", "h"], ["set-cookie", "a"]]);
});

Deno.test("a forbidden X-HTTP-Method-Override value is judged item by item", () => {
  const accepted = (value: string) =>
    reference.headersWithGuard("request", [["X-HTTP-Method-Override", value]]).has(
      "x-http-method-override",
    );
  assert.equal(accepted("PATCH"), true);
  assert.equal(accepted("trace"), false);
  assert.equal(accepted("GET, Track"), false);
  assert.equal(accepted('"CONNECT"'), true);
  assert.equal(accepted("CONNECTX"), true);
});
