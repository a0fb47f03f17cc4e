/**
 * The egress class `body-content-type-charset-rewritten`.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The Content-Types a body sets. */
const BODY_TYPES = ["text/plain;charset=UTF-8", "application/json"];

/** The class `body-content-type-charset-rewritten`. */
export const bodyContentTypeCharsetRewritten = egressClass({
  name: "body-content-type-charset-rewritten",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary:
    "a body's Content-Type is written with charset=utf-8 (lowercase, added to application/json)",
  sides: ["server", "client", "h2-server"],
  rewrite: (expected) =>
    expected.map(([name, value]): [string, string] =>
      name.toLowerCase() === "content-type" && BODY_TYPES.includes(value)
        ? [name, value === "application/json" ? `${value};charset=utf-8` : value.toLowerCase()]
        : [name, value]
    ),
  example: [["Content-Type", "application/json"]],
  report: null,
  notes: "The Content-Type a string body or `Response.json` sets is written with `charset=utf-8` " +
    "(lowercase; added to `application/json`): the answer class json-content-type-has-charset " +
    "and its kin, reached through egress.",
});
