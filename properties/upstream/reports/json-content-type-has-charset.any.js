// META: title=Headers: Response.json() sets Content-Type "application/json;charset=utf-8"
// https://fetch.spec.whatwg.org/#dom-response-json
"use strict";

test(() => {
  function observe() {
    return Response.json({}).headers.get("content-type");
  }
  assert_equals(JSON.stringify(observe()), "\"application/json\"");
}, "Response.json(data, init): initialize a response with (body, \"application/json\")");
