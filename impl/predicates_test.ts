import assert from "node:assert/strict";
import {
  detachedCopy,
  getDecodeAndSplit,
  isForbiddenRequestHeader,
  isNoCorsSafelistedRequestHeader,
  lowercaseHeaderName,
  lowercaseRecentName,
  mimeEssence,
  normalizeHeaderValue,
} from "./predicates.ts";

for (const lowercase of [lowercaseHeaderName, lowercaseRecentName]) {
  Deno.test(`${lowercase.name} accepts tokens only, cached or not`, async (t) => {
    await t.step("tokens are lowercased", () => {
      assert.equal(lowercase("Content-Type"), "content-type");
      assert.equal(lowercase("Content-Type"), "content-type");
      assert.equal(lowercase("!#$%&'*+-.^_`|~09AZaz"), "!#$%&'*+-.^_`|~09azaz");
    });
    await t.step("names longer than the cache's limit are validated every time", () => {
      const long = `X-${"Ab".repeat(40)}`;
      assert.equal(lowercase(long), long.toLowerCase());
      assert.equal(lowercase(long), long.toLowerCase());
      assert.equal(lowercase(`${long} `), null);
    });
    await t.step("one-character names get a bucket of their own", () => {
      assert.equal(lowercase("A"), "a");
      assert.equal(lowercase("A"), "a");
      assert.equal(lowercase("b"), "b");
    });
    await t.step("names of one length, alternating, each keep their own answer", () => {
      for (let round = 0; round < 3; round++) {
        for (const name of ["Accept", "cookie", "Origin", "a b c ", "accept"]) {
          const expected = name.includes(" ") ? null : name.toLowerCase();
          assert.equal(
            lowercase(String.fromCharCode(...[...name].map((c) => c.charCodeAt(0)))),
            expected,
          );
        }
      }
    });
    await t.step("non-tokens are null, on the first and the second ask", () => {
      for (const name of ["", "a b", "a:b", "é", "a\n", "(a)", "a/b", '"a"', "\u0100"]) {
        assert.equal(lowercase(name), null, name);
        assert.equal(lowercase(name), null, name);
      }
    });
  });
}

Deno.test("normalizeHeaderValue strips HTTP whitespace, then rejects NUL, CR, LF, > 0xFF", () => {
  assert.equal(normalizeHeaderValue(" \t a b \r\n"), "a b");
  assert.equal(normalizeHeaderValue("\r\n"), "");
  assert.equal(normalizeHeaderValue(""), "");
  assert.equal(normalizeHeaderValue("\u00a0a\u00a0"), "\u00a0a\u00a0");
  assert.equal(normalizeHeaderValue("\va\f"), "\va\f");
  for (const value of ["a\nb", "a\rb", "a\0", "\u0100", " x\u20ac "]) {
    assert.equal(normalizeHeaderValue(value), null, JSON.stringify(value));
  }
});

Deno.test("a raw header value is exactly one that normalization keeps unchanged", () => {
  for (const value of ["", "a b", "a\tb", "é", "\va"]) {
    assert.equal(normalizeHeaderValue(value), value);
  }
  for (const value of [" a", "a ", "\ta", "a\t", "a\n", "\ra", "a\0", "\u0100"]) {
    assert.notEqual(normalizeHeaderValue(value), value, JSON.stringify(value));
  }
});

Deno.test("getDecodeAndSplit follows the standard's examples", () => {
  const examples: [string, string[]][] = [
    ["nosniff,", ["nosniff", ""]],
    ["", [""]],
    ['text/html;", x/x', ['text/html;", x/x']],
    ['x/x;test="hi",y/y', ['x/x;test="hi"', "y/y"]],
    ["x / x,,,1", ["x / x", "", "", "1"]],
    ['"1,2", 3', ['"1,2"', "3"]],
    ['"a\\', ['"a\\']],
    ['"a\\",b", c', ['"a\\",b"', "c"]],
    [" \tGET ,\tPOST\t", ["GET", "POST"]],
  ];
  for (const [value, expected] of examples) assert.deepEqual(getDecodeAndSplit(value), expected);
});

Deno.test("isForbiddenRequestHeader: names, prefixes and method overrides", () => {
  for (const name of ["host", "cookie", "set-cookie", "via", "te", "sec-", "sec-x", "proxy-a"]) {
    assert.ok(isForbiddenRequestHeader(name, "x"), name);
  }
  for (const name of ["hosts", "secx", "proxy", "accept", "x-http-method-overrides"]) {
    assert.ok(!isForbiddenRequestHeader(name, "TRACE"), name);
  }
  assert.ok(isForbiddenRequestHeader("x-http-method", "get,connect"));
  assert.ok(isForbiddenRequestHeader("x-method-override", " tRaCk "));
  assert.ok(!isForbiddenRequestHeader("x-http-method-override", '"TRACE"'));
  assert.ok(!isForbiddenRequestHeader("x-http-method-override", ""));
  assert.ok(!isForbiddenRequestHeader("x-http-method-override", "TRACES"));
});

Deno.test("mimeEssence parses type and subtype like mimesniff", () => {
  assert.equal(mimeEssence("Text/HTML ; x"), "text/html");
  assert.equal(mimeEssence("text/plain \t;"), "text/plain");
  assert.equal(mimeEssence("a/b;c"), "a/b");
  for (const value of ["text", "text/", "/x", "te xt/plain", "text/pl ain", "", "a/b/c d"]) {
    assert.equal(mimeEssence(value), null, value);
  }
});

Deno.test("isNoCorsSafelistedRequestHeader: names, lengths, bytes and essences", () => {
  assert.ok(isNoCorsSafelistedRequestHeader("accept", "a".repeat(128)));
  assert.ok(!isNoCorsSafelistedRequestHeader("accept", "a".repeat(129)));
  assert.ok(isNoCorsSafelistedRequestHeader("accept", "a\tb,c;d=e"));
  for (const byte of ['"', "(", ")", ":", "<", ">", "?", "@", "[", "\\", "]", "{", "}", "\x7f"]) {
    assert.ok(!isNoCorsSafelistedRequestHeader("accept", `a${byte}`), byte);
  }
  assert.ok(isNoCorsSafelistedRequestHeader("content-language", "en-US, de;q=0.5 *"));
  assert.ok(!isNoCorsSafelistedRequestHeader("accept-language", "en_US"));
  assert.ok(isNoCorsSafelistedRequestHeader("content-type", "Text/Plain; charset=utf-8"));
  assert.ok(!isNoCorsSafelistedRequestHeader("content-type", "text/html"));
  assert.ok(!isNoCorsSafelistedRequestHeader("range", "bytes=0-1"));
  assert.ok(!isNoCorsSafelistedRequestHeader("x-custom", "1"));
});

Deno.test("detachedCopy is equal to its input, also for slices of a larger string", () => {
  const parent = "abcdefghijklmnopqrstuvwxyz".repeat(100);
  for (const text of ["", "a", parent.slice(5, 40), parent]) {
    assert.equal(detachedCopy(text), text);
  }
});
