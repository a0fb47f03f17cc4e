// META: title=Headers: Headers.prototype has properties the interface does not define
// https://webidl.spec.whatwg.org/#interface-prototype-object
"use strict";

test(() => {
  function observe() {
    const defined = ["constructor", "append", "delete", "get", "getSetCookie", "has", "set",
      "entries", "forEach", "keys", "values", Symbol.iterator, Symbol.toStringTag];
    const inspect = [Symbol.for("Deno.customInspect"), Symbol.for("nodejs.util.inspect.custom")];
    return Reflect.ownKeys(Headers.prototype)
      .filter((k) => !defined.includes(k) && !inspect.includes(k))
      .map(String);
  }
  assert_equals(JSON.stringify(observe()), "[]");
}, "interface prototype object: it has a property for each operation, attribute and iterable declaration of the interface, @@iterator and @@toStringTag, and nothing else");
