/**
 * The answer class `for-each-iterates-snapshot`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { forEachOf } from "../answer_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `for-each-iterates-snapshot`. */
export const forEachIteratesSnapshot = answerClass({
  name: "for-each-iterates-snapshot",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "forEach() does not see headers its callback adds or removes (it walks a snapshot)",
  covers: (op) =>
    (op.op === "forEach" && op.mutations.length > 0) ||
    (op.op === "rawList" && op.first?.op === "forEach" && op.first.mutations.length > 0),
  // A forEach whose callback mutates: its calls differ, and so may the list, as the callback
  // runs as many mutations as the snapshot has entries. Every object the step touched is
  // forked; other objects stay compared.
  explains: (d) =>
    [d.step, ...(d.step.op === "batch" ? d.step.ops : [])].some((step) =>
        (forEachOf(step)?.mutations.length ?? 0) > 0
      )
      ? "fork"
      : null,
  recognized: [
    {
      when: "any difference of a step holding a forEach whose callback mutates (it runs as many " +
        "mutations as the snapshot has entries)",
      after: "fork",
    },
  ],
  example: {
    steps: [{ op: "forEach", target: 5, mutations: [{ op: "set", target: 5, args: ["", ""] }] }],
    message: "",
  },
  report: {
    title: "Headers.prototype.forEach does not see headers its callback adds",
    observe: `const h = new Headers({ "accept-language": "en" });
  const seen = [];
  h.forEach((v, k) => {
    seen.push(k);
    if (seen.length === 1) h.set("accept", "t");
  });
  return seen;`,
    expected: { ok: ["accept-language", "accept-language"] },
    standard: {
      algorithm: "forEach(callback, thisArg) of a pair iterable",
      step: "after each call of the callback, set pairs to the current value pairs to iterate over",
      url: `${WEBIDL}#es-forEach`,
    },
  },
  notes: "`forEach` does not see headers its callback adds. `const h = new Headers({ " +
    '"accept-language": "en" }); const seen = []; h.forEach((v, k) => { seen.push(k); ' +
    'if (seen.length === 1) h.set("accept", "t"); }); seen` gives ' +
    '`["accept-language"]`; standard `["accept-language", "accept-language"]` (the ' +
    "pairs are recomputed after each callback).",
});
