/**
 * The answer class `response-init-ignores-array-iterator`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { madeBy, okOf } from "../answer_helpers.ts";
import type { Init, Op } from "../../oracle/ops.ts";
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
  // A message whose init's headers were such an array shows the pairs as the array holds them:
  // the reference's without its ["x-overridden", "1"], each combined value in the array's order
  // (the override yields the pairs reversed), and nothing else differs.
  explains: (d) => {
    const overrides = (op: Op) =>
      op.op === "response" &&
      (op.init?.members ?? []).some(([key, value]) =>
        key === "headers" && (value as { headers: Init }).headers.kind === "exotic" &&
        ((value as { headers: Init }).headers as { how: string }).how ===
          "array overrides @@iterator"
      );
    const [c, r] = [okOf(d.candidate), okOf(d.reference)];
    if (c === undefined || r === undefined || !madeBy(d, overrides)) return null;
    const parts = (v: unknown): unknown =>
      typeof v === "string"
        ? v.split(", ").sort().join(", ")
        : Array.isArray(v)
        ? v.filter((p) => JSON.stringify(p) !== '["x-overridden","1"]').map(parts)
        : v;
    if (JSON.stringify(parts(c)) !== JSON.stringify(parts(r))) return null;
    return d.observation ? "fork" : "go on";
  },
  recognized: [
    {
      when: "what reads a Response whose init's headers were an array overriding `@@iterator` " +
        'differs only by the override\'s `["x-overridden", "1"]` and the order of combined values',
      after: "go on",
    },
    { when: "the same, in the read object's listing after the step", after: "fork" },
  ],
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
