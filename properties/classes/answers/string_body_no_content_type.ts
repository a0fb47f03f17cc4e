/**
 * The answer class `string-body-no-content-type`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { FETCH } from "../standards.ts";

/** The class `string-body-no-content-type`. */
export const stringBodyNoContentType = answerClass({
  name: "string-body-no-content-type",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: 'a string body sets no Content-Type (the standard: "text/plain;charset=UTF-8") on ' +
    "a Request or a Response",
  covers: (op) =>
    (op.op === "response" && op.how === "constructor" && op.body === "string") ||
    (op.op === "request" &&
      (op.init?.members ?? []).some(([key, value]) =>
        key === "body" && (value as { body: string }).body === "string"
      )),
  example: {
    steps: [{
      op: "response",
      message: 0,
      how: "constructor",
      body: "string",
      init: null,
      status: null,
    }],
    message: "",
  },
  report: {
    title: "A string body sets no Content-Type",
    observe: `return [
    new Response("x").headers.get("content-type"),
    new Request("http://a/", { method: "POST", body: "x" }).headers.get("content-type"),
  ];`,
    expected: { ok: ["text/plain;charset=UTF-8", "text/plain;charset=UTF-8"] },
    standard: {
      algorithm: "extract a body",
      step: 'a scalar value string: type is "text/plain;charset=UTF-8"',
      url: `${FETCH}#concept-bodyinit-extract`,
    },
  },
  notes: '`new Response("x").headers.get("content-type")` and the same for `new ' +
    'Request(url, { method: "POST", body: "x" })` are `null`; standard ' +
    '`"text/plain;charset=UTF-8"`.',
});
