// META: title=Headers: RequestInit and ResponseInit members are not read in lexicographical order
// https://webidl.spec.whatwg.org/#js-dictionary
"use strict";

test(() => {
  function observe() {
    const read = [];
    const init = new Proxy({}, { get(target, key) { read.push(String(key)); return undefined; } });
    new Response(null, init);
    return read;
  }
  assert_equals(JSON.stringify(observe()), "[\"headers\",\"status\",\"statusText\"]");
}, "JavaScript value to dictionary: for each dictionary member in lexicographical order, Get(jsDict, key)");
