/**
 * The answer class `foreign-form-data-body-is-text`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { bodyIs, contentTypeAs, contentTypeRewritten, madeBy } from "../answer_helpers.ts";
import type { Op } from "../../oracle/ops.ts";
import { FETCH } from "../standards.ts";

/** The steps that make a message showing the class's Content-Type (or one it was made from). */
const MADE = (op: Op) => bodyIs(op, "FormData");

/** The Content-Types the reference shows, and what the candidate shows for them (null: none). */
const [FROM, TO]: [string[], string | null] = [
  ["multipart/form-data; boundary=BOUNDARY"],
  "text/plain;charset=UTF-8",
];

/** The class `foreign-form-data-body-is-text`. */
export const foreignFormDataBodyIsText = answerClass({
  name: "foreign-form-data-body-is-text",
  runtimes: ["node"],
  seenIn: ["undici 7.x and 8.x (undici@8.13.1 under Node 22.23.3)"],
  summary: "undici 7.x and 8.x (a package beside Node's own) take a FormData body of another " +
    "class, such as Node's global FormData, for a string: Content-Type " +
    '"text/plain;charset=UTF-8" and the body "[object FormData]" (standard: ' +
    '"multipart/form-data; boundary=...")',
  covers: (op) =>
    (op.op === "response" && op.how === "constructor" && op.body === "FormData") ||
    (op.op === "request" &&
      (op.init?.members ?? []).some(([key, value]) =>
        key === "body" && (value as { body: string }).body === "FormData"
      )),
  // A message made with a FormData body, or from one (a clone, a Request from it), shows the
  // Content-Type text/plain;charset=UTF-8 where the reference shows the multipart type (its
  // boundary normalized), and nothing else differs.
  explains: (d) => madeBy(d, MADE) ? contentTypeAs(d, FROM, TO) : null,
  rewrite: (value, side, d) =>
    side === "reference" && madeBy(d, MADE) ? contentTypeRewritten(value, FROM, TO) : value,
  recognized: [
    {
      when: "what reads a message made with a FormData body (or from one) differs only by its " +
        "Content-Type, `text/plain;charset=UTF-8` for `multipart/form-data; boundary=...`",
      after: "go on",
    },
    { when: "the same, in the read object's listing after the step", after: "fork" },
  ],
  example: {
    steps: [{
      op: "response",
      message: 0,
      how: "constructor",
      body: "FormData",
      init: null,
      status: null,
    }],
    message: "",
  },
  report: {
    package: "undici@8.13.1",
    title: "Response does not recognize a FormData body of Node's global FormData class",
    // The package's Response with Node's global FormData (of Node's own undici): a foreign class.
    observe: `const form = new FormData();
  form.append("a", "1");
  return new Response(form).headers.get("content-type").split(";")[0];`,
    expected: { ok: "multipart/form-data" },
    standard: {
      algorithm: "extract a body",
      step: "object is a FormData: the type is `multipart/form-data; boundary=` followed by the " +
        "boundary (a FormData is any object implementing the interface)",
      url: `${FETCH}#concept-bodyinit-extract`,
    },
  },
  notes: "a `FormData` body of another class than the package's own, such as Node's global " +
    "`FormData` (Node's bundled undici), is not recognized as one: `new " +
    'Response(form).headers.get("content-type")` with `undici@8.13.1`\'s `Response` ' +
    'and Node\'s global `FormData` is `"text/plain;charset=UTF-8"` (the body is the ' +
    'string `"[object FormData]"`); standard `multipart/form-data; boundary=...`. ' +
    "undici 7 and 8 brand-check a FormData (`webidl.is.FormData`), undici 6 (Node " +
    "22's own) accepts any FormData-like object. The campaign's bodies are the host's " +
    "classes, so a Node user of the package with the global FormData meets this; with " +
    "the package's own FormData the Content-Type is right.",
});
