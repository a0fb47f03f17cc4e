/**
 * The answer class `json-content-type-has-charset`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { contentTypeAs, contentTypeRewritten, madeBy } from "../answer_helpers.ts";
import type { Op } from "../../oracle/ops.ts";
import { FETCH } from "../standards.ts";

/** The steps that make a message showing the class's Content-Type (or one it was made from). */
const MADE = (op: Op) => op.op === "response" && op.how === "json";

/** The Content-Types the reference shows, and what the candidate shows for them (null: none). */
const [FROM, TO]: [string[], string | null] = [
  ["application/json"],
  "application/json;charset=utf-8",
];

/** The class `json-content-type-has-charset`. */
export const jsonContentTypeHasCharset = answerClass({
  name: "json-content-type-has-charset",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: 'Response.json() sets Content-Type "application/json;charset=utf-8" (the standard: ' +
    '"application/json")',
  covers: (op) => op.op === "response" && op.how === "json",
  // A message made by Response.json, or from one, shows application/json;charset=utf-8 where the
  // reference shows application/json, and nothing else differs.
  explains: (d) => madeBy(d, MADE) ? contentTypeAs(d, FROM, TO) : null,
  rewrite: (value, side, d) =>
    side === "reference" && madeBy(d, MADE) ? contentTypeRewritten(value, FROM, TO) : value,
  recognized: [
    {
      when: "what reads a message made by `Response.json` (or from one) differs only by its " +
        "Content-Type, `application/json;charset=utf-8` for `application/json`",
      after: "go on",
    },
    { when: "the same, in the read object's listing after the step", after: "fork" },
  ],
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
