/**
 * The answer class `no-cors-request-accepts-any-method`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { okOf, threwOf } from "../answer_helpers.ts";
import { textOf } from "../headers_helpers.ts";
import { isForbiddenMethod } from "../../../spec/header_predicates.ts";
import { FETCH } from "../standards.ts";

/** The class `no-cors-request-accepts-any-method`. */
export const noCorsRequestAcceptsAnyMethod = answerClass({
  name: "no-cors-request-accepts-any-method",
  runtimes: ["deno", "bun"],
  seenIn: ["Deno 2.9.6", "Bun 1.3.14"],
  summary: 'new Request(url, { mode: "no-cors", method }) accepts a method that is not ' +
    "CORS-safelisted (PUT); the standard throws a TypeError",
  covers: (op) =>
    op.op === "request" &&
    (op.init?.members ?? []).some(([key, value]) => key === "mode" && value === "no-cors"),
  // A Request step whose init has mode "no-cors" and a method that is a token, neither
  // forbidden nor CORS-safelisted, made the Request where the reference threw a TypeError. The
  // candidate holds a message the reference does not: forked (nothing more is compared).
  explains: (d) => {
    if (d.observation || d.step.op !== "request") return null;
    const members = d.step.init?.members ?? [];
    const method = members.find(([key]) => key === "method");
    const text = method === undefined ? null : textOf(method[1] as never);
    return members.some(([key, value]) => key === "mode" && value === "no-cors") &&
        text !== null && /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(text) &&
        !isForbiddenMethod(text) && !["GET", "HEAD", "POST"].includes(text.toUpperCase()) &&
        okOf(d.candidate) !== undefined && threwOf(d.reference) === "TypeError"
      ? "fork"
      : null;
  },
  recognized: [
    {
      when: 'a Request with mode "no-cors" and a method that is neither forbidden nor ' +
        "CORS-safelisted was made where the reference threw a TypeError",
      after: "fork",
    },
  ],
  example: {
    steps: [{
      op: "request",
      message: 0,
      input: null,
      unread: false,
      init: { via: "plain", members: [["mode", "no-cors"], ["method", "PUT"]] },
    }],
    message: "",
  },
  report: {
    title: 'new Request(url, { mode: "no-cors", method: "PUT" }) does not throw',
    observe: `try {
    new Request("http://a/", { mode: "no-cors", method: "PUT" });
    return "constructed";
  } catch (error) {
    return error.constructor.name;
  }`,
    expected: { ok: "TypeError" },
    standard: {
      algorithm: "new Request(input, init)",
      step: "if this's request's mode is \"no-cors\" and its method is not a CORS-safelisted " +
        "method, throw a TypeError",
      url: `${FETCH}#dom-request`,
    },
  },
  notes: '`new Request("http://a/", { mode: "no-cors", method: "PUT" })` is made; standard ' +
    "TypeError (a no-cors request's method must be `GET`, `HEAD` or `POST`). Node 22.23.3 " +
    "throws.",
});
