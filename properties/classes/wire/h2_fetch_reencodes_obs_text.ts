/**
 * The wire class `h2-fetch-reencodes-obs-text`.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { wireClass } from "../class.ts";
import { h2FetchObservation } from "../wire_helpers.ts";
import { FETCH } from "../standards.ts";

/** `value` as its UTF-8 bytes read back one byte a code unit (Latin-1). */
const reencoded = (value: string) => Buffer.from(value, "utf8").toString("latin1");

/** The class `h2-fetch-reencodes-obs-text`. */
export const h2FetchReencodesObsText = wireClass({
  name: "h2-fetch-reencodes-obs-text",
  runtimes: ["node"],
  seenIn: ["Node 22.23.3"],
  summary: "fetch() over HTTP/2 (undici's allowH2 client) turns each byte 0x80-0xFF of a " +
    "response field value into the two bytes of its UTF-8 encoding",
  sides: ["h2-client", "h2-client-raw"],
  list: (list) => list.map(([name, value]) => [name, reencoded(value)]),
  example: ["X-A: \u00e9"],
  report: {
    title:
      "fetch() over HTTP/2 turns a response field's byte 0xE9 into the two bytes of its UTF-8 " +
      "encoding",
    network: true,
    observe: h2FetchObservation([[":status", "200"], ["x-a", "\u00e9"]], 'headers.get("x-a")'),
    expected: { ok: "\u00e9" },
    standard: {
      algorithm: "header value",
      step: "a header value is a byte sequence: the field's byte 0xE9 is the value's byte, which " +
        "Headers shows isomorphic decoded as U+00E9, as over HTTP/1.1",
      url: `${FETCH}#header-value`,
    },
  },
  notes: "An h2 response field `x-a` whose value is the byte 0xE9 gives " +
    '`get("x-a") === "\\u00c3\\u00a9"` through an `Agent({ allowH2: true })` of Node\'s own ' +
    'undici; standard `"\\u00e9"`, as over HTTP/1.1. The wire stage\'s h2 client side ' +
    "(`./headerproof fuzz:node`) reproduces it with a response of that one field.",
});
