// META: title=Headers: Response.json(data, { headers: null }) makes a Response
// https://webidl.spec.whatwg.org/#js-union
"use strict";

test(() => {
  function observe() {
    return Response.json({}, { headers: null }).headers.get("content-type");
  }
  assert_throws_js(TypeError, observe);
}, "converting ResponseInit (its headers member, a HeadersInit): null is neither a sequence nor a record: the conversion throws a TypeError");
