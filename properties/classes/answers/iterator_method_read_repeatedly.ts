/**
 * The answer class `iterator-method-read-repeatedly`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import type { Difference } from "../../oracle/divergences.ts";
import { initLogs, sameJson, withoutEntries } from "../headers_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `iterator-method-read-repeatedly`. */
export const iteratorMethodReadRepeatedly = answerClass({
  name: "iterator-method-read-repeatedly",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "converting an init reads its @@iterator method two or three times (WebIDL: once, " +
    "by GetMethod, whose result is then called)",
  covers: (op) => op.op === "construct" && op.init.kind === "recorded",
  // The candidate's read log is the reference's with `get init Symbol(Symbol.iterator)` read
  // again after its first read; the objects are the same, so the run goes on.
  explains: (d) => {
    const logs = initLogs(d);
    return logs !== null && logs[0].length > logs[1].length &&
        sameJson(rereadsDropped(logs[0]), logs[1])
      ? "go on"
      : null;
  },
  rewrite: (value, _side, d: Difference) =>
    initLogs(d) === null || !Array.isArray(value) ? value : rereadsDropped(value as string[]),
  recognized: [
    {
      when: "an init's read log is the reference's with `@@iterator` of the init read again",
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
    title: "Converting a Headers init reads its @@iterator method more than once",
    observe: `let reads = 0;
  const init = new Proxy([["a", "1"]], {
    get(t, k, r) {
      if (k === Symbol.iterator) reads++;
      return Reflect.get(t, k, r);
    },
  });
  new Headers(init);
  return reads;`,
    expected: { ok: 1 },
    standard: {
      algorithm: "converting to a union with a sequence type",
      step: "GetMethod(V, @@iterator) once, then create a sequence from V and that method",
      url: `${WEBIDL}#js-union`,
    },
  },
  notes: "converting an init reads its `@@iterator` method more than once (WebIDL reads it " +
    "once, with GetMethod, and calls what it read). With `const counting = (target) " +
    "=> { const c = { n: 0 }; return [new Proxy(target, { get(t, k, r) { if (k === " +
    "Symbol.iterator) c.n++; return Reflect.get(t, k, r); } }), c]; };`, `const [a, " +
    'ca] = counting([["a", "1"]]); new Headers(a); ca.n` gives `2`, and `const [b, ' +
    'cb] = counting({ a: "1" }); new Response(null, { headers: b }); cb.n` gives `3`; ' +
    "standard `1` for both. Found by the interaction log of a recorded init.",
});

/** The read of the init's @@iterator method (construct.ts `recordedInit`). */
const READ = "get init Symbol(Symbol.iterator)";

/** `log` with every read of the init's @@iterator after the first dropped. */
function rereadsDropped(log: readonly string[]): string[] {
  return withoutEntries(log, (entry, i) => entry === READ && log.indexOf(READ) < i);
}
