/**
 * The answer class `record-value-read-before-key-check`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { recordedInitOf } from "../answer_helpers.ts";
import { initLogs, notByteString, properPrefix } from "../headers_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `record-value-read-before-key-check`. */
export const recordValueReadBeforeKeyCheck = answerClass({
  name: "record-value-read-before-key-check",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "a record init's value is read and converted before its key is checked to be a " +
    "ByteString (WebIDL: the key's conversion throws first)",
  covers: (op) => recordedInitOf(op, "record"),
  // The reference's read log ends at the descriptor of a key that is not a ByteString (its
  // conversion throws); the candidate's goes on from there, first reading that key's value. The
  // construction threw on both sides, so the run goes on.
  explains: (d) => {
    const logs = initLogs(d);
    if (logs === null || !properPrefix(logs[1], logs[0])) return null;
    const key = /^getOwnPropertyDescriptor init (.*)$/.exec(logs[1].at(-1) ?? "")?.[1];
    return key !== undefined && notByteString(key) && logs[0][logs[1].length] === `get init ${key}`
      ? "go on"
      : null;
  },
  recognized: [
    {
      when: "a record init's read log is the reference's, which ends at the descriptor of a key " +
        "that is not a ByteString, then the read of that key's value and what follows",
      after: "go on",
    },
  ],
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
