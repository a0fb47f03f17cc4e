/**
 * The answer class `json-content-type-has-charset`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { FETCH } from "../standards.ts";

/** The class `json-content-type-has-charset`. */
export const jsonContentTypeHasCharset = answerClass({
  name: "json-content-type-has-charset",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: 'Response.json() sets Content-Type "application/json;charset=utf-8" (the standard: ' +
    '"application/json")',
  covers: (op) => op.op === "response" && op.how === "json",
  example: {
    steps: [{
      op: "response",
      message: 0,
      how: "json",
      body: null,
      init: null,
      status: null,
    }],
    message: "",
  },
  report: {
    title: 'Response.json() sets Content-Type "application/json;charset=utf-8"',
    observe: `return Response.json({}).headers.get("content-type");`,
    expected: { ok: "application/json" },
    standard: {
      algorithm: "Response.json(data, init)",
      step: 'initialize a response with (body, "application/json")',
      url: `${FETCH}#dom-response-json`,
    },
  },
  notes: '`Response.json({}).headers.get("content-type")` is ' +
    '`"application/json;charset=utf-8"`; standard `"application/json"`.',
});
