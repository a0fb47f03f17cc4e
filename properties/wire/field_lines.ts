/**
 * Headers parsed off the wire: generated HTTP/1.1 field lines, the reference header list built
 * from them, what a campaign observes on a Headers, and the metamorphic properties every Headers
 * keeps whatever its origin.
 *
 * A field line is a byte sequence held as a string of code units up to 0xFF (a ByteString),
 * without its CRLF. The generator favours collisions: a small pool of names in random case,
 * repeated fields, repeated `Cookie` and `Set-Cookie`, leading and trailing whitespace, bytes
 * 0x80-0xFF in values, and now and then a line a strict parser rejects (a control byte in the
 * value, whitespace before the colon, a name that is not a token).
 *
 * @module
 */

import fc from "fast-check";
import {
  type HeaderList,
  headerListContains,
  headerListGet,
  sortAndCombine,
  valuesOf,
} from "../../spec/header_list.ts";
import { isHeaderName, isHeaderValue } from "../../spec/header_predicates.ts";

/** The names field lines are drawn from (case flipped at random). Framing fields are left out. */
export const FIELD_NAMES: readonly string[] = [
  "Accept",
  "Cookie",
  "Set-Cookie",
  "Content-Type",
  "X-Dup",
  "x-a",
  "Via",
  "Warning",
];

/** Names probed with get/has besides those sent, which no line ever has. */
export const ABSENT_NAMES: readonly string[] = ["x-absent"];

const flipCase = (name: string) =>
  fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }).map((flips) =>
    [...name].map((c, i) => flips[i] ? c.toUpperCase() : c.toLowerCase()).join("")
  );

/**
 * One byte of a field value: mostly visible ASCII, sometimes 0x80-0xFF, and more often than their
 * share of that range 0xA0 and 0x85, which code that reads bytes as Unicode text takes for
 * whitespace (no-break space, which `String.prototype.trim` strips) and for a line break (next
 * line).
 */
export const valueByte: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(..."abcz019=;,/ ".split("")) },
  { weight: 2, arbitrary: fc.integer({ min: 0x80, max: 0xff }).map((b) => String.fromCharCode(b)) },
  { weight: 1, arbitrary: fc.constantFrom("\u00a0", "\u0085") },
  { weight: 1, arbitrary: fc.constantFrom('"', "\t", "*", "(", ")", "~") },
);

const whitespace = fc.constantFrom("", "", " ", "  ", "\t", " \t ");

/** A valid field line: a pool name, a colon, optional whitespace, a value, optional whitespace. */
const validFieldLine = fc.record({
  name: fc.constantFrom(...FIELD_NAMES).chain(flipCase),
  leading: whitespace,
  value: fc.array(valueByte, { maxLength: 12 }).map((bytes) => bytes.join("")),
  trailing: whitespace,
}).map(({ name, leading, value, trailing }) => `${name}:${leading}${value}${trailing}`);

/** A field line a strict HTTP/1.1 parser may reject (the reference rejects some, not all). */
const oddFieldLine = fc.oneof(
  // A control byte inside the value: a valid Fetch header value, not a valid RFC 9110 one.
  fc.constantFrom("X-Ctl: a\u0001b", "X-Del: a\u007fb", "X-Ctl: \u001f"),
  // Whitespace between the name and the colon, or a name that is not a token.
  fc.constantFrom("X-Space : v", "X(y): v", ": empty-name", "X\u00e9: v"),
);

/** A generated request or response head: its field lines, in order. */
export const fieldLinesArbitrary: fc.Arbitrary<string[]> = fc.array(
  fc.oneof({ weight: 30, arbitrary: validFieldLine }, { weight: 1, arbitrary: oddFieldLine }),
  { maxLength: 10 },
);

/** Whether a byte is HTTP's optional whitespace (SP or HTAB). */
function isOws(c: string): boolean {
  return c === " " || c === "\t";
}

/**
 * The reference's reading of field lines into a header list, or null when it rejects the head:
 * each line splits at its first colon; the name must be a header name (a token); the value is
 * what follows with leading and trailing SP/HTAB removed, and must be a header value (the Fetch
 * standard's: no NUL, CR or LF). Lines stay in order; nothing is combined.
 * https://httpwg.org/specs/rfc9112.html#field.syntax
 *
 * @example
 * ```ts
 * import { parseFieldLines } from "./field_lines.ts";
 * parseFieldLines(["A:  1 ", "a: 2"]); // [["A", "1"], ["a", "2"]]
 * parseFieldLines(["A : 1"]); // null
 * ```
 */
export function parseFieldLines(lines: readonly string[]): HeaderList | null {
  const list: HeaderList = [];
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) return null;
    const name = line.slice(0, colon);
    if (!isHeaderName(name)) return null;
    let start = colon + 1;
    let end = line.length;
    while (start < end && isOws(line[start])) start++;
    while (end > start && isOws(line[end - 1])) end--;
    const value = line.slice(start, end);
    if (!isHeaderValue(value)) return null;
    list.push([name, value]);
  }
  return list;
}

/** What a campaign reads from a Headers built off the wire. */
export interface HeadersObservation {
  /** Full iteration: [name, value] pairs. */
  entries: [string, string][];
  /** get(name) for each probed name. */
  get: (string | null)[];
  /** has(name) for each probed name. */
  has: boolean[];
  /** getSetCookie(). */
  getSetCookie: string[];
}

/** The minimal Headers surface observed here (native, reference or candidate). */
export interface ObservableHeaders extends Iterable<[string, string]> {
  get(name: string): string | null;
  has(name: string): boolean;
  getSetCookie(): string[];
}

/** The names probed for `lines`: every name sent (lowercased, once) and the absent ones. */
export function probedNames(lines: readonly string[]): string[] {
  const names = new Set<string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).toLowerCase();
    if (colon > 0 && isHeaderName(name)) names.add(name);
  }
  for (const name of ABSENT_NAMES) names.add(name);
  return [...names].sort();
}

/**
 * Reads a Headers the way a campaign compares it.
 *
 * @example
 * ```ts
 * import { observeHeaders } from "./field_lines.ts";
 * observeHeaders(new Headers([["a", "1"]]), ["a", "b"]).has; // [true, false]
 * ```
 */
export function observeHeaders(
  headers: ObservableHeaders,
  names: readonly string[],
): HeadersObservation {
  return {
    entries: [...headers].map(([name, value]) => [name, value]),
    get: names.map((name) => headers.get(name)),
    has: names.map((name) => headers.has(name)),
    getSetCookie: headers.getSetCookie(),
  };
}

/**
 * What {@link observeHeaders} would read from a Headers whose header list is `list`, computed
 * with the header list algorithms alone (no validation), for header lists a runtime holds that a
 * Headers could not be built from (a value with trailing whitespace, say).
 *
 * @example
 * ```ts
 * import { observeHeaderList } from "./field_lines.ts";
 * observeHeaderList([["A", "1"], ["a", "2 "]], ["a"]).get; // ["1, 2 "]
 * ```
 */
export function observeHeaderList(list: HeaderList, names: readonly string[]): HeadersObservation {
  return {
    entries: sortAndCombine(list).map(([name, value]) => [name, value]),
    get: names.map((name) => headerListGet(list, name)),
    has: names.map((name) => headerListContains(list, name)),
    getSetCookie: valuesOf(list, "Set-Cookie"),
  };
}

/**
 * The metamorphic properties every Headers keeps, whatever built it: `get(n)` equals the
 * iterated value for n (the iterated set-cookie values joined by ", " for set-cookie; no other
 * name is iterated twice), `has(n)`
 * holds exactly when n is iterated, `getSetCookie()` equals the iterated set-cookie values.
 * Returns a description of the first one broken, or null.
 *
 * @example
 * ```ts
 * import { brokenMetamorphicProperty, observeHeaders } from "./field_lines.ts";
 * brokenMetamorphicProperty(observeHeaders(new Headers([["a", "1"]]), ["a"]), ["a"]); // null
 * ```
 */
export function brokenMetamorphicProperty(
  observation: HeadersObservation,
  names: readonly string[],
): string | null {
  const iterated = new Map<string, string[]>();
  for (const [name, value] of observation.entries) {
    iterated.set(name, [...(iterated.get(name) ?? []), value]);
  }
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const values = iterated.get(name);
    if (observation.has[i] !== (values !== undefined)) {
      return `has(${JSON.stringify(name)}) is ${observation.has[i]}, but ${
        values === undefined ? "it is not iterated" : "it is iterated"
      }`;
    }
    if (values !== undefined && values.length > 1 && name !== "set-cookie") {
      return `${JSON.stringify(name)} is iterated ${values.length} times; only set-cookie repeats`;
    }
    const expected = values === undefined ? null : values.join(", ");
    if (observation.get[i] !== expected) {
      return `get(${JSON.stringify(name)}) is ${JSON.stringify(observation.get[i])}, iterated ${
        JSON.stringify(expected)
      }`;
    }
  }
  const setCookies = iterated.get("set-cookie") ?? [];
  if (JSON.stringify(observation.getSetCookie) !== JSON.stringify(setCookies)) {
    return `getSetCookie() is ${JSON.stringify(observation.getSetCookie)}, iterated ${
      JSON.stringify(setCookies)
    }`;
  }
  return null;
}
