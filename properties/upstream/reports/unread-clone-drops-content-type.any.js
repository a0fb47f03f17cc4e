// META: title=Headers: clone() of a Response whose headers were never read loses the body's Content-Type
// https://fetch.spec.whatwg.org/#concept-response-clone
"use strict";

test(() => {
  function observe() {
    return [
      new Response("x", {}).clone().headers.get("content-type"),
      Response.json({}, {}).clone().headers.get("content-type"),
    ];
  }
  assert_equals(JSON.stringify(observe()), "[\"text/plain;charset=UTF-8\",\"application/json\"]");
}, "Response.clone(), clone a response: let newResponse be a copy of response, except for its body (its header list included)");
