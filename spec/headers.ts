/**
 * The Headers class of the Fetch standard: its header list and guard, "validate", "append",
 * "fill", "remove privileged no-CORS request-headers", the constructor and methods, and the
 * value pairs to iterate over. Plus the module contract's entry points that reach the guards the
 * way Request/Response do (see `contract.ts`).
 *
 * Transliterated from whatwg/fetch at 586cd2a44c2a865b37c166dc0740f3fb8bb220d6 (section
 * "Headers class"). Naive on purpose: the header list is a plain array scanned by the
 * algorithms of `header_list.ts`.
 *
 * @module
 */

import {
  type GuardOptions,
  HEADERS_GUARDS,
  type HeadersGuard,
  type Profile,
  PROFILES,
} from "./contract.ts";
import {
  type Header,
  type HeaderList,
  headerListAppend,
  headerListContains,
  headerListDelete,
  headerListGet,
  headerListSet,
  sortAndCombine,
  valuesOf,
} from "./header_list.ts";
import {
  isForbiddenRequestHeader,
  isForbiddenResponseHeaderName,
  isHeaderName,
  isHeaderValue,
  isNoCorsSafelistedRequestHeader,
  isNoCorsSafelistedRequestHeaderName,
  isPrivilegedNoCorsRequestHeaderName,
  normalizeHeaderValue,
  PRIVILEGED_NO_CORS_REQUEST_HEADER_NAMES,
} from "./header_predicates.ts";
import {
  type ConvertedHeadersInit,
  convertToHeadersInit,
  defineClassString,
  definePairIterator,
  describe,
  type IterationKind,
  makeOperationsEnumerable,
  requireArguments,
  toByteString,
  toCallbackFunction,
  type ValuePair,
} from "./webidl.ts";

/**
 * Access to a Headers object's internal slots and algorithms, for this module and for the
 * reference's Request and Response (`request.ts`, `response.ts`), which the standard lets reach
 * a Headers object's header list, guard, "append" and "fill". Not part of the module contract.
 */
export interface HeadersInternals {
  headerList(headers: Headers): HeaderList;
  setHeaderList(headers: Headers, list: HeaderList): void;
  guard(headers: Headers): HeadersGuard;
  setGuard(headers: Headers, guard: HeadersGuard): void;
  profile(headers: Headers): Profile;
  setProfile(headers: Headers, profile: Profile): void;
  append(headers: Headers, header: Header): void;
  fill(headers: Headers, object: ConvertedHeadersInit): void;
  isHeaders(value: unknown): value is Headers;
}

let internals: HeadersInternals;

/** The internal slots and algorithms of the reference's Headers objects (see {@link HeadersInternals}). */
export function headersInternals(): HeadersInternals {
  return internals;
}

const createHeadersIterator = definePairIterator<Headers>({
  identifier: "Headers",
  valuePairsToIterateOver: (headers) => valuePairsToIterateOver(internals.headerList(headers)),
});

/**
 * The value pairs to iterate over: sort and combine of the header list.
 * https://fetch.spec.whatwg.org/#concept-headers (the paragraph after set())
 */
function valuePairsToIterateOver(list: HeaderList): ValuePair[] {
  return sortAndCombine(list);
}

/**
 * The Fetch standard's Headers interface, spec-literal.
 * https://fetch.spec.whatwg.org/#headers-class
 *
 * @example
 * ```ts
 * import { Headers } from "./headers.ts";
 * const headers = new Headers({ "Content-Type": "text/plain" });
 * headers.append("Accept", "a");
 * headers.append("accept", "b");
 * headers.get("ACCEPT"); // "a, b"
 * [...headers]; // [["accept", "a, b"], ["content-type", "text/plain"]]
 * ```
 */
export class Headers {
  /** https://fetch.spec.whatwg.org/#concept-headers-header-list */
  #headerList: HeaderList = [];
  /** https://fetch.spec.whatwg.org/#concept-headers-guard */
  #guard: HeadersGuard = "none";
  /** Which rule set "validate" uses; see `Profile` in contract.ts. */
  #profile: Profile = "standard";

  /**
   * new Headers(init): https://fetch.spec.whatwg.org/#dom-headers
   */
  constructor(...args: [init?: unknown]) {
    // WebIDL: an optional HeadersInit argument; undefined means "not given". (A rest parameter
    // keeps the constructor's length at 0, as WebIDL counts only required arguments.)
    const init = args[0];
    const converted = init === undefined ? undefined : convertToHeadersInit(init);
    // 1. Set this's guard to "none".
    this.#guard = "none";
    // 2. If init is given, fill this with init.
    if (converted !== undefined) this.#fill(converted);
  }

  static {
    internals = {
      headerList: (headers) => headers.#headerList,
      setHeaderList: (headers, list) => {
        headers.#headerList = list;
      },
      guard: (headers) => headers.#guard,
      setGuard: (headers, guard) => {
        headers.#guard = guard;
      },
      profile: (headers) => headers.#profile,
      setProfile: (headers, profile) => {
        headers.#profile = profile;
      },
      append: (headers, header) => headers.#append(header),
      fill: (headers, object) => headers.#fill(object),
      isHeaders: (value): value is Headers =>
        typeof value === "object" && value !== null && #headerList in value,
    };
  }

  /**
   * validate a header (name, value) for this Headers object: throws, or says whether to go on.
   * https://fetch.spec.whatwg.org/#headers-validate
   */
  #validate(name: string, value: string): boolean {
    // 1. If name is not a header name or value is not a header value, throw a TypeError.
    if (!isHeaderName(name)) {
      throw new TypeError(`Headers: ${JSON.stringify(name)} is not a valid header name`);
    }
    if (!isHeaderValue(value)) {
      throw new TypeError(
        `Headers: ${JSON.stringify(value)} is not a valid value for header ${JSON.stringify(name)}`,
      );
    }
    // 2. If the guard is "immutable", throw a TypeError.
    if (this.#guard === "immutable") {
      throw new TypeError(`Headers: immutable, cannot change header ${JSON.stringify(name)}`);
    }
    // 3. If the guard is "request" and (name, value) is a forbidden request-header, return false.
    //    Profile "server": a server runtime forbids no request-header.
    if (
      this.#guard === "request" && this.#profile === "standard" &&
      isForbiddenRequestHeader(name, value)
    ) {
      return false;
    }
    // 4. If the guard is "response" and name is a forbidden response-header name, return false.
    //    Profile "server": a server runtime forbids no response-header name.
    if (
      this.#guard === "response" && this.#profile === "standard" &&
      isForbiddenResponseHeaderName(name)
    ) {
      return false;
    }
    // 5. Return true.
    return true;
  }

  /**
   * append a header (name, value) to this Headers object.
   * https://fetch.spec.whatwg.org/#concept-headers-append
   */
  #append(header: Header): void {
    const name = header[0];
    // 1. Normalize value.
    const value = normalizeHeaderValue(header[1]);
    // 2. If validating (name, value) returns false, return.
    if (!this.#validate(name, value)) return;
    // 3. If the guard is "request-no-cors":
    if (this.#guard === "request-no-cors") {
      // 3.1. Let temporaryValue be the result of getting name from the header list.
      let temporaryValue = headerListGet(this.#headerList, name);
      // 3.2. If temporaryValue is null, set it to value.
      if (temporaryValue === null) temporaryValue = value;
      // 3.3. Otherwise, set it to temporaryValue, 0x2C 0x20, value.
      else temporaryValue = `${temporaryValue}, ${value}`;
      // 3.4. If (name, temporaryValue) is not a no-CORS-safelisted request-header, return.
      if (!isNoCorsSafelistedRequestHeader(name, temporaryValue)) return;
    }
    // 4. Append (name, value) to the header list.
    headerListAppend(this.#headerList, [name, value]);
    // 5. If the guard is "request-no-cors", remove privileged no-CORS request-headers.
    if (this.#guard === "request-no-cors") this.#removePrivilegedNoCorsRequestHeaders();
  }

  /**
   * remove privileged no-CORS request-headers from this Headers object.
   * https://fetch.spec.whatwg.org/#concept-headers-remove-privileged-no-cors-request-headers
   */
  #removePrivilegedNoCorsRequestHeaders(): void {
    // 1. For each headerName of privileged no-CORS request-header names: delete it from the
    //    header list.
    for (let i = 0; i < PRIVILEGED_NO_CORS_REQUEST_HEADER_NAMES.length; i++) {
      headerListDelete(this.#headerList, PRIVILEGED_NO_CORS_REQUEST_HEADER_NAMES[i]);
    }
  }

  /**
   * fill this Headers object with a converted HeadersInit.
   * https://fetch.spec.whatwg.org/#concept-headers-fill
   */
  #fill(object: ConvertedHeadersInit): void {
    // 1. If object is a sequence, for each header of object:
    if (object.kind === "sequence") {
      for (let i = 0; i < object.value.length; i++) {
        const header = object.value[i];
        // 1.1. If header's size is not 2, throw a TypeError.
        if (header.length !== 2) {
          throw new TypeError(
            `Headers: init pair ${
              JSON.stringify(header)
            } has ${header.length} items; a header is exactly [name, value]`,
          );
        }
        // 1.2. Append (header[0], header[1]) to headers.
        this.#append([header[0], header[1]]);
      }
      return;
    }
    // 2. Otherwise, object is a record: for each key -> value, append (key, value).
    for (let i = 0; i < object.value.length; i++) {
      this.#append([object.value[i][0], object.value[i][1]]);
    }
  }

  /** https://fetch.spec.whatwg.org/#dom-headers-append */
  append(name: string, value: string): void {
    const self = brandCheck(this, "append");
    requireArguments(arguments.length, 2, "Headers.append");
    const idlName = toByteString(name, "Headers.append: name");
    const idlValue = toByteString(value, "Headers.append: value");
    // The method steps are to append (name, value) to this.
    self.#append([idlName, idlValue]);
  }

  /** https://fetch.spec.whatwg.org/#dom-headers-delete */
  delete(name: string): void {
    const self = brandCheck(this, "delete");
    requireArguments(arguments.length, 1, "Headers.delete");
    name = toByteString(name, "Headers.delete: name");
    // 1. If validating (name, ``) returns false, return.
    if (!self.#validate(name, "")) return;
    // 2. If the guard is "request-no-cors", name is not a no-CORS-safelisted request-header
    //    name, and name is not a privileged no-CORS request-header name, return.
    if (
      self.#guard === "request-no-cors" && !isNoCorsSafelistedRequestHeaderName(name) &&
      !isPrivilegedNoCorsRequestHeaderName(name)
    ) {
      return;
    }
    // 3. If the header list does not contain name, return.
    if (!headerListContains(self.#headerList, name)) return;
    // 4. Delete name from the header list.
    headerListDelete(self.#headerList, name);
    // 5. If the guard is "request-no-cors", remove privileged no-CORS request-headers.
    if (self.#guard === "request-no-cors") self.#removePrivilegedNoCorsRequestHeaders();
  }

  /** https://fetch.spec.whatwg.org/#dom-headers-get */
  get(name: string): string | null {
    const self = brandCheck(this, "get");
    requireArguments(arguments.length, 1, "Headers.get");
    name = toByteString(name, "Headers.get: name");
    // 1. If name is not a header name, throw a TypeError.
    if (!isHeaderName(name)) {
      throw new TypeError(`Headers.get: ${JSON.stringify(name)} is not a valid header name`);
    }
    // 2. Return the result of getting name from the header list.
    return headerListGet(self.#headerList, name);
  }

  /** https://fetch.spec.whatwg.org/#dom-headers-getsetcookie */
  getSetCookie(): string[] {
    const self = brandCheck(this, "getSetCookie");
    // 1. If the header list does not contain `Set-Cookie`, return « ».
    if (!headerListContains(self.#headerList, "Set-Cookie")) return [];
    // 2. Return the values of all headers named `Set-Cookie` (byte-case-insensitively), in order.
    return valuesOf(self.#headerList, "Set-Cookie");
  }

  /** https://fetch.spec.whatwg.org/#dom-headers-has */
  has(name: string): boolean {
    const self = brandCheck(this, "has");
    requireArguments(arguments.length, 1, "Headers.has");
    name = toByteString(name, "Headers.has: name");
    // 1. If name is not a header name, throw a TypeError.
    if (!isHeaderName(name)) {
      throw new TypeError(`Headers.has: ${JSON.stringify(name)} is not a valid header name`);
    }
    // 2. Return whether the header list contains name.
    return headerListContains(self.#headerList, name);
  }

  /** https://fetch.spec.whatwg.org/#dom-headers-set */
  set(name: string, value: string): void {
    const self = brandCheck(this, "set");
    requireArguments(arguments.length, 2, "Headers.set");
    name = toByteString(name, "Headers.set: name");
    value = toByteString(value, "Headers.set: value");
    // 1. Normalize value.
    value = normalizeHeaderValue(value);
    // 2. If validating (name, value) returns false, return.
    if (!self.#validate(name, value)) return;
    // 3. If the guard is "request-no-cors" and (name, value) is not a no-CORS-safelisted
    //    request-header, return.
    if (self.#guard === "request-no-cors" && !isNoCorsSafelistedRequestHeader(name, value)) {
      return;
    }
    // 4. Set (name, value) in the header list.
    headerListSet(self.#headerList, [name, value]);
    // 5. If the guard is "request-no-cors", remove privileged no-CORS request-headers.
    if (self.#guard === "request-no-cors") self.#removePrivilegedNoCorsRequestHeaders();
  }

  /** https://webidl.spec.whatwg.org/#js-iterable (forEach of a pair iterator) */
  forEach(
    callback: (value: string, name: string, parent: Headers) => void,
    ...optional: [thisArg?: unknown]
  ): void {
    // (The rest parameter keeps forEach's length at 1, as WebIDL counts required arguments.)
    const thisArg = optional[0];
    const self = brandCheck(this, "forEach");
    requireArguments(arguments.length, 1, "Headers.forEach");
    // 1. Let idlCallback be callback converted to a Function.
    const idlCallback = toCallbackFunction(callback, "Headers.forEach");
    // 2. Let pairs be the value pairs to iterate over.
    let pairs = valuePairsToIterateOver(self.#headerList);
    // 3. Let i be 0.
    let i = 0;
    // 4. While i < pairs's size:
    while (i < pairs.length) {
      // 4.1. Let pair be pairs[i].
      const pair = pairs[i];
      // 4.2. Invoke idlCallback with (value, key, this) and thisArg as the callback this value.
      idlCallback.call(thisArg, pair[1], pair[0], self);
      // 4.3. Set pairs to the current value pairs to iterate over (they might have changed).
      pairs = valuePairsToIterateOver(self.#headerList);
      // 4.4. Set i to i + 1.
      i++;
    }
  }

  /** https://webidl.spec.whatwg.org/#js-iterable (entries, also @@iterator) */
  entries(): IterableIterator<[string, string]> {
    return iterate(this, "key+value", "entries") as IterableIterator<[string, string]>;
  }

  /** https://webidl.spec.whatwg.org/#js-iterable (keys) */
  keys(): IterableIterator<string> {
    return iterate(this, "key", "keys") as IterableIterator<string>;
  }

  /** https://webidl.spec.whatwg.org/#js-iterable (values) */
  values(): IterableIterator<string> {
    return iterate(this, "value", "values") as IterableIterator<string>;
  }

  /** Same function object as `entries`, as WebIDL requires. */
  declare [Symbol.iterator]: () => IterableIterator<[string, string]>;
}

function iterate(target: unknown, kind: IterationKind, operation: string) {
  return createHeadersIterator(brandCheck(target, operation), kind);
}

/** WebIDL's "implements the interface" check on `this`: a TypeError for anything else. */
function brandCheck(value: unknown, operation: string): Headers {
  if (!internals.isHeaders(value)) {
    throw new TypeError(
      `Headers.${operation}: called on ${describe(value)}, which is not a Headers object`,
    );
  }
  return value;
}

Object.defineProperty(Headers.prototype, Symbol.iterator, {
  value: Headers.prototype.entries,
  writable: true,
  enumerable: false,
  configurable: true,
});
makeOperationsEnumerable(Headers.prototype, [
  "append",
  "delete",
  "get",
  "getSetCookie",
  "has",
  "set",
  "forEach",
  "entries",
  "keys",
  "values",
]);
defineClassString(Headers.prototype, "Headers");

/**
 * A new Headers object whose header list is `list` itself (shared, not copied), with `guard` and
 * `profile`: what the standard's Request and Response steps create for their header lists
 * ("a new Headers object whose header list is ... and guard is ..."). Not part of the module
 * contract.
 *
 * @example
 * ```ts
 * import { createHeaders } from "./headers.ts";
 * const list: [string, string][] = [["Location", "/a"]];
 * createHeaders(list, "immutable", "standard").get("location"); // "/a"
 * ```
 */
export function createHeaders(list: HeaderList, guard: HeadersGuard, profile: Profile): Headers {
  const headers = new Headers();
  internals.setHeaderList(headers, list);
  internals.setProfile(headers, profile);
  internals.setGuard(headers, guard);
  return headers;
}

/**
 * A Headers object with `guard`, filled from `init` the way the Response constructor fills its
 * headers (contract: see `contract.ts`).
 *
 * @example
 * ```ts
 * import { headersWithGuard } from "./headers.ts";
 * const headers = headersWithGuard("request", { Host: "x", Accept: "*\/*" });
 * [...headers]; // [["accept", "*\/*"]] — Host is a forbidden request-header
 * ```
 */
export function headersWithGuard(
  guard: HeadersGuard,
  init?: unknown,
  options: GuardOptions = {},
): Headers {
  const profile = checkGuardAndProfile(guard, options, "headersWithGuard");
  // The init member of a RequestInit/ResponseInit is converted before the constructor steps.
  const converted = init === undefined ? undefined : convertToHeadersInit(init);
  const headers = new Headers();
  internals.setProfile(headers, profile);
  // Guard "immutable" is filled as "none" and frozen afterwards.
  internals.setGuard(headers, guard === "immutable" ? "none" : guard);
  if (converted !== undefined) internals.fill(headers, converted);
  if (guard === "immutable") internals.setGuard(headers, "immutable");
  return headers;
}

/**
 * A Headers object whose header list is a server's flat `[name, value, ...]` list, taken as is,
 * with `guard` (default "request") set afterwards. The reference validates eagerly: a TypeError
 * for an odd length, a non-string, a name that is not a header name or a value that is not a
 * header value.
 *
 * @example
 * ```ts
 * import { headersFromRawList } from "./headers.ts";
 * const headers = headersFromRawList(["Host", "example.com", "Accept", "*\/*"]);
 * headers.get("host"); // "example.com"
 * ```
 */
export function headersFromRawList(
  flat: string[],
  guard: HeadersGuard = "request",
  options: GuardOptions = {},
): Headers {
  const profile = checkGuardAndProfile(guard, options, "headersFromRawList");
  if (!Array.isArray(flat) || flat.length % 2 !== 0) {
    throw new TypeError(
      `headersFromRawList: expected a flat [name, value, ...] array of even length, got ${
        Array.isArray(flat) ? `length ${flat.length}` : describe(flat)
      }`,
    );
  }
  const list: HeaderList = [];
  for (let i = 0; i < flat.length; i += 2) {
    const name = flat[i];
    const value = flat[i + 1];
    if (typeof name !== "string" || !isHeaderName(name)) {
      throw new TypeError(
        `headersFromRawList: ${describe(name)} at index ${i} is not a header name`,
      );
    }
    // A flat list holds byte sequences: a code unit above 0xFF is no byte.
    if (typeof value !== "string" || !isHeaderValue(value) || /[\u0100-\uffff]/.test(value)) {
      throw new TypeError(
        `headersFromRawList: ${describe(value)} at index ${i + 1} is not a header value`,
      );
    }
    list.push([name, value]);
  }
  const headers = new Headers();
  internals.setHeaderList(headers, list);
  internals.setProfile(headers, profile);
  internals.setGuard(headers, guard);
  return headers;
}

/**
 * Sets the guard of an existing Headers object to "immutable", in place.
 *
 * @example
 * ```ts
 * import { freezeHeaders, Headers } from "./headers.ts";
 * const headers = new Headers({ a: "1" });
 * freezeHeaders(headers);
 * // headers.set("a", "2") now throws a TypeError
 * ```
 */
export function freezeHeaders(headers: Headers): void {
  internals.setGuard(brandCheck(headers, "freezeHeaders"), "immutable");
}

/**
 * The header list of `headers` (https://fetch.spec.whatwg.org/#concept-headers-header-list) as
 * a flat `[name, value, name, value, ...]` array: in list order, each name as the list holds it
 * (the casing of the name's first header when it was appended; as given for a raw list). This
 * is what a request or response built from `headers` puts on the wire.
 *
 * @example
 * ```ts
 * import { headerListOf, Headers } from "./headers.ts";
 * const headers = new Headers([["X-B", "1"], ["a", "2"], ["x-b", "3"]]);
 * headerListOf(headers); // ["X-B", "1", "a", "2", "X-B", "3"]
 * ```
 */
export function headerListOf(headers: Headers): string[] {
  const list = internals.headerList(brandCheck(headers, "headerListOf"));
  const flat: string[] = [];
  for (const [name, value] of list) flat.push(name, value);
  return flat;
}

/**
 * The value pairs to iterate over of a Headers object, each a new [name, value] array: what
 * iterating it to the end yields when nothing changes it meanwhile, in one sort-and-combine
 * instead of one per step. Not part of the module contract: the property campaigns read the
 * reference this way.
 *
 * @example
 * ```ts
 * import { Headers, valuePairsOf } from "./headers.ts";
 * valuePairsOf(new Headers([["B", "1"], ["a", "2"]])); // [["a", "2"], ["b", "1"]]
 * ```
 */
export function valuePairsOf(headers: Headers): [string, string][] {
  return valuePairsToIterateOver(internals.headerList(brandCheck(headers, "valuePairsOf")))
    .map(([name, value]) => [name, value]);
}

function checkGuardAndProfile(
  guard: HeadersGuard,
  options: GuardOptions,
  operation: string,
): Profile {
  if (!HEADERS_GUARDS.includes(guard)) {
    throw new TypeError(`${operation}: ${describe(guard)} is not a headers guard`);
  }
  const profile = options.profile ?? "standard";
  if (!PROFILES.includes(profile)) {
    throw new TypeError(`${operation}: ${describe(profile)} is not a profile`);
  }
  return profile;
}
