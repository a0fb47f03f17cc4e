// META: title=Headers: new Response accepts a body with status 204 and an invalid statusText
// https://fetch.spec.whatwg.org/#initialize-a-response
"use strict";

test(() => {
  function observe() {
    const outcome = (make) => {
      try {
        make();
        return "no error";
      } catch (error) {
        return error.constructor.name;
      }
    };
    return [
      outcome(() => new Response("x", { status: 204 })),
      outcome(() => new Response(null, { statusText: "a\nb" })),
      outcome(() => new Response(null, { statusText: "\u0100" })),
    ];
  }
  assert_equals(JSON.stringify(observe()), "[\"TypeError\",\"TypeError\",\"TypeError\"]");
}, "initialize a response: a statusText that does not match the reason-phrase token production throws a TypeError; a body with a null body status throws a TypeError");
