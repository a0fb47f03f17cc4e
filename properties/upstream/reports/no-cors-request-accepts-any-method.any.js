// META: title=Headers: new Request(url, { mode: "no-cors", method: "PUT" }) does not throw
// https://fetch.spec.whatwg.org/#dom-request
"use strict";

test(() => {
  function observe() {
    try {
      new Request("http://a/", { mode: "no-cors", method: "PUT" });
      return "constructed";
    } catch (error) {
      return error.constructor.name;
    }
  }
  assert_equals(JSON.stringify(observe()), "\"TypeError\"");
}, "new Request(input, init): if this's request's mode is \"no-cors\" and its method is not a CORS-safelisted method, throw a TypeError");
