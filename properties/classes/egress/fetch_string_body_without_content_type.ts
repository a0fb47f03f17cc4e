/**
 * The egress class `fetch-string-body-without-content-type`.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The Content-Types a body sets. */
const BODY_TYPES = ["text/plain;charset=UTF-8", "application/json"];

/** The class `fetch-string-body-without-content-type`. */
export const fetchStringBodyWithoutContentType = egressClass({
  name: "fetch-string-body-without-content-type",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "fetch() with a string body writes no Content-Type",
  sides: ["client"],
  rewrite: (expected, context) =>
    context.body === "string"
      ? expected.filter(([name, value]) =>
        !(name.toLowerCase() === "content-type" && BODY_TYPES.includes(value))
      )
      : null,
  example: [["Content-Type", "text/plain;charset=UTF-8"]],
  report: null,
  notes: '`fetch(url, { method: "POST", body: "x" })` writes no ' +
    "`content-type`; the standard's body extraction gives `text/plain;charset=UTF-8`.",
});
