/**
 * The answer class `record-enumerable-symbol-key-ignored`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { okOf, threwOf } from "../answer_helpers.ts";
import {
  headersInitOf,
  initLogs,
  notByteString,
  stopsAtHeaders,
  textOf,
} from "../headers_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `record-enumerable-symbol-key-ignored`. */
export const recordEnumerableSymbolKeyIgnored = answerClass({
  name: "record-enumerable-symbol-key-ignored",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "a record init with an enumerable Symbol key is accepted instead of a TypeError",
  covers: (op) =>
    op.op === "construct" && op.init.kind === "record" &&
    (op.init.extra === "enumerable symbol" || op.init.extra === "proxy with enumerable symbol"),
  // A step converting a record init with an enumerable Symbol key whose string keys and values
  // are all ByteStrings (so the Symbol is the only cause of the reference's TypeError): its
  // construction, or a lookup on what it made, returned where the reference threw a TypeError;
  // or, for a Request or Response, the reference's init log stops at the headers member and the
  // candidate's read it and more (the reads of the other members, which other classes judge,
  // are not compared in this step). The candidate made an object the reference did not: forked
  // (the two sides no longer hold as many objects, so nothing more is compared).
  explains: (d) => {
    const init = headersInitOf(d.step);
    if (
      d.observation || init?.kind !== "record" ||
      (init.extra !== "enumerable symbol" && init.extra !== "proxy with enumerable symbol") ||
      !init.entries.every(([key, value]) => {
        const text = textOf(value);
        return !notByteString(key) && text !== null && !notByteString(text);
      })
    ) return null;
    const logs = initLogs(d);
    if (logs !== null) return stopsAtHeaders(logs[1], logs[0]) ? "fork" : null;
    return okOf(d.candidate) !== undefined && threwOf(d.reference) === "TypeError" ? "fork" : null;
  },
  recognized: [
    {
      when: "a step converting a record init with an enumerable Symbol key (its other keys and " +
        "values ByteStrings) returned, or a lookup on what it made did, where the reference " +
        "threw a TypeError; a Request's or Response's init log reads more than the " +
        "reference's, which stops at `headers`",
      after: "fork",
    },
  ],
  example: {
    steps: [{
      op: "construct",
      slot: 0,
      guard: "none",
      init: { kind: "record", entries: [], extra: "enumerable symbol" },
      lookups: [],
    }],
    message: "",
  },
  report: {
    title: "A record init with an enumerable Symbol key is accepted",
    observe: `return [...new Headers({ [Symbol("s")]: "1", a: "1" })];`,
    expected: { threw: "TypeError" },
    standard: {
      algorithm: "converting an ECMAScript value to record<ByteString, ByteString>",
      step: "every enumerable own key, Symbols included, is converted to a ByteString, and " +
        "ToString of a Symbol throws a TypeError",
      url: `${WEBIDL}#js-record`,
    },
  },
  notes: "a record init with an enumerable Symbol key is accepted. `[...new Headers({ " +
    '[Symbol("s")]: "1", a: "1" })]` gives `[["a", "1"]]`; standard TypeError.',
});
