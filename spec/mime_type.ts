/**
 * The part of the MIME Sniffing standard the CORS-safelisted `Content-Type` check needs:
 * "parse a MIME type" and a MIME type's essence.
 *
 * Transliterated from whatwg/mimesniff at 8a3b9185a9e9f12de6ef2f9d7e434f0e5d3146c2.
 *
 * @module
 */

import {
  asciiLowercase,
  collectCodePoints,
  collectHttpQuotedString,
  isAsciiAlphanumeric,
  isHttpWhitespace,
  Position,
  stripLeadingAndTrailing,
  stripTrailing,
} from "./infra.ts";

/**
 * A MIME type record. https://mimesniff.spec.whatwg.org/#mime-type
 */
export interface MimeType {
  /** The type, ASCII-lowercased. */
  type: string;
  /** The subtype, ASCII-lowercased. */
  subtype: string;
  /** Parameter name to value, in insertion order. */
  parameters: Map<string, string>;
}

/**
 * HTTP token code point: ! # $ % & ' * + - . ^ _ ` | ~ or an ASCII alphanumeric.
 * https://mimesniff.spec.whatwg.org/#http-token-code-point
 *
 * @example
 * ```ts
 * import { isHttpTokenCodePoint } from "./mime_type.ts";
 * isHttpTokenCodePoint("~"); // true
 * ```
 */
export function isHttpTokenCodePoint(c: string): boolean {
  return "!#$%&'*+-.^_`|~".includes(c) || isAsciiAlphanumeric(c);
}

/**
 * HTTP quoted-string token code point: U+0009, U+0020 to U+007E, or U+0080 to U+00FF.
 * https://mimesniff.spec.whatwg.org/#http-quoted-string-token-code-point
 *
 * @example
 * ```ts
 * import { isHttpQuotedStringTokenCodePoint } from "./mime_type.ts";
 * isHttpQuotedStringTokenCodePoint("\u00e9"); // true
 * ```
 */
export function isHttpQuotedStringTokenCodePoint(c: string): boolean {
  return c === "\t" || (c >= " " && c <= "~") || (c >= "\u0080" && c <= "\u00ff");
}

function solelyContains(s: string, condition: (c: string) => boolean): boolean {
  for (let i = 0; i < s.length; i++) if (!condition(s[i])) return false;
  return true;
}

/**
 * parse a MIME type: a MIME type record, or null for failure.
 * https://mimesniff.spec.whatwg.org/#parse-a-mime-type
 *
 * @example
 * ```ts
 * import { parseMimeType } from "./mime_type.ts";
 * parseMimeType("Text/Plain;charset=utf-8")?.subtype; // "plain"
 * ```
 */
export function parseMimeType(input: string): MimeType | null {
  // 1. Remove any leading and trailing HTTP whitespace from input.
  input = stripLeadingAndTrailing(isHttpWhitespace, input);
  // 2. Let position be a position variable at the start of input.
  const position = new Position();
  // 3. Let type be the code points up to U+002F (/).
  const type = collectCodePoints((c) => c !== "/", input, position);
  // 4. If type is empty or not solely HTTP token code points, return failure.
  if (type === "" || !solelyContains(type, isHttpTokenCodePoint)) return null;
  // 5. If position is past the end of input, return failure.
  if (position.index >= input.length) return null;
  // 6. Advance position by 1 (past U+002F (/)).
  position.index++;
  // 7. Let subtype be the code points up to U+003B (;).
  let subtype = collectCodePoints((c) => c !== ";", input, position);
  // 8. Remove any trailing HTTP whitespace from subtype.
  subtype = stripTrailing(isHttpWhitespace, subtype);
  // 9. If subtype is empty or not solely HTTP token code points, return failure.
  if (subtype === "" || !solelyContains(subtype, isHttpTokenCodePoint)) return null;
  // 10. Let mimeType have type and subtype, both in ASCII lowercase.
  const mimeType: MimeType = {
    type: asciiLowercase(type),
    subtype: asciiLowercase(subtype),
    parameters: new Map(),
  };
  // 11. While position is not past the end of input:
  while (position.index < input.length) {
    // 11.1. Advance position by 1 (past U+003B (;)).
    position.index++;
    // 11.2. Collect (skip) HTTP whitespace.
    collectCodePoints(isHttpWhitespace, input, position);
    // 11.3. Let parameterName be the code points up to U+003B (;) or U+003D (=).
    let parameterName = collectCodePoints((c) => c !== ";" && c !== "=", input, position);
    // 11.4. Set parameterName to parameterName in ASCII lowercase.
    parameterName = asciiLowercase(parameterName);
    // 11.5. If position is not past the end of input:
    if (position.index < input.length) {
      // 11.5.1. If the code point at position is U+003B (;), continue.
      if (input[position.index] === ";") continue;
      // 11.5.2. Advance position by 1 (past U+003D (=)).
      position.index++;
    }
    // 11.6. If position is past the end of input, break.
    if (position.index >= input.length) break;
    // 11.7. Let parameterValue be null.
    let parameterValue: string | null = null;
    if (input[position.index] === '"') {
      // 11.8.1. If the code point at position is U+0022 ("), parameterValue is the collected
      //         HTTP quoted string (extracting the value).
      parameterValue = collectHttpQuotedString(input, position, true);
      // 11.8.2. Collect (skip) the code points up to U+003B (;).
      collectCodePoints((c) => c !== ";", input, position);
    } else {
      // 11.9.1. Otherwise parameterValue is the code points up to U+003B (;).
      parameterValue = collectCodePoints((c) => c !== ";", input, position);
      // 11.9.2. Remove any trailing HTTP whitespace from parameterValue.
      parameterValue = stripTrailing(isHttpWhitespace, parameterValue);
      // 11.9.3. If parameterValue is the empty string, continue.
      if (parameterValue === "") continue;
    }
    // 11.10. Record the parameter if its name is a non-empty token, its value is quoted-string
    //        token code points only, and the name is not recorded yet.
    if (
      parameterName !== "" &&
      solelyContains(parameterName, isHttpTokenCodePoint) &&
      solelyContains(parameterValue, isHttpQuotedStringTokenCodePoint) &&
      !mimeType.parameters.has(parameterName)
    ) {
      mimeType.parameters.set(parameterName, parameterValue);
    }
  }
  // 12. Return mimeType.
  return mimeType;
}

/**
 * A MIME type's essence: its type, "/", and its subtype.
 * https://mimesniff.spec.whatwg.org/#mime-type-essence
 *
 * @example
 * ```ts
 * import { essence, parseMimeType } from "./mime_type.ts";
 * essence(parseMimeType("text/plain; charset=x")!); // "text/plain"
 * ```
 */
export function essence(mimeType: MimeType): string {
  return `${mimeType.type}/${mimeType.subtype}`;
}
