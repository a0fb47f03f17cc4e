/**
 * The answer class `get-request-accepts-body`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { madeWhereThrew } from "../answer_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `get-request-accepts-body`. */
export const getRequestAcceptsBody = answerClass({
  name: "get-request-accepts-body",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "new Request(url, { body }) with method GET (the default) or HEAD accepts the body " +
    "(the standard: a TypeError)",
  covers: (op) => {
    if (op.op !== "request") return false;
    const members = op.init?.members ?? [];
    const method = members.find(([key]) => key === "method")?.[1];
    return members.some(([key]) => key === "body") &&
      (method === undefined || method === "GET" || op.input !== null);
  },
  // The candidate made the Request where the reference threw a TypeError, and the method is GET
  // (the init's, or none: the input's or the default) with a non-null body member or an input
  // message (whose body may be non-null). The two sides no longer hold as many messages.
  explains: (d) => {
    if (!madeWhereThrew(d, "request", "TypeError") || d.step.op !== "request") return null;
    const members = d.step.init?.members ?? [];
    const method = members.find(([key]) => key === "method")?.[1];
    const body = members.find(([key]) => key === "body")?.[1] as { body: string } | undefined;
    return (method === undefined || method === "GET") &&
        ((body !== undefined && body.body !== "null") || d.step.input !== null)
      ? "fork"
      : null;
  },
  recognized: [
    {
      when: "a Request with method GET and a non-null body (or an input message) is made where " +
        "the reference threw a TypeError",
      after: "fork",
    },
  ],
  example: {
    steps: [{
      op: "request",
      message: 0,
      input: 1,
      unread: false,
      init: { via: "proxy", members: [["body", { body: "null" }]] },
    }],
    message: "",
  },
  report: {
    title: "new Request(url, { body }) with method GET does not throw",
    observe: `try {
    new Request("http://a/", { body: "x" });
    return "no error";
  } catch (error) {
    return error.constructor.name;
  }`,
    expected: { ok: "TypeError" },
    standard: {
      algorithm: "new Request(input, init)",
      step: "if init's body is non-null and the request's method is GET or HEAD, throw a " +
        "TypeError",
      url: `${FETCH}#dom-request`,
    },
  },
  notes: '`new Request("http://a/", { body: "x" })` (method GET) returns; standard ' +
    "TypeError.",
});
