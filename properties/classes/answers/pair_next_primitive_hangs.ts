/**
 * The answer class `pair-next-primitive-hangs`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { ECMA } from "../standards.ts";

/** The class `pair-next-primitive-hangs`. */
export const pairNextPrimitiveHangs = answerClass({
  name: "pair-next-primitive-hangs",
  runtimes: ["deno", "node"],
  seenIn: ["Deno 2.9.6", "Node 22.23.3"],
  summary: "a sequence init whose pair's iterator next() returns a primitive loops forever " +
    "instead of throwing a TypeError",
  covers: (op) =>
    op.op === "construct" && op.init.kind === "broken" &&
    op.init.how === "pair next returns a primitive",
  // No recognizer narrower than `covers`: the step never returns, so there is no outcome to
  // recognize and no run can go on past it; its operations are the one exclusion by generation
  // left by default (world.ts never sees them).
  hangs: true,
  recognized: [
    {
      when: "never: the step does not return, so its operations are not generated (the one " +
        "exclusion left by default)",
      after: "—",
    },
  ],
  example: {
    steps: [{
      op: "construct",
      slot: 0,
      guard: "none",
      init: { kind: "broken", how: "pair next returns a primitive", items: [] },
      lookups: [],
    }],
    message: "",
  },
  report: {
    title: "A sequence init whose pair iterator's next() returns a primitive never returns",
    observe: `return [...new Headers([{ [Symbol.iterator]: () => ({ next: () => 1 }) }])];`,
    expected: { threw: "TypeError" },
    standard: {
      algorithm: "IteratorNext (used by IteratorStepValue)",
      step: "if the result of next() is not an Object, throw a TypeError",
      url: `${ECMA}#sec-iteratornext`,
    },
    hangs: true,
  },
  notes: "a sequence init whose pair's iterator `next()` returns a primitive loops " +
    "forever. `new Headers([{ [Symbol.iterator]: () => ({ next: () => 1 }) }])` never " +
    "returns; standard TypeError. Found by the hang watchdog: the worker stopped " +
    "reporting progress, was killed after `--case-timeout`, and a traced replay " +
    "located the step (`new Response(null, { headers: [...] })` with such a pair). An " +
    "outer iterator whose `next()` returns a primitive throws a TypeError in every " +
    "runtime; only the pair's iterator is affected.",
});
