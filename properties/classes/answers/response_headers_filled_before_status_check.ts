/**
 * The answer class `response-headers-filled-before-status-check`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { responseMember, responseThrew } from "../answer_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `response-headers-filled-before-status-check`. */
export const responseHeadersFilledBeforeStatusCheck = answerClass({
  name: "response-headers-filled-before-status-check",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "the Response constructor fills its headers before it checks the status range, so " +
    "an invalid header value wins (TypeError) over a bad status (the standard: RangeError " +
    "first)",
  covers: (op) =>
    responseMember(op, "status", () => true) && responseMember(op, "headers", () => true),
  // A TypeError (an invalid header) where the reference threw the status's RangeError.
  explains: (d) => responseThrew(d, "TypeError", (r) => r === "RangeError") ? "go on" : null,
  recognized: [
    {
      when: "a Response with a status or statusText and headers threw a TypeError where the " +
        "reference threw a RangeError",
      after: "go on",
    },
  ],
  example: {
    steps: [{
      op: "response",
      message: 0,
      how: "json",
      body: null,
      init: {
        via: "plain",
        members: [["status", "abc"], ["headers", { headers: { kind: "none" } }]],
      },
      status: null,
    }],
    message: "",
  },
  report: {
    title: "new Response fills its headers before it checks the status",
    observe: `try {
    new Response(null, { status: 600, headers: { a: "\\u0000" } });
    return "no error";
  } catch (error) {
    return error.constructor.name;
  }`,
    expected: { ok: "RangeError" },
    standard: {
      algorithm: "initialize a response",
      step: "the status range check (step 1) comes before the headers are filled (step 5)",
      url: `${FETCH}#initialize-a-response`,
    },
  },
  notes: '`new Response(null, { status: 600, headers: { a: "\\u0000" } })` throws a ' +
    "TypeError; standard RangeError (the status is checked before the headers are " +
    "filled).",
});
