// META: title=Headers: new Response reads ResponseInit members more than once, headers last
// https://webidl.spec.whatwg.org/#js-dictionary
"use strict";

test(() => {
  function observe() {
    const read = [];
    const init = {};
    for (const [key, value] of [["headers", { a: "1" }], ["status", 200], ["statusText", "OK"]]) {
      Object.defineProperty(init, key, { get() { read.push(key); return value; } });
    }
    new Response(null, init);
    return read;
  }
  assert_equals(JSON.stringify(observe()), "[\"headers\",\"status\",\"statusText\"]");
}, "JavaScript value to dictionary (ResponseInit): each member is read once with Get, in lexicographical order");
