/**
 * The answer class `record-includes-non-enumerable-keys`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { bothOk, threwOf } from "../answer_helpers.ts";
import {
  headersInitOf,
  initLogs,
  isPairList,
  sameJson,
  stopsAtHeaders,
} from "../headers_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `record-includes-non-enumerable-keys`. */
export const recordIncludesNonEnumerableKeys = answerClass({
  name: "record-includes-non-enumerable-keys",
  runtimes: ["node"],
  seenIn: ["Node 22.23.3"],
  summary: "a record init also takes non-enumerable own properties (a hidden symbol key then " +
    "throws a TypeError)",
  covers: (op) =>
    op.op === "construct" &&
    ((op.init.kind === "record" &&
      (op.init.extra === "hidden string" || op.init.extra === "hidden symbol")) ||
      (op.init.kind === "exotic" && op.init.how === "callable record")),
  // Two shapes. A listing holds the reference's pairs and pairs named after non-enumerable own
  // keys (`x-hidden` of a record with a hidden string key, the own `length`, `name` and
  // `prototype` of a callable record, `arguments` and `caller` of a sloppy one): forked. A
  // step converting a record with a hidden Symbol key threw a TypeError (its construction, a
  // lookup on what it did not make) where the reference returned or threw another error (a
  // Response's bad status, checked after the headers), or its Request's or
  // Response's init log stops at the headers member where the reference's reads more: forked.
  explains: (d) => {
    if (
      bothOk(d, (c, r) =>
        isPairList(c) && isPairList(r) && c.length > r.length &&
        sameJson(c.filter(([name]) => !HIDDEN.includes(name)), r))
    ) return "fork";
    const init = headersInitOf(d.step);
    if (d.observation || init?.kind !== "record" || init.extra !== "hidden symbol") return null;
    const logs = initLogs(d);
    if (logs !== null) return stopsAtHeaders(logs[0], logs[1]) ? "fork" : null;
    return threwOf(d.candidate) === "TypeError" && threwOf(d.reference) !== "TypeError"
      ? "fork"
      : null;
  },
  recognized: [
    {
      when: "a listing holds the reference's pairs and pairs named after non-enumerable own keys " +
        "(`x-hidden`; a callable record's `length`, `name`, `prototype`)",
      after: "fork",
    },
    {
      when: "a step converting a record with a hidden Symbol key threw a TypeError where the " +
        "reference returned or threw another error (or its init log stops at `headers`)",
      after: "fork",
    },
  ],
  example: {
    steps: [{
      op: "construct",
      slot: 0,
      guard: "none",
      init: { kind: "exotic", how: "callable record", items: [] },
      lookups: [],
    }],
    message: "",
  },
  report: {
    title: "A record init takes non-enumerable own properties",
    observe: `return [...new Headers(Object.defineProperty({}, "x-hidden", { value: "1" }))];`,
    expected: { ok: [] },
    standard: {
      algorithm: "converting an ECMAScript value to record<ByteString, ByteString>",
      step: "a key is taken only if its property descriptor is not undefined and enumerable",
      url: `${WEBIDL}#js-record`,
    },
  },
  notes: "a record init takes non-enumerable own properties too. `[...new " +
    'Headers(Object.defineProperty({}, "x-hidden", { value: "1" }))]` gives ' +
    '`[["x-hidden", "1"]]`; standard `[]`. The same cause makes a non-enumerable ' +
    'Symbol key throw a TypeError: `new Headers(Object.defineProperty({ a: "1" }, ' +
    'Symbol("s"), { value: "1" }))`.',
});

/** The names of the non-enumerable own keys a record init may carry (construct.ts). */
const HIDDEN = ["x-hidden", "length", "name", "prototype", "arguments", "caller"];
