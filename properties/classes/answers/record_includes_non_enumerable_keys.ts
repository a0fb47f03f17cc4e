/**
 * The answer class `record-includes-non-enumerable-keys`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
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
