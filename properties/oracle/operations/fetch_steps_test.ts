import assert from "node:assert/strict";
import { accepts } from "../../campaign/campaign.ts";
import type { DivergenceClass } from "../divergences.ts";
import type { Op } from "../ops.ts";
import type { Capabilities } from "../../targets/targets.ts";
import { dictionaryInit, normalizedContentType } from "./fetch_init.ts";
import { serializationOutcome } from "./serialize.ts";

const BASE: Capabilities = {
  guards: ["none"],
  emptyOnly: [],
  withGuard: false,
  rawList: false,
  freeze: false,
};
const REACHES: Capabilities = {
  ...BASE,
  fetch: { request: true, response: true, structuredClone: false },
};

Deno.test("request, response, clone and serialize steps are generated only where reached", () => {
  const request: Op = { op: "request", message: 0, input: null, unread: false, init: null };
  const serialize: Op = { op: "serialize", of: "headers", target: 0, nested: false, unread: false };
  const clone: Op = { op: "clone", message: 0, source: 0, unread: false, recent: false };
  assert.equal(accepts(request, BASE, []), false);
  assert.equal(accepts(clone, BASE, []), false);
  assert.equal(accepts(request, REACHES, []), true);
  assert.equal(accepts(clone, REACHES, []), true);
  assert.equal(accepts(serialize, REACHES, []), false);
});

Deno.test("a class that covers a construct init covers it as a Response init's headers", () => {
  // A class covering a construct init of one kind (as headers-init-ignores-overridden-iterator).
  const overridden: DivergenceClass = {
    name: "covers-an-overridden-iterator",
    runtimes: [],
    summary: "",
    covers: (op) =>
      op.op === "construct" && op.init.kind === "exotic" &&
      op.init.how === "subclass overrides @@iterator",
  };
  const response = (how: "subclass overrides @@iterator" | "callable record"): Op => ({
    op: "response",
    message: 0,
    how: "constructor",
    body: null,
    init: {
      via: "plain",
      members: [["headers", { headers: { kind: "exotic", how, items: [] } }]],
    },
    status: null,
  });
  assert.equal(accepts(response("subclass overrides @@iterator"), REACHES, [overridden]), false);
  assert.equal(accepts(response("callable record"), REACHES, [overridden]), true);
  assert.equal(accepts(response("subclass overrides @@iterator"), REACHES, []), true);
});

Deno.test("an init dictionary logs reads by getters (present members) or a Proxy (every key)", () => {
  const log: string[] = [];
  const byGetters = dictionaryInit("getters", [["status", 200]], log) as Record<string, unknown>;
  assert.equal(byGetters.status, 200);
  assert.equal(byGetters.statusText, undefined);
  assert.deepEqual(log, ["get status"]);
  log.length = 0;
  const byProxy = dictionaryInit("proxy", [["status", 200]], log) as Record<string, unknown>;
  assert.equal(byProxy.statusText, undefined);
  assert.deepEqual(log, ["get statusText"]);
  log.length = 0;
  dictionaryInit("plain", [["status", 200]], log);
  assert.deepEqual(log, []);
});

Deno.test("a FormData boundary is normalized in place; other types are left alone", () => {
  const form = new Headers({ "content-type": "multipart/form-data; boundary=----x1" });
  assert.equal(normalizedContentType(form), "multipart/form-data; boundary=BOUNDARY");
  assert.equal(form.get("content-type"), "multipart/form-data; boundary=BOUNDARY");
  assert.equal(normalizedContentType(new Headers({ "content-type": "text/plain" })), "text/plain");
  assert.equal(normalizedContentType(new Headers()), null);
});

Deno.test("serializationOutcome tells a DataCloneError from a copy", () => {
  assert.deepEqual(serializationOutcome(structuredClone, { a: () => 1 }), [
    "threw",
    "DOMException",
    "DataCloneError",
  ]);
  assert.equal(serializationOutcome(structuredClone, { a: 1 }), "serialized");
});
