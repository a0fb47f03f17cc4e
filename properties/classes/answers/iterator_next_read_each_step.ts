/**
 * The answer class `iterator-next-read-each-step`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import type { Difference } from "../../oracle/divergences.ts";
import { recordedInitOf } from "../answer_helpers.ts";
import { initLogs, sameJson, withoutEntries } from "../headers_helpers.ts";
import { ECMA } from "../standards.ts";

/** The class `iterator-next-read-each-step`. */
export const iteratorNextReadEachStep = answerClass({
  name: "iterator-next-read-each-step",
  runtimes: ["deno", "node"],
  seenIn: ["Deno 2.9.6", "Node 22.23.3"],
  summary: "converting an iterator init reads the iterator's next method before each call of it " +
    "(WebIDL: once, when the iterator is obtained)",
  covers: (op) => recordedInitOf(op, "iterator"),
  // The candidate's read log is the reference's with more reads of an iterator's `next` (of the
  // init's iterator or a pair's): equal once every such read is dropped. The objects are the
  // same, so the run goes on.
  explains: (d) => {
    const logs = initLogs(d);
    return logs !== null && nextReads(logs[0]) > nextReads(logs[1]) &&
        sameJson(nextReadsDropped(logs[0]), nextReadsDropped(logs[1]))
      ? "go on"
      : null;
  },
  rewrite: (value, _side, d: Difference) =>
    initLogs(d) === null || !Array.isArray(value) ? value : nextReadsDropped(value as string[]),
  recognized: [
    {
      when: "an init's read log is the reference's with an iterator's `next` read more often",
      after: "go on",
    },
  ],
  example: {
    steps: [{
      op: "construct",
      slot: 0,
      guard: "none",
      init: { kind: "recorded", how: "iterator", items: [["a", "1"]] },
      lookups: [],
    }],
    message: "",
  },
  report: {
    title: "Converting an iterator init reads its next method before each call",
    observe: `let reads = 0;
  const pairs = [["a", "1"]][Symbol.iterator]();
  const it = new Proxy(pairs, {
    get(t, k) {
      if (k === "next") reads++;
      const v = Reflect.get(t, k);
      return typeof v === "function" ? v.bind(t) : v;
    },
  });
  new Headers({ [Symbol.iterator]: () => it });
  return reads;`,
    expected: { ok: 1 },
    standard: {
      algorithm: "GetIteratorFromMethod and IteratorStepValue",
      step: "next is read once, into the iterator record, when the iterator is obtained; each " +
        "step calls the record's next",
      url: `${ECMA}#sec-getiteratorfrommethod`,
    },
  },
  notes: "converting an iterator init reads the iterator's `next` method before each call of " +
    'it. With `let reads = 0; const pairs = [["a", "1"]][Symbol.iterator](); const it = ' +
    'new Proxy(pairs, { get(t, k) { if (k === "next") reads++; const v = Reflect.get(t, k); ' +
    'return typeof v === "function" ? v.bind(t) : v; } }); new Headers({ ' +
    "[Symbol.iterator]: () => it });`, `reads` is `2` under Deno 2.9.6 (one read per call) " +
    "and `3` under Node 22.23.3 (one more when the iterator is obtained); standard `1`. Found " +
    "by the interaction log of a recorded init.",
});

/** Whether `entry` reads an iterator's `next` (construct.ts `recordedInit`). */
function readsNext(entry: string): boolean {
  return /^get .+ iterator next$/.test(entry);
}

/** How many reads of an iterator's `next` `log` holds. */
function nextReads(log: readonly string[]): number {
  return log.filter(readsNext).length;
}

/** `log` without its reads of an iterator's `next`. */
function nextReadsDropped(log: readonly string[]): string[] {
  return withoutEntries(log, readsNext);
}
