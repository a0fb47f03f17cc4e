/**
 * The answer class `string-body-no-content-type`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { bodyIs, contentTypeAs, contentTypeRewritten, madeBy } from "../answer_helpers.ts";
import type { Op } from "../../oracle/ops.ts";
import { FETCH } from "../standards.ts";

/** The steps that make a message showing the class's Content-Type (or one it was made from). */
const MADE = (op: Op) => bodyIs(op, "string");

/** The Content-Types the reference shows, and what the candidate shows for them (null: none). */
const [FROM, TO]: [string[], string | null] = [["text/plain;charset=UTF-8"], null];

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
  // A message made with a string body, or from one, shows no Content-Type where the reference
  // shows text/plain;charset=UTF-8, and nothing else differs.
  explains: (d) => madeBy(d, MADE) ? contentTypeAs(d, FROM, TO) : null,
  rewrite: (value, side, d) =>
    side === "reference" && madeBy(d, MADE) ? contentTypeRewritten(value, FROM, TO) : value,
  recognized: [
    {
      when: "what reads a message made with a string body (or from one) differs only by its " +
        "missing `text/plain;charset=UTF-8` Content-Type",
      after: "go on",
    },
    { when: "the same, in the read object's listing after the step", after: "fork" },
  ],
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
