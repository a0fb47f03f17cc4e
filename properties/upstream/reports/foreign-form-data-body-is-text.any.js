// META: title=Headers: Response does not recognize a FormData body of Node's global FormData class
// https://fetch.spec.whatwg.org/#concept-bodyinit-extract
"use strict";

test(() => {
  function observe() {
    const form = new FormData();
    form.append("a", "1");
    return new Response(form).headers.get("content-type").split(";")[0];
  }
  assert_equals(JSON.stringify(observe()), "\"multipart/form-data\"");
}, "extract a body: object is a FormData: the type is `multipart/form-data; boundary=` followed by the boundary (a FormData is any object implementing the interface)");
