/**
 * The answer class `response-status-and-status-text-unchecked`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { isNumber, madeWhereThrew, responseMember, threwOf } from "../answer_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `response-status-and-status-text-unchecked`. */
export const responseStatusAndStatusTextUnchecked = answerClass({
  name: "response-status-and-status-text-unchecked",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "a Response accepts a body with a null body status (204: the standard throws a " +
    "TypeError) and a statusText that is not a reason phrase (a newline) or not a ByteString " +
    "(U+0100)",
  covers: (op) =>
    responseMember(op, "status", (v) => isNumber(v, 204)) ||
    responseMember(op, "statusText", (v) => v === "a\nb" || v === "\u0100"),
  // Where the reference threw a TypeError: the candidate made the Response, with status 204 and
  // a body (Response.json's too) or a statusText that is not a reason phrase or a ByteString; or,
  // with a statusText that is not a ByteString (which the reference's conversion rejects first),
  // threw the RangeError of its status check.
  explains: (d) => {
    const step = d.step;
    if (d.observation || step.op !== "response" || threwOf(d.reference) !== "TypeError") {
      return null;
    }
    if (threwOf(d.candidate) === "RangeError") {
      return responseMember(step, "statusText", (v) => v === "\u0100") ? "go on" : null;
    }
    if (!madeWhereThrew(d, "response", "TypeError")) return null;
    const nullBodyStatus = responseMember(step, "status", (v) => isNumber(v, 204)) &&
      (step.how === "json" || (step.body !== null && step.body !== "null"));
    return nullBodyStatus ||
        responseMember(step, "statusText", (v) => v === "a\nb" || v === "\u0100")
      ? "fork"
      : null;
  },
  recognized: [
    {
      when: "a Response with status 204 and a body, or statusText `a\\nb` or `\\u0100`, is made " +
        "where the reference threw a TypeError",
      after: "fork",
    },
    {
      when:
        "with statusText `\\u0100`, it threw a RangeError where the reference threw a TypeError",
      after: "go on",
    },
  ],
  example: {
    steps: [{
      op: "response",
      message: 0,
      how: "json",
      body: null,
      init: { via: "proxy", members: [["statusText", "Ā"]] },
      status: null,
    }],
    message: "",
  },
  report: {
    title: "new Response accepts a body with status 204 and an invalid statusText",
    observe: `const outcome = (make) => {
    try {
      make();
      return "no error";
    } catch (error) {
      return error.constructor.name;
    }
  };
  return [
    outcome(() => new Response("x", { status: 204 })),
    outcome(() => new Response(null, { statusText: "a\\nb" })),
    outcome(() => new Response(null, { statusText: "\\u0100" })),
  ];`,
    expected: { ok: ["TypeError", "TypeError", "TypeError"] },
    standard: {
      algorithm: "initialize a response",
      step: "a statusText that does not match the reason-phrase token production throws a " +
        "TypeError; a body with a null body status throws a TypeError",
      url: `${FETCH}#initialize-a-response`,
    },
  },
  notes: '`new Response("x", { status: 204 })`, `new Response(null, { statusText: "a\\nb" ' +
    '})` and `{ statusText: "\\u0100" }` return; standard TypeError each.',
});
