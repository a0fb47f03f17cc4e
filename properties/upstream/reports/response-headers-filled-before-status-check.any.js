// META: title=Headers: new Response fills its headers before it checks the status
// https://fetch.spec.whatwg.org/#initialize-a-response
"use strict";

test(() => {
  function observe() {
    try {
      new Response(null, { status: 600, headers: { a: "\u0000" } });
      return "no error";
    } catch (error) {
      return error.constructor.name;
    }
  }
  assert_equals(JSON.stringify(observe()), "\"RangeError\"");
}, "initialize a response: the status range check (step 1) comes before the headers are filled (step 5)");
