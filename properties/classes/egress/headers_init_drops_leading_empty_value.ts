/**
 * The egress class `headers-init-drops-leading-empty-value`.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `headers-init-drops-leading-empty-value`. */
export const headersInitDropsLeadingEmptyValue = egressClass({
  name: "headers-init-drops-leading-empty-value",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "a Headers init whose name has an empty value first is written without it",
  sides: ["server", "client", "h2-server", "h2-client"],
  rewrite: (expected, context) =>
    context.init === "headers"
      ? expected.map(([name, value]): [string, string] => [name, value.replace(/^(,[ \t]*)+/, "")])
      : null,
  example: [["x-a", ", 1"]],
  report: null,
  notes: "The answer class iteration-drops-leading-empty-value reached through egress: a Headers " +
    'init is copied by iteration, and `x-a: ""`, `x-a: 1` is written as one `x-a: 1`.',
});
