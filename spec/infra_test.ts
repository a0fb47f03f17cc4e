import assert from "node:assert/strict";
import {
  byteLowercase,
  collectCodePoints,
  collectHttpQuotedString,
  isByteCaseInsensitiveMatch,
  isByteLessThan,
  isHttpWhitespace,
  Position,
} from "./infra.ts";

Deno.test("byte-lowercase changes A-Z only", () => {
  assert.equal(byteLowercase("AZaz@[`{\u00c0"), "azaz@[`{\u00c0");
  assert.equal(isByteCaseInsensitiveMatch("Set-Cookie", "sET-cOOKIE"), true);
  assert.equal(isByteCaseInsensitiveMatch("\u00c0", "\u00e0"), false);
});

Deno.test("byte less than: prefix first, then the first differing byte", () => {
  assert.equal(isByteLessThan("a", "ab"), true);
  assert.equal(isByteLessThan("ab", "a"), false);
  assert.equal(isByteLessThan("a", "a"), false);
  assert.equal(isByteLessThan("B", "a"), true);
  assert.equal(isByteLessThan("-", "0"), true);
});

Deno.test("HTTP whitespace is tab, space, CR and LF only", () => {
  assert.deepEqual(["\t", " ", "\r", "\n", "\f", "\v", "\u00a0"].map(isHttpWhitespace), [
    true,
    true,
    true,
    true,
    false,
    false,
    false,
  ]);
});

Deno.test("collect an HTTP quoted string matches the standard's example table", () => {
  // [input, output, output with extract-value, final position]
  const examples: [string, string, string, number][] = [
    ['"\\', '"\\', "\\", 2],
    ['"Hello" World', '"Hello"', "Hello", 7],
    ['"Hello \\\\ World\\""', '"Hello \\\\ World\\""', 'Hello \\ World"', 18],
  ];
  for (const [input, output, extracted, end] of examples) {
    const position = new Position();
    assert.equal(collectHttpQuotedString(input, position), output);
    assert.equal(position.index, end);
    assert.equal(collectHttpQuotedString(input, new Position(), true), extracted);
  }
});

Deno.test("collect a sequence of code points advances the position", () => {
  const position = new Position(1);
  assert.equal(collectCodePoints((c) => c !== ",", "a,bc,d", position), "");
  position.index = 2;
  assert.equal(collectCodePoints((c) => c !== ",", "a,bc,d", position), "bc");
  assert.equal(position.index, 4);
});
