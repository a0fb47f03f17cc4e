// META: title=Headers: A record init takes non-enumerable own properties
// https://webidl.spec.whatwg.org/#js-record
"use strict";

test(() => {
  function observe() {
    return [...new Headers(Object.defineProperty({}, "x-hidden", { value: "1" }))];
  }
  assert_equals(JSON.stringify(observe()), "[]");
}, "converting an ECMAScript value to record<ByteString, ByteString>: a key is taken only if its property descriptor is not undefined and enumerable");
