// META: title=Headers: Iterating Headers hands out the pairs its cache keeps
// https://webidl.spec.whatwg.org/#es-iterator-prototype-object
"use strict";

test(() => {
  function observe() {
    const h = new Headers([["range", "bytes=0-"]]);
    [...h][0].splice(0, 2, "tampered");
    return [...h];
  }
  assert_equals(JSON.stringify(observe()), "[[\"range\",\"bytes=0-\"]]");
}, "%HeadersIteratorPrototype%.next() (pair iterator): each result's value is a new array created from the pair's name and value");
