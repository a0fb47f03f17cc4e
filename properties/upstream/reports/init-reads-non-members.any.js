// META: title=Headers: ResponseInit conversion reads `method`, which is not a member
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
}, "JavaScript value to dictionary: only the dictionary's members are read, in lexicographical order");
