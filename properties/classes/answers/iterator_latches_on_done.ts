/**
 * The answer class `iterator-latches-on-done`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { bothOk, isNext, opensIterator } from "../answer_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `iterator-latches-on-done`. */
export const iteratorLatchesOnDone = answerClass({
  name: "iterator-latches-on-done",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "an iterator that returned done stays done after the list grows",
  covers: opensIterator,
  // The candidate's iterator says done where the reference's yields: that iterator is forked.
  explains: (d) =>
    isNext(d) &&
      bothOk(d, (c, r) => Array.isArray(c) && Array.isArray(r) && c[0] === true && r[0] === false)
      ? "fork"
      : null,
  recognized: [
    { when: "a `next()` is done where the reference's is not", after: "fork" },
  ],
  example: { steps: [{ op: "iterOpen", slot: 0, target: 0, kind: "keys" }], message: "" },
  report: {
    title: "A Headers iterator that returned done stays done after the list grows",
    observe: `const h = new Headers({ a: "1" });
  const it = h.keys();
  it.next();
  it.next();
  h.append("b", "2");
  const { value, done } = it.next();
  return [value, done];`,
    expected: { ok: ["b", false] },
    standard: {
      algorithm: "%HeadersIteratorPrototype%.next()",
      step: "compute the value pairs to iterate over on every call and compare the index with " +
        "their current size",
      url: `${WEBIDL}#es-iterator-prototype-object`,
    },
  },
  notes: "an iterator that returned done stays done after the list grows. `const h = new " +
    'Headers({ a: "1" }); const it = h.keys(); it.next(); it.next(); h.append("b", ' +
    '"2"); it.next()` gives `{ done: true }`; standard `{ value: "b", done: false }`.',
});
