// META: title=Headers: new Response(string, { headers }) drops a Map or Headers given as headers, and accepts null
// https://webidl.spec.whatwg.org/#js-union
"use strict";

test(() => {
  function observe() {
    const outcome = (headers) => {
      try {
        return [...new Response("x", { headers }).headers].map(([name]) => name).join(" ");
      } catch (error) {
        return error.constructor.name;
      }
    };
    return [
      outcome(new Map([["a", "1"]])),
      outcome(new Map([["a", "a\0b"]])),
      outcome(null),
    ];
  }
  assert_equals(JSON.stringify(observe()), "[\"a content-type\",\"TypeError\",\"TypeError\"]");
}, "converting HeadersInit, then new Response(body, init): an object with @@iterator is converted as a sequence of pairs (a Map's entries), null is no HeadersInit (TypeError); the pairs are then validated as they are appended");
