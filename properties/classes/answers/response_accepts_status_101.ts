/**
 * The answer class `response-accepts-status-101`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { isNumber, responseMember } from "../answer_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `response-accepts-status-101`. */
export const responseAcceptsStatus101 = answerClass({
  name: "response-accepts-status-101",
  runtimes: ["deno", "bun"],
  seenIn: ["Deno 2.9.6", "Bun 1.3.14"],
  summary: "a Response accepts status 101 (the standard: a RangeError outside 200-599), so " +
    "`new Response(null, { status: 101 })` succeeds",
  covers: (op) => responseMember(op, "status", (v) => isNumber(v, 101)),
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
