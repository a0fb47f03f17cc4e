// META: title=Headers: Converting an iterator init reads its next method before each call
// https://tc39.es/ecma262/#sec-getiteratorfrommethod
"use strict";

test(() => {
  function observe() {
    let reads = 0;
    const pairs = [["a", "1"]][Symbol.iterator]();
    const it = new Proxy(pairs, {
      get(t, k) {
        if (k === "next") reads++;
        const v = Reflect.get(t, k);
        return typeof v === "function" ? v.bind(t) : v;
      },
    });
    new Headers({ [Symbol.iterator]: () => it });
    return reads;
  }
  assert_equals(JSON.stringify(observe()), "1");
}, "GetIteratorFromMethod and IteratorStepValue: next is read once, into the iterator record, when the iterator is obtained; each step calls the record's next");
