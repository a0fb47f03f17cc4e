/**
 * The answer class `string-body-headers-init-read-as-record`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { checksPass, okOf, responseMember, threwOf } from "../answer_helpers.ts";
import type { Init, Op } from "../../oracle/ops.ts";
import { WEBIDL } from "../standards.ts";

/** The Content-Type a string body sets, after the copied pairs when none is named so. */
const TEXT_PLAIN = "text/plain;charset=UTF-8";

/**
 * The pairs the fast path copies from `init` (`for (key in init)`, own keys, values as they are)
 * when `init` is not converted as the standard converts it, or null when it is (or a value is not
 * a string): a record's enumerable string keys, unvalidated and unnormalized; none from a Map,
 * an iterable, a Headers (its subclass, one overriding `@@iterator`, a foreign class named
 * Headers), an iterable that throws midway, an object whose `@@iterator` breaks the iterator
 * protocol, null, a number or a boolean; a string's characters under their indices.
 */
function copiedPairs(init: Init): string[][] | null {
  switch (init.kind) {
    case "invalid":
      return typeof init.value === "string"
        ? [...init.value].map((char, i) => [String(i), char])
        : [];
    case "record": {
      if (init.extra === "proxy" || init.extra === "proxy with enumerable symbol") return null;
      const record: Record<string, unknown> = {};
      for (const [key, value] of init.entries) record[key] = value;
      const pairs = Object.keys(record).map((key) => [key, record[key]]);
      return pairs.every(([, value]) => typeof value === "string") ? pairs as string[][] : null;
    }
    case "map":
    case "iterable":
    case "headers":
      return [];
    case "broken":
      return ["iterator not callable", "iterator returns a primitive", "next returns a primitive"]
          .includes(init.how)
        ? []
        : null;
    case "exotic":
      return [
          "iterable throws midway",
          "subclass overrides @@iterator",
          "instance overrides @@iterator",
          "foreign Headers",
        ].includes(init.how)
        ? []
        : null;
    default:
      return null;
  }
}

/**
 * The pairs the fast path of `new Response(string, init)` gives `op` (its init not a Proxy, its
 * headers {@link copiedPairs}), the body's Content-Type last unless one is among them; null for
 * any other step.
 */
function fastPathPairs(op: Op): string[][] | null {
  if (
    op.op !== "response" || op.how !== "constructor" || op.body !== "string" ||
    op.init === null || op.init.via === "proxy"
  ) return null;
  const member = op.init.members.find(([key]) => key === "headers");
  const pairs = member === undefined ? null : copiedPairs((member[1] as { headers: Init }).headers);
  if (pairs === null) return null;
  return pairs.some(([name]) => name.toLowerCase() === "content-type")
    ? pairs
    : [...pairs, ["content-type", TEXT_PLAIN]];
}

/**
 * Whether `value` is what a read shows of headers holding `pairs`: a `get` or `has` of `step` as
 * on them, or a listing of them (entries, forEach's calls, inspect, a flat header list,
 * getSetCookie) holding no other string than their names (in any case), values, and values
 * combined with ", ".
 */
function shows(value: unknown, pairs: string[][], step: Op, observation: boolean): boolean {
  if (!observation && step.op === "read" && (step.via === "get" || step.via === "has")) {
    const found = pairs.filter(([name]) => name.toLowerCase() === step.name.toLowerCase());
    if (step.via === "has") return value === found.length > 0;
    return value === (found.length === 0 ? null : found.map(([, v]) => v).join(", "));
  }
  if (!Array.isArray(value)) return false;
  const strings = new Set(pairs.flatMap(([name, v]) => [name.toLowerCase(), v]));
  const known = (v: string) => strings.has(v) || strings.has(v.toLowerCase());
  let rest = false;
  JSON.stringify(value, (_, v) => {
    if (typeof v === "string" && !known(v) && !v.split(", ").every(known)) rest = true;
    return v;
  });
  return !rest;
}

/** The class `string-body-headers-init-read-as-record`. */
export const stringBodyHeadersInitReadAsRecord = answerClass({
  name: "string-body-headers-init-read-as-record",
  runtimes: ["deno"],
  seenIn: ["Deno ext/ at e2b1853841 (deno-src:)"],
  summary: "new Response(string, init) never converts a headers init: an object that is not an " +
    "array or a Proxy (a record, a Map, a Headers, any iterable), or a primitive, gives its own " +
    "enumerable keys as they are (none for most), and never throws, where the standard " +
    "iterates its pairs or throws a TypeError",
  covers: (op) => fastPathPairs(op) !== null,
  // Made by that fast path, the Response holds the init's own keys (none of an iterable) and the
  // string body's Content-Type. Its construction returned where the reference threw (an invalid
  // pair or key, a broken or throwing iterator, null), or threw the status or statusText check's
  // error where the reference threw the conversion's; or a read of such a Response (or of what
  // was made from it) shows those pairs. The message differs from then on: forked.
  explains: (d) => {
    const step = d.step;
    if (!d.observation && fastPathPairs(step) !== null) {
      if (/^the log of m\[\d+\]'s init$/.test(d.label)) return null;
      const [c, r] = [threwOf(d.candidate), threwOf(d.reference)];
      if (r !== "TypeError" && r !== "SyntaxError") return null;
      if (c === undefined) {
        return okOf(d.candidate) !== undefined && checksPass(step) ? "fork" : null;
      }
      const checked = responseMember(step, "status", () => true) ||
        responseMember(step, "statusText", () => true);
      return checked && c !== r && (c === "RangeError" || c === "TypeError") ? "fork" : null;
    }
    const c = okOf(d.candidate);
    if (c === undefined || okOf(d.reference) === undefined) return null;
    const made = (d.made?.() ?? []).map(fastPathPairs).find((pairs) => pairs !== null);
    return made !== undefined && made !== null && shows(c, made, step, d.observation)
      ? "fork"
      : null;
  },
  recognized: [
    {
      when: "`new Response(string, init)`, init not a Proxy, headers a record, a primitive, a " +
        "Map, an iterable, a Headers or an object with a broken `@@iterator`: made where the " +
        "reference threw (its status and statusText valid), or threw a status or statusText " +
        "error where the reference threw another",
      after: "fork",
    },
    {
      when: "a read of what that step made shows only its init's own enumerable keys and " +
        "their values as they are (none of an iterable) and the body's Content-Type",
      after: "fork",
    },
  ],
  example: {
    steps: [{
      op: "response",
      message: 0,
      how: "constructor",
      body: "string",
      init: {
        via: "plain",
        members: [["headers", { headers: { kind: "map", entries: [["a", "a\0b"]] } }]],
      },
      status: null,
    }],
    message: "",
  },
  report: {
    title: "new Response(string, { headers }) drops a Map or Headers given as headers, and " +
      "accepts null",
    observe: `const outcome = (headers) => {
    try {
      return [...new Response("x", { headers }).headers].map(([name]) => name).join(" ");
    } catch (error) {
      return error.constructor.name;
    }
  };
  return [
    outcome(new Map([["a", "1"]])),
    outcome(new Map([["a", "a\\0b"]])),
    outcome(null),
  ];`,
    expected: { ok: ["a content-type", "TypeError", "TypeError"] },
    standard: {
      algorithm: "converting HeadersInit, then new Response(body, init)",
      step: "an object with @@iterator is converted as a sequence of pairs (a Map's entries), " +
        "null is no HeadersInit (TypeError); the pairs are then validated as they are appended",
      url: `${WEBIDL}#js-union`,
    },
  },
  notes: "the fast path of `new Response(string, init)` (the PR's head only) never converts the " +
    "headers init: it copies `for (key in headers)` own keys of any that is an object but not " +
    'an array or a Proxy, values as they are. `new Response("x", { headers: new Map([["a", ' +
    '"a\\0b"]]) })` returns (standard TypeError); with `new Map([["a", "1"]])` (or a Headers) ' +
    "its headers hold only `content-type`; `headers: null` (or `1`) makes the Response, " +
    '`headers: "a"` one with a header `0: a`, `{ "": "a" }` one with a header named `""` ' +
    '(standard TypeError each); `{ a: " x " }` keeps `" x "`. Native Deno 2.9.6 follows the ' +
    `standard (${WEBIDL}#js-sequence).`,
});
