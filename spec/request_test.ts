import assert from "node:assert/strict";
import { MULTIPART_FORM_DATA_TYPE_PREFIX } from "./body.ts";
import { headerListOf, Headers } from "./headers.ts";
import { isReferenceRequest, Request, ServerProfileRequest } from "./request.ts";

const URL_A = "https://example.com/a";

function pairs(headers: Headers): [string, string][] {
  return [...headers];
}

Deno.test("Request errors (fetch/api/request/request-error expectations)", async (t) => {
  const cases: [string, unknown, unknown][] = [
    ["the URL is not valid", "http://[", {}],
    ["the URL is relative (no API base URL)", "/relative", {}],
    ["the URL has credentials", "https://user:pass@example.com/", {}],
    ["init.window is not null", URL_A, { window: {} }],
    ["init.referrer is not a URL", URL_A, { referrer: "http://[" }],
    ["init.mode is navigate", URL_A, { mode: "navigate" }],
    ["init.method is not a method", URL_A, { method: "a b" }],
    ["init.method is forbidden", URL_A, { method: "TRACE" }],
    ["init.method is forbidden in another case", URL_A, { method: "connect" }],
    ["mode no-cors with a method that is not CORS-safelisted", URL_A, {
      mode: "no-cors",
      method: "PUT",
    }],
    ["cache only-if-cached without mode same-origin", URL_A, { cache: "only-if-cached" }],
    ["a GET request with a body", URL_A, { body: "x" }],
    ["a HEAD request with a body", URL_A, { method: "head", body: "" }],
    ["a stream body without duplex", URL_A, { method: "POST", body: new ReadableStream() }],
    ["bad mode value", URL_A, { mode: "bogus" }],
    ["bad credentials value", URL_A, { credentials: "bogus" }],
    ["bad cache value", URL_A, { cache: "bogus" }],
    ["bad redirect value", URL_A, { redirect: "bogus" }],
    ["bad referrerPolicy value", URL_A, { referrerPolicy: "bogus" }],
    ["bad priority value", URL_A, { priority: "bogus" }],
    ["an invalid header name", URL_A, { headers: [["a b", "1"]] }],
    ["a header pair of three items", URL_A, { headers: [["a", "1", "2"]] }],
  ];
  for (const [name, input, init] of cases) {
    await t.step(name, () => {
      assert.throws(() => new Request(input, init), TypeError);
    });
  }
  await t.step("no argument at all", () => {
    assert.throws(() => new (Request as unknown as new () => Request)(), /1 argument required/);
  });
});

Deno.test("Request: init is converted before the URL is parsed, and window before method", () => {
  assert.throws(() => new Request("http://[", { mode: "bogus" }), /RequestInit\.mode/);
  assert.throws(() => new Request(URL_A, { method: "TRACE", window: 1 }), /window/);
  // mode navigate is checked before the method.
  assert.throws(() => new Request(URL_A, { method: "TRACE", mode: "navigate" }), /navigate/);
  // The no-cors method check comes before the headers are filled.
  assert.throws(
    () => new Request(URL_A, { mode: "no-cors", method: "PUT", headers: [["a"]] }),
    /no-cors/,
  );
});

Deno.test("Request: method normalization and defaults", () => {
  assert.equal(new Request(URL_A).method, "GET");
  assert.equal(new Request(URL_A, { method: "post" }).method, "POST");
  assert.equal(new Request(URL_A, { method: "patch" }).method, "patch");
  assert.equal(new Request(URL_A, { method: "dElEtE" }).method, "DELETE");
  const request = new Request(URL_A);
  assert.equal(request.mode, "cors");
  assert.equal(request.credentials, "same-origin");
  assert.equal(request.cache, "default");
  assert.equal(request.redirect, "follow");
  assert.equal(request.integrity, "");
  assert.equal(request.keepalive, false);
  assert.equal(request.url, URL_A);
  assert.equal(request.bodyUsed, false);
});

Deno.test("Request headers: guard request drops forbidden request-headers, the server profile keeps them", () => {
  const init = { headers: { Host: "h", "Accept-Charset": "x", "X-A": "1", "Sec-X": "s" } };
  assert.deepEqual(pairs(new Request(URL_A, init).headers), [["x-a", "1"]]);
  assert.deepEqual(pairs(new ServerProfileRequest(URL_A, init).headers), [
    ["accept-charset", "x"],
    ["host", "h"],
    ["sec-x", "s"],
    ["x-a", "1"],
  ]);
  assert.throws(() => new Request(URL_A).headers.set("a\n", "b"), TypeError);
});

Deno.test("Request headers: no-cors keeps only no-CORS-safelisted request-headers", () => {
  const request = new Request(URL_A, {
    mode: "no-cors",
    headers: [
      ["Accept", "*/*"],
      ["Content-Type", "application/json"],
      ["Content-Language", "en"],
      ["Range", "bytes=0-"],
      ["X-Custom", "1"],
    ],
  });
  assert.deepEqual(pairs(request.headers), [["accept", "*/*"], ["content-language", "en"]]);
  request.headers.append("X-Later", "1");
  request.headers.set("Content-Type", "text/plain");
  assert.deepEqual(pairs(request.headers), [
    ["accept", "*/*"],
    ["content-language", "en"],
    ["content-type", "text/plain"],
  ]);
});

Deno.test("Request headers: Content-Type from the extracted body, unless the headers have one", () => {
  const type = (init: Record<string, unknown>) =>
    new Request(URL_A, { method: "POST", ...init }).headers.get("content-type");
  assert.equal(type({ body: "x" }), "text/plain;charset=UTF-8");
  assert.equal(
    type({ body: new URLSearchParams("a=1") }),
    "application/x-www-form-urlencoded;charset=UTF-8",
  );
  assert.equal(type({ body: new Blob([], { type: "image/png" }) }), "image/png");
  assert.equal(type({ body: new Blob([]) }), null);
  assert.equal(type({ body: new ArrayBuffer(1) }), null);
  assert.equal(type({ body: new Uint8Array(1) }), null);
  assert.equal(type({ body: new DataView(new ArrayBuffer(1)) }), null);
  assert.ok(type({ body: new FormData() })!.startsWith(MULTIPART_FORM_DATA_TYPE_PREFIX));
  assert.equal(type({ body: "x", headers: { "content-type": "a/b" } }), "a/b");
  assert.equal(type({ body: null }), null);
  // Under no-cors the body's type goes through the guard: application/json is dropped.
  assert.equal(
    type({ mode: "no-cors", body: new Blob([], { type: "application/json" }) }),
    null,
  );
  assert.equal(type({ mode: "no-cors", body: "x" }), "text/plain;charset=UTF-8");
});

Deno.test("Request from a Request: the header list is copied, and refilled only when init is not empty", () => {
  const input = new Request(URL_A, { method: "POST", headers: [["X-B", "1"], ["a", "2"]] });
  const copy = new Request(input);
  assert.deepEqual(headerListOf(copy.headers), ["X-B", "1", "a", "2"]);
  copy.headers.append("c", "3");
  assert.equal(input.headers.has("c"), false);
  assert.equal(copy.method, "POST");
  // An empty init keeps the list as it is; a non-empty one refills it from a copy, pair by pair.
  assert.deepEqual(headerListOf(new Request(input, {}).headers), ["X-B", "1", "a", "2"]);
  assert.deepEqual(headerListOf(new Request(input, { cache: "no-store" }).headers), [
    "X-B",
    "1",
    "a",
    "2",
  ]);
  // init.headers replaces them; a Headers object there is converted by iterating it.
  assert.deepEqual(headerListOf(new Request(input, { headers: { z: "9" } }).headers), ["z", "9"]);
  const given = new Headers([["Set-Cookie", "a"], ["X-Y", "1"]]);
  assert.deepEqual(
    headerListOf(new ServerProfileRequest(URL_A, { headers: given }).headers),
    ["set-cookie", "a", "x-y", "1"],
  );
  // A no-cors copy of a request re-filters the copied headers under the new guard.
  assert.deepEqual(pairs(new Request(input, { mode: "no-cors" }).headers), []);
  // A no-cors input keeps its guard in the copy.
  const noCors = new Request(URL_A, { mode: "no-cors" });
  const copied = new Request(noCors);
  copied.headers.append("X-Custom", "1");
  assert.equal(copied.headers.has("x-custom"), false);
  assert.equal(copied.mode, "no-cors");
});

Deno.test("Request from a Request: the input's body must be usable, and becomes used", async () => {
  const input = new Request(URL_A, { method: "POST", body: "x" });
  const copy = new Request(input);
  assert.equal(input.bodyUsed, true);
  assert.throws(() => new Request(input), /already used/);
  assert.equal(await copy.text(), "x");
  // A GET copy of a request with a body is a TypeError.
  assert.throws(
    () => new Request(new Request(URL_A, { method: "POST", body: "y" }), { method: "GET" }),
    /GET request cannot have a body/,
  );
});

Deno.test("Request.clone: headers copied with the same guard; an unusable body throws", async () => {
  const request = new Request(URL_A, {
    method: "POST",
    body: "x",
    headers: { "X-A": "1" },
  });
  const clone = request.clone();
  assert.deepEqual(pairs(clone.headers), pairs(request.headers));
  clone.headers.set("X-A", "2");
  assert.equal(request.headers.get("x-a"), "1");
  clone.headers.append("Host", "h");
  assert.equal(clone.headers.has("host"), false);
  assert.equal(await request.text(), "x");
  assert.equal(await clone.text(), "x");
  assert.throws(() => request.clone(), /already used/);
  const noCors = new Request(URL_A, { mode: "no-cors" }).clone();
  noCors.headers.append("X-B", "1");
  assert.equal(noCors.headers.has("x-b"), false);
  const server = new ServerProfileRequest(URL_A).clone();
  server.headers.append("Host", "h");
  assert.equal(server.headers.get("host"), "h");
});

Deno.test("Request: brand checks and the class string", () => {
  const request = new Request(URL_A);
  assert.equal(isReferenceRequest(request), true);
  assert.equal(isReferenceRequest({}), false);
  assert.equal(Object.prototype.toString.call(request), "[object Request]");
  const headersGetter = Object.getOwnPropertyDescriptor(Request.prototype, "headers")!.get!;
  assert.throws(() => headersGetter.call({}), /not a Request/);
  assert.equal(Request.length, 1);
});
