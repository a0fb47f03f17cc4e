// META: title=Headers: new Response(null, { status: 101 }) does not throw a RangeError
// https://fetch.spec.whatwg.org/#initialize-a-response
"use strict";

test(() => {
  function observe() {
    try {
      return new Response(null, { status: 101 }).status;
    } catch (error) {
      return error.constructor.name;
    }
  }
  assert_equals(JSON.stringify(observe()), "\"RangeError\"");
}, "initialize a response: if init[\"status\"] is not in the range 200 to 599, inclusive, throw a RangeError");
