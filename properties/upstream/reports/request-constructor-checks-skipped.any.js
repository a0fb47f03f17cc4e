// META: title=Headers: new Request accepts mode navigate, cache only-if-cached and forbidden or invalid methods
// https://fetch.spec.whatwg.org/#dom-request
"use strict";

test(() => {
  function observe() {
    const outcome = (init) => {
      try {
        new Request("http://a/", init);
        return "no error";
      } catch (error) {
        return error.constructor.name;
      }
    };
    return [{ mode: "navigate" }, { cache: "only-if-cached" }, { method: "CONNECT" }, { method: "a b" }]
      .map(outcome);
  }
  assert_equals(JSON.stringify(observe()), "[\"TypeError\",\"TypeError\",\"TypeError\",\"TypeError\"]");
}, "new Request(input, init): mode \"navigate\" throws; cache \"only-if-cached\" outside mode \"same-origin\" throws; a method that is not a method token or is forbidden throws");
