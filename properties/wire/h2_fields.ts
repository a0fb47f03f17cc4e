/**
 * Field lists as HTTP/2 carries them: the generator of the fields of an h2 header block, and the
 * reference's reading of such a block into a header list (RFC 9113 8.2, 8.3).
 *
 * The generator draws lowercase names from the wire pool (so fields repeat, `cookie` crumbs and
 * `set-cookie` among them), values of visible ASCII, 0x80-0xFF and control bytes, and now and
 * then a field an h2 parser must reject or a Headers cannot hold: an uppercase name, a
 * pseudo-header among the regular fields, a connection-specific field, a value with edge
 * whitespace or NUL, a name h2 allows that is not a token; or a value large enough to reach a
 * peer's header-list size limit; or an exchange whose stream is reset before the response
 * completes. The harness puts the pseudo-headers of the request or response first.
 *
 * @module
 */

import fc from "fast-check";
import type { HeaderList } from "../../spec/header_list.ts";
import { isHeaderName, isHeaderValue } from "../../spec/header_predicates.ts";
import { FIELD_NAMES, valueByte } from "./field_lines.ts";
import type { H2Field } from "./h2.ts";

/** One generated h2 exchange: the regular part of the header block, and whether it is reset. */
export interface H2Head {
  /** The fields after the pseudo-headers, in order (odd ones included). */
  fields: H2Field[];
  /**
   * Whether the stream is reset before the response completes: the client cancels its request
   * (server side), the responder resets after the headers (client side).
   */
  reset: boolean;
}

/** Sizes of the large values, around the 16 KiB and 64 KiB header-list limits peers set. */
export const LARGE_VALUE_SIZES: readonly number[] = [4_000, 16_000, 16_300, 17_000, 65_000];

const edgeTrimmed = (value: string) => value.replace(/^[ \t]+|[ \t]+$/g, "");

/** A field every h2 parser takes: a lowercase pool name, a value without edge whitespace. */
const validField: fc.Arbitrary<H2Field> = fc.tuple(
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...FIELD_NAMES.map((name) => name.toLowerCase())) },
    { weight: 1, arbitrary: fc.constant("cookie") },
  ),
  fc.array(valueByte, { maxLength: 12 }).map((bytes) => edgeTrimmed(bytes.join(""))),
);

/** A field an h2 parser must reject, or one h2 allows and a Headers cannot hold, or the reverse. */
const oddField: fc.Arbitrary<H2Field> = fc.constantFrom<H2Field>(
  // Fetch takes these; RFC 9113 8.2.1 and 8.2.2 make the message malformed.
  ["X-Up", "v"],
  ["x-ws", " v"],
  ["x-ws", "v\t"],
  ["connection", "close"],
  ["transfer-encoding", "chunked"],
  [":x", "v"],
  [":path", "/again"],
  [":status", "200"],
  // Malformed for both.
  ["x-nul", "a\u0000b"],
  // h2 takes these (no byte RFC 9113 forbids); Fetch takes the control byte, not the name.
  ['x"q', "v"],
  ["x(y)", "v"],
  ["x-ctl", "a\u0001b\u007f"],
);

const largeField: fc.Arbitrary<H2Field> = fc.constantFrom(...LARGE_VALUE_SIZES).map((
  size,
): H2Field => ["x-large", "v".repeat(size)]);

/** A generated h2 exchange. */
export const h2HeadArbitrary: fc.Arbitrary<H2Head> = fc.record({
  fields: fc.array(
    fc.oneof(
      { weight: 40, arbitrary: validField },
      { weight: 2, arbitrary: oddField },
      { weight: 1, arbitrary: largeField },
    ),
    { maxLength: 10 },
  ).map((fields) => [...fields]),
  reset: fc.oneof({ weight: 19, arbitrary: fc.constant(false) }, {
    weight: 1,
    arbitrary: fc.constant(true),
  }),
});

/** Field names RFC 9113 8.2.2 forbids (connection-specific fields). */
const CONNECTION_SPECIFIC = ["connection", "keep-alive", "proxy-connection", "transfer-encoding"];

/** Whether `name` is a valid regular h2 field name (RFC 9113 8.2.1): no uppercase, no colon. */
function isH2Name(name: string): boolean {
  if (name.length === 0) return false;
  for (const c of name) {
    const code = c.charCodeAt(0);
    if (code <= 0x20 || (code >= 0x41 && code <= 0x5a) || code >= 0x7f || c === ":") return false;
  }
  return !CONNECTION_SPECIFIC.includes(name) && name !== "upgrade";
}

/**
 * The reference's reading of the regular fields of an h2 header block (the harness's
 * pseudo-headers before them are valid) into a header list, or null when the message is
 * malformed (RFC 9113 8.1.1) or a field cannot be a header (a name that is not a token):
 * - a pseudo-header among them, an uppercase or non-h2 name, a connection-specific field, a value
 *   with NUL, CR, LF or edge SP/HTAB: malformed;
 * - on the server side several `cookie` fields become one, their values joined with "; " where
 *   the first was (RFC 9113 8.2.3: before a generic HTTP server application sees them); on the
 *   client side they stay apart, as every other repeated field.
 *
 * @example
 * ```ts
 * import { readH2Fields } from "./h2_fields.ts";
 * readH2Fields([["cookie", "a=1"], ["x", "1"], ["cookie", "b=2"]], "server");
 * // [["cookie", "a=1; b=2"], ["x", "1"]]
 * readH2Fields([["X", "1"]], "server"); // null
 * ```
 */
export function readH2Fields(
  fields: readonly H2Field[],
  side: "server" | "client",
): HeaderList | null {
  const list: HeaderList = [];
  let cookieAt = -1;
  for (const [name, value] of fields) {
    if (!isH2Name(name) || !isHeaderValue(value) || !isHeaderName(name)) return null;
    if (side === "server" && name === "cookie" && cookieAt >= 0) {
      list[cookieAt] = ["cookie", `${list[cookieAt][1]}; ${value}`];
      continue;
    }
    if (name === "cookie") cookieAt = list.length;
    list.push([name, value]);
  }
  return list;
}

/**
 * A field as one line for reports and the wire classes ("name: value", a pseudo-header's name
 * with its colon).
 */
export function h2FieldLine([name, value]: H2Field): string {
  return `${name}: ${value}`;
}

/**
 * The field of a line {@link h2FieldLine} made.
 *
 * @example
 * ```ts
 * import { h2FieldOfLine } from "./h2_fields.ts";
 * h2FieldOfLine(":path: /a"); // [":path", "/a"]
 * ```
 */
export function h2FieldOfLine(line: string): H2Field {
  const at = line.indexOf(": ", line.startsWith(":") ? 1 : 0);
  return [line.slice(0, at), line.slice(at + 2)];
}
