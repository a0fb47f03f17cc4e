// META: title=Headers: A record init with an enumerable Symbol key is accepted
// https://webidl.spec.whatwg.org/#js-record
"use strict";

test(() => {
  function observe() {
    return [...new Headers({ [Symbol("s")]: "1", a: "1" })];
  }
  assert_throws_js(TypeError, observe);
}, "converting an ECMAScript value to record<ByteString, ByteString>: every enumerable own key, Symbols included, is converted to a ByteString, and ToString of a Symbol throws a TypeError");
