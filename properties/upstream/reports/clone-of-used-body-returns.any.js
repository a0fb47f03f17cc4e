// META: title=Headers: clone() of a Response or Request whose body was used does not throw
// https://fetch.spec.whatwg.org/#dom-response-clone
"use strict";

test(() => {
  function observe() {
    const outcome = (message) => {
      message.text().catch(() => {});
      try {
        message.clone();
        return "no error";
      } catch (error) {
        return error.constructor.name;
      }
    };
    return [
      outcome(new Response("x")),
      outcome(new Request("http://a/", { method: "POST", body: "x" })),
    ];
  }
  assert_equals(JSON.stringify(observe()), "[\"TypeError\",\"TypeError\"]");
}, "Response.clone(), Request.clone(): if this is unusable (its body is disturbed or locked), throw a TypeError");
