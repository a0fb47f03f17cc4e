// META: title=Headers: Iterating Headers drops an empty first value of a combined header
// https://fetch.spec.whatwg.org/#concept-header-list-sort-and-combine
"use strict";

test(() => {
  function observe() {
    const h = new Headers([["x", ""], ["x", "a"]]);
    return [[...h], h.get("x")];
  }
  assert_equals(JSON.stringify(observe()), "[[[\"x\",\", a\"]],\", a\"]");
}, "sort and combine: each name's value is the header list's get of that name, which joins every value (empty ones included) with 0x2C 0x20");
