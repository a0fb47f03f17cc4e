import assert from "node:assert/strict";
import fc from "fast-check";
import {
  brokenMetamorphicProperty,
  fieldLinesArbitrary,
  observeHeaderList,
  observeHeaders,
  parseFieldLines,
  probedNames,
} from "./field_lines.ts";

Deno.test("parseFieldLines strips optional whitespace, keeps order and case, rejects what is no header", () => {
  assert.deepEqual(parseFieldLines(["A:  1 \t", "a:2", "Set-Cookie:", "X:\u00e9 \u00ff"]), [
    ["A", "1"],
    ["a", "2"],
    ["Set-Cookie", ""],
    ["X", "\u00e9 \u00ff"],
  ]);
  assert.equal(parseFieldLines(["A : 1"]), null);
  assert.equal(parseFieldLines([": 1"]), null);
  assert.equal(parseFieldLines(["no colon"]), null);
  assert.equal(parseFieldLines(["X(y): 1"]), null);
  assert.equal(parseFieldLines(["X: a\u0000b"]), null);
  // A control byte other than NUL, CR and LF is a Fetch header value.
  assert.deepEqual(parseFieldLines(["X: a\u0001b"]), [["X", "a\u0001b"]]);
});

Deno.test("generated heads repeat names and cookies, pad values and use bytes 0x80-0xFF", () => {
  const heads = fc.sample(fieldLinesArbitrary, { seed: 42, numRuns: 300 });
  const lines = heads.flat();
  const names = (head: string[]) => head.map((line) => line.split(":")[0].toLowerCase());
  assert.ok(heads.some((head) => new Set(names(head)).size < head.length), "repeated fields");
  assert.ok(heads.some((head) => names(head).filter((n) => n === "cookie").length > 1), "cookies");
  assert.ok(
    heads.some((head) => names(head).filter((n) => n === "set-cookie").length > 1),
    "set-cookies",
  );
  assert.ok(lines.some((line) => /^[^:]+:[ \t]/.test(line)), "leading whitespace");
  assert.ok(lines.some((line) => /[ \t]$/.test(line)), "trailing whitespace");
  assert.ok(
    lines.some((line) => /[\u0080-\u00ff]/.test(parseFieldLines([line])?.[0][1] ?? "")),
    "bytes 0x80-0xFF in values",
  );
  assert.ok(lines.some((line) => /[A-Z]/.test(line.split(":")[0])), "upper case names");
  assert.ok(heads.some((head) => parseFieldLines(head) === null), "heads the reference rejects");
  assert.ok(heads.filter((head) => parseFieldLines(head) !== null).length > 250, "mostly valid");
});

Deno.test("probedNames: every name sent, lowercased once, plus an absent one", () => {
  assert.deepEqual(probedNames(["B: 1", "a: 2", "b: 3", "bad name: 4"]), ["a", "b", "x-absent"]);
});

Deno.test("observeHeaderList reads a header list as observeHeaders reads its Headers", () => {
  const list: [string, string][] = [["B", "1"], ["Set-Cookie", "x"], ["b", "2"], [
    "set-cookie",
    "y",
  ]];
  const names = ["b", "set-cookie", "x-absent"];
  assert.deepEqual(observeHeaderList(list, names), observeHeaders(new Headers(list), names));
});

/** A Headers whose method `method` is replaced, to plant a bug the metamorphic check must see. */
function brokenHeaders(init: [string, string][], method: string, replacement: unknown): Headers {
  const headers = new Headers(init);
  Object.defineProperty(headers, method, { value: replacement });
  return headers;
}

Deno.test("the metamorphic properties hold on a correct Headers and catch planted bugs", () => {
  const init: [string, string][] = [["A", "1"], ["a", "2"], ["Set-Cookie", "x"], [
    "set-cookie",
    "y",
  ]];
  const names = ["a", "set-cookie", "x-absent"];
  assert.equal(brokenMetamorphicProperty(observeHeaders(new Headers(init), names), names), null);
  const planted: [string, Headers][] = [
    [
      "get drops all but the first value",
      brokenHeaders(init, "get", (n: string) => n === "a" ? "1" : null),
    ],
    ["has misses set-cookie", brokenHeaders(init, "has", (n: string) => n === "a")],
    ["has sees an absent name", brokenHeaders(init, "has", () => true)],
    ["getSetCookie reversed", brokenHeaders(init, "getSetCookie", () => ["y", "x"])],
    [
      "iteration repeats a name",
      brokenHeaders(init, Symbol.iterator as unknown as string, function* () {
        yield ["a", "1"];
        yield ["a", "2"];
        yield ["set-cookie", "x"];
        yield ["set-cookie", "y"];
      }),
    ],
  ];
  for (const [bug, headers] of planted) {
    assert.notEqual(brokenMetamorphicProperty(observeHeaders(headers, names), names), null, bug);
  }
});
