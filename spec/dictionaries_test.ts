import assert from "node:assert/strict";
import {
  convertToNullableBodyInit,
  convertToRequestInit,
  convertToResponseInit,
  toUnsignedShort,
  toUSVString,
} from "./dictionaries.ts";

/** An init object that records every [[Get]] (a Proxy) and answers from `values`. */
function recordingProxy(values: Record<string, unknown>): { init: object; gets: string[] } {
  const gets: string[] = [];
  const init = new Proxy(values, {
    get(target, key) {
      gets.push(String(key));
      return Reflect.get(target, key);
    },
  });
  return { init, gets };
}

/** The same through getters on a plain object, which a fast path may treat apart from a Proxy. */
function recordingGetters(values: Record<string, unknown>): { init: object; gets: string[] } {
  const gets: string[] = [];
  const init = {};
  for (const key of Object.keys(values)) {
    Object.defineProperty(init, key, {
      get() {
        gets.push(key);
        return values[key];
      },
      enumerable: true,
    });
  }
  return { init, gets };
}

const REQUEST_INIT_ORDER = [
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
];

Deno.test("RequestInit: every member is read once, in lexicographical order", () => {
  const { init, gets } = recordingProxy({});
  convertToRequestInit(init);
  assert.deepEqual(gets, REQUEST_INIT_ORDER);
  const { init: withGetters, gets: getterReads } = recordingGetters({
    window: null,
    method: "GET",
    body: null,
    headers: {},
  });
  convertToRequestInit(withGetters);
  assert.deepEqual(getterReads, ["body", "headers", "method", "window"]);
});

Deno.test("RequestInit: members inherited through the prototype chain are read too", () => {
  const init = convertToRequestInit(Object.create({ method: "POST" }));
  assert.equal(init.method, "POST");
});

Deno.test("RequestInit: the first bad member in lexicographical order throws, and no later one is read", () => {
  const { init, gets } = recordingProxy({ cache: "bogus", mode: "bogus", method: "\u0100" });
  assert.throws(() => convertToRequestInit(init), /RequestInit\.cache: "bogus"/);
  assert.deepEqual(gets, ["body", "cache"]);
  assert.throws(
    () => convertToRequestInit({ mode: "bogus", method: "\u0100" }),
    /RequestInit\.method/,
  );
  assert.throws(() => convertToRequestInit({ signal: {} }), /not an AbortSignal/);
  assert.throws(() => convertToRequestInit({ priority: "urgent" }), TypeError);
  assert.throws(() => convertToRequestInit({ duplex: "full" }), TypeError);
  assert.throws(() => convertToRequestInit({ referrerPolicy: "nope" }), TypeError);
});

Deno.test("RequestInit: undefined members do not exist, null and defaults are kept as given", () => {
  assert.deepEqual(convertToRequestInit({ method: undefined, window: undefined }), {});
  const init = convertToRequestInit({ body: null, window: null, keepalive: 0, integrity: 5 });
  assert.deepEqual(init, { body: null, window: null, keepalive: false, integrity: "5" });
  assert.deepEqual(convertToRequestInit(undefined), {});
  assert.deepEqual(convertToRequestInit(null), {});
  assert.throws(() => convertToRequestInit("x"), /RequestInit: "x" is not an object/);
  assert.throws(() => convertToRequestInit(1), TypeError);
});

Deno.test("ResponseInit: headers, status, statusText in order, with defaults", () => {
  const { init, gets } = recordingProxy({});
  assert.deepEqual(convertToResponseInit(init), { status: 200, statusText: "" });
  assert.deepEqual(gets, ["headers", "status", "statusText"]);
  assert.deepEqual(convertToResponseInit({ status: "201", statusText: 7, headers: [["a", "b"]] }), {
    headers: { kind: "sequence", value: [["a", "b"]] },
    status: 201,
    statusText: "7",
  });
  // headers is converted (and throws) before status is read.
  const { init: bad, gets: badGets } = recordingProxy({ headers: [["a"]], status: 1n });
  assert.doesNotThrow(() => convertToResponseInit({ headers: [["a"]] }));
  assert.throws(() => convertToResponseInit(bad), /cannot convert 1n? to a number|number/);
  assert.deepEqual(badGets, ["headers", "status"]);
  assert.throws(() => convertToResponseInit({ statusText: "\u0100" }), TypeError);
  assert.throws(() => convertToResponseInit(true), TypeError);
});

Deno.test("unsigned short wraps modulo 2^16 and truncates; BigInt and Symbol throw", () => {
  assert.equal(toUnsignedShort(65736, "s"), 200);
  assert.equal(toUnsignedShort(-1, "s"), 65535);
  assert.equal(toUnsignedShort(204.9, "s"), 204);
  assert.equal(toUnsignedShort(-0.5, "s"), 0);
  assert.equal(toUnsignedShort(NaN, "s"), 0);
  assert.equal(toUnsignedShort(Infinity, "s"), 0);
  assert.equal(toUnsignedShort("0x12C", "s"), 300);
  assert.equal(toUnsignedShort(null, "s"), 0);
  assert.throws(() => toUnsignedShort(200n, "s"), TypeError);
  assert.throws(() => toUnsignedShort(Symbol(), "s"), TypeError);
});

Deno.test("USVString replaces lone surrogates", () => {
  assert.equal(toUSVString("a\ud800b", "x"), "a\ufffdb");
  assert.equal(toUSVString("\ud83d\ude00", "x"), "\ud83d\ude00");
});

Deno.test("BodyInit: platform objects by brand, buffers, and everything else as a string", () => {
  assert.equal(convertToNullableBodyInit(undefined, "b"), null);
  assert.equal(convertToNullableBodyInit(null, "b"), null);
  assert.equal(convertToNullableBodyInit(new Blob([]), "b")?.kind, "Blob");
  assert.equal(convertToNullableBodyInit(new File([], "f"), "b")?.kind, "Blob");
  assert.equal(convertToNullableBodyInit(new FormData(), "b")?.kind, "FormData");
  assert.equal(convertToNullableBodyInit(new URLSearchParams(), "b")?.kind, "URLSearchParams");
  assert.equal(convertToNullableBodyInit(new ReadableStream(), "b")?.kind, "ReadableStream");
  assert.equal(convertToNullableBodyInit(new ArrayBuffer(1), "b")?.kind, "BufferSource");
  assert.equal(
    convertToNullableBodyInit(new DataView(new ArrayBuffer(1)), "b")?.kind,
    "BufferSource",
  );
  assert.equal(convertToNullableBodyInit(new Float64Array(1), "b")?.kind, "BufferSource");
  // Not a Blob: an object that only inherits from Blob.prototype is stringified.
  assert.deepEqual(convertToNullableBodyInit(Object.create(Blob.prototype), "b"), {
    kind: "string",
    value: "[object Blob]",
  });
  assert.deepEqual(convertToNullableBodyInit(12, "b"), { kind: "string", value: "12" });
  assert.deepEqual(convertToNullableBodyInit({}, "b"), {
    kind: "string",
    value: "[object Object]",
  });
  assert.deepEqual(convertToNullableBodyInit(new SharedArrayBuffer(1), "b"), {
    kind: "string",
    value: "[object SharedArrayBuffer]",
  });
  assert.throws(
    () => convertToNullableBodyInit(new Uint8Array(new SharedArrayBuffer(1)), "b"),
    TypeError,
  );
  assert.throws(
    () => convertToNullableBodyInit(new ArrayBuffer(1, { maxByteLength: 2 }), "b"),
    /resizable/,
  );
  assert.throws(() => convertToNullableBodyInit(Symbol(), "b"), TypeError);
});
