/**
 * The codec stage's inputs: byte strings (each char a byte, 0-255) for names and values, and map
 * cases. A byte string is a pattern repeated to a length, with a few bytes set: the lengths sit on
 * the crate's internal boundaries (machine words of 4 and 8 bytes and their multiples, the 64-byte
 * scratch buffer a name is lowercased in, the 65,535-byte name limit), the patterns mix case and
 * the token bytes whose case bit a word-at-a-time lowercasing must leave alone (`^`, `_`, `|`,
 * `~`, digits), and the set bytes are any of the 256, most often at the ends and next to a word
 * boundary. Standard names (the crate's table) come with case flips.
 *
 * @example
 * ```ts
 * import fc from "fast-check";
 * import { codecCaseArbitrary } from "./arbitraries.ts";
 * console.log(fc.sample(codecCaseArbitrary, 3));
 * ```
 *
 * @module
 */
import fc from "fast-check";
import type { MapStep } from "./reference.ts";

/** Lengths on and beside the crate's internal boundaries. */
export const BOUNDARY_LENGTHS: readonly number[] = [
  0,
  1,
  2,
  3,
  4,
  5,
  7,
  8,
  9,
  11,
  12,
  13,
  15,
  16,
  17,
  23,
  24,
  25,
  31,
  32,
  33,
  39,
  40,
  41,
  47,
  48,
  49,
  55,
  56,
  57,
  63,
  64,
  65,
  66,
  67,
  71,
  72,
  73,
  79,
  80,
  81,
  127,
  128,
  129,
  255,
  256,
  257,
  1000,
  65535,
  65536,
];

/** Names of the crate's standard-header table, at several lengths. */
const STANDARD_NAMES = [
  "te",
  "age",
  "host",
  "accept",
  "cookie",
  "content-length",
  "x-xss-protection",
  "sec-websocket-key",
  "x-content-type-options",
  "sec-websocket-extensions",
  "access-control-allow-credentials",
];

const NAME_PATTERN = "aBcDeFgHzZ09-_^|~!#$%&'*+.`";
const VALUE_PATTERN = 'aB c9-_^~"(),/:;<=>?@[\\]{}\x80\xff';

/** Bytes chosen more often: the ends of each class, whitespace, controls, DEL, obs-text. */
const ODD_BYTES = [
  0x00,
  0x01,
  0x09,
  0x0a,
  0x0b,
  0x0d,
  0x1f,
  0x20,
  0x22,
  0x2c,
  0x3a,
  0x40,
  0x41,
  0x5a,
  0x5b,
  0x5e,
  0x5f,
  0x60,
  0x61,
  0x7a,
  0x7b,
  0x7c,
  0x7e,
  0x7f,
  0x80,
  0xc3,
  0xff,
];

const byteArbitrary = fc.oneof(
  fc.constantFrom(...ODD_BYTES),
  fc.integer({ min: 0, max: 255 }),
);

/** A place in a string of any length: from its start or from its end. */
const placeArbitrary = fc.record({
  at: fc.oneof(fc.constantFrom(0, 1, 3, 4, 7, 8, 15, 16, 63, 64), fc.nat({ max: 80 })),
  fromEnd: fc.boolean(),
  byte: byteArbitrary,
});

/** A pattern (chars of `alphabet`) repeated to a length, with up to three bytes set. */
function patterned(alphabet: string): fc.Arbitrary<string> {
  return fc.record({
    length: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...BOUNDARY_LENGTHS) },
      { weight: 1, arbitrary: fc.nat({ max: 90 }) },
    ),
    pattern: fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 12 }),
    edits: fc.array(placeArbitrary, { maxLength: 3 }),
  }).map(({ length, pattern, edits }) => {
    const bytes = Array.from({ length }, (_, i) => pattern[i % pattern.length]);
    for (const { at, fromEnd, byte } of edits) {
      if (length === 0) break;
      const i = at % length;
      bytes[fromEnd ? length - 1 - i : i] = String.fromCharCode(byte);
    }
    return bytes.join("");
  });
}

/** ASCII letters of `text` with their case flipped where `flips` says so. */
function flipCase(text: string, flips: readonly boolean[]): string {
  return [...text].map((ch, i) =>
    flips[i % Math.max(flips.length, 1)] && /[a-z]/i.test(ch)
      ? (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())
      : ch
  ).join("");
}

/** A name: a patterned byte string, or a standard name with case flips. */
export const nameArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: patterned(NAME_PATTERN) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...STANDARD_NAMES), fc.array(fc.boolean())).map((
      [name, flips],
    ) => flipCase(name, flips)),
  },
);

/** A value: a patterned byte string. */
export const valueArbitrary: fc.Arbitrary<string> = patterned(VALUE_PATTERN);

/** A value both Fetch and the crate take: visible ASCII and obs-text, no edge whitespace. */
const mapValueArbitrary = fc.constantFrom("a", "b c", "1", "\x80x", "Z");

/** A map case: a few names (so steps collide), then steps on them. */
export const mapStepsArbitrary: fc.Arbitrary<MapStep[]> = fc.record({
  names: fc.array(nameArbitrary, { minLength: 1, maxLength: 3 }),
  steps: fc.array(
    fc.record({
      op: fc.constantFrom("insert", "append", "entry", "get"),
      key: fc.constantFrom("static", "str", "string", "name"),
      pick: fc.nat(),
      flips: fc.array(fc.boolean(), { maxLength: 4 }),
      value: mapValueArbitrary,
    }),
    { minLength: 1, maxLength: 6 },
  ),
}).map(({ names, steps }) =>
  steps.map(({ op, key, pick, flips, value }): MapStep => ({
    op: op as MapStep["op"],
    // insert, append and entry take a `&'static str` or a HeaderName (IntoHeaderName); entry by
    // `&str` or String is try_entry, and get takes `&str`, String or a HeaderName.
    key: (op === "get" && key === "static"
      ? "str"
      : (op === "insert" || op === "append") && (key === "str" || key === "string")
      ? "static"
      : key) as MapStep["key"],
    name: flipCase(names[pick % names.length], flips),
    value,
  }))
);

/** One codec case: a name, a value, or a map case. */
export type CodecCase =
  | { kind: "name"; bytes: string }
  | { kind: "value"; bytes: string }
  | { kind: "map"; steps: MapStep[] };

/** Any codec case. */
export const codecCaseArbitrary: fc.Arbitrary<CodecCase> = fc.oneof(
  { weight: 2, arbitrary: nameArbitrary.map((bytes): CodecCase => ({ kind: "name", bytes })) },
  { weight: 2, arbitrary: valueArbitrary.map((bytes): CodecCase => ({ kind: "value", bytes })) },
  { weight: 2, arbitrary: mapStepsArbitrary.map((steps): CodecCase => ({ kind: "map", steps })) },
);
