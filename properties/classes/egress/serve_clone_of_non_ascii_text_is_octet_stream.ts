/**
 * The egress class `serve-clone-of-non-ascii-text-is-octet-stream`.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `serve-clone-of-non-ascii-text-is-octet-stream`. */
export const serveCloneOfNonAsciiTextIsOctetStream = egressClass({
  name: "serve-clone-of-non-ascii-text-is-octet-stream",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "a clone of a Response whose string body has non-ASCII text is served as " +
    "application/octet-stream",
  sides: ["server"],
  rewrite: (expected, context) =>
    context.clone && context.body === "string" && context.nonAsciiText
      ? expected.map(([name, value]): [string, string] =>
        name.toLowerCase() === "content-type" && value === "text/plain;charset=UTF-8"
          ? [name, "application/octet-stream"]
          : [name, value]
      )
      : null,
  example: [["Content-Type", "text/plain;charset=UTF-8"]],
  report: null,
  notes: '`Bun.serve({ fetch: () => new Response("h\\u00e9llo").clone() })` writes ' +
    "`content-type: application/octet-stream`; the Response itself, or ASCII text, is written " +
    "with `text/plain;charset=utf-8`, whether or not its headers were read.",
});
