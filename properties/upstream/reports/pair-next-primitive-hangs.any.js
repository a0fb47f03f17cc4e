// META: title=Headers: A sequence init whose pair iterator's next() returns a primitive never returns
// https://tc39.es/ecma262/#sec-iteratornext
"use strict";

test(() => {
  function observe() {
    return [...new Headers([{ [Symbol.iterator]: () => ({ next: () => 1 }) }])];
  }
  assert_throws_js(TypeError, observe);
}, "IteratorNext (used by IteratorStepValue): if the result of next() is not an Object, throw a TypeError");
