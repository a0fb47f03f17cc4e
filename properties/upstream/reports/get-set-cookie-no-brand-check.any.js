// META: title=Headers: Headers.prototype.getSetCookie.call({}) does not throw
// https://webidl.spec.whatwg.org/#dfn-create-operation-function
"use strict";

test(() => {
  function observe() {
    return Headers.prototype.getSetCookie.call({});
  }
  assert_throws_js(TypeError, observe);
}, "operations of an interface: if this value does not implement the interface, throw a TypeError");
