/**
 * The answer class `unread-clone-drops-content-type`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { contentTypeAs, contentTypeRewritten, madeBy } from "../answer_helpers.ts";
import type { Difference } from "../../oracle/divergences.ts";
import { FETCH } from "../standards.ts";

/** The Content-Types the fast paths' bodies set. */
const BODY_TYPES = [
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded;charset=UTF-8",
  "application/json",
];

/** Whether `d` is about a clone of an unread message made on a fast path (or made from one). */
function fromFastPath(d: Difference): boolean {
  return madeBy(d, (op) => op.op === "clone" && op.unread) &&
    madeBy(d, (op) =>
      op.op === "response" && op.init !== null &&
      (op.how === "json" ||
        (op.how === "constructor" && (op.body === "string" || op.body === "URLSearchParams"))));
}

/** The class `unread-clone-drops-content-type`. */
export const unreadCloneDropsContentType = answerClass({
  name: "unread-clone-drops-content-type",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "clone() of a Response whose headers were never read, made on a fast path (a string " +
    "or URLSearchParams body with an init, Response.json with an init), gives a clone without " +
    "the Content-Type the body set (the standard: the clone's header list is a copy of the " +
    "original's)",
  covers: (op) => op.op === "clone" && op.unread,
  // A message made from a clone of an unread message that a fast path made (a string or
  // URLSearchParams body with an init, Response.json with an init) shows no Content-Type where
  // the reference shows the body's, and nothing else differs.
  explains: (d) => fromFastPath(d) ? contentTypeAs(d, BODY_TYPES, null) : null,
  rewrite: (value, side, d) =>
    side === "reference" && fromFastPath(d) ? contentTypeRewritten(value, BODY_TYPES, null) : value,
  recognized: [
    {
      when: "what reads a clone of an unread message made on a fast path (or a message made from " +
        "one) differs only by the body's missing Content-Type",
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
        body: "string",
        init: { via: "plain", members: [] },
        status: null,
      },
      { op: "clone", message: 1, source: 0, unread: true, recent: true },
      {
        op: "read",
        slot: 0,
        message: 1,
        unread: true,
        recent: true,
        via: "get",
        name: "content-type",
      },
    ],
    message: "",
  },
  report: {
    title: "clone() of a Response whose headers were never read loses the body's Content-Type",
    observe: `return [
    new Response("x", {}).clone().headers.get("content-type"),
    Response.json({}, {}).clone().headers.get("content-type"),
  ];`,
    expected: { ok: ["text/plain;charset=UTF-8", "application/json"] },
    standard: {
      algorithm: "Response.clone(), clone a response",
      step: "let newResponse be a copy of response, except for its body (its header list " +
        "included)",
      url: `${FETCH}#concept-response-clone`,
    },
  },
  notes: '`new Response("x", {}).clone().headers.get("content-type")` is `null`, and so is ' +
    '`Response.json({}, {}).clone()`\'s; standard `"text/plain;charset=UTF-8"` and ' +
    '`"application/json"` (a `URLSearchParams` body with an init: the same, standard ' +
    '`"application/x-www-form-urlencoded;charset=UTF-8"`). Once the original\'s `.headers` ' +
    'was read, the clone keeps it; without an init (`new Response("x")`) too.',
});
