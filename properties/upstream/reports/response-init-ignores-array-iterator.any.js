// META: title=Headers: new Response ignores the @@iterator of an array given as headers
// https://webidl.spec.whatwg.org/#js-sequence
"use strict";

test(() => {
  function observe() {
    const headers = [["a", "1"]];
    Object.defineProperty(headers, Symbol.iterator, {
      value: function* () {
        yield ["x-overridden", "1"];
      },
    });
    return [...new Response(null, { headers }).headers].map(([name]) => name);
  }
  assert_equals(JSON.stringify(observe()), "[\"x-overridden\"]");
}, "HeadersInit conversion (sequence<sequence<ByteString>>): an object with an @@iterator method is converted by GetMethod(V, @@iterator) and iterating what it returns, whatever the object is");
