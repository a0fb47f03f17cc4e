/**
 * The answer class `used-body-clone-succeeds`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { okOf, threwOf } from "../answer_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `used-body-clone-succeeds`. */
export const usedBodyCloneSucceeds = answerClass({
  name: "used-body-clone-succeeds",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "clone() of a Request or Response whose body was read (bodyUsed true) returns a " +
    "clone instead of throwing a TypeError",
  covers: (op) => op.op === "clone",
  // A clone step made a clone where the reference threw a TypeError, of a reference message
  // whose body is used. The candidate holds a message the reference does not: forked (nothing
  // more is compared).
  explains: (d) =>
    !d.observation && d.step.op === "clone" && okOf(d.candidate) !== undefined &&
      threwOf(d.reference) === "TypeError" &&
      (d.objects?.() ?? []).some((message) => bodyUsed(message))
      ? "fork"
      : null,
  recognized: [
    {
      when: "clone() of a message whose reference body is used returned where the reference " +
        "threw a TypeError",
      after: "fork",
    },
  ],
  example: {
    steps: [{ op: "clone", message: 1, source: 0, unread: false, recent: true }],
    message: "",
  },
  report: {
    title: "clone() of a Response whose body was read does not throw",
    observe: `const response = new Response("a");
  response.text().catch(() => {});
  try {
    response.clone();
    return "cloned";
  } catch (error) {
    return error.constructor.name;
  }`,
    expected: { ok: "TypeError" },
    standard: {
      algorithm: "clone()",
      step: "if this is unusable (its body is disturbed or locked), throw a TypeError",
      url: `${FETCH}#dom-response-clone`,
    },
  },
  notes: '`const response = new Response("a"); response.text(); response.clone()` returns a ' +
    "clone; standard TypeError (the body is used). The same for a Request.",
});

/** Whether `message` is a message whose `bodyUsed` is true. */
function bodyUsed(message: unknown): boolean {
  try {
    return (message as { bodyUsed?: unknown }).bodyUsed === true;
  } catch {
    return false;
  }
}
