/**
 * The egress class `empty-string-body-without-content-type`.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The Content-Types a body sets. */
const BODY_TYPES = ["text/plain;charset=UTF-8", "application/json"];

/** The class `empty-string-body-without-content-type`. */
export const emptyStringBodyWithoutContentType = egressClass({
  name: "empty-string-body-without-content-type",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "a Response whose body is the empty string is served without its Content-Type",
  sides: ["server", "h2-server"],
  rewrite: (expected, context) =>
    context.emptyText && context.body === "string"
      ? expected.filter(([name, value]) =>
        !(name.toLowerCase() === "content-type" && BODY_TYPES.includes(value))
      )
      : null,
  example: [["Content-Type", "text/plain;charset=UTF-8"]],
  report: null,
  notes: '`new Response("")` served writes no ' +
    "`content-type`; the standard's body extraction gives `text/plain;charset=UTF-8`.",
});
