/**
 * Predicates on single headers from the Fetch standard: header name and value validity, value
 * normalization, "get, decode, and split" of a value, forbidden methods and headers, the
 * CORS-safelisted and no-CORS-safelisted request-header rules, and the single range parser.
 *
 * Transliterated from whatwg/fetch at 586cd2a44c2a865b37c166dc0740f3fb8bb220d6.
 *
 * @module
 */

import {
  byteLowercase,
  collectCodePoints,
  collectHttpQuotedString,
  isAsciiDigit,
  isByteCaseInsensitiveMatch,
  isHttpTabOrSpace,
  isHttpWhitespace,
  Position,
  stripLeadingAndTrailing,
} from "./infra.ts";
import { essence, isHttpTokenCodePoint, parseMimeType } from "./mime_type.ts";

/**
 * header name: a byte sequence matching the field-name token production (1*tchar).
 * https://fetch.spec.whatwg.org/#header-name
 *
 * @example
 * ```ts
 * import { isHeaderName } from "./header_predicates.ts";
 * isHeaderName("X-Id"); // true
 * isHeaderName("X Id"); // false
 * ```
 */
export function isHeaderName(name: string): boolean {
  // field-name = token = 1*tchar; tchar is exactly the HTTP token code points.
  if (name.length === 0) return false;
  for (let i = 0; i < name.length; i++) {
    if (!isHttpTokenCodePoint(name[i])) return false;
  }
  return true;
}

/**
 * header value: no leading or trailing HTTP tab or space byte, no 0x00, 0x0A or 0x0D byte.
 * https://fetch.spec.whatwg.org/#header-value
 *
 * @example
 * ```ts
 * import { isHeaderValue } from "./header_predicates.ts";
 * isHeaderValue("a b"); // true
 * isHeaderValue(" a"); // false
 * ```
 */
export function isHeaderValue(value: string): boolean {
  // 1. Has no leading or trailing HTTP tab or space bytes.
  if (value.length > 0) {
    if (isHttpTabOrSpace(value[0]) || isHttpTabOrSpace(value[value.length - 1])) return false;
  }
  // 2. Contains no 0x00 (NUL) or HTTP newline bytes.
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === "\0" || c === "\n" || c === "\r") return false;
  }
  return true;
}

/**
 * normalize a potential header value: remove leading and trailing HTTP whitespace bytes.
 * https://fetch.spec.whatwg.org/#concept-header-value-normalize
 *
 * @example
 * ```ts
 * import { normalizeHeaderValue } from "./header_predicates.ts";
 * normalizeHeaderValue("\r\n a \t"); // "a"
 * ```
 */
export function normalizeHeaderValue(potentialValue: string): string {
  return stripLeadingAndTrailing(isHttpWhitespace, potentialValue);
}

/**
 * forbidden method: a byte-case-insensitive match for CONNECT, TRACE or TRACK.
 * https://fetch.spec.whatwg.org/#forbidden-method
 *
 * @example
 * ```ts
 * import { isForbiddenMethod } from "./header_predicates.ts";
 * isForbiddenMethod("connect"); // true
 * ```
 */
export function isForbiddenMethod(method: string): boolean {
  return ["CONNECT", "TRACE", "TRACK"].some((m) => isByteCaseInsensitiveMatch(method, m));
}

/**
 * get, decode, and split a header value: split on commas outside quoted strings, trimming
 * HTTP tab or space around each item.
 * https://fetch.spec.whatwg.org/#header-value-get-decode-and-split
 *
 * @example
 * ```ts
 * import { getDecodeAndSplitHeaderValue } from "./header_predicates.ts";
 * getDecodeAndSplitHeaderValue('"1,2", 3'); // ['"1,2"', "3"]
 * ```
 */
export function getDecodeAndSplitHeaderValue(value: string): string[] {
  // 1. Let input be the isomorphic decoding of value (the identity here).
  const input = value;
  // 2. Let position be a position variable at the start of input.
  const position = new Position();
  // 3. Let values be an empty list.
  const values: string[] = [];
  // 4. Let temporaryValue be the empty string.
  let temporaryValue = "";
  // 5. While true:
  while (true) {
    // 5.1. Append the code points that are not U+0022 (") or U+002C (,) to temporaryValue.
    temporaryValue += collectCodePoints((c) => c !== '"' && c !== ",", input, position);
    // 5.2. If position is not past the end and points at U+0022 ("):
    if (position.index < input.length && input[position.index] === '"') {
      // 5.2.1. Append the collected HTTP quoted string to temporaryValue.
      temporaryValue += collectHttpQuotedString(input, position);
      // 5.2.2. If position is not past the end of input, continue.
      if (position.index < input.length) continue;
    }
    // 5.3. Remove all HTTP tab or space from the start and end of temporaryValue.
    temporaryValue = stripLeadingAndTrailing(isHttpTabOrSpace, temporaryValue);
    // 5.4. Append temporaryValue to values.
    values.push(temporaryValue);
    // 5.5. Set temporaryValue to the empty string.
    temporaryValue = "";
    // 5.6. If position is past the end of input, return values.
    if (position.index >= input.length) return values;
    // 5.7. Assert: the code point at position is U+002C (,).
    if (input[position.index] !== ",") throw new Error("Assertion failed: expected a comma");
    // 5.8. Advance position by 1.
    position.index++;
  }
}

const FORBIDDEN_REQUEST_HEADER_NAMES = [
  "Accept-Charset",
  "Accept-Encoding",
  "Access-Control-Request-Headers",
  "Access-Control-Request-Method",
  "Connection",
  "Content-Length",
  "Cookie",
  "Cookie2",
  "Date",
  "DNT",
  "Expect",
  "Host",
  "Keep-Alive",
  "Origin",
  "Referer",
  "Set-Cookie",
  "TE",
  "Trailer",
  "Transfer-Encoding",
  "Upgrade",
  "Via",
];

const METHOD_OVERRIDE_HEADER_NAMES = [
  "X-HTTP-Method",
  "X-HTTP-Method-Override",
  "X-Method-Override",
];

/**
 * forbidden request-header: whether the user agent keeps control of (name, value).
 * https://fetch.spec.whatwg.org/#forbidden-request-header
 *
 * @example
 * ```ts
 * import { isForbiddenRequestHeader } from "./header_predicates.ts";
 * isForbiddenRequestHeader("Host", "example.com"); // true
 * isForbiddenRequestHeader("X-HTTP-Method-Override", "get, Trace"); // true
 * ```
 */
export function isForbiddenRequestHeader(name: string, value: string): boolean {
  // 1. If name is a byte-case-insensitive match for one of the listed names, return true.
  if (FORBIDDEN_REQUEST_HEADER_NAMES.some((n) => isByteCaseInsensitiveMatch(name, n))) {
    return true;
  }
  // 2. If name, byte-lowercased, starts with `proxy-` or `sec-`, return true.
  const lowercased = byteLowercase(name);
  if (lowercased.startsWith("proxy-") || lowercased.startsWith("sec-")) return true;
  // 3. If name is a byte-case-insensitive match for a method-override header name:
  if (METHOD_OVERRIDE_HEADER_NAMES.some((n) => isByteCaseInsensitiveMatch(name, n))) {
    // 3.1. Let parsedValues be the result of getting, decoding, and splitting value.
    const parsedValues = getDecodeAndSplitHeaderValue(value);
    // 3.2. For each method of parsedValues: if its isomorphic encoding is a forbidden method,
    //      return true.
    for (let i = 0; i < parsedValues.length; i++) {
      if (isForbiddenMethod(parsedValues[i])) return true;
    }
  }
  // 4. Return false.
  return false;
}

/**
 * forbidden response-header name: `Set-Cookie` or `Set-Cookie2`, byte-case-insensitively.
 * https://fetch.spec.whatwg.org/#forbidden-response-header-name
 *
 * @example
 * ```ts
 * import { isForbiddenResponseHeaderName } from "./header_predicates.ts";
 * isForbiddenResponseHeaderName("set-cookie2"); // true
 * ```
 */
export function isForbiddenResponseHeaderName(name: string): boolean {
  return ["Set-Cookie", "Set-Cookie2"].some((n) => isByteCaseInsensitiveMatch(name, n));
}

/**
 * CORS-unsafe request-header byte: below 0x20 except 0x09, or one of " ( ) : < > ? @ [ \ ] { }
 * and 0x7F.
 * https://fetch.spec.whatwg.org/#cors-unsafe-request-header-byte
 *
 * @example
 * ```ts
 * import { isCorsUnsafeRequestHeaderByte } from "./header_predicates.ts";
 * isCorsUnsafeRequestHeaderByte("@"); // true
 * ```
 */
export function isCorsUnsafeRequestHeaderByte(byte: string): boolean {
  const code = byte.charCodeAt(0);
  return (code < 0x20 && code !== 0x09) || '"():<>?@[\\]{}\x7f'.includes(byte);
}

function containsCorsUnsafeRequestHeaderByte(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    if (isCorsUnsafeRequestHeaderByte(value[i])) return true;
  }
  return false;
}

function isLanguageByte(byte: string): boolean {
  return (byte >= "0" && byte <= "9") || (byte >= "A" && byte <= "Z") ||
    (byte >= "a" && byte <= "z") || " *,-.;=".includes(byte);
}

/**
 * CORS-safelisted request-header: whether (name, value) may be sent without a CORS preflight.
 * https://fetch.spec.whatwg.org/#cors-safelisted-request-header
 *
 * @example
 * ```ts
 * import { isCorsSafelistedRequestHeader } from "./header_predicates.ts";
 * isCorsSafelistedRequestHeader("Content-Type", "text/plain;charset=UTF-8"); // true
 * isCorsSafelistedRequestHeader("Content-Type", "application/json"); // false
 * ```
 */
export function isCorsSafelistedRequestHeader(name: string, value: string): boolean {
  // 1. If value's length is greater than 128, return false.
  if (value.length > 128) return false;
  // 2. Byte-lowercase name and switch on the result:
  switch (byteLowercase(name)) {
    case "accept":
      // If value contains a CORS-unsafe request-header byte, return false.
      if (containsCorsUnsafeRequestHeaderByte(value)) return false;
      break;
    case "accept-language":
    case "content-language":
      // If value contains a byte outside 0-9 A-Z a-z SP * , - . ; =, return false.
      for (let i = 0; i < value.length; i++) if (!isLanguageByte(value[i])) return false;
      break;
    case "content-type": {
      // 2.1. If value contains a CORS-unsafe request-header byte, return false.
      if (containsCorsUnsafeRequestHeaderByte(value)) return false;
      // 2.2. Let mimeType be the result of parsing the isomorphic decoding of value.
      const mimeType = parseMimeType(value);
      // 2.3. If mimeType is failure, return false.
      if (mimeType === null) return false;
      // 2.4. If mimeType's essence is not one of the three safelisted essences, return false.
      if (
        !["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"].includes(
          essence(mimeType),
        )
      ) {
        return false;
      }
      break;
    }
    case "range": {
      // 2.1. Let rangeValue be the result of parsing a single range header value given value
      //      and false.
      const rangeValue = parseSingleRangeHeaderValue(value, false);
      // 2.2. If rangeValue is failure, return false.
      if (rangeValue === null) return false;
      // 2.3. If rangeValue[0] is null, return false.
      if (rangeValue[0] === null) return false;
      break;
    }
    default:
      // Otherwise, return false.
      return false;
  }
  // 3. Return true.
  return true;
}

/**
 * no-CORS-safelisted request-header name: Accept, Accept-Language, Content-Language or
 * Content-Type, byte-case-insensitively.
 * https://fetch.spec.whatwg.org/#no-cors-safelisted-request-header-name
 *
 * @example
 * ```ts
 * import { isNoCorsSafelistedRequestHeaderName } from "./header_predicates.ts";
 * isNoCorsSafelistedRequestHeaderName("ACCEPT"); // true
 * ```
 */
export function isNoCorsSafelistedRequestHeaderName(name: string): boolean {
  return ["Accept", "Accept-Language", "Content-Language", "Content-Type"].some((n) =>
    isByteCaseInsensitiveMatch(name, n)
  );
}

/**
 * no-CORS-safelisted request-header: a no-CORS-safelisted name with a CORS-safelisted value.
 * https://fetch.spec.whatwg.org/#no-cors-safelisted-request-header
 *
 * @example
 * ```ts
 * import { isNoCorsSafelistedRequestHeader } from "./header_predicates.ts";
 * isNoCorsSafelistedRequestHeader("Accept", "*\/*"); // true
 * isNoCorsSafelistedRequestHeader("Range", "bytes=0-1"); // false
 * ```
 */
export function isNoCorsSafelistedRequestHeader(name: string, value: string): boolean {
  // 1. If name is not a no-CORS-safelisted request-header name, return false.
  if (!isNoCorsSafelistedRequestHeaderName(name)) return false;
  // 2. Return whether (name, value) is a CORS-safelisted request-header.
  return isCorsSafelistedRequestHeader(name, value);
}

/** The privileged no-CORS request-header names, in the standard's order. */
export const PRIVILEGED_NO_CORS_REQUEST_HEADER_NAMES: readonly string[] = ["Range"];

/**
 * privileged no-CORS request-header name: `Range`, byte-case-insensitively.
 * https://fetch.spec.whatwg.org/#privileged-no-cors-request-header-name
 *
 * @example
 * ```ts
 * import { isPrivilegedNoCorsRequestHeaderName } from "./header_predicates.ts";
 * isPrivilegedNoCorsRequestHeaderName("range"); // true
 * ```
 */
export function isPrivilegedNoCorsRequestHeaderName(name: string): boolean {
  return PRIVILEGED_NO_CORS_REQUEST_HEADER_NAMES.some((n) => isByteCaseInsensitiveMatch(name, n));
}

/**
 * parse a single range header value: [start, end] (either may be null, not both), or null for
 * failure. Numbers are BigInts so that digit strings of any length compare exactly.
 * https://fetch.spec.whatwg.org/#simple-range-header-value
 *
 * @example
 * ```ts
 * import { parseSingleRangeHeaderValue } from "./header_predicates.ts";
 * parseSingleRangeHeaderValue("bytes=0-499", false); // [0n, 499n]
 * parseSingleRangeHeaderValue("bytes=-500", false); // [null, 500n]
 * ```
 */
export function parseSingleRangeHeaderValue(
  value: string,
  allowWhitespace: boolean,
): [bigint | null, bigint | null] | null {
  // 1. Let data be the isomorphic decoding of value (the identity here).
  const data = value;
  // 2. If data does not start with "bytes", return failure.
  if (!data.startsWith("bytes")) return null;
  // 3. Let position be a position variable pointing at the 5th code point (just past "bytes").
  const position = new Position(5);
  // 4. If allowWhitespace is true, collect HTTP tab or space.
  if (allowWhitespace) collectCodePoints(isHttpTabOrSpace, data, position);
  // 5. If the code point at position is not U+003D (=), return failure.
  if (data[position.index] !== "=") return null;
  // 6. Advance position by 1.
  position.index++;
  // 7. If allowWhitespace is true, collect HTTP tab or space.
  if (allowWhitespace) collectCodePoints(isHttpTabOrSpace, data, position);
  // 8. Let rangeStart be the ASCII digits collected from data.
  const rangeStart = collectCodePoints(isAsciiDigit, data, position);
  // 9. Let rangeStartValue be rangeStart as a decimal number, or null if it is empty.
  const rangeStartValue = rangeStart !== "" ? BigInt(rangeStart) : null;
  // 10. If allowWhitespace is true, collect HTTP tab or space.
  if (allowWhitespace) collectCodePoints(isHttpTabOrSpace, data, position);
  // 11. If the code point at position is not U+002D (-), return failure.
  if (data[position.index] !== "-") return null;
  // 12. Advance position by 1.
  position.index++;
  // 13. If allowWhitespace is true, collect HTTP tab or space.
  if (allowWhitespace) collectCodePoints(isHttpTabOrSpace, data, position);
  // 14. Let rangeEnd be the ASCII digits collected from data.
  const rangeEnd = collectCodePoints(isAsciiDigit, data, position);
  // 15. Let rangeEndValue be rangeEnd as a decimal number, or null if it is empty.
  const rangeEndValue = rangeEnd !== "" ? BigInt(rangeEnd) : null;
  // 16. If position is not past the end of data, return failure.
  if (position.index < data.length) return null;
  // 17. If rangeEndValue and rangeStartValue are both null, return failure.
  if (rangeEndValue === null && rangeStartValue === null) return null;
  // 18. If both are numbers and rangeStartValue > rangeEndValue, return failure.
  if (rangeStartValue !== null && rangeEndValue !== null && rangeStartValue > rangeEndValue) {
    return null;
  }
  // 19. Return (rangeStartValue, rangeEndValue).
  return [rangeStartValue, rangeEndValue];
}
