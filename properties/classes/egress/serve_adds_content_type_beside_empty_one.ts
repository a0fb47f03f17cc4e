/**
 * The egress class `serve-adds-content-type-beside-empty-one`.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `serve-adds-content-type-beside-empty-one`. */
export const serveAddsContentTypeBesideEmptyOne = egressClass({
  name: "serve-adds-content-type-beside-empty-one",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "a Response whose Content-Type is empty and whose body is non-empty text or bytes is " +
    "served with a second one",
  sides: ["server"],
  rewrite: (expected, context) =>
    expected.some(([name, value]) => name.toLowerCase() === "content-type" && value === "") &&
      ["string", "bytes", "json"].includes(context.body) && !context.emptyText
      ? [...expected, [
        "content-type",
        // A clone of non-ASCII text is bytes to Bun (serve-clone-of-non-ascii-text-is-octet-stream).
        context.body === "bytes" || (context.clone && context.nonAsciiText)
          ? "application/octet-stream"
          : "text/plain;charset=utf-8",
      ]]
      : null,
  example: [["Content-Type", ""]],
  report: null,
  notes: '`Response.json(null, { headers: { "Content-Type": "" } })` served writes ' +
    "`Content-Type: ` and `content-type: text/plain;charset=utf-8` (bytes: " +
    "`application/octet-stream`); the header list holds the empty one alone.",
});
