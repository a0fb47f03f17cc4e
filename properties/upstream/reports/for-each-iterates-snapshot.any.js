// META: title=Headers: Headers.prototype.forEach does not see headers its callback adds
// https://webidl.spec.whatwg.org/#es-forEach
"use strict";

test(() => {
  function observe() {
    const h = new Headers({ "accept-language": "en" });
    const seen = [];
    h.forEach((v, k) => {
      seen.push(k);
      if (seen.length === 1) h.set("accept", "t");
    });
    return seen;
  }
  assert_equals(JSON.stringify(observe()), "[\"accept-language\",\"accept-language\"]");
}, "forEach(callback, thisArg) of a pair iterable: after each call of the callback, set pairs to the current value pairs to iterate over");
