// META: title=Headers: Copying Headers keeps a combined value ending in ", "
// https://fetch.spec.whatwg.org/#concept-headers-append
"use strict";

test(() => {
  function observe() {
    const h = new Headers();
    h.append("x", "a");
    h.append("x", "");
    return [...new Headers(h)];
  }
  assert_equals(JSON.stringify(observe()), "[[\"x\",\"a,\"]]");
}, "fill, then append: the copy appends each iterated pair, and append first normalizes the value (strips leading and trailing HTTP whitespace)");
