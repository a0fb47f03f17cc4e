// META: title=Headers: Headers first read after the body lack the body's Content-Type
// https://fetch.spec.whatwg.org/#initialize-a-response
"use strict";

test(() => {
  function observe() {
    const typeAfterText = (message) => {
      message.text().catch(() => {});
      return message.headers.get("content-type");
    };
    return [
      typeAfterText(new Response(new URLSearchParams("a=1"))),
      typeAfterText(new Request("http://a/", { method: "POST", body: new Blob([], { type: "x" }) })),
    ];
  }
  assert_equals(JSON.stringify(observe()), "[\"application/x-www-form-urlencoded;charset=UTF-8\",\"x\"]");
}, "new Response(body, init), new Request(input, init): the Content-Type extracting the body gives is appended to the header list when the object is constructed; reading the body does not change the header list");
