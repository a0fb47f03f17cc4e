// META: title=Headers: new Request(url, { mode: "no-cors" }) does not apply the "request-no-cors" guard
// https://fetch.spec.whatwg.org/#dom-request
"use strict";

test(() => {
  function observe() {
    return new Request("http://a/", { mode: "no-cors", headers: { "x-a": "1" } }).headers.has("x-a");
  }
  assert_equals(JSON.stringify(observe()), "false");
}, "new Request(input, init): if mode is \"no-cors\", set the headers' guard to \"request-no-cors\" before filling them; appending a header that is not no-CORS-safelisted is then ignored");
