/**
 * The answer class `get-set-cookie-no-brand-check`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { okOf, threwOf } from "../answer_helpers.ts";
import { sameJson } from "../headers_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `get-set-cookie-no-brand-check`. */
export const getSetCookieNoBrandCheck = answerClass({
  name: "get-set-cookie-no-brand-check",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "Headers.prototype.getSetCookie.call({}) returns undefined instead of throwing",
  covers: (op) => op.op === "brand" && op.method === "getSetCookie",
  // The brand step's call returned undefined where the reference threw a TypeError; the step
  // touches no object, so the run goes on.
  explains: (d) =>
    !d.observation && d.step.op === "brand" && d.step.method === "getSetCookie" &&
      sameJson(okOf(d.candidate), { $: "undefined" }) && threwOf(d.reference) === "TypeError"
      ? "go on"
      : null,
  recognized: [
    {
      when: "`Headers.prototype.getSetCookie.call({})` returned undefined where the reference " +
        "threw a TypeError",
      after: "go on",
    },
  ],
  example: { steps: [{ op: "brand", method: "getSetCookie", args: [] }], message: "" },
  report: {
    title: "Headers.prototype.getSetCookie.call({}) does not throw",
    observe: `return Headers.prototype.getSetCookie.call({});`,
    expected: { threw: "TypeError" },
    standard: {
      algorithm: "operations of an interface",
      step: "if this value does not implement the interface, throw a TypeError",
      url: `${WEBIDL}#dfn-create-operation-function`,
    },
  },
  notes: "`Headers.prototype.getSetCookie.call({})` returns `undefined`; standard " +
    "TypeError.",
});
