/**
 * The answer class `body-read-first-drops-content-type`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { contentTypeAs, contentTypeRewritten, madeBy } from "../answer_helpers.ts";
import type { Op } from "../../oracle/ops.ts";
import { FETCH } from "../standards.ts";

/** A `text()` of a message whose headers were never read. */
const MADE = (op: Op) => op.op === "body" && op.how === "text" && op.unread;

/** The Content-Types a body sets (a multipart boundary normalized, read.ts `withBoundary`). */
const BODY_TYPES = [
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded;charset=UTF-8",
  "multipart/form-data; boundary=BOUNDARY",
  "text/x-typed",
  "application/json",
];

/** The class `body-read-first-drops-content-type`. */
export const bodyReadFirstDropsContentType = answerClass({
  name: "body-read-first-drops-content-type",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "a Request's or Response's headers first read after its body was read (text()) lack " +
    "the Content-Type the body set (the standard: the header list holds it from construction)",
  covers: (op) => MADE(op),
  // What reads a message whose body a text() read while its headers were never read (or a message
  // made from one) shows no Content-Type where the reference shows the body's, and nothing else
  // differs.
  explains: (d) => madeBy(d, MADE) ? contentTypeAs(d, BODY_TYPES, null) : null,
  rewrite: (value, side, d) =>
    side === "reference" && madeBy(d, MADE) ? contentTypeRewritten(value, BODY_TYPES, null) : value,
  recognized: [
    {
      when: "what reads a message whose body `text()` read before its headers (or a message made " +
        "from one) differs only by the body's missing Content-Type",
      after: "go on",
    },
    { when: "the same, in the read object's listing after the step", after: "fork" },
  ],
  example: {
    steps: [
      {
        op: "response",
        message: 0,
        how: "constructor",
        body: "typed Blob",
        init: null,
        status: null,
      },
      { op: "body", message: 0, unread: true, recent: true, how: "text" },
      {
        op: "read",
        slot: 0,
        message: 0,
        unread: true,
        recent: true,
        via: "get",
        name: "content-type",
      },
    ],
    message: "",
  },
  report: {
    title: "Headers first read after the body lack the body's Content-Type",
    observe: `const typeAfterText = (message) => {
    message.text().catch(() => {});
    return message.headers.get("content-type");
  };
  return [
    typeAfterText(new Response(new URLSearchParams("a=1"))),
    typeAfterText(new Request("http://a/", { method: "POST", body: new Blob([], { type: "x" }) })),
  ];`,
    expected: { ok: ["application/x-www-form-urlencoded;charset=UTF-8", "x"] },
    standard: {
      algorithm: "new Response(body, init), new Request(input, init)",
      step: "the Content-Type extracting the body gives is appended to the header list when the " +
        "object is constructed; reading the body does not change the header list",
      url: `${FETCH}#initialize-a-response`,
    },
  },
  notes: '`const r = new Response(new URLSearchParams("a=1")); r.text(); ' +
    'r.headers.get("content-type")` is `null`, and so for a Blob with a type and a FormData ' +
    "body, on a Request too; standard the body's type " +
    '(`"application/x-www-form-urlencoded;charset=UTF-8"`). Reading `.headers` before the ' +
    "body keeps it. Found by the body step (`m[0].text()` on a message never read) then the " +
    "read step.",
});
