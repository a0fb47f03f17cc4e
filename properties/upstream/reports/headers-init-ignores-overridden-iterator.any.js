// META: title=Headers: The Response constructor copies a Headers init ignoring its overridden @@iterator
// https://webidl.spec.whatwg.org/#js-union
"use strict";

test(() => {
  function observe() {
    const h = new Headers([["a", "1"]]);
    Object.defineProperty(h, Symbol.iterator, {
      value: function* () {
        yield ["x-overridden", "1"];
      },
    });
    return [...new Response(null, { headers: h }).headers];
  }
  assert_equals(JSON.stringify(observe()), "[[\"x-overridden\",\"1\"]]");
}, "converting HeadersInit (a union of a sequence and a record): an object with an @@iterator method is converted by iterating it with that method");
