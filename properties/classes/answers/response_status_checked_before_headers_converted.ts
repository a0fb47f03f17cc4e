/**
 * The answer class `response-status-checked-before-headers-converted`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { responseMember, responseThrew } from "../answer_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `response-status-checked-before-headers-converted`. */
export const responseStatusCheckedBeforeHeadersConverted = answerClass({
  name: "response-status-checked-before-headers-converted",
  runtimes: ["deno", "node"],
  seenIn: ["Deno 2.9.6", "Node 22.23.3 (undici@6.28.1)"],
  summary: "the Response constructor and Response.json convert and check status and " +
    "statusText before they convert the init's headers, so a bad status (RangeError) or " +
    "statusText (TypeError) wins over an error converting the headers (WebIDL: the " +
    "dictionary conversion of headers comes first)",
  covers: (op) =>
    (responseMember(op, "status", () => true) || responseMember(op, "statusText", () => true)) &&
    responseMember(op, "headers", () => true),
  // A RangeError (a bad status) or TypeError (a bad statusText) where the reference threw what
  // converting the headers threw, which is not the status's RangeError.
  explains: (d) =>
    (responseThrew(d, "RangeError", (r) => r !== "RangeError") ||
        responseThrew(d, "TypeError", (r) => r !== "RangeError"))
      ? "go on"
      : null,
  recognized: [
    {
      when: "a Response with a status or statusText and headers threw a RangeError where the " +
        "reference threw a TypeError",
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
    title: "new Response checks status and statusText before converting the init's headers",
    observe: `try {
    new Response(null, { status: 600, headers: new Map([["\\u0100", "1"]]) });
    return "no error";
  } catch (error) {
    return error.constructor.name;
  }`,
    expected: { ok: "TypeError" },
    standard: {
      algorithm: "JavaScript value to dictionary (ResponseInit), then initialize a response",
      step: "the headers member is converted (a name that is not a ByteString throws a " +
        "TypeError) before the constructor checks the status range",
      url: `${WEBIDL}#js-dictionary`,
    },
  },
  notes: 'Deno 2.9.6: `new Response(null, { status: 600, headers: new Map([["\\u0100", ' +
    '"1"]]) })` throws a RangeError; standard TypeError (the dictionary conversion of ' +
    "`headers` fails before the status is checked). The same for statusText: " +
    "`Response.json({}, { headers: <an iterable that throws a SyntaxError>, " +
    'statusText: "\\u0100" })` throws a TypeError; standard the SyntaxError. Node ' +
    "22.23.3 (found on `undici@6.28.1`, Node 22's own undici, by a 30 s campaign): " +
    "for statusText only, as undici's ResponseInit converter converts `statusText` " +
    "before `headers`. `Response.json({}, { headers: <an iterable that throws a " +
    'SyntaxError>, statusText: "\\u0100" })` throws a TypeError (natively too); ' +
    "standard the SyntaxError. `status: 600` with the same headers throws the " +
    "SyntaxError, as the standard says.",
});
