// META: title=Headers: new Response stops reading an array given as headers at its first invalid pair
// https://webidl.spec.whatwg.org/#create-sequence-from-iterable
"use strict";

test(() => {
  function observe() {
    let read = 0;
    const headers = [["a", "\0"]];
    Object.defineProperty(headers, 1, {
      get() {
        read++;
        return ["b", "1"];
      },
      enumerable: true,
    });
    try {
      new Response(null, { headers });
    } catch {
      // the TypeError is expected; what matters is whether the second pair was read
    }
    return read;
  }
  assert_equals(JSON.stringify(observe()), "1");
}, "converting HeadersInit (sequence<sequence<ByteString>>), then fill: the whole sequence is converted, every element read, before the headers are filled and the invalid pair throws");
