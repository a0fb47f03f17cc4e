/**
 * The answer class `response-status-and-status-text-unchecked`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { isNumber, responseMember } from "../answer_helpers.ts";
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
