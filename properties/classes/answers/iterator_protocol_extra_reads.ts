/**
 * The answer class `iterator-protocol-extra-reads`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import type { Difference } from "../../oracle/divergences.ts";
import { recordedInitOf } from "../answer_helpers.ts";
import { initLogs, sameJson, withoutEntries } from "../headers_helpers.ts";
import { ECMA } from "../standards.ts";

/** The class `iterator-protocol-extra-reads`. */
export const iteratorProtocolExtraReads = answerClass({
  name: "iterator-protocol-extra-reads",
  runtimes: ["node"],
  seenIn: ["Node 22.23.3"],
  summary: "converting an iterator init reads value from the result that says done (WebIDL: " +
    "value only when not done); its next method read before each call is " +
    "iterator-next-read-each-step",
  covers: (op) => recordedInitOf(op, "iterator"),
  // The candidate's read log is the reference's with `value` read from each iterator's last
  // result once it said done. Under Node the log also reads `next` before each call, another
  // class (iterator-next-read-each-step): the two rewrites explain such a log together.
  explains: (d) => {
    const logs = initLogs(d);
    return logs !== null && logs[0].length > logs[1].length &&
        sameJson(doneValuesDropped(logs[0]), doneValuesDropped(logs[1]))
      ? "go on"
      : null;
  },
  rewrite: (value, _side, d: Difference) =>
    initLogs(d) === null || !Array.isArray(value) ? value : doneValuesDropped(value as string[]),
  recognized: [
    {
      when: "an init's read log is the reference's with `value` read from an iterator's last " +
        "result (done)",
      after: "go on",
    },
  ],
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
  notes: "converting an iterator init reads `value` from the result that says it is done " +
    "(and reads `next` before each call, the class `iterator-next-read-each-step`). `const log = []; const it = { next() { " +
    'log.push("next()"); return new Proxy({ done: true, value: undefined }, { get(t, ' +
    'k) { log.push("get " + k); return t[k]; } }); } }; new Headers({ ' +
    '[Symbol.iterator]: () => new Proxy(it, { get(t, k) { log.push("get " + ' +
    'String(k)); return t[k]; } }) }); log` gives `["get next", "get next", "next()", ' +
    '"get done", "get value"]`; standard `["get next", "next()", "get done"]` ' +
    "(GetIterator reads `next` once; IteratorStepValue reads `value` only when not " +
    "done). Found by the interaction log of a recorded init.",
});

/**
 * `log` without the read of `value` from each iterator's last result when it is read right after
 * that result's `done` (construct.ts `recordedInit` logs `call next X`, then `get X result done`,
 * `get X result value`).
 */
function doneValuesDropped(log: readonly string[]): string[] {
  return withoutEntries(log, (entry, i) => {
    const match = /^get (.+) result value$/.exec(entry);
    return match !== null && log[i - 1] === `get ${match[1]} result done` &&
      log[i - 2] === `call next ${match[1]}` &&
      !log.slice(i).includes(`call next ${match[1]}`);
  });
}
