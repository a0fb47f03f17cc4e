/**
 * The wire class `h2-drops-control-byte-fields`.
 *
 * @module
 */
import { wireClass } from "../class.ts";
import { h2FetchObservation } from "../wire_helpers.ts";
import { FETCH } from "../standards.ts";

/** Whether `value` holds a control byte other than HTAB (0x00-0x08, 0x0A-0x1F, 0x7F). */
const hasControlByte = (value: string) =>
  [...value].some((c) => (c < " " && c !== "\t") || c === "\u007f");

/** The class `h2-drops-control-byte-fields`. */
export const h2DropsControlByteFields = wireClass({
  name: "h2-drops-control-byte-fields",
  runtimes: ["node"],
  seenIn: ["Node 22.23.3"],
  summary: "node:http2 (nghttp2) silently leaves out a field whose value holds a control byte " +
    "RFC 9113 allows (0x01-0x08, 0x0B, 0x0C, 0x0E-0x1F, 0x7F), on both its server and its client",
  sides: ["h2-server", "h2-client", "h2-client-raw"],
  list: (list) => list.filter(([, value]) => !hasControlByte(value)),
  example: ["x-ctl: a\u0001b"],
  report: {
    title: "fetch() over HTTP/2 leaves out a response field whose value holds byte 0x01",
    network: true,
    observe: h2FetchObservation(
      [[":status", "200"], ["x-ctl", "a\u0001b"]],
      '[headers.has("x-ctl"), headers.get("x-ctl")]',
    ),
    expected: { ok: [true, "a\u0001b"] },
    standard: {
      algorithm: "header value",
      step: "a header value holds no 0x00, 0x0A or 0x0D and no edge whitespace: 0x01 is allowed, " +
        "and RFC 9113 8.2.1 forbids only NUL, CR and LF in an h2 field value",
      url: `${FETCH}#header-value`,
    },
  },
  notes: "An h2 field `x-ctl` whose value is `a`, byte 0x01, `b` never reaches " +
    "`request.rawHeaders` of `node:http2`'s server nor the response of Node's `fetch()` over " +
    "h2; the request goes on without it. RFC 9113 8.2.1 forbids only NUL, CR and LF in a value, " +
    "and a malformed message is an error, not a field left out. The wire stage's h2 sides " +
    "(`./headerproof fuzz:node`) reproduce it.",
});
