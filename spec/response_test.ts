import assert from "node:assert/strict";
import { MULTIPART_FORM_DATA_TYPE_PREFIX } from "./body.ts";
import { headerListOf } from "./headers.ts";
import { isReferenceResponse, Response, ServerProfileResponse } from "./response.ts";

Deno.test("Response defaults (fetch/api/response/response-init-001)", () => {
  const response = new Response();
  assert.equal(response.status, 200);
  assert.equal(response.statusText, "");
  assert.equal(response.ok, true);
  assert.equal(response.type, "default");
  assert.equal(response.url, "");
  assert.equal(response.redirected, false);
  assert.equal(response.bodyUsed, false);
  assert.deepEqual([...response.headers], []);
  assert.equal(Response.length, 0);
});

Deno.test("Response status must be 200 to 599 (response-init-002, response-error)", async (t) => {
  for (const status of [0, 100, 101, 199, 600, 1000, -1]) {
    await t.step(`status ${status} is a RangeError`, () => {
      assert.throws(() => new Response(null, { status }), RangeError);
    });
  }
  for (const status of [200, 299, 300, 404, 599]) {
    assert.equal(new Response(null, { status }).status, status);
  }
  assert.equal(new Response(null, { status: 404 }).ok, false);
  // unsigned short conversion wraps before the range check.
  assert.equal(new Response(null, { status: 65736 }).status, 200);
});

Deno.test("Response statusText must match reason-phrase", () => {
  for (const statusText of ["\n", "\r", "a\u0000b", "\u007f"]) {
    assert.throws(() => new Response(null, { statusText }), TypeError);
  }
  assert.throws(() => new Response(null, { statusText: "\u0100" }), TypeError);
  for (const statusText of ["OK", "tab\there", "\u0080\u00ff", " "]) {
    assert.equal(new Response(null, { statusText }).statusText, statusText);
  }
});

Deno.test("Response: which error wins", () => {
  // status is checked before statusText, both before the headers fill.
  assert.throws(() => new Response(null, { status: 600, statusText: "\n" }), RangeError);
  assert.throws(() => new Response(null, { statusText: "\n", headers: [["a"]] }), /statusText/);
  // The headers fill comes before the null body status check.
  assert.throws(() => new Response("x", { status: 204, headers: [["a"]] }), /exactly/);
  // ResponseInit conversion (a bad header pair is fine until the fill) precedes the steps.
  assert.throws(() => new Response(null, { status: 600, statusText: "\u0100" }), TypeError);
});

Deno.test("Response with a null body status and a body is a TypeError (response-error)", () => {
  for (const status of [204, 205, 304]) {
    assert.throws(() => new Response("test", { status }), TypeError);
    assert.throws(() => new Response("", { status }), TypeError);
    assert.equal(new Response(null, { status }).status, status);
  }
});

Deno.test("Response Content-Type from the body (response-init-contenttype)", () => {
  const type = (body: unknown, init?: object) =>
    new Response(body, init).headers.get("content-type");
  assert.equal(type(null), null);
  assert.equal(type(""), "text/plain;charset=UTF-8");
  assert.equal(type("x"), "text/plain;charset=UTF-8");
  assert.equal(type(new URLSearchParams()), "application/x-www-form-urlencoded;charset=UTF-8");
  assert.equal(type(new Blob([], { type: "Text/HTML" })), "text/html");
  assert.equal(type(new Blob([])), null);
  assert.equal(type(new ArrayBuffer(4)), null);
  assert.equal(type(new Uint8Array(4)), null);
  assert.equal(type(new DataView(new ArrayBuffer(4))), null);
  assert.equal(type(new ReadableStream()), null);
  assert.ok(type(new FormData())!.startsWith(MULTIPART_FORM_DATA_TYPE_PREFIX));
  assert.equal(type("x", { headers: { "Content-Type": "a/b" } }), "a/b");
  assert.equal(
    type("x", { headers: [["content-type", "a/b"], ["Content-Type", "c/d"]] }),
    "a/b, c/d",
  );
  // The body's type is appended after the init headers.
  assert.deepEqual(headerListOf(new Response("x", { headers: { "X-A": "1" } }).headers), [
    "X-A",
    "1",
    "Content-Type",
    "text/plain;charset=UTF-8",
  ]);
});

Deno.test("Response headers: guard response drops forbidden response-header names, server keeps them", () => {
  const init = { headers: [["Set-Cookie", "a=1"], ["Set-Cookie2", "b"], ["X-A", "1"]] };
  assert.deepEqual([...new Response(null, init).headers], [["x-a", "1"]]);
  assert.deepEqual(new ServerProfileResponse(null, init).headers.getSetCookie(), ["a=1"]);
  assert.equal(new ServerProfileResponse(null, init).headers.has("set-cookie2"), true);
});

Deno.test("Response.error(): a network error with immutable headers (response-static-error)", () => {
  const response = Response.error();
  assert.equal(response.type, "error");
  assert.equal(response.status, 0);
  assert.equal(response.statusText, "");
  assert.equal(response.ok, false);
  assert.deepEqual([...response.headers], []);
  assert.throws(() => response.headers.append("a", "b"), /immutable/);
  assert.throws(() => response.headers.set("a", "b"), TypeError);
  assert.throws(() => response.headers.delete("a"), TypeError);
});

Deno.test("Response.redirect() (response-static-redirect)", () => {
  for (const status of [301, 302, 303, 307, 308]) {
    const response = Response.redirect("https://example.com/a b?x#f", status);
    assert.equal(response.status, status);
    assert.equal(response.headers.get("Location"), "https://example.com/a%20b?x#f");
    assert.throws(() => response.headers.set("Location", "x"), TypeError);
  }
  assert.equal(Response.redirect("https://example.com/").status, 302);
  assert.equal(Response.redirect("https://example.com/", undefined).status, 302);
  for (const status of [200, 300, 304, 309, 400, 500, 0]) {
    assert.throws(() => Response.redirect("https://example.com/", status), RangeError);
  }
  assert.throws(() => Response.redirect("http://[", 301), TypeError);
  // The URL is parsed before the status is checked.
  assert.throws(() => Response.redirect("http://[", 200), TypeError);
  assert.throws(() => (Response.redirect as () => Response)(), /1 argument required/);
  assert.equal(Response.redirect("https://example.com/", 301 + 65536).status, 301);
});

Deno.test("Response.json() (response-static-json)", async () => {
  const response = Response.json({ a: [1, "é"] });
  assert.equal(response.headers.get("content-type"), "application/json");
  assert.equal(await response.text(), '{"a":[1,"é"]}');
  assert.equal(response.status, 200);
  const custom = Response.json(1, { status: 201, headers: { "Content-Type": "foo/bar" } });
  assert.equal(custom.headers.get("content-type"), "foo/bar");
  assert.equal(custom.status, 201);
  custom.headers.set("X-A", "1");
  assert.equal(custom.headers.get("x-a"), "1");
  assert.throws(() => Response.json(undefined), /cannot be serialized/);
  assert.throws(() => Response.json(() => {}), TypeError);
  assert.throws(() => Response.json(Symbol()), TypeError);
  assert.throws(() => Response.json(1n), TypeError);
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  assert.throws(() => Response.json(cycle), TypeError);
  assert.throws(() => Response.json(1, { status: 204 }), TypeError);
  assert.throws(() => Response.json(1, { status: 600 }), RangeError);
  // init is converted before the data is serialized, which comes before the status check.
  assert.throws(() => Response.json(undefined, { status: 600 }), TypeError);
  assert.throws(() => Response.json(1, { statusText: "\u0100" }), /statusText/);
  const thrown = new Error("from toJSON");
  assert.throws(() =>
    Response.json({
      toJSON: () => {
        throw thrown;
      },
    }), (e) => e === thrown);
});

Deno.test("Response.clone(): header list copied, guard kept, unusable body throws", async () => {
  const response = new Response("x", { status: 201, statusText: "Made", headers: { "X-A": "1" } });
  const clone = response.clone();
  assert.deepEqual([...clone.headers], [...response.headers]);
  assert.equal(clone.status, 201);
  assert.equal(clone.statusText, "Made");
  clone.headers.set("X-A", "2");
  assert.equal(response.headers.get("x-a"), "1");
  clone.headers.append("Set-Cookie", "a");
  assert.equal(clone.headers.has("set-cookie"), false);
  assert.equal(await response.text(), "x");
  assert.equal(response.bodyUsed, true);
  assert.equal(await clone.text(), "x");
  assert.throws(() => response.clone(), /already used/);
  await assert.rejects(response.text(), TypeError);
  const error = Response.error().clone();
  assert.equal(error.type, "error");
  assert.throws(() => error.headers.append("a", "b"), /immutable/);
  assert.throws(
    () => Response.redirect("https://example.com/").clone().headers.delete("location"),
    TypeError,
  );
  const server = new ServerProfileResponse().clone();
  server.headers.append("Set-Cookie", "a");
  assert.deepEqual(server.headers.getSetCookie(), ["a"]);
  // A response with a null body can be cloned after text().
  const empty = new Response(null);
  assert.equal(await empty.text(), "");
  assert.equal(empty.clone().status, 200);
});

Deno.test("Response static methods take their profile from their constructor", () => {
  const init = { headers: { "Set-Cookie": "a" } };
  assert.equal(Response.json(1, init).headers.has("set-cookie"), false);
  assert.equal(ServerProfileResponse.json(1, init).headers.has("set-cookie"), true);
  assert.equal(isReferenceResponse(ServerProfileResponse.error()), true);
  assert.equal(isReferenceResponse({}), false);
  assert.equal(Object.prototype.toString.call(Response.error()), "[object Response]");
});
