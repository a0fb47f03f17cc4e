// META: title=Headers: Deno.inspect of a Headers shows only the last set-cookie value
// https://fetch.spec.whatwg.org/#concept-header-list-sort-and-combine
"use strict";

test(() => {
  function observe() {
    const headers = new Headers([["set-cookie", "x=1"], ["set-cookie", "y=2"]]);
    const inspect = globalThis.Deno?.inspect ?? globalThis.Bun?.inspect ??
      globalThis.process?.getBuiltinModule?.("node:util")?.inspect ??
      ((value) => JSON.stringify([...value]));
    return inspect(headers).includes("x=1");
  }
  assert_equals(JSON.stringify(observe()), "true");
}, "sort and combine (a Headers' iteration): each set-cookie value is a pair of its own; a rendering of the pairs keeps them all");
