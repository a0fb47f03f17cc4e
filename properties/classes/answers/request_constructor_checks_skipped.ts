/**
 * The answer class `request-constructor-checks-skipped`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { madeWhereThrew } from "../answer_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `request-constructor-checks-skipped`. */
export const requestConstructorChecksSkipped = answerClass({
  name: "request-constructor-checks-skipped",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: 'new Request accepts mode "navigate", cache "only-if-cached" outside mode ' +
    '"same-origin", a forbidden method (CONNECT) and a method that is not a token ("a b"); ' +
    "the standard throws a TypeError for each",
  covers: (op) =>
    op.op === "request" &&
    (op.init?.members ?? []).some(([key, value]) =>
      (key === "mode" && value === "navigate") ||
      (key === "cache" && value === "only-if-cached") ||
      (key === "method" && (value === "CONNECT" || value === "a b"))
    ),
  // The candidate made the Request where the reference threw a TypeError, and the init has one
  // of the checks' members (cache only-if-cached outside mode same-origin). The two sides no
  // longer hold as many messages.
  explains: (d) => {
    if (!madeWhereThrew(d, "request", "TypeError") || d.step.op !== "request") return null;
    const members = d.step.init?.members ?? [];
    const sameOrigin = members.some(([key, value]) => key === "mode" && value === "same-origin");
    return members.some(([key, value]) =>
        (key === "mode" && value === "navigate") ||
        (key === "cache" && value === "only-if-cached" && !sameOrigin) ||
        (key === "method" && (value === "CONNECT" || value === "a b"))
      )
      ? "fork"
      : null;
  },
  recognized: [
    {
      when: "a Request whose init has mode navigate, cache only-if-cached (not same-origin), " +
        "method CONNECT or `a b` is made where the reference threw a TypeError",
      after: "fork",
    },
  ],
  example: {
    steps: [{
      op: "request",
      message: 0,
      input: 0,
      unread: false,
      init: { via: "plain", members: [["method", "a b"]] },
    }],
    message: "",
  },
  report: {
    title:
      "new Request accepts mode navigate, cache only-if-cached and forbidden or invalid methods",
    observe: `const outcome = (init) => {
    try {
      new Request("http://a/", init);
      return "no error";
    } catch (error) {
      return error.constructor.name;
    }
  };
  return [{ mode: "navigate" }, { cache: "only-if-cached" }, { method: "CONNECT" }, { method: "a b" }]
    .map(outcome);`,
    expected: { ok: ["TypeError", "TypeError", "TypeError", "TypeError"] },
    standard: {
      algorithm: "new Request(input, init)",
      step: 'mode "navigate" throws; cache "only-if-cached" outside mode "same-origin" throws; ' +
        "a method that is not a method token or is forbidden throws",
      url: `${FETCH}#dom-request`,
    },
  },
  notes: '`new Request(url, init)` returns for `{ mode: "navigate" }`, `{ cache: ' +
    '"only-if-cached" }` (mode "cors"), `{ method: "CONNECT" }` and `{ method: "a b" ' +
    "}`; standard TypeError each.",
});
