// headerproof test fixture, not Deno's code: ext/fetch/20_headers.js in the lazy-loaded script
// form Deno's has since 2026-05 (core.loadExtScript), with the internals the deno-src loader
// reaches. A minimal Headers (append, get): enough to see each guard reached.
(function () {
  const { core, primordials } = __bootstrap;
  const { ArrayPrototypeJoin, ArrayPrototypePush, Symbol, TypeError } = primordials;
  const webidl = core.loadExtScript("ext:deno_webidl/00_webidl.js");
  const { markNotSerializable } = core.loadExtScript("ext:deno_web/13_message_port.js");
  const { byteLowerCase } = core.loadExtScript("ext:deno_web/00_infra.js");

  const _headerList = Symbol("header list");
  const _guard = Symbol("guard");

  function appendHeader(headers, name, value) {
    if (headers[_guard] === "immutable") throw new TypeError("Headers are immutable");
    ArrayPrototypePush(headers[_headerList], [name, value]);
  }

  class Headers {
    constructor(init = undefined) {
      this[_headerList] = [];
      this[_guard] = "none";
      if (init !== undefined) fillHeaders(this, webidl.converters["HeadersInit"](init));
    }

    append(name, value) {
      appendHeader(this, name, value);
    }

    get(name) {
      const values = [];
      const list = this[_headerList];
      for (let i = 0; i < list.length; i++) {
        if (byteLowerCase(list[i][0]) === byteLowerCase(name)) {
          ArrayPrototypePush(values, list[i][1]);
        }
      }
      return values.length === 0 ? null : ArrayPrototypeJoin(values, ", ");
    }
  }

  function fillHeaders(headers, object) {
    for (let i = 0; i < object.length; i++) appendHeader(headers, object[i][0], object[i][1]);
  }

  // Lowercases each name, so that a test sees which fill a guard went through.
  function fillHeaderList(list, object) {
    const pairs = webidl.converters["HeadersInit"](object);
    for (let i = 0; i < pairs.length; i++) {
      ArrayPrototypePush(list, [byteLowerCase(pairs[i][0]), pairs[i][1]]);
    }
  }

  function headersFromHeaderList(list, guard) {
    const headers = new Headers();
    headers[_headerList] = list;
    headers[_guard] = guard;
    return headers;
  }

  function headerListFromHeaders(headers) {
    return headers[_headerList];
  }

  function guardFromHeaders(headers) {
    return headers[_guard];
  }

  markNotSerializable(Headers.prototype);
  webidl.converters["HeadersInit"] = (V) => V;

  return {
    fillHeaderList,
    fillHeaders,
    guardFromHeaders,
    headerListFromHeaders,
    Headers,
    headersFromHeaderList,
  };
})();
