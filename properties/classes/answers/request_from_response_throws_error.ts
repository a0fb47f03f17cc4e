/**
 * The answer class `request-from-response-throws-error`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { threwOf } from "../answer_helpers.ts";
import { initLogs } from "../headers_helpers.ts";
import { isReferenceResponse } from "../../../spec/response.ts";
import { FETCH } from "../standards.ts";

/** The class `request-from-response-throws-error`. */
export const requestFromResponseThrowsError = answerClass({
  name: "request-from-response-throws-error",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: 'new Request(response) throws an Error ("url is required") instead of a TypeError ' +
    "(the standard: a Response is not a Request, so it is read as a URL string, which is invalid)",
  covers: (op) => op.op === "request" && op.input !== null,
  // A Request step whose input is a Response threw an Error where the reference threw a
  // TypeError, or its init's read log reads `url` (Bun looks for the URL there) where the
  // reference's does not (the reads of the members, which init-reads-non-members judges, are
  // not compared in this step: both sides throw). Neither side made a Request: the run goes on.
  explains: (d) => {
    if (d.observation || d.step.op !== "request" || d.step.input === null) return null;
    if (
      threwOf(d.candidate) === "Error" && threwOf(d.reference) === "TypeError" &&
      (d.objects?.() ?? []).some((message) => isReferenceResponse(message))
    ) return "go on";
    // The log's label names only the new message: reading `url` is what a Response input (no
    // URL of its own) makes Bun do.
    const logs = initLogs(d);
    return logs !== null && logs[0].includes("get url") && !logs[1].includes("get url")
      ? "go on"
      : null;
  },
  recognized: [
    {
      when: "a Request made from a Response threw an Error where the reference threw a " +
        "TypeError, or its init log reads `url` where the reference's does not",
      after: "go on",
    },
  ],
  example: {
    steps: [{ op: "request", message: 1, input: 0, unread: false, init: null }],
    message: "",
  },
  report: {
    title: "new Request(response) throws an Error, not a TypeError",
    observe: `try {
    new Request(new Response());
    return "constructed";
  } catch (error) {
    return error.constructor.name;
  }`,
    expected: { ok: "TypeError" },
    standard: {
      algorithm: "new Request(input, init)",
      step: 'input that is not a Request is a USVString URL; parsing "[object Response]" ' +
        "against the base URL fails, so throw a TypeError",
      url: `${FETCH}#dom-request`,
    },
  },
  notes: '`new Request(new Response())` throws an `Error` ("Failed to construct ' +
    "'Request': url is required\"); standard TypeError (the Response is converted to the " +
    'string "[object Response]", an invalid URL).',
});
