/**
 * The answer class `unread-clone-drops-content-type`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { FETCH } from "../standards.ts";

/** The class `unread-clone-drops-content-type`. */
export const unreadCloneDropsContentType = answerClass({
  name: "unread-clone-drops-content-type",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "clone() of a Response whose headers were never read, made on a fast path (a string " +
    "body with an init, Response.json with an init), gives a clone without the Content-Type the " +
    "body set (the standard: the clone's header list is a copy of the original's)",
  covers: (op) => op.op === "clone" && op.unread,
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
    '`"application/json"`. Once the original\'s `.headers` was read, the clone keeps it; ' +
    'without an init (`new Response("x")`) too.',
});
