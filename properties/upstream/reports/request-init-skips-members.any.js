// META: title=Headers: new Request never reads ten of the RequestInit members (an invalid mode is accepted)
// https://webidl.spec.whatwg.org/#js-dictionary
"use strict";

test(() => {
  function observe() {
    return new Request("http://a/", { mode: "bogus" }).mode;
  }
  assert_throws_js(TypeError, observe);
}, "JavaScript value to dictionary (RequestInit), then new Request(input, init): every member is read and converted: `mode` to a RequestMode, which \"bogus\" is not");
