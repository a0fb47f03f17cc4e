// META: title=Headers: ResponseInit's status is not converted to an unsigned short
// https://webidl.spec.whatwg.org/#js-unsigned-short
"use strict";

test(() => {
  function observe() {
    try {
      return new Response(null, { status: 65736 }).status;
    } catch (error) {
      return error.constructor.name;
    }
  }
  assert_equals(JSON.stringify(observe()), "200");
}, "unsigned short conversion: ToNumber, truncate, then modulo 2^16: 65736 becomes 200");
