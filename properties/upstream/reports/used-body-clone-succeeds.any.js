// META: title=Headers: clone() of a Response whose body was read does not throw
// https://fetch.spec.whatwg.org/#dom-response-clone
"use strict";

test(() => {
  function observe() {
    const response = new Response("a");
    response.text().catch(() => {});
    try {
      response.clone();
      return "cloned";
    } catch (error) {
      return error.constructor.name;
    }
  }
  assert_equals(JSON.stringify(observe()), "\"TypeError\"");
}, "clone(): if this is unusable (its body is disturbed or locked), throw a TypeError");
