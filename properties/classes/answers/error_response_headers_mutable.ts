/**
 * The answer class `error-response-headers-mutable`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { makesGuard } from "../answer_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `error-response-headers-mutable`. */
export const errorResponseHeadersMutable = answerClass({
  name: "error-response-headers-mutable",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "Response.error().headers accepts append/set/delete instead of throwing (not immutable)",
  covers: (op) => makesGuard(op, "immutable"),
  example: {
    steps: [{ op: "copyChain", slot: 0, source: 0, links: ["immutable", "none"] }],
    message: "",
  },
  report: {
    title: "Response.error().headers is not immutable",
    observe: `Response.error().headers.append("a", "b");
  return "appended";`,
    expected: { threw: "TypeError" },
    standard: {
      algorithm: "Response.error(), then append",
      step: 'the headers\' guard is "immutable", and append throws a TypeError for that guard',
      url: `${FETCH}#dom-response-error`,
    },
  },
  notes: "`Response.error().headers` is not immutable. " +
    '`Response.error().headers.append("a", "b")` returns; standard TypeError.',
});
