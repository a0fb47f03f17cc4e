/**
 * The answer class `sequence-converted-after-iteration`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { recordedInitOf, threwOf } from "../answer_helpers.ts";
import {
  headersInitOf,
  initLogs,
  notByteString,
  properPrefix,
  textOf,
} from "../headers_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `sequence-converted-after-iteration`. */
export const sequenceConvertedAfterIteration = answerClass({
  name: "sequence-converted-after-iteration",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "a sequence init is iterated to the end before its pairs are converted, so an " +
    "error later in the iteration wins over an invalid pair before it",
  covers: (op) =>
    (op.op === "construct" && op.init.kind === "exotic" &&
      op.init.how === "iterable throws midway") ||
    recordedInitOf(op, "array") || recordedInitOf(op, "iterator"),
  // Two shapes, both constructions that threw on both sides (the run goes on): an init whose
  // iterator throws midway threw its SyntaxError where the reference threw the TypeError of the
  // first pair's conversion (a part that is not a ByteString); a recorded sequence init's read
  // log is the reference's, which ends at the conversion of a name or value that is not a
  // ByteString, and then goes on.
  explains: (d) => {
    const init = headersInitOf(d.step);
    if (
      !d.observation && init?.kind === "exotic" && init.how === "iterable throws midway" &&
      threwOf(d.candidate) === "SyntaxError" && threwOf(d.reference) === "TypeError" &&
      (init.items[0] ?? []).some((part) => notByteString(textOf(part) ?? ""))
    ) return "go on";
    const logs = initLogs(d);
    if (init?.kind !== "recorded" || logs === null || !properPrefix(logs[1], logs[0])) {
      return null;
    }
    const last = /^call toString (name|value)(\d+)$/.exec(logs[1].at(-1) ?? "");
    const part = last === null
      ? undefined
      : init.items[Number(last[2])]?.[last[1] === "name" ? 0 : 1];
    return part !== undefined && notByteString(textOf(part) ?? "") ? "go on" : null;
  },
  recognized: [
    {
      when: "an init whose iterator throws midway threw its SyntaxError where the reference " +
        "threw a TypeError for a first pair that is not a ByteString",
      after: "go on",
    },
    {
      when: "a sequence init's read log is the reference's, which ends at the conversion of a " +
        "name or value that is not a ByteString, and then goes on",
      after: "go on",
    },
  ],
  example: {
    steps: [{
      op: "construct",
      slot: 0,
      guard: "none",
      init: { kind: "recorded", how: "array", items: [] },
      lookups: [],
    }],
    message: "",
  },
  report: {
    title: "A sequence init is iterated to its end before any pair is converted",
    observe: `new Headers({
    *[Symbol.iterator]() {
      yield ["\\u0100", "a"];
      throw new SyntaxError("midway");
    },
  });
  return "constructed";`,
    expected: { threw: "TypeError" },
    standard: {
      algorithm: "creating a sequence from an iterable",
      step: "each value is converted to the IDL type as it is taken from the iterator, so the " +
        "first pair's ByteString conversion throws before the iterator is asked again",
      url: `${WEBIDL}#create-sequence-from-iterable`,
    },
  },
  notes: "a sequence init is iterated to its end before any pair is converted, so an error " +
    "later in the iteration wins over an invalid pair before it. `new Headers({ " +
    '*[Symbol.iterator]() { yield ["\\u0100", "a"]; throw new SyntaxError("midway"); } ' +
    "})` throws the SyntaxError; standard TypeError (the first pair's name is not a " +
    "ByteString, and WebIDL converts each value as it is taken from the iterator). " +
    "The interaction log of a recorded sequence init shows the same: an invalid name " +
    "is converted, then the iteration goes on.",
});
