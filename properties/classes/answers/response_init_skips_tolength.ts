/**
 * The answer class `response-init-skips-tolength`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { okOf, responseMember, threwOf } from "../answer_helpers.ts";
import type { Init } from "../../oracle/ops.ts";
import { WEBIDL } from "../standards.ts";

/** The class `response-init-skips-tolength`. */
export const responseInitSkipsTolength = answerClass({
  name: "response-init-skips-tolength",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "new Response(null, { headers: array }) reads an array-like length without ToLength, " +
    "so an array whose length reads 0.5 throws a TypeError",
  covers: (op) =>
    op.op === "construct" && op.guard === "response" && op.init.kind === "proxied array",
  // The candidate threw a TypeError where the reference made the Response (or the response-guard
  // Headers) from a proxied array whose length reads as a fraction. The two sides no longer hold
  // as many objects.
  explains: (d) => {
    const fraction = (init: Init) => init.kind === "proxied array" && init.length === "fraction";
    const step = d.step;
    return !d.observation && threwOf(d.candidate) === "TypeError" &&
        okOf(d.reference) !== undefined &&
        ((step.op === "construct" && step.guard === "response" && fraction(step.init)) ||
          responseMember(step, "headers", (v) => fraction((v as { headers: Init }).headers)))
      ? "fork"
      : null;
  },
  recognized: [
    {
      when:
        "a Response (or response-guard Headers) from an array whose length reads as a fraction " +
        "threw a TypeError where the reference made it",
      after: "fork",
    },
  ],
  example: {
    steps: [{
      op: "construct",
      slot: 0,
      guard: "response",
      init: { kind: "proxied array", items: [], length: "string" },
      lookups: [],
    }],
    message: "",
  },
  report: {
    title: "The Response constructor converts a headers array without ToLength on its length",
    observe: `const headers = new Proxy([], {
    get: (t, k, r) => k === "length" ? 0.5 : Reflect.get(t, k, r),
  });
  return [...new Response(null, { headers }).headers];`,
    expected: { ok: [] },
    standard: {
      algorithm: "creating a sequence from an iterable (the array's own iterator)",
      step: "the array iterator reads length with ToLength, which makes 0.5 a length of 0",
      url: `${WEBIDL}#create-sequence-from-iterable`,
    },
  },
  notes: "the `Response` constructor converts a headers array without ToLength on its " +
    "`length` (new Headers and Request do it right). `new Response(null, { headers: " +
    'new Proxy([], { get: (t, k, r) => k === "length" ? 0.5 : Reflect.get(t, k, r) }) ' +
    '})` throws "Argument 2, index 0 can not be converted to sequence"; standard: an ' +
    "empty Headers (ToLength(0.5) is 0).",
});
