/**
 * The egress class `adapter-string-body-without-content-type`.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `adapter-string-body-without-content-type`. */
export const adapterStringBodyWithoutContentType = egressClass({
  name: "adapter-string-body-without-content-type",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "a node:http2 adapter serving a Response with a string body writes no Content-Type",
  sides: ["h2-server"],
  rewrite: (expected, context) =>
    context.body === "string"
      ? expected.filter(([name, value]) =>
        !(name.toLowerCase() === "content-type" &&
          value.toLowerCase() === "text/plain;charset=utf-8")
      )
      : null,
  example: [["Content-Type", "text/plain;charset=UTF-8"]],
  report: null,
  notes: "The answer class string-body-no-content-type reached through egress: " +
    '`new Response("x").headers` is empty, so an adapter that writes the Response\'s headers ' +
    "(how `node:http2` serves a fetch-style handler) writes no `content-type`; `Bun.serve` adds " +
    "it when it writes the head itself.",
});
