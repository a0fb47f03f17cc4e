// META: title=Headers: A string body sets no Content-Type
// https://fetch.spec.whatwg.org/#concept-bodyinit-extract
"use strict";

test(() => {
  function observe() {
    return [
      new Response("x").headers.get("content-type"),
      new Request("http://a/", { method: "POST", body: "x" }).headers.get("content-type"),
    ];
  }
  assert_equals(JSON.stringify(observe()), "[\"text/plain;charset=UTF-8\",\"text/plain;charset=UTF-8\"]");
}, "extract a body: a scalar value string: type is \"text/plain;charset=UTF-8\"");
