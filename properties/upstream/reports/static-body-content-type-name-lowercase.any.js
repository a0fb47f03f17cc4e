// META: title=Headers: new Response(string, init) and Response.json(data, init) put content-type, not Content-Type, in the header list
// https://fetch.spec.whatwg.org/#initialize-a-response
"use strict";

test(() => {
  function observe() {
    const names = (response) => {
      const key = Object.getOwnPropertySymbols(response.headers)
        .find((symbol) => symbol.description === "header list");
      return key === undefined ? ["Content-Type"] : response.headers[key].map(([name]) => name);
    };
    return [
      names(new Response("a", {})),
      names(Response.json({}, {})),
      names(new Response("a", { headers: { "Content-Type": "text/plain" } })),
    ];
  }
  assert_equals(JSON.stringify(observe()), "[[\"Content-Type\"],[\"Content-Type\"],[\"Content-Type\"]]");
}, "initialize a response: fill the headers from init (each name as the init writes it), then, if body's type is non-null and the header list does not contain `Content-Type`, append (`Content-Type`, type) (the name as written)");
