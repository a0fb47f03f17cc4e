// META: title=Headers: A record init's value is read before its key is found not to be a ByteString
// https://webidl.spec.whatwg.org/#js-record
"use strict";

test(() => {
  function observe() {
    let read = false;
    try {
      new Headers({
        get ["\u0100"]() {
          read = true;
          return "a";
        },
      });
    } catch {
      // the TypeError is expected; what matters is whether the getter ran
    }
    return read;
  }
  assert_equals(JSON.stringify(observe()), "false");
}, "converting an ECMAScript value to record<ByteString, ByteString>: the key is converted to a ByteString (which throws) before Get(O, key)");
