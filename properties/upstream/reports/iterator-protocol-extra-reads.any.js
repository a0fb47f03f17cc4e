// META: title=Headers: Converting an iterator init reads next twice and value from a done result
// https://tc39.es/ecma262/#sec-iteratorstepvalue
"use strict";

test(() => {
  function observe() {
    const log = [];
    const it = {
      next() {
        log.push("next()");
        return new Proxy({ done: true, value: undefined }, {
          get(t, k) {
            log.push("get " + k);
            return t[k];
          },
        });
      },
    };
    new Headers({
      [Symbol.iterator]: () =>
        new Proxy(it, {
          get(t, k) {
            log.push("get " + String(k));
            return t[k];
          },
        }),
    });
    return log;
  }
  assert_equals(JSON.stringify(observe()), "[\"get next\",\"next()\",\"get done\"]");
}, "GetIteratorFromMethod and IteratorStepValue: next is read once when the iterator is obtained; value is read only from a result that is not done");
