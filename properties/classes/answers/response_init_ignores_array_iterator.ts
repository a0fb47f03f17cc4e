/**
 * The answer class `response-init-ignores-array-iterator`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { WEBIDL } from "../standards.ts";

/** The class `response-init-ignores-array-iterator`. */
export const responseInitIgnoresArrayIterator = answerClass({
  name: "response-init-ignores-array-iterator",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "the Response constructor and Response.json read an array given as headers by " +
    "index, ignoring an @@iterator the array overrides (new Headers and new Request call it)",
  covers: (op) =>
    op.op === "construct" && op.guard === "response" && op.init.kind === "exotic" &&
    op.init.how === "array overrides @@iterator",
  example: {
    steps: [{
      op: "construct",
      slot: 0,
      guard: "response",
      init: { kind: "exotic", how: "array overrides @@iterator", items: [] },
      lookups: [],
    }],
    message: "",
  },
  report: {
    title: "new Response ignores the @@iterator of an array given as headers",
    observe: `const headers = [["a", "1"]];
  Object.defineProperty(headers, Symbol.iterator, {
    value: function* () {
      yield ["x-overridden", "1"];
    },
  });
  return [...new Response(null, { headers }).headers].map(([name]) => name);`,
    expected: { ok: ["x-overridden"] },
    standard: {
      algorithm: "HeadersInit conversion (sequence<sequence<ByteString>>)",
      step: "an object with an @@iterator method is converted by GetMethod(V, @@iterator) and " +
        "iterating what it returns, whatever the object is",
      url: `${WEBIDL}#js-sequence`,
    },
  },
  notes: 'an array of pairs with its own `@@iterator` (yielding `["x-overridden", "1"]`) ' +
    "given as headers to `new Response(null, { headers })` or `Response.json({}, { " +
    "headers })` gives `a`; standard `x-overridden` (as `new Headers` and `new " +
    "Request` give in Deno, and all three in Node and Bun).",
});
