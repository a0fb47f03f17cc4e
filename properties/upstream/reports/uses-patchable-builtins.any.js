// META: title=Headers: Headers calls built-ins that user code can replace
// https://infra.spec.whatwg.org/#byte-lowercase
"use strict";

test(() => {
  function observe() {
    const h = new Headers();
    const lower = String.prototype.toLowerCase;
    String.prototype.toLowerCase = () => "x-not-what-you-asked";
    try {
      h.append("Accept", "a");
    } finally {
      String.prototype.toLowerCase = lower;
    }
    return [...h];
  }
  assert_equals(JSON.stringify(observe()), "[[\"accept\",\"a\"]]");
}, "append, then byte-lowercase: the name is byte-lowercased by the standard's own algorithm, which user code replacing String.prototype.toLowerCase cannot change");
