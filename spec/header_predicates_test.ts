import assert from "node:assert/strict";
import {
  getDecodeAndSplitHeaderValue,
  isCorsSafelistedRequestHeader,
  isCorsUnsafeRequestHeaderByte,
  isForbiddenMethod,
  isForbiddenRequestHeader,
  isForbiddenResponseHeaderName,
  isHeaderName,
  isHeaderValue,
  isNoCorsSafelistedRequestHeader,
  isNoCorsSafelistedRequestHeaderName,
  isPrivilegedNoCorsRequestHeaderName,
  normalizeHeaderValue,
  parseSingleRangeHeaderValue,
} from "./header_predicates.ts";

Deno.test("header name is exactly the token production", () => {
  for (let code = 0; code <= 0xff; code++) {
    const c = String.fromCharCode(code);
    const expected = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]$/.test(c);
    assert.equal(isHeaderName(c), expected, `0x${code.toString(16)}`);
  }
  assert.equal(isHeaderName(""), false);
  assert.equal(isHeaderName("Content-Type"), true);
});

Deno.test("header value forbids edge tab/space and inner NUL, CR, LF only", () => {
  assert.equal(isHeaderValue(""), true);
  assert.equal(isHeaderValue("a \t b"), true);
  assert.equal(isHeaderValue("\u00ff\u0001\u007f"), true);
  for (const bad of [" a", "a ", "\ta", "a\t", "a\0b", "a\rb", "a\nb"]) {
    assert.equal(isHeaderValue(bad), false, JSON.stringify(bad));
  }
});

Deno.test("normalize strips HTTP whitespace bytes only (not form feed or NBSP)", () => {
  assert.equal(normalizeHeaderValue("\r\n\t a b \t\n\r"), "a b");
  assert.equal(normalizeHeaderValue("\f a"), "\f a");
  assert.equal(normalizeHeaderValue("\u00a0a\u00a0"), "\u00a0a\u00a0");
  assert.equal(normalizeHeaderValue(" \t "), "");
});

Deno.test("get, decode, and split handles quotes, escapes and empty items", () => {
  assert.deepEqual(getDecodeAndSplitHeaderValue(""), [""]);
  assert.deepEqual(getDecodeAndSplitHeaderValue('a, "b\\", c", d'), ["a", '"b\\", c"', "d"]);
  assert.deepEqual(getDecodeAndSplitHeaderValue('"unterminated, x'), ['"unterminated, x']);
  assert.deepEqual(getDecodeAndSplitHeaderValue(" a ,\tb\t"), ["a", "b"]);
});

Deno.test("forbidden methods are CONNECT, TRACE, TRACK in any case", () => {
  assert.equal(isForbiddenMethod("Connect"), true);
  assert.equal(isForbiddenMethod("track"), true);
  assert.equal(isForbiddenMethod("GET"), false);
  assert.equal(isForbiddenMethod("TRACE "), false);
});

Deno.test("forbidden request-header: list, prefixes and method overrides", () => {
  for (const name of ["Accept-Charset", "dnt", "KEEP-ALIVE", "Set-Cookie", "Via", "te"]) {
    assert.equal(isForbiddenRequestHeader(name, "x"), true, name);
  }
  assert.equal(isForbiddenRequestHeader("Proxy-Anything", "x"), true);
  assert.equal(isForbiddenRequestHeader("sec-", "x"), true);
  assert.equal(isForbiddenRequestHeader("proxy", "x"), false);
  assert.equal(isForbiddenRequestHeader("Set-Cookie2", "x"), false);
  assert.equal(isForbiddenRequestHeader("X-HTTP-Method", "PUT, connect"), true);
  assert.equal(isForbiddenRequestHeader("x-method-override", "TRACK"), true);
  assert.equal(isForbiddenRequestHeader("X-HTTP-Method-Override", '"TRACE"'), false);
  assert.equal(isForbiddenRequestHeader("X-HTTP-Method-Override", "PATCH"), false);
  assert.equal(isForbiddenRequestHeader("X-Other-Override", "TRACE"), false);
});

Deno.test("forbidden response-header names are set-cookie and set-cookie2", () => {
  assert.equal(isForbiddenResponseHeaderName("SET-COOKIE"), true);
  assert.equal(isForbiddenResponseHeaderName("set-cookie2"), true);
  assert.equal(isForbiddenResponseHeaderName("set-cookie3"), false);
});

Deno.test("CORS-unsafe request-header bytes", () => {
  const unsafe: string[] = [];
  for (let code = 0; code <= 0xff; code++) {
    if (isCorsUnsafeRequestHeaderByte(String.fromCharCode(code))) unsafe.push(code.toString(16));
  }
  const expected = [
    ...Array.from({ length: 0x20 }, (_, i) => i).filter((i) => i !== 9),
    0x22,
    0x28,
    0x29,
    0x3a,
    0x3c,
    0x3e,
    0x3f,
    0x40,
    0x5b,
    0x5c,
    0x5d,
    0x7b,
    0x7d,
    0x7f,
  ].map((code) => code.toString(16));
  assert.deepEqual(unsafe, expected);
});

Deno.test("CORS-safelisted request-header: each name's value rule and the 128-byte cap", () => {
  assert.equal(isCorsSafelistedRequestHeader("Accept", "text/html, */*;q=0.8"), true);
  assert.equal(isCorsSafelistedRequestHeader("Accept", "a@b"), false);
  assert.equal(isCorsSafelistedRequestHeader("accept", "a".repeat(128)), true);
  assert.equal(isCorsSafelistedRequestHeader("accept", "a".repeat(129)), false);
  assert.equal(isCorsSafelistedRequestHeader("Accept-Language", "en-US,fr;q=0.5 *"), true);
  assert.equal(isCorsSafelistedRequestHeader("Content-Language", "en_US"), false);
  assert.equal(isCorsSafelistedRequestHeader("Content-Language", "\u00e9"), false);
  assert.equal(isCorsSafelistedRequestHeader("Content-Type", "text/plain"), true);
  assert.equal(isCorsSafelistedRequestHeader("Content-Type", " Multipart/Form-Data ; b=1"), true);
  assert.equal(isCorsSafelistedRequestHeader("Content-Type", 'text/plain; charset="x"'), false);
  assert.equal(isCorsSafelistedRequestHeader("Content-Type", "application/json"), false);
  assert.equal(isCorsSafelistedRequestHeader("Range", "bytes=0-"), true);
  assert.equal(isCorsSafelistedRequestHeader("Range", "bytes=-500"), false);
  assert.equal(isCorsSafelistedRequestHeader("Range", "bytes=0-1,2-3"), false);
  assert.equal(isCorsSafelistedRequestHeader("X-Other", "a"), false);
});

Deno.test("no-CORS-safelisted names and headers, and the privileged name", () => {
  assert.equal(isNoCorsSafelistedRequestHeaderName("content-language"), true);
  assert.equal(isNoCorsSafelistedRequestHeaderName("range"), false);
  assert.equal(isNoCorsSafelistedRequestHeader("Range", "bytes=0-"), false);
  assert.equal(isNoCorsSafelistedRequestHeader("ACCEPT", "x"), true);
  assert.equal(isPrivilegedNoCorsRequestHeaderName("RANGE"), true);
  assert.equal(isPrivilegedNoCorsRequestHeaderName("ranges"), false);
});

Deno.test("parse a single range header value", () => {
  assert.deepEqual(parseSingleRangeHeaderValue("bytes=0-499", false), [0n, 499n]);
  assert.deepEqual(parseSingleRangeHeaderValue("bytes=500-", false), [500n, null]);
  assert.deepEqual(parseSingleRangeHeaderValue("bytes=-500", false), [null, 500n]);
  assert.deepEqual(
    parseSingleRangeHeaderValue("bytes=99999999999999999998-99999999999999999999", false),
    [99999999999999999998n, 99999999999999999999n],
  );
  assert.equal(
    parseSingleRangeHeaderValue("bytes=99999999999999999999-99999999999999999998", false),
    null,
  );
  for (const bad of ["bytes=-", "bytes=5-4", "Bytes=0-1", "bytes =0-1", "bytes=0-1 ", "bytes=a-"]) {
    assert.equal(parseSingleRangeHeaderValue(bad, false), null, bad);
  }
  assert.deepEqual(parseSingleRangeHeaderValue("bytes \t= 1 - 2", true), [1n, 2n]);
});
