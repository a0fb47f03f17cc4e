/**
 * The answer class `iteration-pairs-shared-with-cache`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
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
