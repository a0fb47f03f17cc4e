/**
 * The answer class `set-cookie-sorted-last`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import {
  bothOk,
  forEachOf,
  isNext,
  isPairOf,
  isPlainForEach,
  movedLast,
  setCookieLast,
  stringsOf,
} from "../answer_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `set-cookie-sorted-last`. */
export const setCookieSortedLast = answerClass({
  name: "set-cookie-sorted-last",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "iteration puts set-cookie after every other name instead of in byte order",
  covers: (op) => stringsOf(op).some((text) => text.toLowerCase() === "set-cookie"),
  // Whatever shows pairs (a listing, a spread) or a plain forEach's calls are the reference's
  // with set-cookie moved last; an iterator that yields (or where the reference yields) a
  // set-cookie pair is forked.
  explains: (d) => {
    const cookie = (item: unknown) => isPairOf(item, "set-cookie");
    const call = (item: unknown) =>
      Array.isArray(item) && typeof item[1] === "string" && item[1] === "set-cookie";
    if (
      !isNext(d) && bothOk(d, (c, r) => JSON.stringify(c) === JSON.stringify(setCookieLast(r)))
    ) {
      return "go on";
    }
    if (isPlainForEach(d)) {
      return bothOk(d, (c, r) =>
          Array.isArray(c) && Array.isArray(r) &&
          JSON.stringify(c) === JSON.stringify([r[0], movedLast(r[1], call)]))
        ? "go on"
        : null;
    }
    // A header list (headerListOf: names and values in one flat list) copied through the
    // iteration holds set-cookie where the iteration put it: the reference's pairs, set-cookie
    // among them, in another order; that object is forked, as its list's order now differs.
    const pairsOf = (flat: unknown) =>
      Array.isArray(flat)
        ? flat.flatMap((item, i) => i % 2 === 0 ? [[item, flat[i + 1]]] : [])
        : [];
    if (
      /^headerListOf\(h\[\d+\]\)$/.test(d.label) &&
      bothOk(d, (c, r) => {
        const sorted = (flat: unknown) => JSON.stringify(pairsOf(flat).map(String).sort());
        return sorted(c) === sorted(r) && pairsOf(r).some(cookie);
      })
    ) return "fork";
    const forEach = !d.observation && forEachOf(d.step) !== null;
    const yieldsCookie = (o: unknown): boolean =>
      Array.isArray(o) && (cookie(o) || o[1] === "set-cookie" || o.some(yieldsCookie));
    // An iterator over an object holding set-cookie yields what the order puts at its
    // position, whichever pair that is: forked.
    if (isNext(d) && (d.lists?.() ?? []).some(yieldsCookie)) return "fork";
    return (isNext(d) || forEach || (!d.observation && d.step.op === "tamper")) &&
        bothOk(d, (c, r) => yieldsCookie(c) || yieldsCookie(r))
      ? "fork"
      : null;
  },
  rewrite: (value, side) => side === "reference" ? setCookieLast(value) : value,
  // Reached by the wire stage through `Set-Cookie` fields.
  wireExample: ["Set-Cookie: c", "X-A: 1"],
  wire: {
    name: "set-cookie-sorted-last",
    runtimes: ["bun"],
    sides: ["server", "client", "h2-server", "h2-client"],
    observation: (observation) => ({
      ...observation,
      entries: [
        ...observation.entries.filter(([name]) => name !== "set-cookie"),
        ...observation.entries.filter(([name]) => name === "set-cookie"),
      ],
    }),
  },
  recognized: [
    {
      when: "pairs (a listing, a spread) or a plain forEach's calls are the reference's with " +
        "set-cookie moved last",
      after: "go on",
    },
    {
      when: "a `next()` of an iterator over an object holding set-cookie, a tampered iterator " +
        "result or a mutating forEach showing set-cookie",
      after: "fork",
    },
    {
      when: "a header list holds the reference's pairs, set-cookie among them, in another order",
      after: "fork",
    },
  ],
  example: { steps: [{ op: "get", target: 6, args: ["set-cookie"] }], message: "" },
  report: {
    title: "Iterating Headers puts set-cookie after every other name",
    observe: `return [...new Headers([["x-a", "1"], ["set-cookie", "c"]])].map(([name]) => name);`,
    expected: { ok: ["set-cookie", "x-a"] },
    standard: {
      algorithm: "sort and combine",
      step: "names are sorted in ascending byte order; set-cookie is sorted with the others, one " +
        "pair per value",
      url: `${FETCH}#concept-header-list-sort-and-combine`,
    },
  },
  notes: 'iteration puts `set-cookie` after every other name. `[...new Headers([["x-a", ' +
    '"1"], ["set-cookie", "c"]])].map(([name]) => name)` gives `["x-a", ' +
    '"set-cookie"]`; standard `["set-cookie", "x-a"]`.',
});
