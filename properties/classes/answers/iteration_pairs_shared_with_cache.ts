/**
 * The answer class `iteration-pairs-shared-with-cache`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { bothOk } from "../answer_helpers.ts";
import { sameJson } from "../headers_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `iteration-pairs-shared-with-cache`. */
export const iterationPairsSharedWithCache = answerClass({
  name: "iteration-pairs-shared-with-cache",
  runtimes: ["node"],
  seenIn: ["undici 6.0.0"],
  summary: "the pairs iteration hands out are the ones its cache keeps (undici 6.0.0): " +
    "mutating a pair of a spread changes what the next iteration yields",
  covers: (op) =>
    (op.op === "tamper" && op.what !== "getSetCookie array") ||
    (op.op === "batch" &&
      op.ops.some((inner) => inner.op === "tamper" && inner.what !== "getSetCookie array")),
  // A tamper step's outcome: what was handed out is the reference's, and what the second
  // request returns is the reference's with the tampering the step did to the first (a spread's
  // pairs cut to `["tampered"]`, an iterator result's pair overwritten): the object's cache now
  // holds the tampered pairs, so it is forked.
  explains: (d) => {
    const step = d.step;
    if (d.observation || step.op !== "tamper" || step.what === "getSetCookie array") return null;
    return bothOk(d, (c, r) =>
        Array.isArray(c) && Array.isArray(r) && sameJson(c[0], r[0]) &&
        sameJson(c[1], tampered(step.what, r[1])) && !sameJson(c[1], r[1]))
      ? "fork"
      : null;
  },
  recognized: [
    {
      when: "a tamper step's second look is the reference's with the step's tampering of the " +
        'first (spread pairs cut to `["tampered"]`, an iterator result\'s pair overwritten)',
      after: "fork",
    },
  ],
  example: { steps: [{ op: "tamper", target: 2, what: "spread pairs" }], message: "" },
  report: {
    package: "undici@6.0.0",
    title: "Iterating Headers hands out the pairs its cache keeps",
    observe: `const h = new Headers([["range", "bytes=0-"]]);
  [...h][0].splice(0, 2, "tampered");
  return [...h];`,
    expected: { ok: [["range", "bytes=0-"]] },
    standard: {
      algorithm: "%HeadersIteratorPrototype%.next() (pair iterator)",
      step: "each result's value is a new array created from the pair's name and value",
      url: `${WEBIDL}#es-iterator-prototype-object`,
    },
  },
  notes: "the pairs iteration hands out are the arrays its sorted cache keeps, so mutating " +
    'one changes what the next iteration yields. `const h = new Headers([["range", ' +
    '"bytes=0-"]]); [...h][0].splice(0, 2, "tampered"); [...h]` gives ' +
    '`[["tampered"]]`; standard `[["range", "bytes=0-"]]` (each iteration makes new ' +
    "pairs). Gone by undici 6.21.2 (NATIVE_HISTORY.md).",
});

/**
 * What the second look of a tamper step (tamper.ts `tamperReturned`) shows when the pairs it
 * hands out are the ones the first look handed out and the step tampered with: for "spread
 * pairs" every pair cut to `["tampered"]`; for "iterator result" the first pair overwritten.
 */
function tampered(what: string, again: unknown): unknown {
  if (!Array.isArray(again)) return again;
  if (what === "spread pairs") {
    return again.map((pair) => Array.isArray(pair) ? ["tampered"] : pair);
  }
  const [done, value] = again;
  return Array.isArray(value) ? [done, ["tampered", "tampered", "tampered"]] : again;
}
