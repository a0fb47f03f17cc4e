// META: title=Headers: new Request(url, { body }) with method GET does not throw
// https://fetch.spec.whatwg.org/#dom-request
"use strict";

test(() => {
  function observe() {
    try {
      new Request("http://a/", { body: "x" });
      return "no error";
    } catch (error) {
      return error.constructor.name;
    }
  }
  assert_equals(JSON.stringify(observe()), "\"TypeError\"");
}, "new Request(input, init): if init's body is non-null and the request's method is GET or HEAD, throw a TypeError");
