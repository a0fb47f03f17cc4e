// META: title=Headers: new Request(response) throws an Error, not a TypeError
// https://fetch.spec.whatwg.org/#dom-request
"use strict";

test(() => {
  function observe() {
    try {
      new Request(new Response());
      return "constructed";
    } catch (error) {
      return error.constructor.name;
    }
  }
  assert_equals(JSON.stringify(observe()), "\"TypeError\"");
}, "new Request(input, init): input that is not a Request is a USVString URL; parsing \"[object Response]\" against the base URL fails, so throw a TypeError");
