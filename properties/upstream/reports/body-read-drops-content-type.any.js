// META: title=Headers: Reading a body before the headers loses the Content-Type the body set
// https://fetch.spec.whatwg.org/#dom-response
"use strict";

test(() => {
  function observe() {
    const response = new Response(new URLSearchParams("a=1"));
    response.text().catch(() => {});
    return response.headers.get("content-type");
  }
  assert_equals(JSON.stringify(observe()), "\"application/x-www-form-urlencoded;charset=UTF-8\"");
}, "new Response(body, init), then text(): the Content-Type the body's extraction gives is appended to the headers when the Response is made; reading the body does not change them");
