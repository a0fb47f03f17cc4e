/**
 * The answer class `status-not-converted-to-unsigned-short`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { isInitLog, isNumber, okOf, responseMember, threwOf } from "../answer_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `status-not-converted-to-unsigned-short`. */
export const statusNotConvertedToUnsignedShort = answerClass({
  name: "status-not-converted-to-unsigned-short",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "ResponseInit's status is range-checked as given instead of converted to an " +
    "unsigned short first, so status 65736 (200 after the conversion) throws a RangeError",
  covers: (op) => responseMember(op, "status", (v) => isNumber(v, 65736)),
  // Status 65736 threw a RangeError where the reference (status 200) made the Response, or threw
  // what a later check throws.
  explains: (d) => {
    const step = d.step;
    if (
      d.observation || step.op !== "response" || isInitLog(d) ||
      threwOf(d.candidate) !== "RangeError" ||
      !responseMember(step, "status", (v) => isNumber(v, 65736))
    ) return null;
    if (okOf(d.reference) !== undefined) return "fork";
    return threwOf(d.reference) === "TypeError" ? "go on" : null;
  },
  recognized: [
    {
      when: "a Response with status 65736 threw a RangeError where the reference made it",
      after: "fork",
    },
    { when: "it threw a RangeError where the reference threw a TypeError", after: "go on" },
  ],
  example: {
    steps: [{
      op: "response",
      message: 0,
      how: "json",
      body: null,
      init: { via: "plain", members: [["status", { $: "number", v: 65736 }]] },
      status: null,
    }],
    message: "",
  },
  report: {
    title: "ResponseInit's status is not converted to an unsigned short",
    observe: `try {
    return new Response(null, { status: 65736 }).status;
  } catch (error) {
    return error.constructor.name;
  }`,
    expected: { ok: 200 },
    standard: {
      algorithm: "unsigned short conversion",
      step: "ToNumber, truncate, then modulo 2^16: 65736 becomes 200",
      url: `${WEBIDL}#js-unsigned-short`,
    },
  },
  notes: "`new Response(null, { status: 65736 })` throws a RangeError; standard status 200 " +
    "(65736 modulo 2^16).",
});
