import assert from "node:assert/strict";
import { internalsOf, iteratorInternalsOf } from "./introspect.ts";
import { Headers, headersFromRawList, headersWithGuard } from "./mod.ts";

Deno.test("internalsOf reports a raw list pending, still pending after the first read, then indexed", () => {
  const flat = ["Set-Cookie", "a=1", "X-A", "1", "set-cookie", "b=2"];
  const headers = headersFromRawList(flat, "response", { profile: "server" });
  const pending = internalsOf(headers);
  assert.deepEqual(pending.rawList, flat);
  assert.notEqual(pending.rawList, flat, "a copy");
  assert.equal(pending.index, null);
  assert.equal(pending.guard, "response");
  assert.equal(pending.profile, "server");
  assert.deepEqual(internalsOf(headers).rawList, flat, "reading did not materialize");
  assert.equal(headers.has("x-a"), true);
  assert.deepEqual(internalsOf(headers).rawList, flat, "the first has scans, leaving it pending");
  assert.equal(headers.has("x-a"), true);
  const materialized = internalsOf(headers);
  assert.equal(materialized.rawList, null);
  assert.deepEqual(materialized.index, [["set-cookie", "a=1, b=2"], ["x-a", "1"]]);
  assert.deepEqual(materialized.setCookies, ["a=1", "b=2"]);
  assert.equal(materialized.shared, false);
});

Deno.test("the first get or has of a filled Headers leaves its list pending; the next indexes", () => {
  const headers = new Headers([["A", "1"], ["set-cookie", "s=1"], ["b", "2"], ["a", "3"]]);
  assert.equal(headers.get("a"), "1, 3");
  assert.deepEqual(internalsOf(headers).rawList, [
    "A",
    "1",
    "set-cookie",
    "s=1",
    "b",
    "2",
    "a",
    "3",
  ]);
  assert.equal(headers.has("B"), true);
  assert.equal(internalsOf(headers).rawList, null);
  assert.deepEqual(internalsOf(headers).index, [["a", "1, 3"], ["set-cookie", "s=1"], ["b", "2"]]);
  const set = new Headers();
  set.set("C", "3");
  assert.equal(set.has("d"), false);
  assert.notEqual(internalsOf(set).rawList, null);
  assert.equal(set.get("c"), "3");
  assert.equal(internalsOf(set).rawList, null);
});

Deno.test("internalsOf reports the view once built, and null after a mutation", () => {
  const headers = new Headers([["B", "2"], ["a", "1"]]);
  assert.equal(internalsOf(headers).view, null);
  [...headers];
  assert.deepEqual(internalsOf(headers).view, ["a", "1", "b", "2"]);
  headers.append("c", "3");
  assert.equal(internalsOf(headers).view, null);
  assert.equal(internalsOf(headers).setCookies, null);
});

Deno.test("internalsOf reports sharing on both sides of a copy until a write", () => {
  const source = new Headers({ a: "1" });
  source.append("b", "2");
  assert.equal(internalsOf(source).shared, false);
  const copy = new Headers(source);
  assert.equal(internalsOf(source).shared, true);
  assert.equal(internalsOf(copy).shared, true);
  assert.equal(internalsOf(source).storage, internalsOf(copy).storage);
  assert.equal(internalsOf(copy).storage, internalsOf(copy).storage, "a stable token");
  copy.set("a", "9");
  assert.equal(internalsOf(copy).shared, false);
  assert.equal(internalsOf(source).shared, true, "sticky on the side that did not write");
  assert.notEqual(internalsOf(source).storage, internalsOf(copy).storage);
  assert.deepEqual(internalsOf(source).index, [["a", "1"], ["b", "2"]]);
  assert.deepEqual(internalsOf(copy).index, [["a", "9"], ["b", "2"]]);
});

Deno.test("internalsOf reports the guard as it changes", () => {
  const headers = headersWithGuard("immutable", { a: "1" });
  assert.equal(internalsOf(headers).guard, "immutable");
  assert.equal(internalsOf(headers).profile, "standard");
});

Deno.test("iteratorInternalsOf reports target, index and kind", () => {
  const headers = new Headers({ a: "1", b: "2" });
  const iterator = headers.values();
  assert.deepEqual(iteratorInternalsOf(iterator), { target: headers, index: 0, kind: "value" });
  iterator.next();
  assert.equal(iteratorInternalsOf(iterator).index, 1);
  assert.equal(iteratorInternalsOf(headers.keys()).kind, "key");
  assert.equal(iteratorInternalsOf(headers[Symbol.iterator]()).kind, "key+value");
});

Deno.test("the hooks reject what is not impl's", () => {
  assert.throws(() => internalsOf(new globalThis.Headers()), TypeError);
  assert.throws(() => internalsOf({}), TypeError);
  assert.throws(() => iteratorInternalsOf(new globalThis.Headers().keys()), TypeError);
  assert.throws(() => iteratorInternalsOf(new Headers()), TypeError);
});
