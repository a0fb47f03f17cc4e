/**
 * One upstream-ready case per divergence class of properties/NATIVE_DIVERGENCES.md: a minimal
 * observation (the body of a function, no headerproof import), what the standard answers, and the
 * algorithm and step that say so. report.ts turns each into an issue body and a web-platform-tests
 * test.
 *
 * @example
 * ```ts
 * import { REPORT_CASES } from "./report_cases.ts";
 * console.log(REPORT_CASES.map((c) => c.name));
 * ```
 *
 * @module
 */

import type { Outcome } from "../core/outcome.ts";

/** A divergence class as an upstream report. */
export interface ReportCase {
  /** The class name (divergences.ts). */
  name: string;
  /** The issue title. */
  title: string;
  /** The body of `function observe() { ... }`: returns what is compared. */
  observe: string;
  /** What the standard gives: a JSON value, or a thrown error of that constructor. */
  expected: Outcome;
  /** The algorithm, the step, and its link. */
  standard: { algorithm: string; step: string; url: string };
  /** The observation never returns on an affected runtime (a hang): it is not run. */
  hangs?: boolean;
  /**
   * The observation talks to a server or client on 127.0.0.1 (properties/wire/report_cases.ts):
   * an async body, and no web-platform-tests test.
   */
  network?: boolean;
  /**
   * The npm release the class lives in (`undici@X`), when it is not a runtime's own Headers: the
   * reproduction takes Headers, Request and Response from that package, installed beside it, and
   * is run under Node.
   */
  package?: string;
}

const FETCH = "https://fetch.spec.whatwg.org/";
const WEBIDL = "https://webidl.spec.whatwg.org/";
const ECMA = "https://tc39.es/ecma262/";

/** Every class of NATIVE_DIVERGENCES.md, in divergences.ts order. */
/** The keys `new Response(null, init)` reads from its init, in order, through a Proxy. */
const RESPONSE_INIT_KEYS_READ = `const read = [];
  const init = new Proxy({}, { get(target, key) { read.push(String(key)); return undefined; } });
  new Response(null, init);
  return read;`;

export const REPORT_CASES: readonly ReportCase[] = [
  {
    name: "no-cors-guard-ignored",
    title: 'new Request(url, { mode: "no-cors" }) does not apply the "request-no-cors" guard',
    observe:
      `return new Request("http://a/", { mode: "no-cors", headers: { "x-a": "1" } }).headers.has("x-a");`,
    expected: { ok: false },
    standard: {
      algorithm: "new Request(input, init)",
      step: 'if mode is "no-cors", set the headers\' guard to "request-no-cors" before filling ' +
        "them; appending a header that is not no-CORS-safelisted is then ignored",
      url: `${FETCH}#dom-request`,
    },
  },
  {
    name: "iteration-drops-leading-empty-value",
    title: "Iterating Headers drops an empty first value of a combined header",
    observe: `const h = new Headers([["x", ""], ["x", "a"]]);
  return [[...h], h.get("x")];`,
    expected: { ok: [[["x", ", a"]], ", a"] },
    standard: {
      algorithm: "sort and combine",
      step: "each name's value is the header list's get of that name, which joins every value " +
        "(empty ones included) with 0x2C 0x20",
      url: `${FETCH}#concept-header-list-sort-and-combine`,
    },
  },
  {
    name: "iterator-latches-on-done",
    title: "A Headers iterator that returned done stays done after the list grows",
    observe: `const h = new Headers({ a: "1" });
  const it = h.keys();
  it.next();
  it.next();
  h.append("b", "2");
  const { value, done } = it.next();
  return [value, done];`,
    expected: { ok: ["b", false] },
    standard: {
      algorithm: "%HeadersIteratorPrototype%.next()",
      step: "compute the value pairs to iterate over on every call and compare the index with " +
        "their current size",
      url: `${WEBIDL}#es-iterator-prototype-object`,
    },
  },
  {
    name: "for-each-iterates-snapshot",
    title: "Headers.prototype.forEach does not see headers its callback adds",
    observe: `const h = new Headers({ "accept-language": "en" });
  const seen = [];
  h.forEach((v, k) => {
    seen.push(k);
    if (seen.length === 1) h.set("accept", "t");
  });
  return seen;`,
    expected: { ok: ["accept-language", "accept-language"] },
    standard: {
      algorithm: "forEach(callback, thisArg) of a pair iterable",
      step: "after each call of the callback, set pairs to the current value pairs to iterate over",
      url: `${WEBIDL}#es-forEach`,
    },
  },
  {
    name: "set-cookie-sorted-last",
    title: "Iterating Headers puts set-cookie after every other name",
    observe: `return [...new Headers([["x-a", "1"], ["set-cookie", "c"]])].map(([name]) => name);`,
    expected: { ok: ["set-cookie", "x-a"] },
    standard: {
      algorithm: "sort and combine",
      step: "names are sorted in ascending byte order; set-cookie is sorted with the others, one " +
        "pair per value",
      url: `${FETCH}#concept-header-list-sort-and-combine`,
    },
  },
  {
    name: "record-includes-non-enumerable-keys",
    title: "A record init takes non-enumerable own properties",
    observe: `return [...new Headers(Object.defineProperty({}, "x-hidden", { value: "1" }))];`,
    expected: { ok: [] },
    standard: {
      algorithm: "converting an ECMAScript value to record<ByteString, ByteString>",
      step: "a key is taken only if its property descriptor is not undefined and enumerable",
      url: `${WEBIDL}#js-record`,
    },
  },
  {
    name: "record-enumerable-symbol-key-ignored",
    title: "A record init with an enumerable Symbol key is accepted",
    observe: `return [...new Headers({ [Symbol("s")]: "1", a: "1" })];`,
    expected: { threw: "TypeError" },
    standard: {
      algorithm: "converting an ECMAScript value to record<ByteString, ByteString>",
      step: "every enumerable own key, Symbols included, is converted to a ByteString, and " +
        "ToString of a Symbol throws a TypeError",
      url: `${WEBIDL}#js-record`,
    },
  },
  {
    name: "copy-keeps-trailing-comma-space",
    title: 'Copying Headers keeps a combined value ending in ", "',
    observe: `const h = new Headers();
  h.append("x", "a");
  h.append("x", "");
  return [...new Headers(h)];`,
    expected: { ok: [["x", "a,"]] },
    standard: {
      algorithm: "fill, then append",
      step: "the copy appends each iterated pair, and append first normalizes the value " +
        "(strips leading and trailing HTTP whitespace)",
      url: `${FETCH}#concept-headers-append`,
    },
  },
  {
    name: "response-init-skips-tolength",
    title: "The Response constructor converts a headers array without ToLength on its length",
    observe: `const headers = new Proxy([], {
    get: (t, k, r) => k === "length" ? 0.5 : Reflect.get(t, k, r),
  });
  return [...new Response(null, { headers }).headers];`,
    expected: { ok: [] },
    standard: {
      algorithm: "creating a sequence from an iterable (the array's own iterator)",
      step: "the array iterator reads length with ToLength, which makes 0.5 a length of 0",
      url: `${WEBIDL}#create-sequence-from-iterable`,
    },
  },
  {
    name: "pair-next-primitive-hangs",
    title: "A sequence init whose pair iterator's next() returns a primitive never returns",
    observe: `return [...new Headers([{ [Symbol.iterator]: () => ({ next: () => 1 }) }])];`,
    expected: { threw: "TypeError" },
    standard: {
      algorithm: "IteratorNext (used by IteratorStepValue)",
      step: "if the result of next() is not an Object, throw a TypeError",
      url: `${ECMA}#sec-iteratornext`,
    },
    hangs: true,
  },
  {
    name: "cookie-joined-with-semicolon",
    title: 'Headers joins cookie values with "; "',
    observe: `const h = new Headers();
  h.append("cookie", "a=1");
  h.append("cookie", "b=2");
  return h.get("cookie");`,
    expected: { ok: "a=1, b=2" },
    standard: {
      algorithm: "get a header list's value",
      step: "the values are joined with 0x2C 0x20 (comma, space), whatever the name",
      url: `${FETCH}#concept-header-list-get`,
    },
  },
  {
    name: "get-set-cookie-no-brand-check",
    title: "Headers.prototype.getSetCookie.call({}) does not throw",
    observe: `return Headers.prototype.getSetCookie.call({});`,
    expected: { threw: "TypeError" },
    standard: {
      algorithm: "operations of an interface",
      step: "if this value does not implement the interface, throw a TypeError",
      url: `${WEBIDL}#dfn-create-operation-function`,
    },
  },
  {
    name: "error-response-headers-mutable",
    title: "Response.error().headers is not immutable",
    observe: `Response.error().headers.append("a", "b");
  return "appended";`,
    expected: { threw: "TypeError" },
    standard: {
      algorithm: "Response.error(), then append",
      step: 'the headers\' guard is "immutable", and append throws a TypeError for that guard',
      url: `${FETCH}#dom-response-error`,
    },
  },
  {
    name: "headers-init-ignores-overridden-iterator",
    title: "The Response constructor copies a Headers init ignoring its overridden @@iterator",
    observe: `const h = new Headers([["a", "1"]]);
  Object.defineProperty(h, Symbol.iterator, {
    value: function* () {
      yield ["x-overridden", "1"];
    },
  });
  return [...new Response(null, { headers: h }).headers];`,
    expected: { ok: [["x-overridden", "1"]] },
    standard: {
      algorithm: "converting HeadersInit (a union of a sequence and a record)",
      step: "an object with an @@iterator method is converted by iterating it with that method",
      url: `${WEBIDL}#js-union`,
    },
  },
  {
    name: "sequence-converted-after-iteration",
    title: "A sequence init is iterated to its end before any pair is converted",
    observe: `new Headers({
    *[Symbol.iterator]() {
      yield ["\\u0100", "a"];
      throw new SyntaxError("midway");
    },
  });
  return "constructed";`,
    expected: { threw: "TypeError" },
    standard: {
      algorithm: "creating a sequence from an iterable",
      step: "each value is converted to the IDL type as it is taken from the iterator, so the " +
        "first pair's ByteString conversion throws before the iterator is asked again",
      url: `${WEBIDL}#create-sequence-from-iterable`,
    },
  },
  {
    name: "iterator-method-read-repeatedly",
    title: "Converting a Headers init reads its @@iterator method more than once",
    observe: `let reads = 0;
  const init = new Proxy([["a", "1"]], {
    get(t, k, r) {
      if (k === Symbol.iterator) reads++;
      return Reflect.get(t, k, r);
    },
  });
  new Headers(init);
  return reads;`,
    expected: { ok: 1 },
    standard: {
      algorithm: "converting to a union with a sequence type",
      step: "GetMethod(V, @@iterator) once, then create a sequence from V and that method",
      url: `${WEBIDL}#js-union`,
    },
  },
  {
    name: "record-value-read-before-key-check",
    title: "A record init's value is read before its key is found not to be a ByteString",
    observe: `let read = false;
  try {
    new Headers({
      get ["\\u0100"]() {
        read = true;
        return "a";
      },
    });
  } catch {
    // the TypeError is expected; what matters is whether the getter ran
  }
  return read;`,
    expected: { ok: false },
    standard: {
      algorithm: "converting an ECMAScript value to record<ByteString, ByteString>",
      step: "the key is converted to a ByteString (which throws) before Get(O, key)",
      url: `${WEBIDL}#js-record`,
    },
  },
  {
    name: "iterator-protocol-extra-reads",
    title: "Converting an iterator init reads next twice and value from a done result",
    observe: `const log = [];
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
  return log;`,
    expected: { ok: ["get next", "next()", "get done"] },
    standard: {
      algorithm: "GetIteratorFromMethod and IteratorStepValue",
      step: "next is read once when the iterator is obtained; value is read only from a result " +
        "that is not done",
      url: `${ECMA}#sec-iteratorstepvalue`,
    },
  },
  {
    name: "iteration-pairs-shared-with-cache",
    package: "undici@6.0.0",
    title: "Iterating Headers hands out the pairs its cache keeps",
    observe: `const h = new Headers([["range", "bytes=0-"]]);
  [...h][0].splice(0, 2, "tampered");
  return [...h];`,
    expected: { ok: [["range", "bytes=0-"]] },
    standard: {
      algorithm: "%HeadersIteratorPrototype%.next() (pair iterator)",
      step: "each result's value is a new array created from the pair's name and value",
      url: `${WEBIDL}#es-iterator-prototype-object`,
    },
  },
  {
    name: "uses-patchable-builtins",
    title: "Headers calls built-ins that user code can replace",
    observe: `const h = new Headers();
  const lower = String.prototype.toLowerCase;
  String.prototype.toLowerCase = () => "x-not-what-you-asked";
  try {
    h.append("Accept", "a");
  } finally {
    String.prototype.toLowerCase = lower;
  }
  return [...h];`,
    expected: { ok: [["accept", "a"]] },
    standard: {
      algorithm: "append, then byte-lowercase",
      step: "the name is byte-lowercased by the standard's own algorithm, which user code " +
        "replacing String.prototype.toLowerCase cannot change",
      url: "https://infra.spec.whatwg.org/#byte-lowercase",
    },
  },
  {
    name: "own-keys-expose-internal-state",
    title: "Headers objects carry own properties holding their internal state",
    observe:
      `return [Reflect.ownKeys(new Headers()).length, Reflect.ownKeys(new Headers().entries()).length];`,
    expected: { ok: [0, 0] },
    standard: {
      algorithm: "platform objects implementing an interface",
      step: "a platform object's state is in internal slots; it has no own properties unless " +
        "the interface is [LegacyUnforgeable] or has named/indexed properties",
      url: `${WEBIDL}#es-platform-objects`,
    },
  },
  {
    name: "prototype-has-extra-properties",
    title: "Headers.prototype has properties the interface does not define",
    observe:
      `const defined = ["constructor", "append", "delete", "get", "getSetCookie", "has", "set",
    "entries", "forEach", "keys", "values", Symbol.iterator, Symbol.toStringTag];
  const inspect = [Symbol.for("Deno.customInspect"), Symbol.for("nodejs.util.inspect.custom")];
  return Reflect.ownKeys(Headers.prototype)
    .filter((k) => !defined.includes(k) && !inspect.includes(k))
    .map(String);`,
    expected: { ok: [] },
    standard: {
      algorithm: "interface prototype object",
      step: "it has a property for each operation, attribute and iterable declaration of the " +
        "interface, @@iterator and @@toStringTag, and nothing else",
      url: `${WEBIDL}#interface-prototype-object`,
    },
  },
  {
    name: "headers-request-response-serializable",
    title: "structuredClone copies a Headers, Request or Response nested in another object",
    observe: `const outcome = (value) => {
    try {
      structuredClone(value);
      return "cloned";
    } catch (error) {
      return error.name;
    }
  };
  return [new Headers(), new Request("http://a/"), new Response()]
    .flatMap((value) => [outcome(value), outcome({ nested: [value] })]);`,
    expected: { ok: Array(6).fill("DataCloneError") },
    standard: {
      algorithm: "StructuredSerializeInternal",
      step: "a platform object that is not a serializable object (Headers, Request and Response " +
        'are not [Serializable]) throws a "DataCloneError" DOMException, at any depth',
      url: "https://html.spec.whatwg.org/#structuredserializeinternal",
    },
  },
  {
    name: "request-init-reads-client",
    title: "new Request reads a RequestInit property `client` that is not a member",
    observe: `const read = [];
  const init = new Proxy({}, { get(target, key) { read.push(String(key)); return undefined; } });
  new Request("http://a/", init);
  return read;`,
    expected: {
      ok: [
        "body",
        "cache",
        "credentials",
        "duplex",
        "headers",
        "integrity",
        "keepalive",
        "method",
        "mode",
        "priority",
        "redirect",
        "referrer",
        "referrerPolicy",
        "signal",
        "window",
      ],
    },
    standard: {
      algorithm: "JavaScript value to dictionary (RequestInit)",
      step: "for each dictionary member in lexicographical order, Get(jsDict, key): exactly the " +
        "members, each once",
      url: `${WEBIDL}#js-dictionary`,
    },
  },
  {
    name: "response-init-members-read-twice",
    title: "new Response reads ResponseInit members more than once, headers last",
    observe: `const read = [];
  const init = {};
  for (const [key, value] of [["headers", { a: "1" }], ["status", 200], ["statusText", "OK"]]) {
    Object.defineProperty(init, key, { get() { read.push(key); return value; } });
  }
  new Response(null, init);
  return read;`,
    expected: { ok: ["headers", "status", "statusText"] },
    standard: {
      algorithm: "JavaScript value to dictionary (ResponseInit)",
      step: "each member is read once with Get, in lexicographical order",
      url: `${WEBIDL}#js-dictionary`,
    },
  },
  {
    name: "response-accepts-status-101",
    title: "new Response(null, { status: 101 }) does not throw a RangeError",
    observe: `try {
    return new Response(null, { status: 101 }).status;
  } catch (error) {
    return error.constructor.name;
  }`,
    expected: { ok: "RangeError" },
    standard: {
      algorithm: "initialize a response",
      step: 'if init["status"] is not in the range 200 to 599, inclusive, throw a RangeError',
      url: `${FETCH}#initialize-a-response`,
    },
  },
  {
    name: "response-status-checked-before-headers-converted",
    title: "new Response checks status and statusText before converting the init's headers",
    observe: `try {
    new Response(null, { status: 600, headers: new Map([["\\u0100", "1"]]) });
    return "no error";
  } catch (error) {
    return error.constructor.name;
  }`,
    expected: { ok: "TypeError" },
    standard: {
      algorithm: "JavaScript value to dictionary (ResponseInit), then initialize a response",
      step: "the headers member is converted (a name that is not a ByteString throws a " +
        "TypeError) before the constructor checks the status range",
      url: `${WEBIDL}#js-dictionary`,
    },
  },
  {
    name: "init-members-read-out-of-order",
    title: "RequestInit and ResponseInit members are not read in lexicographical order",
    observe: RESPONSE_INIT_KEYS_READ,
    expected: { ok: ["headers", "status", "statusText"] },
    standard: {
      algorithm: "JavaScript value to dictionary",
      step: "for each dictionary member in lexicographical order, Get(jsDict, key)",
      url: `${WEBIDL}#js-dictionary`,
    },
  },
  {
    name: "init-reads-non-members",
    title: "ResponseInit conversion reads `method`, which is not a member",
    observe: RESPONSE_INIT_KEYS_READ,
    expected: { ok: ["headers", "status", "statusText"] },
    standard: {
      algorithm: "JavaScript value to dictionary",
      step: "only the dictionary's members are read, in lexicographical order",
      url: `${WEBIDL}#js-dictionary`,
    },
  },
  {
    name: "json-content-type-has-charset",
    title: 'Response.json() sets Content-Type "application/json;charset=utf-8"',
    observe: `return Response.json({}).headers.get("content-type");`,
    expected: { ok: "application/json" },
    standard: {
      algorithm: "Response.json(data, init)",
      step: 'initialize a response with (body, "application/json")',
      url: `${FETCH}#dom-response-json`,
    },
  },
  {
    name: "string-body-no-content-type",
    title: "A string body sets no Content-Type",
    observe: `return [
    new Response("x").headers.get("content-type"),
    new Request("http://a/", { method: "POST", body: "x" }).headers.get("content-type"),
  ];`,
    expected: { ok: ["text/plain;charset=UTF-8", "text/plain;charset=UTF-8"] },
    standard: {
      algorithm: "extract a body",
      step: 'a scalar value string: type is "text/plain;charset=UTF-8"',
      url: `${FETCH}#concept-bodyinit-extract`,
    },
  },
  {
    name: "response-status-and-status-text-unchecked",
    title: "new Response accepts a body with status 204 and an invalid statusText",
    observe: `const outcome = (make) => {
    try {
      make();
      return "no error";
    } catch (error) {
      return error.constructor.name;
    }
  };
  return [
    outcome(() => new Response("x", { status: 204 })),
    outcome(() => new Response(null, { statusText: "a\\nb" })),
    outcome(() => new Response(null, { statusText: "\\u0100" })),
  ];`,
    expected: { ok: ["TypeError", "TypeError", "TypeError"] },
    standard: {
      algorithm: "initialize a response",
      step: "a statusText that does not match the reason-phrase token production throws a " +
        "TypeError; a body with a null body status throws a TypeError",
      url: `${FETCH}#initialize-a-response`,
    },
  },
  {
    name: "status-not-converted-to-unsigned-short",
    title: "ResponseInit's status is not converted to an unsigned short",
    observe: `try {
    return new Response(null, { status: 65736 }).status;
  } catch (error) {
    return error.constructor.name;
  }`,
    expected: { ok: 200 },
    standard: {
      algorithm: "unsigned short conversion",
      step: "ToNumber, truncate, then modulo 2^16: 65736 becomes 200",
      url: `${WEBIDL}#js-unsigned-short`,
    },
  },
  {
    name: "get-request-accepts-body",
    title: "new Request(url, { body }) with method GET does not throw",
    observe: `try {
    new Request("http://a/", { body: "x" });
    return "no error";
  } catch (error) {
    return error.constructor.name;
  }`,
    expected: { ok: "TypeError" },
    standard: {
      algorithm: "new Request(input, init)",
      step: "if init's body is non-null and the request's method is GET or HEAD, throw a " +
        "TypeError",
      url: `${FETCH}#dom-request`,
    },
  },
  {
    name: "request-constructor-checks-skipped",
    title:
      "new Request accepts mode navigate, cache only-if-cached and forbidden or invalid methods",
    observe: `const outcome = (init) => {
    try {
      new Request("http://a/", init);
      return "no error";
    } catch (error) {
      return error.constructor.name;
    }
  };
  return [{ mode: "navigate" }, { cache: "only-if-cached" }, { method: "CONNECT" }, { method: "a b" }]
    .map(outcome);`,
    expected: { ok: ["TypeError", "TypeError", "TypeError", "TypeError"] },
    standard: {
      algorithm: "new Request(input, init)",
      step: 'mode "navigate" throws; cache "only-if-cached" outside mode "same-origin" throws; ' +
        "a method that is not a method token or is forbidden throws",
      url: `${FETCH}#dom-request`,
    },
  },
  {
    name: "response-headers-filled-before-status-check",
    title: "new Response fills its headers before it checks the status",
    observe: `try {
    new Response(null, { status: 600, headers: { a: "\\u0000" } });
    return "no error";
  } catch (error) {
    return error.constructor.name;
  }`,
    expected: { ok: "RangeError" },
    standard: {
      algorithm: "initialize a response",
      step: "the status range check (step 1) comes before the headers are filled (step 5)",
      url: `${FETCH}#initialize-a-response`,
    },
  },
  {
    name: "response-init-ignores-array-iterator",
    title: "new Response ignores the @@iterator of an array given as headers",
    observe: `const headers = [["a", "1"]];
  Object.defineProperty(headers, Symbol.iterator, {
    value: function* () {
      yield ["x-overridden", "1"];
    },
  });
  return [...new Response(null, { headers }).headers].map(([name]) => name);`,
    expected: { ok: ["x-overridden"] },
    standard: {
      algorithm: "HeadersInit conversion (sequence<sequence<ByteString>>)",
      step: "an object with an @@iterator method is converted by GetMethod(V, @@iterator) and " +
        "iterating what it returns, whatever the object is",
      url: `${WEBIDL}#js-sequence`,
    },
  },
  {
    name: "static-body-content-type-name-lowercase",
    title: "new Response(string, init) and Response.json(data, init) put content-type, not " +
      "Content-Type, in the header list",
    // Deno keeps a Headers' list under an own Symbol; where no such key exists the list cannot be
    // observed from script, and the observation answers the standard's names.
    observe: `const names = (response) => {
    const key = Object.getOwnPropertySymbols(response.headers)
      .find((symbol) => symbol.description === "header list");
    return key === undefined ? ["Content-Type"] : response.headers[key].map(([name]) => name);
  };
  return [
    names(new Response("a", {})),
    names(Response.json({}, {})),
    names(new Response("a", { headers: { "Content-Type": "text/plain" } })),
  ];`,
    expected: { ok: [["Content-Type"], ["Content-Type"], ["Content-Type"]] },
    standard: {
      algorithm: "initialize a response",
      step: "fill the headers from init (each name as the init writes it), then, if body's " +
        "type is non-null and the header list does not contain `Content-Type`, append " +
        "(`Content-Type`, type) (the name as written)",
      url: `${FETCH}#initialize-a-response`,
    },
  },
  {
    name: "foreign-form-data-body-is-text",
    package: "undici@8.13.1",
    title: "Response does not recognize a FormData body of Node's global FormData class",
    // The package's Response with Node's global FormData (of Node's own undici): a foreign class.
    observe: `const form = new FormData();
  form.append("a", "1");
  return new Response(form).headers.get("content-type").split(";")[0];`,
    expected: { ok: "multipart/form-data" },
    standard: {
      algorithm: "extract a body",
      step: "object is a FormData: the type is `multipart/form-data; boundary=` followed by the " +
        "boundary (a FormData is any object implementing the interface)",
      url: `${FETCH}#concept-bodyinit-extract`,
    },
  },
];
