// META: title=Headers: new Request reads a RequestInit property `client` that is not a member
// https://webidl.spec.whatwg.org/#js-dictionary
"use strict";

test(() => {
  function observe() {
    const read = [];
    const init = new Proxy({}, { get(target, key) { read.push(String(key)); return undefined; } });
    new Request("http://a/", init);
    return read;
  }
  assert_equals(JSON.stringify(observe()), "[\"body\",\"cache\",\"credentials\",\"duplex\",\"headers\",\"integrity\",\"keepalive\",\"method\",\"mode\",\"priority\",\"redirect\",\"referrer\",\"referrerPolicy\",\"signal\",\"window\"]");
}, "JavaScript value to dictionary (RequestInit): for each dictionary member in lexicographical order, Get(jsDict, key): exactly the members, each once");
