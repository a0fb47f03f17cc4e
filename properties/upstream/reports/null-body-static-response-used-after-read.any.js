// META: title=Headers: Response.error().text() makes bodyUsed true
// https://fetch.spec.whatwg.org/#dom-body-bodyused
"use strict";

test(() => {
  function observe() {
    const response = Response.error();
    response.text().catch(() => {});
    return response.bodyUsed;
  }
  assert_equals(JSON.stringify(observe()), "false");
}, "bodyUsed getter: return true if this's body is non-null and this's body's stream is disturbed; a Response.error() or Response.redirect() has a null body");
