import assert from "node:assert/strict";
import type { FetchEntryPoints } from "./contract.ts";
import * as reference from "./mod.ts";

Deno.test("fetchClasses gives the Request and Response of each profile", () => {
  const fetchClasses: NonNullable<FetchEntryPoints["fetchClasses"]> = reference.fetchClasses;
  const standard = fetchClasses();
  const server = fetchClasses({ profile: "server" });
  const init = { headers: { Host: "h", "Set-Cookie": "a" } };
  assert.equal(new standard.Request("https://example.com/", init).headers.get("host"), null);
  assert.equal(new server.Request("https://example.com/", init).headers.get("host"), "h");
  assert.deepEqual(new standard.Response(null, init).headers.getSetCookie(), []);
  assert.deepEqual(new server.Response(null, init).headers.getSetCookie(), ["a"]);
  assert.throws(() => reference.fetchClasses({ profile: "browser" as never }), TypeError);
});

Deno.test("the module's structuredClone rejects its Headers", () => {
  const structuredClone: NonNullable<FetchEntryPoints["structuredClone"]> =
    reference.structuredClone;
  assert.throws(
    () => structuredClone([new reference.Headers()]),
    (error) => error instanceof DOMException && error.name === "DataCloneError",
  );
});
