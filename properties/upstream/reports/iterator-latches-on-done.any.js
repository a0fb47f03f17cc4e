// META: title=Headers: A Headers iterator that returned done stays done after the list grows
// https://webidl.spec.whatwg.org/#es-iterator-prototype-object
"use strict";

test(() => {
  function observe() {
    const h = new Headers({ a: "1" });
    const it = h.keys();
    it.next();
    it.next();
    h.append("b", "2");
    const { value, done } = it.next();
    return [value, done];
  }
  assert_equals(JSON.stringify(observe()), "[\"b\",false]");
}, "%HeadersIteratorPrototype%.next(): compute the value pairs to iterate over on every call and compare the index with their current size");
