/**
 * The answer class `iterator-protocol-extra-reads`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { recordedInitOf } from "../answer_helpers.ts";
import { ECMA } from "../standards.ts";

/** The class `iterator-protocol-extra-reads`. */
export const iteratorProtocolExtraReads = answerClass({
  name: "iterator-protocol-extra-reads",
  runtimes: ["node"],
  seenIn: ["Node 22.23.3"],
  summary: "converting an iterator init reads its next method twice and reads value from the " +
    "result that says done (WebIDL: next once by GetIterator, value only when not done)",
  covers: (op) => recordedInitOf(op, "iterator"),
  example: {
    steps: [{
      op: "construct",
      slot: 0,
      guard: "none",
      init: { kind: "recorded", how: "iterator", items: [] },
      lookups: [],
    }],
    message: "",
  },
  report: {
    title: "Converting an iterator init reads next twice and value from a done result",
    observe: `const log = [];
  const it = {
    next() {
      log.push("next()");
      return new Proxy({ done: true, value: undefined }, {
        get(t, k) {
          log.push("get " + k);
          return t[k];
        },
      });
    },
  };
  new Headers({
    [Symbol.iterator]: () =>
      new Proxy(it, {
        get(t, k) {
          log.push("get " + String(k));
          return t[k];
        },
      }),
  });
  return log;`,
    expected: { ok: ["get next", "next()", "get done"] },
    standard: {
      algorithm: "GetIteratorFromMethod and IteratorStepValue",
      step: "next is read once when the iterator is obtained; value is read only from a result " +
        "that is not done",
      url: `${ECMA}#sec-iteratorstepvalue`,
    },
  },
  notes: "converting an iterator init reads its `next` method twice and reads `value` from " +
    "the result that says it is done. `const log = []; const it = { next() { " +
    'log.push("next()"); return new Proxy({ done: true, value: undefined }, { get(t, ' +
    'k) { log.push("get " + k); return t[k]; } }); } }; new Headers({ ' +
    '[Symbol.iterator]: () => new Proxy(it, { get(t, k) { log.push("get " + ' +
    'String(k)); return t[k]; } }) }); log` gives `["get next", "get next", "next()", ' +
    '"get done", "get value"]`; standard `["get next", "next()", "get done"]` ' +
    "(GetIterator reads `next` once; IteratorStepValue reads `value` only when not " +
    "done). Found by the interaction log of a recorded init.",
});
