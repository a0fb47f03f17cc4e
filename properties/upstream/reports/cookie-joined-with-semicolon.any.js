// META: title=Headers: Headers joins cookie values with "; "
// https://fetch.spec.whatwg.org/#concept-header-list-get
"use strict";

test(() => {
  function observe() {
    const h = new Headers();
    h.append("cookie", "a=1");
    h.append("cookie", "b=2");
    return h.get("cookie");
  }
  assert_equals(JSON.stringify(observe()), "\"a=1, b=2\"");
}, "get a header list's value: the values are joined with 0x2C 0x20 (comma, space), whatever the name");
