/**
 * The answer class `response-accepts-status-101`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { isInitLog, isNumber, okOf, responseMember, threwOf } from "../answer_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `response-accepts-status-101`. */
export const responseAcceptsStatus101 = answerClass({
  name: "response-accepts-status-101",
  runtimes: ["deno", "bun"],
  seenIn: ["Deno 2.9.6", "Bun 1.3.14"],
  summary: "a Response accepts status 101 (the standard: a RangeError outside 200-599), so " +
    "`new Response(null, { status: 101 })` succeeds",
  covers: (op) => responseMember(op, "status", (v) => isNumber(v, 101)),
  // Status 101 where the reference threw its RangeError: the candidate made the Response, or
  // (Deno) threw the TypeError of a check after the range check: a null body status with a body
  // (Response.json's too), a bad statusText, or headers that do not fill.
  explains: (d) => {
    const step = d.step;
    if (
      d.observation || step.op !== "response" || isInitLog(d) ||
      !responseMember(step, "status", (v) => isNumber(v, 101)) ||
      threwOf(d.reference) !== "RangeError"
    ) return null;
    if (okOf(d.candidate) !== undefined) return "fork";
    const later = step.how === "json" || (step.body !== null && step.body !== "null") ||
      responseMember(step, "statusText", (v) => v === "a\nb" || v === "\u0100") ||
      responseMember(step, "headers", () => true);
    return threwOf(d.candidate) === "TypeError" && later ? "go on" : null;
  },
  recognized: [
    {
      when: "a Response with status 101 is made where the reference threw a RangeError",
      after: "fork",
    },
    {
      when: "it threw a TypeError there, with a body (`Response.json` too), a bad statusText or " +
        "headers",
      after: "go on",
    },
  ],
  example: {
    steps: [{
      op: "response",
      message: 0,
      how: "json",
      body: null,
      init: { via: "proxy", members: [["status", { $: "number", v: 101 }]] },
      status: null,
    }],
    message: "",
  },
  report: {
    title: "new Response(null, { status: 101 }) does not throw a RangeError",
    observe: `try {
    return new Response(null, { status: 101 }).status;
  } catch (error) {
    return error.constructor.name;
  }`,
    expected: { ok: "RangeError" },
    standard: {
      algorithm: "initialize a response",
      step: 'if init["status"] is not in the range 200 to 599, inclusive, throw a RangeError',
      url: `${FETCH}#initialize-a-response`,
    },
  },
  notes: "Deno 2.9.6: `new Response(null, { status: 101 }).status` is `101`; standard " +
    "RangeError. Deno's `Response.json({}, { status: 101 })` throws a TypeError (null " +
    "body status) instead. Bun 1.3.14: as under Deno (also through `Response.json`).",
});
