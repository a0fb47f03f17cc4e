/**
 * The egress class `bytes-body-gets-octet-stream-type`.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `bytes-body-gets-octet-stream-type`. */
export const bytesBodyGetsOctetStreamType = egressClass({
  name: "bytes-body-gets-octet-stream-type",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "a bytes body without a Content-Type is written with application/octet-stream",
  sides: ["server", "client"],
  rewrite: (expected, context) =>
    context.body === "bytes" &&
      !expected.some(([name]) => name.toLowerCase() === "content-type")
      ? [...expected, ["content-type", "application/octet-stream"]]
      : null,
  example: [],
  report: null,
  notes: "`new Response(new Uint8Array([1]))` served writes `content-type: " +
    "application/octet-stream`; the standard's body extraction sets no type for bytes.",
});
