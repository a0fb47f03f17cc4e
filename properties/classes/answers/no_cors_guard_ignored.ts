/**
 * The answer class `no-cors-guard-ignored`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { makesGuard } from "../answer_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `no-cors-guard-ignored`. */
export const noCorsGuardIgnored = answerClass({
  name: "no-cors-guard-ignored",
  runtimes: ["deno", "node", "bun"],
  seenIn: ["Deno 2.9.6", "Node 22.23.3", "Bun 1.3.14"],
  summary:
    'new Request(url, { mode: "no-cors", headers }) does not apply the request-no-cors guard',
  covers: (op) => makesGuard(op, "request-no-cors"),
  example: {
    steps: [{ op: "request", message: 0, input: 5, unread: false, init: null }],
    message: "",
  },
  report: {
    title: 'new Request(url, { mode: "no-cors" }) does not apply the "request-no-cors" guard',
    observe:
      `return new Request("http://a/", { mode: "no-cors", headers: { "x-a": "1" } }).headers.has("x-a");`,
    expected: { ok: false },
    standard: {
      algorithm: "new Request(input, init)",
      step: 'if mode is "no-cors", set the headers\' guard to "request-no-cors" before filling ' +
        "them; appending a header that is not no-CORS-safelisted is then ignored",
      url: `${FETCH}#dom-request`,
    },
  },
  notes: '`new Request(url, { mode: "no-cors" })` does not apply the request-no-cors ' +
    'guard. `new Request("http://a/", { mode: "no-cors", headers: { "x-a": "1" } ' +
    '}).headers.has("x-a")` gives `true`; standard `false`. Expected of a server ' +
    'runtime, but the contract\'s "server" profile keeps the no-CORS rules, so it is ' +
    "reported.",
});
