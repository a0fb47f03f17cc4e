/**
 * The answer class `request-constructor-checks-skipped`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
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
