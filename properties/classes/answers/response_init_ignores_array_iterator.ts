/**
 * The answer class `response-init-ignores-array-iterator`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { bothOk, isPairOf } from "../answer_helpers.ts";
import type { Arg, Init } from "../../oracle/ops.ts";
import type { Difference } from "../../oracle/divergences.ts";
import { WEBIDL } from "../standards.ts";
import { normalizeHeaderValue } from "../../../spec/header_predicates.ts";

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
  // What reads a message whose init's headers were such an array is the reference's outcome
  // as filled by index (`filledByIndex`); alone, nothing else differs.
  explains: (d) => {
    const items = overridingItems(d);
    if (items === null) return null;
    const shown = (c: unknown, r: unknown) =>
      JSON.stringify(c) === JSON.stringify(filledByIndex(r, items, d));
    if (!bothOk(d, shown)) return null;
    return d.observation ? "fork" : "go on";
  },
  // With the rewrites of what reading the list shows (a leading empty value dropped by the
  // iteration, a copy's trailing ", "), which apply after this one (the table's order).
  rewrite: (value, side, d) => {
    const items = side === "reference" ? overridingItems(d) : null;
    return items === null ? value : filledByIndex(value, items, d);
  },
  recognized: [
    {
      when: "what reads a Response whose init's headers were an array overriding `@@iterator` " +
        'is the reference\'s without the override\'s `["x-overridden", "1"]`, each name\'s ' +
        "values from the array in the array's order (the override's is the reverse)",
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

/**
 * The items of the array a Response step that made what `d` is about (`Difference.made`) gave
 * as its init's headers, overriding `@@iterator`; null when no such step made it.
 */
function overridingItems(d: Difference): readonly Arg[][] | null {
  for (const op of d.made?.() ?? []) {
    if (op.op !== "response") continue;
    for (const [key, value] of op.init?.members ?? []) {
      const headers = key === "headers" ? (value as { headers: Init }).headers : null;
      if (headers?.kind === "exotic" && headers.how === "array overrides @@iterator") {
        return headers.items;
      }
    }
  }
  return null;
}

/** The override's own pair. */
const OVERRIDDEN = JSON.stringify(["x-overridden", "1"]);

/**
 * The reference's outcome `value` of `d` as a Response that read `items` by index shows it: the
 * override yields `["x-overridden", "1"]`, then the items in reverse, so the reference's list
 * holds that pair and, for each name, the items' values (normalized) reversed before any value
 * appended since. Rewritten: that pair taken out of every list; in each combined value (a
 * pair's, or a get of the name) and in the set-cookie values (the set-cookie pairs of a list, or
 * a getSetCookie), those reversed values put back in the items' order. A value that does not
 * start with them is left as it is.
 */
function filledByIndex(value: unknown, items: readonly Arg[][], d: Difference): unknown {
  const values = new Map<string, string[]>();
  for (const [name, v] of items) {
    if (typeof name !== "string" || typeof v !== "string") continue;
    const lower = name.toLowerCase();
    values.set(lower, [...(values.get(lower) ?? []), normalizeHeaderValue(v)]);
  }
  const combined = (name: string, v: string) => {
    const given = values.get(name.toLowerCase()) ?? [];
    const reversed = given.toReversed().join(", ");
    return v === reversed || v.startsWith(reversed + ", ")
      ? given.join(", ") + v.slice(reversed.length)
      : v;
  };
  const cookies = (list: string[]) => {
    const given = values.get("set-cookie") ?? [];
    const first = list.slice(0, given.length);
    return JSON.stringify(first) === JSON.stringify(given.toReversed())
      ? [...given, ...list.slice(given.length)]
      : list;
  };
  const read = d.observation || d.step.op !== "read" ? null : d.step;
  if (read?.via === "get" && typeof value === "string") return combined(read.name, value);
  if (read?.via === "getSetCookie" && isStrings(value)) return cookies(value);
  const lists = (v: unknown): unknown => {
    if (!Array.isArray(v) || isPair(v)) return v;
    const kept = v.filter((item) => JSON.stringify(item) !== OVERRIDDEN).map((item) =>
      isPair(item) && !isPairOf(item, "set-cookie")
        ? [item[0], combined(item[0], item[1])]
        : lists(item)
    );
    const at = kept.flatMap((item, i) => isPairOf(item, "set-cookie") ? [i] : []);
    const shown = cookies(at.map((i) => (kept[i] as string[])[1]));
    at.forEach((i, k) => kept[i] = [(kept[i] as string[])[0], shown[k]]);
    return kept;
  };
  return lists(value);
}

/** Whether `value` is a `[name, value]` pair of strings. */
function isPair(value: unknown): value is [string, string] {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === "string" &&
    typeof value[1] === "string";
}

/** Whether `value` is an array of strings. */
function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}
