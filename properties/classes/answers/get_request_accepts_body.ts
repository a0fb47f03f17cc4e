/**
 * The answer class `get-request-accepts-body`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
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
