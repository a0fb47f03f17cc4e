/**
 * The answer class `copy-keeps-trailing-comma-space`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { bothOk, sameAs, stringsRewritten } from "../answer_helpers.ts";
import { FETCH } from "../standards.ts";
import type { Init } from "../../oracle/ops.ts";

/** The class `copy-keeps-trailing-comma-space`. */
export const copyKeepsTrailingCommaSpace = answerClass({
  name: "copy-keeps-trailing-comma-space",
  runtimes: ["bun", "deno"],
  seenIn: ["Deno 2.9.6", "Bun 1.3.14"],
  summary: 'new Headers(other) keeps a combined value ending in ", " where filling from the ' +
    'iteration normalizes it to "," (Bun; Deno: new Response(body, { headers: other }))',
  covers: (op) =>
    op.op === "copy" || op.op === "copyChain" ||
    (op.op === "construct" && op.init.kind === "headers") ||
    (op.op === "rawList" && op.first?.op === "copy") ||
    (op.op === "response" &&
      (op.init?.members ?? []).some(([key, value]) =>
        key === "headers" && (value as { headers: Init }).headers.kind === "headers"
      )),
  // A copy's values differ only by a trailing ", " where the reference has "," (in whatever
  // shows values: a listing, a next(), a forEach, a get()); the copy holds another list (its
  // values uncombined), so the objects it is seen in are forked.
  explains: (d) =>
    bothOk(d, sameAs((value) => stringsRewritten(value, (v) => v.replace(/, $/, ","))))
      ? "fork"
      : null,
  rewrite: (value) => stringsRewritten(value, (v) => v.replace(/, $/, ",")),
  wireExample: ["X-A: a", "X-A:"],
  wire: {
    name: "copy-keeps-trailing-comma-space",
    runtimes: ["deno"],
    sides: ["client", "h2-client"],
    // A Response made from fetch()'s Response (touch.ts "remake") keeps the values its
    // iteration gave: "a, " stays.
    keepsCopiedValues: true,
  },
  recognized: [
    { when: 'values differ only by a trailing `", "` for `","`', after: "fork" },
  ],
  example: {
    steps: [{ op: "copyChain", slot: 0, source: 0, links: ["none", "none"] }],
    message: "",
  },
  report: {
    title: 'Copying Headers keeps a combined value ending in ", "',
    observe: `const h = new Headers();
  h.append("x", "a");
  h.append("x", "");
  return [...new Headers(h)];`,
    expected: { ok: [["x", "a,"]] },
    standard: {
      algorithm: "fill, then append",
      step: "the copy appends each iterated pair, and append first normalizes the value " +
        "(strips leading and trailing HTTP whitespace)",
      url: `${FETCH}#concept-headers-append`,
    },
  },
  notes: "Deno 2.9.6: the `Response` constructor copies a Headers init keeping a combined " +
    'value ending in `", "`. `const h = new Headers(); h.append("x", "a"); ' +
    'h.append("x", ""); [...new Response(null, { headers: h }).headers]` gives ' +
    '`[["x", "a, "]]`; standard `[["x", "a,"]]` (`new Headers(h)` and `new ' +
    "Request(url, { headers: h })` give it). " +
    'Bun 1.3.14: copying keeps a combined value ending in `", "`. `const ' +
    'h = new Headers(); h.append("x", "a"); h.append("x", ""); [...new Headers(h)]` ' +
    'gives `[["x", "a, "]]`; standard `[["x", "a,"]]` (the copy appends each iterated ' +
    "pair, which normalizes the value).",
});
