// META: title=Headers: Response.error().headers is not immutable
// https://fetch.spec.whatwg.org/#dom-response-error
"use strict";

test(() => {
  function observe() {
    Response.error().headers.append("a", "b");
    return "appended";
  }
  assert_throws_js(TypeError, observe);
}, "Response.error(), then append: the headers' guard is \"immutable\", and append throws a TypeError for that guard");
