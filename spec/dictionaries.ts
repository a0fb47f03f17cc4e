/**
 * The WebIDL conversions the Request and Response classes take: the `RequestInit` and
 * `ResponseInit` dictionaries, the `BodyInit` union, and the scalar types their members are
 * declared with (unsigned short, USVString, DOMString, boolean, enumerations, `AbortSignal?`,
 * `any`). Kept apart from the Fetch algorithms, which only ever see converted values.
 *
 * Transliterated from whatwg/webidl at e1300e95ea6598de45d79823ca72c9bd12852696 and the IDL of
 * whatwg/fetch at 586cd2a44c2a865b37c166dc0740f3fb8bb220d6.
 *
 * Deviation: "V is a platform object that implements I" is asked of the host, through a
 * brand-checking accessor or method of I's prototype captured when this module loads (a Blob is
 * whatever the host's `Blob.prototype.size` getter accepts); a Proxy or an object made with
 * `Object.create(Blob.prototype)` is therefore no Blob, as the standard wants.
 *
 * @module
 */

import {
  type ConvertedHeadersInit,
  convertToHeadersInit,
  describe,
  toByteString,
} from "./webidl.ts";

/** A converted `BodyInit` (https://fetch.spec.whatwg.org/#bodyinit-unions): which member, and its IDL value. */
export type BodyInit =
  | { kind: "ReadableStream"; value: ReadableStream }
  | { kind: "Blob"; value: Blob }
  | { kind: "BufferSource"; value: ArrayBuffer | ArrayBufferView }
  | { kind: "FormData"; value: FormData }
  | { kind: "URLSearchParams"; value: URLSearchParams }
  | { kind: "string"; value: string };

/** https://fetch.spec.whatwg.org/#enumdef-requestmode */
export type RequestMode = "navigate" | "same-origin" | "no-cors" | "cors";

/**
 * A converted `RequestInit` (https://fetch.spec.whatwg.org/#dictdef-requestinit): an ordered map in which
 * a member "exists" exactly when its property is present. No member has a default value.
 */
export interface RequestInit {
  body?: BodyInit | null;
  cache?: string;
  credentials?: string;
  duplex?: string;
  headers?: ConvertedHeadersInit;
  integrity?: string;
  keepalive?: boolean;
  method?: string;
  mode?: RequestMode;
  priority?: string;
  redirect?: string;
  referrer?: string;
  referrerPolicy?: string;
  signal?: AbortSignal | null;
  window?: unknown;
}

/** A converted `ResponseInit` (https://fetch.spec.whatwg.org/#dictdef-responseinit): status and statusText always exist (defaults). */
export interface ResponseInit {
  headers?: ConvertedHeadersInit;
  status: number;
  statusText: string;
}

/** https://fetch.spec.whatwg.org/#enumdef-requestcache */
const REQUEST_CACHE = [
  "default",
  "no-store",
  "reload",
  "no-cache",
  "force-cache",
  "only-if-cached",
];
/** https://fetch.spec.whatwg.org/#enumdef-requestcredentials */
const REQUEST_CREDENTIALS = ["omit", "same-origin", "include"];
/** https://fetch.spec.whatwg.org/#enumdef-requestduplex */
const REQUEST_DUPLEX = ["half"];
/** https://fetch.spec.whatwg.org/#enumdef-requestmode */
const REQUEST_MODE = ["navigate", "same-origin", "no-cors", "cors"];
/** https://fetch.spec.whatwg.org/#enumdef-requestpriority */
const REQUEST_PRIORITY = ["high", "low", "auto"];
/** https://fetch.spec.whatwg.org/#enumdef-requestredirect */
const REQUEST_REDIRECT = ["follow", "error", "manual"];
/** https://w3c.github.io/webappsec-referrer-policy/#enumdef-referrerpolicy */
const REFERRER_POLICY = [
  "",
  "no-referrer",
  "no-referrer-when-downgrade",
  "same-origin",
  "origin",
  "strict-origin",
  "origin-when-cross-origin",
  "strict-origin-when-cross-origin",
  "unsafe-url",
];

/**
 * RequestInit conversion: each member read once with [[Get]] and converted at once, in
 * lexicographical order of the member identifiers, so the first bad member in that order is the
 * one whose exception is thrown.
 * https://webidl.spec.whatwg.org/#js-dictionary
 *
 * @example
 * ```ts
 * import { convertToRequestInit } from "./dictionaries.ts";
 * const init = convertToRequestInit({ method: "post", headers: [["a", "1"]] });
 * init.method; // "post" (normalized later, by the constructor)
 * "body" in init; // false
 * ```
 */
export function convertToRequestInit(jsDict: unknown): RequestInit {
  const idlDict: RequestInit = {};
  const member = dictionaryMemberReader(jsDict, "RequestInit");
  // RequestInit inherits from no dictionary, so the list of dictionaries is « RequestInit », and
  // its members in lexicographical order are: body, cache, credentials, duplex, headers,
  // integrity, keepalive, method, mode, priority, redirect, referrer, referrerPolicy, signal,
  // window. Each read below is "Let jsMemberValue be ? Get(jsDict, key); if it is not undefined,
  // convert it and set idlDict[key]"; none has a default value or is required.
  member("body", (v) => {
    idlDict.body = convertToNullableBodyInit(v, "RequestInit.body");
  });
  member("cache", (v) => {
    idlDict.cache = toEnumeration(v, REQUEST_CACHE, "RequestInit.cache", "RequestCache");
  });
  member("credentials", (v) => {
    idlDict.credentials = toEnumeration(
      v,
      REQUEST_CREDENTIALS,
      "RequestInit.credentials",
      "RequestCredentials",
    );
  });
  member("duplex", (v) => {
    idlDict.duplex = toEnumeration(v, REQUEST_DUPLEX, "RequestInit.duplex", "RequestDuplex");
  });
  member("headers", (v) => {
    idlDict.headers = convertToHeadersInit(v);
  });
  member("integrity", (v) => {
    idlDict.integrity = toDOMString(v, "RequestInit.integrity");
  });
  member("keepalive", (v) => {
    idlDict.keepalive = toBoolean(v);
  });
  member("method", (v) => {
    idlDict.method = toByteString(v, "RequestInit.method");
  });
  member("mode", (v) => {
    idlDict.mode = toEnumeration(v, REQUEST_MODE, "RequestInit.mode", "RequestMode") as RequestMode;
  });
  member("priority", (v) => {
    idlDict.priority = toEnumeration(
      v,
      REQUEST_PRIORITY,
      "RequestInit.priority",
      "RequestPriority",
    );
  });
  member("redirect", (v) => {
    idlDict.redirect = toEnumeration(
      v,
      REQUEST_REDIRECT,
      "RequestInit.redirect",
      "RequestRedirect",
    );
  });
  member("referrer", (v) => {
    idlDict.referrer = toUSVString(v, "RequestInit.referrer");
  });
  member("referrerPolicy", (v) => {
    idlDict.referrerPolicy = toEnumeration(
      v,
      REFERRER_POLICY,
      "RequestInit.referrerPolicy",
      "ReferrerPolicy",
    );
  });
  member("signal", (v) => {
    idlDict.signal = toNullableAbortSignal(v, "RequestInit.signal");
  });
  member("window", (v) => {
    // `any`: the value as it is.
    idlDict.window = v;
  });
  return idlDict;
}

/**
 * ResponseInit conversion: headers, status (default 200), statusText (default ""), in that
 * order, each read once with [[Get]] and converted at once.
 * https://webidl.spec.whatwg.org/#js-dictionary
 *
 * @example
 * ```ts
 * import { convertToResponseInit } from "./dictionaries.ts";
 * convertToResponseInit(undefined); // { status: 200, statusText: "" }
 * convertToResponseInit({ status: 65736 }).status; // 200 (unsigned short wraps modulo 2^16)
 * ```
 */
export function convertToResponseInit(jsDict: unknown): ResponseInit {
  let headers: ConvertedHeadersInit | undefined;
  let status = 200;
  let statusText = "";
  const member = dictionaryMemberReader(jsDict, "ResponseInit");
  // Members in lexicographical order: headers, status, statusText.
  member("headers", (v) => {
    headers = convertToHeadersInit(v);
  });
  // status: unsigned short = 200; an undefined value takes the default.
  member("status", (v) => {
    status = toUnsignedShort(v, "ResponseInit.status");
  });
  // statusText: ByteString = "".
  member("statusText", (v) => {
    statusText = toByteString(v, "ResponseInit.statusText");
  });
  return headers === undefined ? { status, statusText } : { headers, status, statusText };
}

/**
 * Steps 1 and 4.1 of the dictionary conversion, shared by both dictionaries: the TypeError for a
 * value that is neither an object nor undefined/null, then one [[Get]] per member, with the
 * member's conversion run only when the value is not undefined.
 */
function dictionaryMemberReader(
  jsDict: unknown,
  dictionary: string,
): (key: string, convert: (jsMemberValue: unknown) => void) => void {
  // 1. If jsDict is not an Object and is neither undefined nor null, throw a TypeError.
  const isObject = (typeof jsDict === "object" && jsDict !== null) || typeof jsDict === "function";
  if (!isObject && jsDict !== undefined && jsDict !== null) {
    throw new TypeError(`${dictionary}: ${describe(jsDict)} is not an object`);
  }
  return (key, convert) => {
    // 4.1.2. If jsDict is undefined or null, jsMemberValue is undefined.
    // 4.1.3. Otherwise, let jsMemberValue be ? Get(jsDict, key).
    const jsMemberValue: unknown = isObject ? Reflect.get(jsDict as object, key) : undefined;
    // 4.1.4. If jsMemberValue is not undefined, convert it and set idlDict[key]. (4.1.5: a default
    //        value is the caller's initial value; 4.1.6: no member here is required.)
    if (jsMemberValue !== undefined) convert(jsMemberValue);
  };
}

/**
 * DOMString conversion: ToString (a Symbol throws a TypeError).
 * https://webidl.spec.whatwg.org/#js-DOMString
 *
 * @example
 * ```ts
 * import { toDOMString } from "./dictionaries.ts";
 * toDOMString(12, "x"); // "12"
 * ```
 */
export function toDOMString(value: unknown, what: string): string {
  // 1. (No [LegacyNullToEmptyString].) 2. Let x be ? ToString(V). 3. Return it.
  try {
    return `${value as string}`;
  } catch (error) {
    if (error instanceof TypeError) {
      throw new TypeError(`${what}: cannot convert ${describe(value)} to a string`);
    }
    throw error;
  }
}

/**
 * USVString conversion: DOMString, then each lone surrogate replaced by U+FFFD.
 * https://webidl.spec.whatwg.org/#js-USVString
 *
 * @example
 * ```ts
 * import { toUSVString } from "./dictionaries.ts";
 * toUSVString("a\ud800", "x"); // "a\ufffd"
 * ```
 */
export function toUSVString(value: unknown, what: string): string {
  // 1. Let string be the result of converting V to a DOMString.
  const string = toDOMString(value, what);
  // 2. Return the result of converting string to a scalar value string.
  return string.toWellFormed();
}

/** boolean conversion: ToBoolean. https://webidl.spec.whatwg.org/#js-boolean */
function toBoolean(value: unknown): boolean {
  return Boolean(value);
}

/**
 * unsigned short conversion: ConvertToInt(V, 16, "unsigned") without [EnforceRange] or [Clamp]:
 * ToNumber, NaN and infinities to 0, truncation, then modulo 2^16.
 * https://webidl.spec.whatwg.org/#js-unsigned-short
 *
 * @example
 * ```ts
 * import { toUnsignedShort } from "./dictionaries.ts";
 * toUnsignedShort(-1, "x"); // 65535
 * toUnsignedShort("204.9", "x"); // 204
 * ```
 */
export function toUnsignedShort(value: unknown, what: string): number {
  // 1-3. Bounds are 0 and 2^16 - 1. 4. Let x be ? ToNumber(V) (unary plus: a BigInt or a Symbol
  //      throws a TypeError, where Number(V) would convert a BigInt).
  let x: number;
  try {
    x = +(value as number);
  } catch (error) {
    if (error instanceof TypeError) {
      throw new TypeError(`${what}: cannot convert ${describe(value)} to a number`);
    }
    throw error;
  }
  // 5. If x is -0, set x to +0. 6-7. (No [EnforceRange], no [Clamp].)
  // 8. If x is NaN, +0, +Infinity or -Infinity, return +0.
  if (Number.isNaN(x) || x === 0 || !Number.isFinite(x)) return 0;
  // 9. Set x to IntegerPart(x).
  x = Math.trunc(x);
  // 10. Set x to x modulo 2^16 (the result has the sign of the divisor).
  x = ((x % 65536) + 65536) % 65536;
  // 11. (Unsigned: no adjustment.) 12. Return x.
  return x;
}

/**
 * Enumeration conversion: ToString, then a TypeError unless the string is one of the values.
 * https://webidl.spec.whatwg.org/#js-enumeration
 */
function toEnumeration(
  value: unknown,
  values: readonly string[],
  what: string,
  enumeration: string,
): string {
  // 1. Let S be ? ToString(V).
  const s = toDOMString(value, what);
  // 2. If S is not one of E's enumeration values, throw a TypeError.
  if (!values.includes(s)) {
    throw new TypeError(`${what}: ${JSON.stringify(s)} is not a valid ${enumeration} value`);
  }
  // 3. Return the enumeration value equal to S.
  return s;
}

/** A test of "V is a platform object implementing I" through a brand-checking getter of I. */
function brandCheckingGetter(
  prototype: object | undefined,
  key: PropertyKey,
): (value: object) => boolean {
  const getter = prototype === undefined
    ? undefined
    : Object.getOwnPropertyDescriptor(prototype, key)?.get;
  return (value) => {
    if (getter === undefined) return false;
    try {
      Reflect.apply(getter, value, []);
      return true;
    } catch {
      return false;
    }
  };
}

/** Whether a value is a host Blob (or File). */
export const isBlob = brandCheckingGetter(globalThis.Blob?.prototype, "size");
/** Whether a value is a host ReadableStream. */
const isReadableStream = brandCheckingGetter(globalThis.ReadableStream?.prototype, "locked");
/** Whether a value is a host URLSearchParams. */
const isURLSearchParams = brandCheckingGetter(globalThis.URLSearchParams?.prototype, "size");
/** Whether a value is a host AbortSignal. */
const isAbortSignal = brandCheckingGetter(globalThis.AbortSignal?.prototype, "aborted");
/** Whether a value has [[ArrayBufferData]] and is not shared. */
const isArrayBuffer = brandCheckingGetter(ArrayBuffer.prototype, "byteLength");
/** Whether a value has [[DataView]]. */
const isDataView = brandCheckingGetter(DataView.prototype, "buffer");
/** The [[TypedArrayName]] of a value, or undefined when it is no typed array. */
const typedArrayNameGetter = Object.getOwnPropertyDescriptor(
  Object.getPrototypeOf(Uint8Array.prototype),
  Symbol.toStringTag,
)!.get!;
const formDataHas = globalThis.FormData?.prototype.has;
const resizableGetter = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "resizable")?.get;
const sharedByteLengthGetter = globalThis.SharedArrayBuffer === undefined
  ? undefined
  : Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, "byteLength")?.get;
const growableGetter = globalThis.SharedArrayBuffer === undefined
  ? undefined
  : Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, "growable")?.get;

/** Whether a value is a host FormData (its `has` method brand-checks). */
export function isFormData(value: object): boolean {
  if (formDataHas === undefined) return false;
  try {
    Reflect.apply(formDataHas, value, [""]);
    return true;
  } catch {
    return false;
  }
}

/** IsSharedArrayBuffer of a buffer (ArrayBuffer or SharedArrayBuffer). */
function isSharedArrayBuffer(buffer: ArrayBufferLike): boolean {
  if (sharedByteLengthGetter === undefined) return false;
  try {
    Reflect.apply(sharedByteLengthGetter, buffer, []);
    return true;
  } catch {
    return false;
  }
}

/** IsFixedLengthArrayBuffer of a buffer. */
function isFixedLengthArrayBuffer(buffer: ArrayBufferLike): boolean {
  if (isSharedArrayBuffer(buffer)) {
    return growableGetter === undefined || !Reflect.apply(growableGetter, buffer, []);
  }
  return resizableGetter === undefined || !Reflect.apply(resizableGetter, buffer, []);
}

/**
 * Converts a JavaScript value to `BodyInit?`, the union
 * `(ReadableStream or Blob or BufferSource or FormData or URLSearchParams or USVString)?`.
 * https://webidl.spec.whatwg.org/#js-union
 *
 * @example
 * ```ts
 * import { convertToNullableBodyInit } from "./dictionaries.ts";
 * convertToNullableBodyInit(null, "body"); // null
 * convertToNullableBodyInit({}, "body"); // { kind: "string", value: "[object Object]" }
 * ```
 */
export function convertToNullableBodyInit(value: unknown, what: string): BodyInit | null {
  // 1. (The union does not include undefined.)
  // 2. The union includes a nullable type: null or undefined is null.
  if (value === null || value === undefined) return null;
  // 3. Types: ReadableStream, Blob, ArrayBuffer, the ArrayBufferView types, FormData,
  //    URLSearchParams, USVString. 4. (V is neither null nor undefined here.)
  if (typeof value === "object" || typeof value === "function") {
    // 5. If V is a platform object implementing one of the interface types, that object.
    if (isReadableStream(value)) return { kind: "ReadableStream", value: value as ReadableStream };
    if (isBlob(value)) return { kind: "Blob", value: value as Blob };
    if (isFormData(value)) return { kind: "FormData", value: value as FormData };
    if (isURLSearchParams(value)) {
      return { kind: "URLSearchParams", value: value as URLSearchParams };
    }
    // 6. An ArrayBuffer that is not shared: converted to ArrayBuffer (a resizable one throws,
    //    as BodyInit's ArrayBuffer has no [AllowResizable]). 7. A SharedArrayBuffer matches no
    //    member (there is neither SharedArrayBuffer nor object) and falls through to the string.
    if (isArrayBuffer(value)) {
      if (!isFixedLengthArrayBuffer(value as ArrayBuffer)) {
        throw new TypeError(`${what}: a resizable ArrayBuffer is not a BufferSource`);
      }
      return { kind: "BufferSource", value: value as ArrayBuffer };
    }
    // 8-9. A DataView or a typed array: converted to that type, which throws for a view on a
    //      shared or a resizable buffer (no [AllowShared], no [AllowResizable]).
    const typedArrayName: unknown = Reflect.apply(typedArrayNameGetter, value, []);
    if (isDataView(value) || typedArrayName !== undefined) {
      const buffer = (value as ArrayBufferView).buffer;
      if (isSharedArrayBuffer(buffer)) {
        throw new TypeError(`${what}: a view on a SharedArrayBuffer is not a BufferSource`);
      }
      if (!isFixedLengthArrayBuffer(buffer)) {
        throw new TypeError(`${what}: a view on a resizable buffer is not a BufferSource`);
      }
      return { kind: "BufferSource", value: value as ArrayBufferView };
    }
    // 10-12. No callback function, sequence, record or object member.
  }
  // 13-16. The union includes a string type: convert V to USVString.
  return { kind: "string", value: toUSVString(value, what) };
}

/** `AbortSignal?` conversion. https://webidl.spec.whatwg.org/#js-nullable */
function toNullableAbortSignal(value: unknown, what: string): AbortSignal | null {
  // 1. null or undefined is null.
  if (value === null || value === undefined) return null;
  // 2. Otherwise the interface type conversion: a TypeError unless V implements AbortSignal.
  if ((typeof value !== "object" && typeof value !== "function") || !isAbortSignal(value)) {
    throw new TypeError(`${what}: ${describe(value)} is not an AbortSignal`);
  }
  return value as AbortSignal;
}
