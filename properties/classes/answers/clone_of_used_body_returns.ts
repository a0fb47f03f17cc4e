/**
 * The answer class `clone-of-used-body-returns`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { okOf, threwOf } from "../answer_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `clone-of-used-body-returns`. */
export const cloneOfUsedBodyReturns = answerClass({
  name: "clone-of-used-body-returns",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "clone() of a Request or Response whose body was used (text() called) returns a clone " +
    "instead of throwing a TypeError",
  covers: (op) => op.op === "clone",
  // clone() returned where the reference threw: the standard's only reason is an unusable body.
  // The two sides no longer hold as many messages.
  explains: (d) =>
    !d.observation && d.step.op === "clone" && okOf(d.candidate) !== undefined &&
      threwOf(d.reference) === "TypeError"
      ? "fork"
      : null,
  recognized: [
    { when: "a clone() returned where the reference threw a TypeError", after: "fork" },
  ],
  example: {
    steps: [
      {
        op: "response",
        message: 0,
        how: "constructor",
        body: "string",
        init: null,
        status: null,
      },
      { op: "body", message: 0, unread: true, recent: true, how: "text" },
      { op: "clone", message: 1, source: 0, unread: true, recent: true },
    ],
    message: "",
  },
  report: {
    title: "clone() of a Response or Request whose body was used does not throw",
    observe: `const outcome = (message) => {
    message.text().catch(() => {});
    try {
      message.clone();
      return "no error";
    } catch (error) {
      return error.constructor.name;
    }
  };
  return [
    outcome(new Response("x")),
    outcome(new Request("http://a/", { method: "POST", body: "x" })),
  ];`,
    expected: { ok: ["TypeError", "TypeError"] },
    standard: {
      algorithm: "Response.clone(), Request.clone()",
      step: "if this is unusable (its body is disturbed or locked), throw a TypeError",
      url: `${FETCH}#dom-response-clone`,
    },
  },
  notes: '`const r = new Response("x"); r.text(); r.clone()` returns a Response, and so does ' +
    "a Request with a body after `text()`; standard TypeError (the body is disturbed). Found " +
    "by the read and body steps (`m[0].text()` then `m[0].clone()`).",
});
