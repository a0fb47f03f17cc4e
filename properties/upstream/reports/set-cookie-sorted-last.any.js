// META: title=Headers: Iterating Headers puts set-cookie after every other name
// https://fetch.spec.whatwg.org/#concept-header-list-sort-and-combine
"use strict";

test(() => {
  function observe() {
    return [...new Headers([["x-a", "1"], ["set-cookie", "c"]])].map(([name]) => name);
  }
  assert_equals(JSON.stringify(observe()), "[\"set-cookie\",\"x-a\"]");
}, "sort and combine: names are sorted in ascending byte order; set-cookie is sorted with the others, one pair per value");
