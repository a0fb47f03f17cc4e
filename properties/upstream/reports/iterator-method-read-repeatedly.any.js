// META: title=Headers: Converting a Headers init reads its @@iterator method more than once
// https://webidl.spec.whatwg.org/#js-union
"use strict";

test(() => {
  function observe() {
    let reads = 0;
    const init = new Proxy([["a", "1"]], {
      get(t, k, r) {
        if (k === Symbol.iterator) reads++;
        return Reflect.get(t, k, r);
      },
    });
    new Headers(init);
    return reads;
  }
  assert_equals(JSON.stringify(observe()), "1");
}, "converting to a union with a sequence type: GetMethod(V, @@iterator) once, then create a sequence from V and that method");
