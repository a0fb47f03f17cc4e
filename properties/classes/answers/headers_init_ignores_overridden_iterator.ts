/**
 * The answer class `headers-init-ignores-overridden-iterator`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { WEBIDL } from "../standards.ts";

/** The class `headers-init-ignores-overridden-iterator`. */
export const headersInitIgnoresOverriddenIterator = answerClass({
  name: "headers-init-ignores-overridden-iterator",
  runtimes: ["deno", "bun"],
  seenIn: ["Deno 2.9.6", "Bun 1.3.14"],
  summary: "a Headers given as init is copied from its internal list, ignoring an @@iterator " +
    "its subclass or the instance overrides (Deno: the Response constructor only; Bun: always)",
  covers: (op) =>
    op.op === "construct" && op.init.kind === "exotic" &&
    (op.init.how === "subclass overrides @@iterator" ||
      op.init.how === "instance overrides @@iterator"),
  example: {
    steps: [{
      op: "construct",
      slot: 0,
      guard: "none",
      init: { kind: "exotic", how: "instance overrides @@iterator", items: [] },
      lookups: [],
    }],
    message: "",
  },
  report: {
    title: "The Response constructor copies a Headers init ignoring its overridden @@iterator",
    observe: `const h = new Headers([["a", "1"]]);
  Object.defineProperty(h, Symbol.iterator, {
    value: function* () {
      yield ["x-overridden", "1"];
    },
  });
  return [...new Response(null, { headers: h }).headers];`,
    expected: { ok: [["x-overridden", "1"]] },
    standard: {
      algorithm: "converting HeadersInit (a union of a sequence and a record)",
      step: "an object with an @@iterator method is converted by iterating it with that method",
      url: `${WEBIDL}#js-union`,
    },
  },
  notes: "Deno 2.9.6: the Response constructor copies a Headers init from its internal " +
    "list, ignoring an `@@iterator` that a subclass or the object itself overrides " +
    '(WebIDL converts the init through `@@iterator`). `const h = new Headers([["a", ' +
    '"1"]]); Object.defineProperty(h, Symbol.iterator, { value: function* () { yield ' +
    '["x-overridden", "1"]; } }); [...new Response(null, { headers: h }).headers]` ' +
    'gives `[["a", "1"]]`; standard `[["x-overridden", "1"]]`. `new Headers(h)` and ' +
    "`new Request(url, { headers: h })` are right. Bun 1.3.14: as under Deno, but in " +
    "`new Headers(h)`, `new Request(url, { headers: h })` and `new Response(null, { " +
    "headers: h })` alike, for an overriding subclass too.",
});
