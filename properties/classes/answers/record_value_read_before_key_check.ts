/**
 * The answer class `record-value-read-before-key-check`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { recordedInitOf } from "../answer_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `record-value-read-before-key-check`. */
export const recordValueReadBeforeKeyCheck = answerClass({
  name: "record-value-read-before-key-check",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "a record init's value is read and converted before its key is checked to be a " +
    "ByteString (WebIDL: the key's conversion throws first)",
  covers: (op) => recordedInitOf(op, "record"),
  example: {
    steps: [{
      op: "construct",
      slot: 0,
      guard: "none",
      init: { kind: "recorded", how: "record", items: [] },
      lookups: [],
    }],
    message: "",
  },
  report: {
    title: "A record init's value is read before its key is found not to be a ByteString",
    observe: `let read = false;
  try {
    new Headers({
      get ["\\u0100"]() {
        read = true;
        return "a";
      },
    });
  } catch {
    // the TypeError is expected; what matters is whether the getter ran
  }
  return read;`,
    expected: { ok: false },
    standard: {
      algorithm: "converting an ECMAScript value to record<ByteString, ByteString>",
      step: "the key is converted to a ByteString (which throws) before Get(O, key)",
      url: `${WEBIDL}#js-record`,
    },
  },
  notes: "a record init's value is read before its key is found not to be a ByteString. " +
    '`let read = false; try { new Headers({ get ["\\u0100"]() { read = true; return ' +
    '"a"; } }); } catch {} read` gives `true`; standard `false` (the key\'s ByteString ' +
    "conversion throws the TypeError before `Get`). Found by the interaction log of a " +
    "recorded init.",
});
