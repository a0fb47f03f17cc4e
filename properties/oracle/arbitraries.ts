/**
 * Arbitraries aimed at the places where fast Headers implementations break. Every weight is a
 * relative frequency inside its `fc.oneof`; the tables are repeated in properties/README.md.
 *
 * Names come from tiny pools so that two operations hit the same header most of the time, and each
 * name gets random case flips, so the same header shows up in several casings.
 *
 * @example
 * ```ts
 * import fc from "fast-check";
 * import { headerName } from "./arbitraries.ts";
 * fc.sample(headerName, 3); // e.g. ["Range", "a", "SET-cookie"]
 * ```
 *
 * @module
 */
import fc from "fast-check";
import type {
  Arg,
  BatchedOp,
  BrandMethod,
  BrokenHow,
  CallOp,
  ExoticHow,
  Guard,
  Init,
  IteratorKind,
  Misuse,
  Op,
  RecordedHow,
  RecordExtra,
  Tamper,
} from "./ops.ts";
import { MAX_ITERATORS, MAX_OBJECTS } from "./ops.ts";

/** Flips the case of the letters of `text` whose bit is set in `mask`. */
function flipCase(text: string, mask: number): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const flip = (mask >>> (i % 30)) & 1;
    out += flip ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c;
  }
  return out;
}

/** Picks from `pool`, then flips the case of random letters. */
function casedFrom(pool: readonly string[]): fc.Arbitrary<string> {
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
const nameArg: fc.Arbitrary<Arg> = fc.oneof(
  { weight: 97, arbitrary: headerName },
  { weight: 3, arbitrary: oddArg },
);
/** A value argument: a value 97, something else 3. */
const valueArg: fc.Arbitrary<Arg> = fc.oneof(
  { weight: 97, arbitrary: headerValue },
  { weight: 3, arbitrary: oddArg },
);

/** (name, value) arguments: independent 70, a {@link coupledPair} 30. */
const nameValueArgs: fc.Arbitrary<Arg[]> = fc.oneof(
  { weight: 70, arbitrary: fc.tuple(nameArg, valueArg) },
  { weight: 30, arbitrary: coupledPair },
);

/** Drops trailing arguments 2% of the time (WebIDL must throw on too few). */
function withArity(args: fc.Arbitrary<Arg[]>): fc.Arbitrary<Arg[]> {
  return fc.tuple(args, fc.integer({ min: 0, max: 99 })).map(([list, roll]) =>
    roll < 2 ? list.slice(0, roll % list.length) : list
  );
}

const objectRef = fc.nat({ max: MAX_OBJECTS * 2 - 1 });

/** One method call on a live object (targets resolved when it runs). */
export const callOp: fc.Arbitrary<CallOp> = fc.oneof(
  {
    weight: 30,
    arbitrary: fc.record({
      op: fc.constant("append" as const),
      target: objectRef,
      args: withArity(nameValueArgs),
    }),
  },
  {
    weight: 22,
    arbitrary: fc.record({
      op: fc.constant("set" as const),
      target: objectRef,
      args: withArity(nameValueArgs),
    }),
  },
  {
    weight: 20,
    arbitrary: fc.record({
      op: fc.constant("delete" as const),
      target: objectRef,
      args: withArity(fc.tuple(nameArg)),
    }),
  },
  {
    weight: 14,
    arbitrary: fc.record({
      op: fc.constant("get" as const),
      target: objectRef,
      args: withArity(fc.tuple(nameArg)),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      op: fc.constant("has" as const),
      target: objectRef,
      args: withArity(fc.tuple(nameArg)),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant("getSetCookie" as const),
      target: objectRef,
      args: fc.constant<Arg[]>([]),
    }),
  },
);

/** A mutation (append 45, set 30, delete 25), for forEach callbacks and copies. */
export const mutationOp: fc.Arbitrary<CallOp> = fc.oneof(
  {
    weight: 45,
    arbitrary: fc.record({
      op: fc.constant("append" as const),
      target: objectRef,
      args: fc.tuple(headerName, headerValue),
    }),
  },
  {
    weight: 30,
    arbitrary: fc.record({
      op: fc.constant("set" as const),
      target: objectRef,
      args: fc.tuple(headerName, headerValue),
    }),
  },
  {
    weight: 25,
    arbitrary: fc.record({
      op: fc.constant("delete" as const),
      target: objectRef,
      args: fc.tuple(headerName),
    }),
  },
);

/** Guards, equally likely. */
export const guard: fc.Arbitrary<Guard> = fc.constantFrom(
  "none",
  "request",
  "request-no-cors",
  "response",
  "immutable",
);

const pair = fc.tuple(headerName, headerValue);

/** The items of a sequence init: pairs, with a pair of the wrong size or a bare string 1 in 12. */
const sequenceItems = fc.array(
  fc.oneof(
    { weight: 11, arbitrary: pair as fc.Arbitrary<Arg[] | string> },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constant([] as Arg[]),
        fc.tuple(headerName).map((t): Arg[] => t),
        fc.tuple(headerName, headerValue, fc.constantFrom<Arg>("c", "\u0100")).map((t): Arg[] => t),
        fc.constant("ab"),
      ),
    },
  ),
  { maxLength: 5 },
);

/**
 * Constructor inputs, weights out of 114: none 8, explicit undefined 3, array of pairs 25, 30-40
 * distinct names (h0, H1, ...) plus a few pairs (half of them set-cookie) 3, an iterable that is
 * not an array (its pairs arrays or iterables too) 8, Map 6, record 13, record with an extra
 * symbol / non-enumerable key or behind a Proxy 6, another live Headers 15, a recorded init (a
 * record, an array or an iterator that logs every interaction, see observe.ts `recordedInit`) 6,
 * an exotic init
 * (callable record, array with a hole or getters, iterable that throws midway, Headers whose
 * `@@iterator` a subclass or the instance overrides, a foreign class named Headers) 8, an init
 * that breaks sequence conversion 5, an array behind a Proxy whose length is a string, a fraction
 * or negative 3, null or a primitive 5.
 */
export const init: fc.Arbitrary<Init> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ kind: "none" as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: "undefined" as const }) },
  {
    weight: 25,
    arbitrary: fc.record({ kind: fc.constant("sequence" as const), items: sequenceItems }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant("iterable" as const),
      items: sequenceItems,
      innerIterables: fc.boolean(),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("map" as const),
      entries: fc.array(pair, { maxLength: 4 }),
    }),
  },
  {
    weight: 13,
    arbitrary: fc.record({
      kind: fc.constant("record" as const),
      entries: fc.array(fc.tuple(headerName, valueArg), { maxLength: 5 }),
      extra: fc.constant(null),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("record" as const),
      entries: fc.array(fc.tuple(headerName, valueArg), { maxLength: 3 }),
      extra: fc.constantFrom<RecordExtra | null>(
        "enumerable symbol",
        "hidden symbol",
        "hidden string",
        "proxy",
        "proxy with enumerable symbol",
      ),
    }),
  },
  {
    weight: 15,
    arbitrary: fc.record({ kind: fc.constant("headers" as const), source: objectRef }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("recorded" as const),
      how: fc.constantFrom<RecordedHow>("record", "array", "iterator"),
      items: fc.array(pair.map((p): Arg[] => p), { maxLength: 3 }),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant("exotic" as const),
      how: fc.constantFrom<ExoticHow>(
        "callable record",
        "array with a hole",
        "array with getters",
        "iterable throws midway",
        "subclass overrides @@iterator",
        "instance overrides @@iterator",
        "foreign Headers",
      ),
      items: fc.array(pair.map((p): Arg[] => p), { maxLength: 3 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("broken" as const),
      how: fc.constantFrom<BrokenHow>(
        "iterator not callable",
        "iterator returns a primitive",
        "next returns a primitive",
        "pair is a primitive",
        "pair is a plain object",
        "pair iterator not callable",
        "pair iterator returns a primitive",
        "pair next returns a primitive",
      ),
      items: fc.array(pair.map((p): Arg[] => p), { maxLength: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.tuple(
      fc.integer({ min: 30, max: 40 }),
      fc.nat(),
      fc.array(fc.oneof(pair, fc.tuple(casedFrom(["set-cookie"]), headerValue)), { maxLength: 4 }),
    )
      .map(([count, mask, extra]): Init => ({
        kind: "sequence",
        items: [
          ...Array.from({ length: count }, (_, i) => [flipCase(`h${i}`, mask >>> i), "v"]),
          ...extra,
        ],
      })),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("proxied array" as const),
      items: fc.array(pair.map((p): Arg[] => p), { maxLength: 3 }),
      length: fc.constantFrom("string" as const, "fraction" as const, "negative" as const),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("invalid" as const),
      value: fc.constantFrom<Arg>(null, "a", { $: "number", v: 1 }, true),
    }),
  },
);

/** A name that is a header name (the raw-list pools without the invalid ones). */
const validName = headerName.filter((name) => /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name));
/** A value that is a header value and a ByteString. */
const validValue = headerValue.filter((value) =>
  !/^[\t ]|[\t ]$|[\0\r\n]|[^\0-\u00ff]/.test(value)
);

/** A raw list as a server's parser hands it over: valid names (any casing) and valid values. */
export const validRawList: fc.Arbitrary<string[]> = fc.array(fc.tuple(validName, validValue), {
  maxLength: 6,
}).map((pairs) => pairs.flat());

/**
 * Raw lists that break the contract, weights out of 100: odd length 20, an invalid name 30, a
 * value with edge whitespace 20, a value with NUL/CR/LF 15, a value with a code unit above 0xFF
 * (no byte sequence) 10, a name or value that is not a string 5. The bad pair sits at a random
 * position among valid ones.
 */
export const invalidRawList: fc.Arbitrary<string[]> = fc.tuple(
  validRawList,
  fc.oneof(
    { weight: 20, arbitrary: fc.constant(["odd"]) },
    {
      weight: 30,
      arbitrary: fc.tuple(fc.constantFrom(...INVALID_NAMES), validValue).map((p) => [...p]),
    },
    {
      weight: 20,
      arbitrary: fc.tuple(validName, fc.constantFrom(" a", "a\t", "\n", " ")).map((p) => [...p]),
    },
    {
      weight: 10,
      arbitrary: fc.tuple(validName, fc.constantFrom("\u0100", "a\u20acb", "\ud800")).map((
        p,
      ) => [...p]),
    },
    {
      weight: 15,
      arbitrary: fc.tuple(validName, fc.constantFrom("a\u0000", "a\rb", "a\nb")).map((p) => [...p]),
    },
    {
      weight: 5,
      arbitrary: fc.constantFrom<unknown[]>([null, "a"], ["a", 1]).map((p) => p as string[]),
    },
  ),
  fc.nat(),
).map(([valid, bad, at]) => {
  const position = 2 * (at % (valid.length / 2 + 1));
  return [...valid.slice(0, position), ...bad, ...valid.slice(position)];
});

const iteratorKind: fc.Arbitrary<IteratorKind> = fc.constantFrom(
  "entries",
  "keys",
  "values",
  "@@iterator",
);

const brandMethod: fc.Arbitrary<BrandMethod> = fc.constantFrom(
  "append",
  "set",
  "delete",
  "get",
  "has",
  "getSetCookie",
  "forEach",
  "keys",
  "values",
  "entries",
  "iterator.next",
);

/** The first operation on a lazily materialized raw list (target filled in when it runs). */
const firstOp: fc.Arbitrary<Op> = fc.oneof(
  { weight: 60, arbitrary: callOp as fc.Arbitrary<Op> },
  {
    weight: 10,
    arbitrary: fc.record({
      op: fc.constant("iterOpen" as const),
      slot: fc.constant(0),
      target: fc.constant(0),
      kind: iteratorKind,
    }),
  },
  {
    weight: 10,
    arbitrary: fc.record({
      op: fc.constant("forEach" as const),
      target: fc.constant(0),
      mutations: fc.array(mutationOp, { maxLength: 2 }),
    }),
  },
  {
    weight: 10,
    arbitrary: fc.record({
      op: fc.constant("copy" as const),
      slot: fc.constant(0),
      source: fc.constant(0),
      via: fc.constantFrom<Guard | "constructor">("constructor", "request", "none"),
      wrapNext: fc.constant(false),
      then: fc.constant(null),
    }),
  },
  {
    weight: 10,
    arbitrary: fc.record({ op: fc.constant("freeze" as const), target: fc.constant(0) }),
  },
);

/** API misuse that must throw a TypeError. */
const misuse: fc.Arbitrary<Misuse> = fc.constantFrom(
  "forEach without callback",
  "forEach with a non-callable",
  "unknown guard",
  "unknown profile",
  "raw list not an array",
  "freeze a plain object",
);

const iteratorRef = fc.nat({ max: MAX_ITERATORS * 2 - 1 });

/** How a copy is made: the constructor 2 in 7, each guard 1 in 7. */
const copyVia: fc.Arbitrary<Guard | "constructor"> = fc.constantFrom(
  "constructor",
  "constructor",
  "none",
  "request",
  "request-no-cors",
  "response",
  "immutable",
);

/** What a tamper step mutates, equally likely. */
const tamper: fc.Arbitrary<Tamper> = fc.constantFrom(
  "getSetCookie array",
  "iterator result",
  "spread pairs",
);

/**
 * A step inside a batch, weights out of 100: a call (as {@link callOp}) 60, iterator next 25,
 * forEach with a mutating callback 8, tamper 7. Batches are where caches go stale: nothing reads
 * the whole list between these steps.
 */
const batchedOp: fc.Arbitrary<BatchedOp> = fc.oneof(
  { weight: 60, arbitrary: callOp as fc.Arbitrary<BatchedOp> },
  {
    weight: 25,
    arbitrary: fc.record({ op: fc.constant("iterNext" as const), iterator: iteratorRef }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      op: fc.constant("forEach" as const),
      target: objectRef,
      mutations: fc.array(mutationOp, { maxLength: 3 }),
    }),
  },
  {
    weight: 7,
    arbitrary: fc.record({ op: fc.constant("tamper" as const), target: objectRef, what: tamper }),
  },
);

/**
 * One campaign step, weights out of 102: construct 10, append/set/delete/get/has/getSetCookie
 * (as {@link callOp}) 34, iterator open 5, iterator next 6, forEach with mutating callback 6,
 * freeze 2, copy then mutate 7 (its iterator `next` wrapped by user code half the time), raw list
 * then its first operation 7, a batch of 2-8 calls, iterator steps, forEach and tampering with no
 * observation in between 13, tampering with a returned value 4, the interface shape 2, a chain of
 * 2-8 copies 2, a brand check 2, API misuse 2.
 */
export const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      op: fc.constant("construct" as const),
      slot: fc.constant(0),
      guard,
      init,
    }),
  },
  { weight: 34, arbitrary: callOp as fc.Arbitrary<Op> },
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant("iterOpen" as const),
      slot: fc.constant(0),
      target: objectRef,
      kind: iteratorKind,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant("iterNext" as const),
      iterator: iteratorRef,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant("forEach" as const),
      target: objectRef,
      mutations: fc.array(mutationOp, { maxLength: 4 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("freeze" as const), target: objectRef }) },
  {
    weight: 7,
    arbitrary: fc.record({
      op: fc.constant("copy" as const),
      slot: fc.constant(0),
      source: objectRef,
      via: copyVia,
      wrapNext: fc.boolean(),
      then: fc.option(mutationOp, { freq: 4 }),
    }),
  },
  {
    weight: 7,
    arbitrary: fc.record({
      op: fc.constant("rawList" as const),
      slot: fc.constant(0),
      flat: validRawList,
      guard,
      first: fc.option(firstOp, { freq: 8 }),
    }),
  },
  {
    weight: 13,
    arbitrary: fc.record({
      op: fc.constant("batch" as const),
      ops: fc.array(batchedOp, { minLength: 2, maxLength: 8 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant("tamper" as const), target: objectRef, what: tamper }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("copyChain" as const),
      slot: fc.constant(0),
      source: objectRef,
      links: fc.array(copyVia, { minLength: 2, maxLength: 8 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("shape" as const), target: objectRef }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant("misuse" as const), what: misuse, target: objectRef }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("brand" as const),
      method: brandMethod,
      args: fc.constantFrom<Arg[]>([], ["a"], ["a", "b"]),
    }),
  },
);

/**
 * What follows an invalid raw list: 0-2 appends, then calls that must read the list: get or has
 * (with a valid name), getSetCookie, an iterator's first `next()`, or forEach.
 */
export const invalidRawFollowUp: fc.Arbitrary<Op[]> = fc.tuple(
  fc.array(
    fc.record({
      op: fc.constant("append" as const),
      target: fc.constant(0),
      args: fc.tuple(headerName, headerValue),
    }),
    { maxLength: 2 },
  ),
  fc.oneof(
    fc.record({
      op: fc.constantFrom("get" as const, "has" as const),
      target: fc.constant(0),
      args: fc.tuple(validName),
    }).map((call): Op[] => [call]),
    fc.constant<Op[]>([{ op: "getSetCookie", target: 0, args: [] }]),
    fc.constant<Op[]>([
      { op: "iterOpen", slot: 0, target: 0, kind: "entries" },
      { op: "iterNext", iterator: 0 },
    ]),
    fc.constant<Op[]>([{ op: "forEach", target: 0, mutations: [] }]),
  ),
).map(([appends, reading]) => [...appends, ...reading]);
