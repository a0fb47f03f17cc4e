/**
 * Deterministic inputs of the benchmark: a request-like set of 12 headers (what a server reads
 * off a browser request), the same set grown to 100 headers, and a response-like set of 12 that
 * carries 3 `set-cookie` headers. Names are lowercase and distinct (apart from `set-cookie`),
 * the way an HTTP/2 server or hyper hands them over, so the expected results of every call can be
 * written down without any Headers implementation: see {@link expectedPairs}.
 *
 * @example
 * ```ts
 * import { REQUEST_12, expectedPairs } from "./data.ts";
 * expectedPairs(REQUEST_12)[0]; // ["accept", "text/html,..."]
 * ```
 *
 * @module
 */

/** A header as `[name, value]`. */
export type Pair = readonly [string, string];

/** The 12 headers of a typical browser request with a JSON body. */
export const REQUEST_12: readonly Pair[] = [
  ["host", "api.example.com"],
  ["user-agent", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"],
  ["accept", "application/json, text/plain, */*"],
  ["accept-language", "en-US,en;q=0.5"],
  ["accept-encoding", "gzip, deflate, br, zstd"],
  ["content-length", "348"],
  ["content-type", "application/json"],
  ["origin", "https://app.example.com"],
  ["connection", "keep-alive"],
  ["cookie", "session=8c1f0e4a2b; theme=dark"],
  ["sec-fetch-mode", "cors"],
  ["cache-control", "no-cache"],
];

/** {@link REQUEST_12} followed by 88 custom headers `x-extra-01: value-01` ... `x-extra-88`. */
export const REQUEST_100: readonly Pair[] = [
  ...REQUEST_12,
  ...Array.from({ length: 88 }, (_, i): Pair => {
    const number = String(i + 1).padStart(2, "0");
    return [`x-extra-${number}`, `value-${number}`];
  }),
];

/** 12 response headers, 3 of them `set-cookie`, interleaved with the others. */
export const RESPONSE_12: readonly Pair[] = [
  ["content-type", "text/html; charset=utf-8"],
  ["content-length", "5120"],
  ["date", "Sat, 21 Nov 2026 08:00:00 GMT"],
  ["set-cookie", "session=8c1f0e4a2b; Path=/; HttpOnly; Secure; SameSite=Lax"],
  ["cache-control", "private, max-age=0"],
  ["vary", "Accept-Encoding"],
  ["set-cookie", "theme=dark; Path=/; Max-Age=31536000"],
  ["etag", '"33a64df551425fcc55e4d42a148795d9f25f89d4"'],
  ["x-content-type-options", "nosniff"],
  ["set-cookie", "csrf=f00dbabe; Path=/; SameSite=Strict"],
  ["strict-transport-security", "max-age=63072000; includeSubDomains"],
  ["server", "headerproof-bench"],
];

/** The request sets by size: 1 is {@link REQUEST_12}'s first header alone. */
export const REQUEST_BY_SIZE: Readonly<Record<number, readonly Pair[]>> = {
  1: REQUEST_12.slice(0, 1),
  12: REQUEST_12,
  100: REQUEST_100,
};

/** A name present in the request set of each size: the one in the middle of the list. */
export function hitName(size: number): string {
  return requestSet(size)[size === 1 ? 0 : size === 12 ? 6 : 55][0];
}

/** A name absent from every set. */
export const MISS_NAME = "x-request-id";

/** The header that "set fresh" and "append fresh" add. */
export const FRESH_PAIR: Pair = ["x-request-id", "7f3c9a2e-5b1d-4e8a-9c6f-2d4b8e1a0c3f"];

/** The two values "set existing" alternates between, so no call stores the value already there. */
export const SET_EXISTING_VALUES: readonly [string, string] = ["no-store", "max-age=60"];

/**
 * The 12 names a request handler reads in "12 different gets": 9 present in {@link REQUEST_12},
 * 3 absent.
 */
export const TWELVE_GETS: readonly string[] = [
  "host",
  "content-type",
  "content-length",
  "authorization",
  "cookie",
  "accept",
  "accept-encoding",
  "user-agent",
  "origin",
  "x-forwarded-for",
  "if-none-match",
  "accept-language",
];

/** The request set of `size` (1, 12 or 100); throws a RangeError naming any other size. */
export function requestSet(size: number): readonly Pair[] {
  const set = REQUEST_BY_SIZE[size];
  if (set === undefined) throw new RangeError(`no request set of size ${size} (use 1, 12 or 100)`);
  return set;
}

/** `name` with the first letter of each dash-separated part in upper case: `Content-Type`. */
export function mixedCase(name: string): string {
  return name.replace(
    /(^|-)([a-z])/g,
    (_, dash: string, letter: string) => dash + letter.toUpperCase(),
  );
}

/** The pairs as a record `{name: value}`; throws a TypeError on a repeated name. */
export function toRecord(pairs: readonly Pair[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of pairs) {
    if (Object.hasOwn(record, name)) {
      throw new TypeError(`toRecord: repeated name "${name}" cannot be a record key`);
    }
    record[name] = value;
  }
  return record;
}

/** The pairs as fresh mutable `[name, value]` arrays, the shape a sequence init has. */
export function toSequence(pairs: readonly Pair[]): [string, string][] {
  return pairs.map(([name, value]): [string, string] => [name, value]);
}

/**
 * What iterating a Headers filled with `pairs` must yield, for inputs whose names are lowercase
 * and distinct except `set-cookie`: the pairs sorted by name in byte order, `set-cookie` values
 * kept apart in their order (sort-and-combine has nothing to combine here). Throws a TypeError if
 * the input breaks that precondition, so it cannot silently disagree with the standard.
 */
export function expectedPairs(pairs: readonly Pair[]): [string, string][] {
  const seen = new Set<string>();
  for (const [name] of pairs) {
    if (name !== name.toLowerCase()) {
      throw new TypeError(`expectedPairs: name "${name}" is not lowercase`);
    }
    if (name !== "set-cookie" && seen.has(name)) {
      throw new TypeError(`expectedPairs: name "${name}" repeats; it would need combining`);
    }
    seen.add(name);
  }
  return toSequence(pairs).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The value of `name` in `pairs` (lowercase exact match), or null. */
export function valueOf(pairs: readonly Pair[], name: string): string | null {
  const lower = name.toLowerCase();
  const found = pairs.find(([candidate]) => candidate === lower);
  return found === undefined ? null : found[1];
}

/** `pairs` with the value of `name` replaced, as "set" on an existing name leaves them. */
export function withValue(pairs: readonly Pair[], name: string, value: string): Pair[] {
  return pairs.map(([n, v]): Pair => [n, n === name ? value : v]);
}

/** `pairs` without `name`. */
export function without(pairs: readonly Pair[], name: string): Pair[] {
  return pairs.filter(([n]) => n !== name);
}

const codeUnitsCache = new Map<string, number[]>();

/**
 * A brand-new string object equal to `text`, as a server decoding a name off the wire gets: built
 * from char codes at run time with `String.fromCharCode`, so it is a flat, non-internalized
 * string that no engine has hashed, interned or cached yet. Two calls never return the same
 * object (strings compare by value in JavaScript; identity is what engine caches key on).
 */
export function freshCopy(text: string): string {
  let codes = codeUnitsCache.get(text);
  if (codes === undefined) {
    codes = Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));
    codeUnitsCache.set(text, codes);
  }
  return String.fromCharCode(...codes);
}
