/**
 * Infra- and HTTP-level primitives the Fetch standard's header algorithms are written in:
 * byte-lowercasing, the HTTP whitespace classes, position variables, collecting code points,
 * and collecting an HTTP quoted string.
 *
 * Transliterated from whatwg/fetch at 586cd2a44c2a865b37c166dc0740f3fb8bb220d6 and the Infra
 * Standard it builds on.
 *
 * Deviation (applies to all of spec/): a byte sequence is represented as a JavaScript string
 * whose code units are all at most 0xFF (a WebIDL ByteString), one code unit per byte. Isomorphic
 * decoding and encoding are therefore the identity on such strings.
 *
 * @module
 */

/**
 * A position variable: an index into a string that algorithms advance.
 * https://infra.spec.whatwg.org/#string-position-variable
 *
 * @example
 * ```ts
 * import { Position } from "./infra.ts";
 * const position = new Position();
 * position.index += 1;
 * ```
 */
export class Position {
  /** The index of the code point the position points at. */
  index = 0;

  /** Creates a position variable pointing at `index` (the start by default). */
  constructor(index = 0) {
    this.index = index;
  }
}

/**
 * byte-lowercase: every byte in the range 0x41 (A) to 0x5A (Z) increased by 0x20.
 * https://infra.spec.whatwg.org/#byte-lowercase
 *
 * @example
 * ```ts
 * import { byteLowercase } from "./infra.ts";
 * byteLowercase("Content-Type"); // "content-type"
 * ```
 */
export function byteLowercase(bytes: string): string {
  const known = byteLowercaseMemo.get(bytes);
  if (known !== undefined) return known;
  let result = "";
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes.charCodeAt(i);
    result += String.fromCharCode(byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte);
  }
  if (byteLowercaseMemo.size >= BYTE_LOWERCASE_MEMO_LIMIT) byteLowercaseMemo.clear();
  byteLowercaseMemo.set(bytes, result);
  return result;
}

/**
 * Deviation: a memo of {@link byteLowercase}, the one cache in the reference. The standard
 * lowercases every name of a list on every lookup and on every step of an iteration, and
 * campaigns spent most of their time there. byte-lowercase is a pure function of its argument, so
 * the memo cannot change an answer; it is cleared when it holds
 * {@link BYTE_LOWERCASE_MEMO_LIMIT} strings.
 */
const byteLowercaseMemo = new Map<string, string>();
/** The most strings {@link byteLowercaseMemo} holds before it starts over. */
const BYTE_LOWERCASE_MEMO_LIMIT = 4096;

/**
 * byte-case-insensitive: two byte sequences whose byte-lowercases are equal.
 * https://infra.spec.whatwg.org/#byte-case-insensitive
 *
 * @example
 * ```ts
 * import { isByteCaseInsensitiveMatch } from "./infra.ts";
 * isByteCaseInsensitiveMatch("Set-Cookie", "set-cookie"); // true
 * ```
 */
export function isByteCaseInsensitiveMatch(a: string, b: string): boolean {
  return byteLowercase(a) === byteLowercase(b);
}

/**
 * byte less than: `a` sorts before `b` when compared byte by byte (a prefix sorts first).
 * https://infra.spec.whatwg.org/#byte-less-than
 *
 * @example
 * ```ts
 * import { isByteLessThan } from "./infra.ts";
 * isByteLessThan("a", "b"); // true
 * ```
 */
export function isByteLessThan(a: string, b: string): boolean {
  // 1. If b is a prefix of a, return false.
  if (a.startsWith(b)) return false;
  // 2. If a is a prefix of b, return true.
  if (b.startsWith(a)) return true;
  // 3. Let n be the smallest index at which the two differ.
  let n = 0;
  while (a.charCodeAt(n) === b.charCodeAt(n)) n++;
  // 4. Return whether a's byte at n is less than b's byte at n.
  return a.charCodeAt(n) < b.charCodeAt(n);
}

/**
 * HTTP tab or space: U+0009 TAB or U+0020 SPACE (also the bytes 0x09, 0x20).
 * https://fetch.spec.whatwg.org/#http-tab-or-space
 *
 * @example
 * ```ts
 * import { isHttpTabOrSpace } from "./infra.ts";
 * isHttpTabOrSpace("\t"); // true
 * ```
 */
export function isHttpTabOrSpace(c: string): boolean {
  return c === "\t" || c === " ";
}

/**
 * HTTP newline byte: 0x0A (LF) or 0x0D (CR).
 * https://fetch.spec.whatwg.org/#http-newline-byte
 *
 * @example
 * ```ts
 * import { isHttpNewlineByte } from "./infra.ts";
 * isHttpNewlineByte("\r"); // true
 * ```
 */
export function isHttpNewlineByte(c: string): boolean {
  return c === "\n" || c === "\r";
}

/**
 * HTTP whitespace: LF, CR, or an HTTP tab or space (the byte class is the same set).
 * https://fetch.spec.whatwg.org/#http-whitespace
 *
 * @example
 * ```ts
 * import { isHttpWhitespace } from "./infra.ts";
 * isHttpWhitespace("\n"); // true
 * ```
 */
export function isHttpWhitespace(c: string): boolean {
  return isHttpNewlineByte(c) || isHttpTabOrSpace(c);
}

/**
 * ASCII digit: U+0030 (0) to U+0039 (9).
 * https://infra.spec.whatwg.org/#ascii-digit
 *
 * @example
 * ```ts
 * import { isAsciiDigit } from "./infra.ts";
 * isAsciiDigit("7"); // true
 * ```
 */
export function isAsciiDigit(c: string): boolean {
  return c >= "0" && c <= "9";
}

/**
 * ASCII alphanumeric: an ASCII digit or an ASCII upper or lower alpha.
 * https://infra.spec.whatwg.org/#ascii-alphanumeric
 *
 * @example
 * ```ts
 * import { isAsciiAlphanumeric } from "./infra.ts";
 * isAsciiAlphanumeric("Z"); // true
 * ```
 */
export function isAsciiAlphanumeric(c: string): boolean {
  return isAsciiDigit(c) || (c >= "A" && c <= "Z") || (c >= "a" && c <= "z");
}

/**
 * ASCII lowercase: every ASCII upper alpha replaced by its lower alpha.
 * https://infra.spec.whatwg.org/#ascii-lowercase
 *
 * @example
 * ```ts
 * import { asciiLowercase } from "./infra.ts";
 * asciiLowercase("Text/HTML"); // "text/html"
 * ```
 */
export function asciiLowercase(s: string): string {
  // Deviation: on the strings of spec/ (code units <= 0xFF) this is byte-lowercase.
  return byteLowercase(s);
}

/**
 * collect a sequence of code points meeting `condition`, from `input`, advancing `position`.
 * https://infra.spec.whatwg.org/#collect-a-sequence-of-code-points
 *
 * @example
 * ```ts
 * import { collectCodePoints, isAsciiDigit, Position } from "./infra.ts";
 * collectCodePoints(isAsciiDigit, "12-3", new Position()); // "12"
 * ```
 */
export function collectCodePoints(
  condition: (c: string) => boolean,
  input: string,
  position: Position,
): string {
  // 1. Let result be the empty string.
  let result = "";
  // 2. While position does not point past the end of input and the code point at position
  //    meets the condition: append that code point to result and advance position by 1.
  while (position.index < input.length && condition(input[position.index])) {
    result += input[position.index];
    position.index++;
  }
  // 3. Return result.
  return result;
}

/**
 * Removes leading and trailing code points meeting `condition` ("strip" in the standards' prose).
 *
 * @example
 * ```ts
 * import { isHttpTabOrSpace, stripLeadingAndTrailing } from "./infra.ts";
 * stripLeadingAndTrailing(isHttpTabOrSpace, " a "); // "a"
 * ```
 */
export function stripLeadingAndTrailing(condition: (c: string) => boolean, s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && condition(s[start])) start++;
  while (end > start && condition(s[end - 1])) end--;
  return s.slice(start, end);
}

/**
 * Removes trailing code points meeting `condition`.
 *
 * @example
 * ```ts
 * import { isHttpWhitespace, stripTrailing } from "./infra.ts";
 * stripTrailing(isHttpWhitespace, "plain \n"); // "plain"
 * ```
 */
export function stripTrailing(condition: (c: string) => boolean, s: string): string {
  let end = s.length;
  while (end > 0 && condition(s[end - 1])) end--;
  return s.slice(0, end);
}

/**
 * collect an HTTP quoted string from `input` at `position` (which points at U+0022 (")).
 * https://fetch.spec.whatwg.org/#collect-an-http-quoted-string
 *
 * @example
 * ```ts
 * import { collectHttpQuotedString, Position } from "./infra.ts";
 * collectHttpQuotedString('"a\\"b"', new Position(), true); // 'a"b'
 * ```
 */
export function collectHttpQuotedString(
  input: string,
  position: Position,
  extractValue = false,
): string {
  // 1. Let positionStart be position.
  const positionStart = position.index;
  // 2. Let value be the empty string.
  let value = "";
  // 3. Assert: the code point at position is U+0022 (").
  if (input[position.index] !== '"') throw new Error("Assertion failed: expected a quote");
  // 4. Advance position by 1.
  position.index++;
  // 5. While true:
  while (true) {
    // 5.1. Append the code points that are not U+0022 (") or U+005C (\) to value.
    value += collectCodePoints((c) => c !== '"' && c !== "\\", input, position);
    // 5.2. If position is past the end of input, break.
    if (position.index >= input.length) break;
    // 5.3. Let quoteOrBackslash be the code point at position.
    const quoteOrBackslash = input[position.index];
    // 5.4. Advance position by 1.
    position.index++;
    // 5.5. If quoteOrBackslash is U+005C (\):
    if (quoteOrBackslash === "\\") {
      // 5.5.1. If position is past the end, append U+005C (\) to value and break.
      if (position.index >= input.length) {
        value += "\\";
        break;
      }
      // 5.5.2. Append the code point at position to value.
      value += input[position.index];
      // 5.5.3. Advance position by 1.
      position.index++;
    } else {
      // 5.6.1. Assert: quoteOrBackslash is U+0022 ("). 5.6.2. Break.
      break;
    }
  }
  // 6. If extract-value is true, return value.
  if (extractValue) return value;
  // 7. Return the code points from positionStart to position, inclusive.
  // Deviation: position already points past the closing quote, so "inclusive" reads as up to
  // (not including) position, as the standard's own examples show ("Hello" World -> "Hello").
  return input.slice(positionStart, position.index);
}
