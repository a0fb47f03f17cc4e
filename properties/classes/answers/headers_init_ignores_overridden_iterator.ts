/**
 * The answer class `headers-init-ignores-overridden-iterator`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { bothOk, okOf } from "../answer_helpers.ts";
import { headersInitOf, lookupOf, sameJson } from "../headers_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `headers-init-ignores-overridden-iterator`. */
export const headersInitIgnoresOverriddenIterator = answerClass({
  name: "headers-init-ignores-overridden-iterator",
  runtimes: ["deno", "bun", "node"],
  seenIn: ["Deno 2.9.6", "Bun 1.3.14", "Node 22.23.3"],
  summary: "a Headers given as init is copied from its internal list, ignoring an @@iterator " +
    "its subclass or the instance overrides, and never reads its pairs' iterators (Deno: the " +
    "Response constructor only; Bun: always; Node: its pairs alone, each read by index)",
  covers: (op) =>
    (op.op === "construct" && op.init.kind === "exotic" &&
      (op.init.how === "subclass overrides @@iterator" ||
        op.init.how === "instance overrides @@iterator")) ||
    (op.op === "copy" && op.pairsTamper === "pairs-getter"),
  // What shows the pairs (a listing, a spread, forEach's calls) holds the reference's pairs but
  // the one the overriding @@iterator yields first, `["x-overridden", "1"]`; the others come in
  // the internal list's order, not reversed, so combined values are compared as sets of parts.
  // The objects differ from then on: forked.
  explains: (d) => {
    if (
      bothOk(
        d,
        (c, r) =>
          JSON.stringify(r).includes(OVERRIDDEN) && !JSON.stringify(c).includes(OVERRIDDEN) &&
          sameJson(unordered(c), unordered(r)),
      )
    ) return "fork";
    // A copy while a getter reads the pair arrays' `next` (copy.ts, "pairs-getter"), which
    // appends to the source on its first read: the native reads no pair's iterator (Node reads
    // arrays of its own instead), so the append lands at another time or never, and the source
    // and the copy hold other lists from then on.
    if (d.step.op === "copy" && d.step.pairsTamper === "pairs-getter") return "fork";
    // A lookup right after such a construction: a combined value in another order, or
    // x-overridden missing.
    const init = headersInitOf(d.step);
    const lookup = d.observation ? null : lookupOf(d.label);
    if (
      lookup === null || init?.kind !== "exotic" ||
      (init.how !== "subclass overrides @@iterator" && init.how !== "instance overrides @@iterator")
    ) return null;
    const [c, r] = [okOf(d.candidate), okOf(d.reference)];
    const overridden = lookup.name.toLowerCase() === "x-overridden";
    return (typeof c === "string" && typeof r === "string" &&
        sameJson(unordered(c), unordered(r))) ||
        (overridden && (c === null || c === false))
      ? "fork"
      : null;
  },
  recognized: [
    {
      when: 'an outcome holds the reference\'s pairs but `["x-overridden", "1"]` (the ' +
        "overriding @@iterator's first), combined values in another order",
      after: "fork",
    },
    {
      when: "a lookup on what such an init made: a combined value in another order, or " +
        "`x-overridden` missing",
      after: "fork",
    },
    {
      when: "anything seen of the source or the copy of a copy made while a getter reads the " +
        "pair arrays' `next`, which appends `x-read: 1` to the source on its first read",
      after: "fork",
    },
  ],
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
    "headers: h })` alike, for an overriding subclass too. The same copies read no " +
    "pair's iterator, so a getter of `%ArrayIteratorPrototype%.next` never runs (Deno: the " +
    "Response constructor; Bun: every copy). Node 22.23.3 (undici): a copy iterates the " +
    "Headers but reads each pair by index, so no pair's iterator either.",
});

/** The name the overriding @@iterator of an exotic init yields first (construct.ts). */
const OVERRIDDEN = '"x-overridden"';

/**
 * `value` without any list that names `x-overridden`, each list of strings with its combined
 * values split into sorted parts, and every list sorted: what stays the same when the pairs
 * come from the internal list instead of the overriding @@iterator.
 */
function unordered(value: unknown): unknown {
  if (typeof value === "string") return value.split(", ").sort().join(", ");
  if (!Array.isArray(value)) return value;
  return value
    .filter((item) => !(Array.isArray(item) && item.includes("x-overridden")))
    .map(unordered)
    .sort((a, b) => JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
}
