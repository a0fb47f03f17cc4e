/**
 * The answer class `record-enumerable-symbol-key-ignored`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
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
