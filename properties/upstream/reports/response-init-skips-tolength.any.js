// META: title=Headers: The Response constructor converts a headers array without ToLength on its length
// https://webidl.spec.whatwg.org/#create-sequence-from-iterable
"use strict";

test(() => {
  function observe() {
    const headers = new Proxy([], {
      get: (t, k, r) => k === "length" ? 0.5 : Reflect.get(t, k, r),
    });
    return [...new Response(null, { headers }).headers];
  }
  assert_equals(JSON.stringify(observe()), "[]");
}, "creating a sequence from an iterable (the array's own iterator): the array iterator reads length with ToLength, which makes 0.5 a length of 0");
