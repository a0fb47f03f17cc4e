/**
 * What operations are called with, shared by every kind: header names and values (tiny pools with
 * random case flips, so that two steps hit the same header in several casings), the arguments
 * WebIDL must convert or reject ({@link Arg}), guards, and references to live objects and open
 * iterators; their generators, their rendering as JavaScript and the values they stand for. Every
 * weight is a relative frequency inside its `fc.oneof`.
 *
 * @example
 * ```ts
 * import fc from "fast-check";
 * import { headerName, renderArg } from "./arguments.ts";
 * fc.sample(headerName, 3); // e.g. ["Range", "a", "SET-cookie"]
 * renderArg({ $: "number", v: 1.5 }); // "1.5"
 * ```
 *
 * @module
 */
import fc from "fast-check";

/** An argument: a string (the usual case) or a value WebIDL must convert (or reject). */
export type Arg =
  | string
  | null
  | boolean
  | { $: "undefined" }
  | { $: "symbol" }
  | { $: "number"; v: number }
  | { $: "object with toString"; v: string };

/** The guards, as the contract names them. */
export type Guard = "immutable" | "request" | "request-no-cors" | "response" | "none";

/** The most objects alive at once; a construct beyond it replaces the oldest slot. */
export const MAX_OBJECTS = 4;
/** The most iterators open at once. */
export const MAX_ITERATORS = 3;

/** A JavaScript expression for `arg`. */
export function renderArg(arg: Arg): string {
  if (typeof arg === "string" || typeof arg === "boolean" || arg === null) {
    return JSON.stringify(arg);
  }
  switch (arg.$) {
    case "undefined":
      return "undefined";
    case "symbol":
      return 'Symbol("s")';
    case "number":
      return String(arg.v);
    case "object with toString":
      return `{ toString: () => ${JSON.stringify(arg.v)} }`;
  }
}

/** The JavaScript value `arg` stands for. */
export function argValue(arg: Arg): unknown {
  if (typeof arg === "string" || typeof arg === "boolean" || arg === null) return arg;
  switch (arg.$) {
    case "undefined":
      return undefined;
    case "symbol":
      return Symbol("s");
    case "number":
      return arg.v;
    case "object with toString": {
      const text = arg.v;
      return { toString: () => text };
    }
  }
}

/** Flips the case of the letters of `text` whose bit is set in `mask`. */
export function flipCase(text: string, mask: number): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const flip = (mask >>> (i % 30)) & 1;
    out += flip ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c;
  }
  return out;
}

/** Picks from `pool`, then flips the case of random letters. */
export function casedFrom(pool: readonly string[]): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...pool), fc.nat()).map(([name, mask]) =>
    mask % 3 === 0 ? name : flipCase(name, mask)
  );
}

/** Ordinary names: few enough that collisions are the rule. */
export const ORDINARY_NAMES = ["a", "b", "x-y"] as const;
/** The no-CORS-safelisted names. */
export const NO_CORS_NAMES = ["accept", "accept-language", "content-language", "content-type"];
/** A sample of forbidden request-header names, prefixes included. */
export const FORBIDDEN_NAMES = ["host", "cookie", "content-length", "proxy-a", "sec-a", "te"];
/** The names whose value decides whether they are forbidden. */
export const METHOD_OVERRIDE_NAMES = [
  "x-http-method",
  "x-http-method-override",
  "x-method-override",
];
/** Names that are not header names: empty, separators, controls, non-ASCII, above 0xFF. */
export const INVALID_NAMES = ["", "a b", "a:b", "a\n", "(", "é", "\u0100", "a\u0000", "a\r\nb: c"];

/**
 * One mebibyte of token characters: long names and values are slices of it, so an implementation
 * that caches a string it was given keeps this whole parent alive unless it copies.
 */
const LONG_SOURCE = "abcdefghijklmnopqrstuvwxyz0123456789-".repeat(28_340).slice(0, 1 << 20);

/**
 * Lengths around the size limits the implementations under test use: impl's cached-value limit of
 * 256 units, and the 1 KiB and 4 KiB boundaries of string and buffer sizes.
 */
const LONG_LENGTHS = [255, 256, 257, 1023, 1024, 1025, 4096, 4097];

/** Name lengths around impl's cached-name limit of 64 units, then the value limits up to 1 KiB. */
const LONG_NAME_LENGTHS = [63, 64, 65, ...LONG_LENGTHS.slice(0, 6)];

/** A slice of {@link LONG_SOURCE} (token characters only: a valid name) of a length up to 1025. */
const longName = fc.tuple(fc.constantFrom(...LONG_NAME_LENGTHS), fc.nat({ max: 1000 }))
  .map(([length, start]) => LONG_SOURCE.slice(start, start + length));

/**
 * Header names, weights out of 102: ordinary 24, no-CORS-safelisted 16, `range` 8, `set-cookie`
 * / `set-cookie2` 12, forbidden request-header names 10, method-override names 6, integer-like
 * names (record key order) 4, near-token and invalid names 10, a random token 10, a slice of
 * a 1 MiB string (63-65 units: impl caches names up to 64; 255-257; 1023-1025) 2.
 */
export const headerName: fc.Arbitrary<string> = fc.oneof(
  { weight: 24, arbitrary: casedFrom(ORDINARY_NAMES) },
  { weight: 16, arbitrary: casedFrom(NO_CORS_NAMES) },
  { weight: 8, arbitrary: casedFrom(["range"]) },
  { weight: 12, arbitrary: casedFrom(["set-cookie", "set-cookie2"]) },
  { weight: 10, arbitrary: casedFrom(FORBIDDEN_NAMES) },
  { weight: 6, arbitrary: casedFrom(METHOD_OVERRIDE_NAMES) },
  { weight: 4, arbitrary: fc.constantFrom("0", "1", "10") },
  { weight: 10, arbitrary: fc.constantFrom(...INVALID_NAMES) },
  {
    weight: 10,
    arbitrary: fc.string({
      unit: fc.constantFrom(..."!#$%&'*+-.^_`|~09AZaz"),
      minLength: 1,
      maxLength: 4,
    }),
  },
  { weight: 2, arbitrary: longName },
);

/** The bytes a CORS-safelisted value must not contain (a sample of them). */
const CORS_UNSAFE = ['"', "(", ")", ":", "<", ">", "?", "@", "[", "\\", "]", "{", "}", "\u007f"];

/** MIME types that parse, almost parse, or parse to the wrong essence. */
export const MIME_TYPES = [
  "text/plain",
  "TEXT/Plain",
  "text/plain;charset=utf-8",
  'text/plain;charset="utf-8"',
  "text/plain;",
  "text/plain ;a=b",
  "text /plain",
  "text/ plain",
  "text/plain,text/html",
  "text/html",
  "text/plain\u000b",
  "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded;;",
  "/plain",
  "text/",
  "text",
  'text/plain;a="b',
];

/** Single range values: valid, with whitespace, reversed, multiple, suffix, empty. */
export const RANGE_VALUES = [
  "bytes=0-",
  "bytes=0-1",
  "bytes=10-2",
  "bytes=-5",
  "bytes = 0-1",
  "bytes=0 -1",
  "Bytes=0-",
  "bytes=0-1,2-3",
  "bytes=",
  "bytes=a-",
  "bytes=00-01",
];

/** Values for the method-override names. */
export const METHOD_VALUES = [
  "CONNECT",
  "connect",
  "GET, TRACE",
  "get,track",
  "GET ,TRACE",
  '"TRACE"',
  '"TRACE", GET',
  '"TR\\"ACE',
  '"TRACE\\',
  "GET",
];

/** An invalid value longer than error messages quote in full. */
const LONG_INVALID_VALUE = "a".repeat(250) + "\u0000";

/** Whitespace the value normalizer strips, and spaces it must keep. */
const EDGE_WHITESPACE = [" ", "\t", "\r", "\n", "\r\n", " \t", "\n "];

/** Values with `pad` around `core` on one or both sides. */
const padded = fc.tuple(
  fc.constantFrom(...EDGE_WHITESPACE, ""),
  fc.constantFrom("a", "text/plain", "a b", "", "bytes=0-"),
  fc.constantFrom(...EDGE_WHITESPACE, ""),
).map(([before, core, after]) => before + core + after);

/** A slice of {@link LONG_SOURCE} of one of {@link LONG_LENGTHS}, optionally space-padded. */
const longValue = fc.tuple(
  fc.constantFrom(...LONG_LENGTHS),
  fc.nat({ max: 1000 }),
  fc.constantFrom("", " "),
).map(([length, start, pad]) => pad + LONG_SOURCE.slice(start, start + length) + pad);

/** Strings of 126 to 130 units (the CORS-safelisted limit is 128), optionally padded. */
const aroundCorsLimit = fc.tuple(
  fc.integer({ min: 126, max: 130 }),
  fc.constantFrom("a", "text/plain;x=", "en,", " "),
).map(([length, prefix]) => (prefix + "a".repeat(length)).slice(0, length));

/**
 * Header values, weights out of 103: plain 10, random 1-8 units of `az09 ,;="` and tab 6 (many
 * distinct values, for value caches), edge whitespace (leading/trailing tab,
 * space, CR, LF) 14, embedded NUL/CR/LF 8, code units above 0x7F and 0xFF 6, around the 128-byte
 * CORS limit 8, MIME types 10, range values 8, method-override values 6, language-like values 5,
 * cookie values 5, CORS-unsafe bytes 6, the empty string 8, long slices of a 1 MiB string across
 * size limits 3.
 */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom("1", "a", "b, c", "x y", "*") },
  {
    weight: 6,
    arbitrary: fc.string({ unit: fc.constantFrom(...'az09 ,;="\t'), minLength: 1, maxLength: 8 }),
  },
  { weight: 14, arbitrary: padded },
  {
    weight: 8,
    arbitrary: fc.constantFrom("a\u0000b", "a\rb", "a\nb", "a\r\n b", "\u0000", LONG_INVALID_VALUE),
  },
  {
    weight: 6,
    arbitrary: fc.constantFrom("é", "caf\u00e9", "\u00ff", "\u0100", "\u{1F600}", "\ud800"),
  },
  { weight: 8, arbitrary: aroundCorsLimit },
  { weight: 10, arbitrary: fc.constantFrom(...MIME_TYPES) },
  { weight: 8, arbitrary: fc.constantFrom(...RANGE_VALUES) },
  { weight: 6, arbitrary: fc.constantFrom(...METHOD_VALUES) },
  { weight: 5, arbitrary: fc.constantFrom("en-US", "en;q=0.5", "en_US", "de, *") },
  { weight: 5, arbitrary: fc.constantFrom("a=b", "a=b; Path=/", "a=b, c=d") },
  { weight: 6, arbitrary: fc.constantFrom(...CORS_UNSAFE).map((c) => "a" + c) },
  { weight: 8, arbitrary: fc.constant("") },
  { weight: 3, arbitrary: longValue },
);

/**
 * Arguments that are not strings, weights out of 100: undefined 25, null 20, number 20, Symbol
 * 15, an object whose toString gives a name 15, boolean 5.
 */
const oddArg: fc.Arbitrary<Arg> = fc.oneof(
  { weight: 25, arbitrary: fc.constant({ $: "undefined" as const }) },
  { weight: 20, arbitrary: fc.constant(null) },
  { weight: 20, arbitrary: fc.constantFrom(0, 1.5, -1).map((v) => ({ $: "number" as const, v })) },
  { weight: 15, arbitrary: fc.constant({ $: "symbol" as const }) },
  {
    weight: 15,
    arbitrary: fc.constantFrom("Accept", "a").map((v) => ({
      $: "object with toString" as const,
      v,
    })),
  },
  { weight: 5, arbitrary: fc.boolean() },
);

/**
 * A name with a value of its own family (range + range value, content-type + MIME type, a
 * method-override name + method list, a language name + language value, set-cookie + cookie),
 * so that the value-dependent rules are reached often.
 */
const coupledPair: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(casedFrom(["range"]), fc.constantFrom(...RANGE_VALUES)),
  fc.tuple(casedFrom(["content-type"]), fc.constantFrom(...MIME_TYPES)),
  fc.tuple(casedFrom(METHOD_OVERRIDE_NAMES), fc.constantFrom(...METHOD_VALUES)),
  fc.tuple(
    casedFrom(["accept-language", "content-language", "accept"]),
    fc.constantFrom("en-US", "en;q=0.5", "de, *", 'a"b', "*/*"),
  ),
  fc.tuple(casedFrom(["set-cookie"]), fc.constantFrom("a=b", "c=d; Path=/", "")),
);

/** A name argument: a name 97, something else 3. */
export const nameArg: fc.Arbitrary<Arg> = fc.oneof(
  { weight: 97, arbitrary: headerName },
  { weight: 3, arbitrary: oddArg },
);
/** A value argument: a value 97, something else 3. */
export const valueArg: fc.Arbitrary<Arg> = fc.oneof(
  { weight: 97, arbitrary: headerValue },
  { weight: 3, arbitrary: oddArg },
);

/** (name, value) arguments: independent 70, a {@link coupledPair} 30. */
export const nameValueArgs: fc.Arbitrary<Arg[]> = fc.oneof(
  { weight: 70, arbitrary: fc.tuple(nameArg, valueArg) },
  { weight: 30, arbitrary: coupledPair },
);

/** Drops trailing arguments 2% of the time (WebIDL must throw on too few). */
export function withArity(args: fc.Arbitrary<Arg[]>): fc.Arbitrary<Arg[]> {
  return fc.tuple(args, fc.integer({ min: 0, max: 99 })).map(([list, roll]) =>
    roll < 2 ? list.slice(0, roll % list.length) : list
  );
}

/** A reference to a live object (resolved modulo their count when the step runs). */
export const objectRef = fc.nat({ max: MAX_OBJECTS * 2 - 1 });

/** A reference to an open iterator (resolved modulo their count when the step runs). */
export const iteratorRef = fc.nat({ max: MAX_ITERATORS * 2 - 1 });

/** Guards, equally likely. */
export const guard: fc.Arbitrary<Guard> = fc.constantFrom(
  "none",
  "request",
  "request-no-cors",
  "response",
  "immutable",
);

/** A (name, value) pair of strings. */
export const pair = fc.tuple(headerName, headerValue);

/** A name that is a header name (the raw-list pools without the invalid ones). */
export const validName = headerName.filter((name) => /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name));
/** A value that is a header value and a ByteString. */
export const validValue = headerValue.filter((value) =>
  !/^[\t ]|[\t ]$|[\0\r\n]|[^\0-\u00ff]/.test(value)
);
