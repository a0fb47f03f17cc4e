/**
 * The Request class as far as its headers go: the constructor's steps (the copy of an input
 * Request's header list, the "request" and "request-no-cors" guards, the method and mode checks
 * that decide them, the refill from `init.headers`, the Content-Type from an extracted body),
 * `clone()`, and the getters a campaign compares.
 *
 * Transliterated from whatwg/fetch at 586cd2a44c2a865b37c166dc0740f3fb8bb220d6 (section
 * "Request class"); step numbers are that commit's.
 *
 * Modelled only as far as the header steps need them: URL parsing (no API base URL, as in a
 * server runtime started without a location, so a relative URL fails to parse), method checks
 * and normalization, mode, and the checks that throw before the headers are filled (window,
 * referrer parsing, navigate mode, only-if-cached). Out of scope: the referrer's value and origin
 * (a server runtime has no client origin), signals and their dependents, priority, the client,
 * the traversable for user prompts, the WebDriver id, and the body's bytes beyond `text()`.
 *
 * @module
 */

import { cloneBody, consumeBodyAsText, extractBody, isUnusable, proxyBody } from "./body.ts";
import type { Body } from "./body.ts";
import type { Profile } from "./contract.ts";
import { convertToRequestInit, type RequestMode, toUSVString } from "./dictionaries.ts";
import { copyOfHeaderList, type HeaderList, headerListContains } from "./header_list.ts";
import { isForbiddenMethod } from "./header_predicates.ts";
import { createHeaders, Headers, headersInternals } from "./headers.ts";
import { isByteCaseInsensitiveMatch } from "./infra.ts";
import { isHttpTokenCodePoint } from "./mime_type.ts";
import {
  defineClassString,
  describe,
  makeOperationsEnumerable,
  requireArguments,
} from "./webidl.ts";

/**
 * A request, with the members the header steps read or set.
 * https://fetch.spec.whatwg.org/#concept-request
 */
interface RequestRecord {
  url: URL;
  urlList: URL[];
  method: string;
  headerList: HeaderList;
  mode: RequestMode;
  credentials: string;
  cache: string;
  redirect: string;
  integrity: string;
  keepalive: boolean;
  body: Body | null;
}

let isRequest: (value: unknown) => value is Request;
let requestHeaderList: (request: Request) => HeaderList;

/** Passed as `input` by this module alone, to make a Request object without the constructor steps. */
const CREATE = Symbol("create a Request object");

/**
 * method: a byte sequence matching the token production.
 * https://fetch.spec.whatwg.org/#concept-method
 */
function isMethod(method: string): boolean {
  if (method.length === 0) return false;
  for (let i = 0; i < method.length; i++) {
    if (!isHttpTokenCodePoint(method[i])) return false;
  }
  return true;
}

/** https://fetch.spec.whatwg.org/#concept-method-normalize */
function normalizeMethod(method: string): string {
  const normalized = ["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"];
  for (let i = 0; i < normalized.length; i++) {
    if (isByteCaseInsensitiveMatch(method, normalized[i])) return normalized[i];
  }
  return method;
}

/** https://fetch.spec.whatwg.org/#cors-safelisted-method */
function isCorsSafelistedMethod(method: string): boolean {
  return method === "GET" || method === "HEAD" || method === "POST";
}

/** The URL parser with no base URL: null for failure. https://url.spec.whatwg.org/#concept-url-parser */
function parseURL(input: string): URL | null {
  try {
    return new URL(input);
  } catch {
    return null;
  }
}

/** Whether `request` was constructed by a ServerProfileRequest (or a subclass of it). */
function profileOf(newTarget: unknown): Profile {
  return typeof newTarget === "function" &&
      (newTarget === ServerProfileRequest ||
        Object.prototype.isPrototypeOf.call(ServerProfileRequest, newTarget))
    ? "server"
    : "standard";
}

/**
 * The Fetch standard's Request interface, spec-literal in its header steps, under the
 * "standard" profile (see `Profile` in contract.ts; {@link ServerProfileRequest} is the "server"
 * one).
 * https://fetch.spec.whatwg.org/#request-class
 *
 * @example
 * ```ts
 * import { Request } from "./request.ts";
 * const request = new Request("https://example.com/", {
 *   mode: "no-cors",
 *   headers: { Accept: "*\/*", "X-Custom": "dropped" },
 * });
 * [...request.headers]; // [["accept", "*\/*"]]
 * ```
 */
export class Request {
  /** https://fetch.spec.whatwg.org/#concept-request-request */
  #request!: RequestRecord;
  /** https://fetch.spec.whatwg.org/#request-headers */
  #headers!: Headers;
  /** Which rule set this request's Headers validates with. */
  #profile!: Profile;

  /** new Request(input, init): https://fetch.spec.whatwg.org/#dom-request */
  constructor(input: unknown, ...optional: [init?: unknown]) {
    if (input === CREATE) return;
    this.#profile = profileOf(new.target);
    // WebIDL: one argument is required; input is `(Request or USVString)`, converted before init
    // (`optional RequestInit init = {}`).
    requireArguments(arguments.length, 1, "Request constructor");
    const inputRequest = isRequest(input) ? input : null;
    const inputString = inputRequest === null ? toUSVString(input, "Request: input") : null;
    const init = convertToRequestInit(optional[0]);
    const initIsNotEmpty = Object.keys(init).length > 0;

    // 1. Let request be null. 2. Let fallbackMode be null. 3. Let baseURL be the API base URL
    //    (none; see the module doc). 4. Let signal be null (signals are out of scope).
    let request: RequestRecord;
    let fallbackMode: RequestMode | null = null;
    if (inputString !== null) {
      // 5. If input is a string:
      // 5.1. Let parsedURL be the result of parsing input with baseURL.
      const parsedURL = parseURL(inputString);
      // 5.2. If parsedURL is failure, throw a TypeError.
      if (parsedURL === null) {
        throw new TypeError(`Request: ${JSON.stringify(inputString)} is not a valid URL`);
      }
      // 5.3. If parsedURL includes credentials, throw a TypeError.
      if (parsedURL.username !== "" || parsedURL.password !== "") {
        throw new TypeError(
          `Request: the URL ${JSON.stringify(inputString)} includes credentials`,
        );
      }
      // 5.4. Set request to a new request whose URL is parsedURL (the other members take their
      //      defaults).
      request = {
        url: parsedURL,
        urlList: [parsedURL],
        method: "GET",
        headerList: [],
        mode: "no-cors",
        credentials: "same-origin",
        cache: "default",
        redirect: "follow",
        integrity: "",
        keepalive: false,
        body: null,
      };
      // 5.5. Set fallbackMode to "cors".
      fallbackMode = "cors";
    } else {
      // 6. Otherwise: input is a Request object; request is its request.
      request = inputRequest!.#request;
    }
    // 7-9. (Origin and traversable for user prompts: out of scope.)
    // 10. If init["window"] exists and is non-null, throw a TypeError.
    if (init.window !== undefined && init.window !== null) {
      throw new TypeError(`Request: init.window must be null, got ${describe(init.window)}`);
    }
    // 11. (window exists: no traversable; out of scope.)
    // 12. Set request to a new request copying request's members, with a copy of its header
    //     list and a clone of its URL list (the body is set in step 42).
    request = {
      url: request.url,
      urlList: request.urlList.slice(),
      method: request.method,
      headerList: copyOfHeaderList(request.headerList),
      mode: request.mode,
      credentials: request.credentials,
      cache: request.cache,
      redirect: request.redirect,
      integrity: request.integrity,
      keepalive: request.keepalive,
      body: null,
    };
    // 13. If init is not empty:
    if (initIsNotEmpty) {
      // 13.1. If request's mode is "navigate", set it to "same-origin".
      if (request.mode === "navigate") request.mode = "same-origin";
      // 13.2-13.6. (Navigation flags, origin, referrer, referrer policy: out of scope.)
      // 13.7. Set request's URL to its current URL (the last of the URL list).
      request.url = request.urlList[request.urlList.length - 1];
      // 13.8. Set request's URL list to « request's URL ».
      request.urlList = [request.url];
    }
    // 14. If init["referrer"] exists and is not the empty string, parse it with baseURL; failure
    //     is a TypeError. (Which referrer is kept is out of scope.)
    if (init.referrer !== undefined && init.referrer !== "" && parseURL(init.referrer) === null) {
      throw new TypeError(`Request: init.referrer ${JSON.stringify(init.referrer)} is not a URL`);
    }
    // 15. (Referrer policy: out of scope.)
    // 16. Let mode be init["mode"] if it exists, and fallbackMode otherwise.
    const mode = init.mode !== undefined ? init.mode : fallbackMode;
    // 17. If mode is "navigate", throw a TypeError.
    if (mode === "navigate") {
      throw new TypeError('Request: init.mode "navigate" cannot be set by a script');
    }
    // 18. If mode is non-null, set request's mode to mode.
    if (mode !== null) request.mode = mode;
    // 19. If init["credentials"] exists, set request's credentials mode to it.
    if (init.credentials !== undefined) request.credentials = init.credentials;
    // 20. If init["cache"] exists, set request's cache mode to it.
    if (init.cache !== undefined) request.cache = init.cache;
    // 21. If the cache mode is "only-if-cached" and the mode is not "same-origin", throw a
    //     TypeError.
    if (request.cache === "only-if-cached" && request.mode !== "same-origin") {
      throw new TypeError(
        `Request: cache "only-if-cached" needs mode "same-origin", not ${
          JSON.stringify(request.mode)
        }`,
      );
    }
    // 22. If init["redirect"] exists, set request's redirect mode to it.
    if (init.redirect !== undefined) request.redirect = init.redirect;
    // 23. If init["integrity"] exists, set request's integrity metadata to it.
    if (init.integrity !== undefined) request.integrity = init.integrity;
    // 24. If init["keepalive"] exists, set request's keepalive to it.
    if (init.keepalive !== undefined) request.keepalive = init.keepalive;
    // 25. If init["method"] exists:
    if (init.method !== undefined) {
      // 25.1. Let method be init["method"].
      let method = init.method;
      // 25.2. If method is not a method or is a forbidden method, throw a TypeError.
      if (!isMethod(method)) {
        throw new TypeError(`Request: ${JSON.stringify(method)} is not a valid HTTP method`);
      }
      if (isForbiddenMethod(method)) {
        throw new TypeError(`Request: ${JSON.stringify(method)} is a forbidden method`);
      }
      // 25.3. Normalize method.
      method = normalizeMethod(method);
      // 25.4. Set request's method to method.
      request.method = method;
    }
    // 26-27. (Signal and priority: out of scope.)
    // 28. Set this's request to request.
    this.#request = request;
    // 29-30. (This's signal: out of scope.)
    // 31. Set this's headers to a new Headers object whose header list is request's header list
    //     and whose guard is "request".
    this.#headers = createHeaders(request.headerList, "request", this.#profile);
    // 32. If this's request's mode is "no-cors":
    if (request.mode === "no-cors") {
      // 32.1. If the method is not a CORS-safelisted method, throw a TypeError.
      if (!isCorsSafelistedMethod(request.method)) {
        throw new TypeError(
          `Request: method ${JSON.stringify(request.method)} is not allowed in mode "no-cors"`,
        );
      }
      // 32.2. Set this's headers's guard to "request-no-cors".
      headersInternals().setGuard(this.#headers, "request-no-cors");
    }
    // 33. If init is not empty:
    if (initIsNotEmpty) {
      const internals = headersInternals();
      // 33.1. Let headers be a copy of this's headers and its header list.
      let headers: Headers | NonNullable<typeof init.headers> = createHeaders(
        copyOfHeaderList(request.headerList),
        internals.guard(this.#headers),
        this.#profile,
      );
      // 33.2. If init["headers"] exists, set headers to it.
      if (init.headers !== undefined) headers = init.headers;
      // 33.3. Empty this's headers's header list.
      request.headerList.length = 0;
      // 33.4. If headers is a Headers object, append each header of its header list to this's
      //       headers. (A Headers object given as init["headers"] has already been converted
      //       to a sequence by iterating it, so only the copy of step 33.1 takes this branch.)
      if (headers instanceof Headers) {
        const list = internals.headerList(headers);
        for (let i = 0; i < list.length; i++) {
          internals.append(this.#headers, [list[i][0], list[i][1]]);
        }
      } else {
        // 33.5. Otherwise, fill this's headers with headers.
        internals.fill(this.#headers, headers);
      }
    }
    // 34. Let inputBody be input's request's body if input is a Request object; otherwise null.
    const inputBody = inputRequest === null ? null : inputRequest.#request.body;
    // 35. If init["body"] exists and is non-null, or inputBody is non-null, and request's method
    //     is `GET` or `HEAD`, throw a TypeError.
    if (
      ((init.body !== undefined && init.body !== null) || inputBody !== null) &&
      (request.method === "GET" || request.method === "HEAD")
    ) {
      throw new TypeError(`Request: a ${request.method} request cannot have a body`);
    }
    // 36. Let initBody be null.
    let initBody: Body | null = null;
    // 37. If init["body"] exists and is non-null:
    if (init.body !== undefined && init.body !== null) {
      // 37.1. Let bodyWithType be the result of extracting init["body"], with keepalive set to
      //       request's keepalive.
      const bodyWithType = extractBody(init.body, request.keepalive);
      // 37.2. Set initBody to bodyWithType's body.
      initBody = bodyWithType.body;
      // 37.3. Let type be bodyWithType's type.
      const type = bodyWithType.type;
      // 37.4. If type is non-null and this's headers's header list does not contain
      //       `Content-Type`, append (`Content-Type`, type) to this's headers.
      if (type !== null && !headerListContains(request.headerList, "Content-Type")) {
        headersInternals().append(this.#headers, ["Content-Type", type]);
      }
    }
    // 38. Let inputOrInitBody be initBody if it is non-null; otherwise inputBody.
    const inputOrInitBody = initBody !== null ? initBody : inputBody;
    // 39. If inputOrInitBody is non-null and its source is null (a stream):
    if (inputOrInitBody !== null && inputOrInitBody.source === null) {
      // 39.1. If initBody is non-null and init["duplex"] does not exist, throw a TypeError.
      if (initBody !== null && init.duplex === undefined) {
        throw new TypeError('Request: a ReadableStream body needs init.duplex "half"');
      }
      // 39.2. If the mode is neither "same-origin" nor "cors", throw a TypeError.
      if (request.mode !== "same-origin" && request.mode !== "cors") {
        throw new TypeError(
          `Request: a ReadableStream body needs mode "same-origin" or "cors", not ${
            JSON.stringify(request.mode)
          }`,
        );
      }
      // 39.3. (Use-CORS-preflight flag: out of scope.)
    }
    // 40. Let finalBody be inputOrInitBody.
    let finalBody = inputOrInitBody;
    // 41. If initBody is null and inputBody is non-null:
    if (initBody === null && inputBody !== null) {
      // 41.1. If inputBody is unusable, throw a TypeError.
      if (isUnusable(inputBody)) {
        throw new TypeError("Request: the input request's body is already used or locked");
      }
      // 41.2. Set finalBody to the result of creating a proxy for inputBody.
      finalBody = proxyBody(inputBody);
    }
    // 42. Set this's request's body to finalBody.
    request.body = finalBody;
  }

  /** https://fetch.spec.whatwg.org/#dom-request-method */
  get method(): string {
    return brandCheck(this, "method").#request.method;
  }

  /** https://fetch.spec.whatwg.org/#dom-request-url */
  get url(): string {
    return brandCheck(this, "url").#request.url.href;
  }

  /** https://fetch.spec.whatwg.org/#dom-request-headers */
  get headers(): Headers {
    return brandCheck(this, "headers").#headers;
  }

  /** https://fetch.spec.whatwg.org/#dom-request-mode */
  get mode(): string {
    return brandCheck(this, "mode").#request.mode;
  }

  /** https://fetch.spec.whatwg.org/#dom-request-credentials */
  get credentials(): string {
    return brandCheck(this, "credentials").#request.credentials;
  }

  /** https://fetch.spec.whatwg.org/#dom-request-cache */
  get cache(): string {
    return brandCheck(this, "cache").#request.cache;
  }

  /** https://fetch.spec.whatwg.org/#dom-request-redirect */
  get redirect(): string {
    return brandCheck(this, "redirect").#request.redirect;
  }

  /** https://fetch.spec.whatwg.org/#dom-request-integrity */
  get integrity(): string {
    return brandCheck(this, "integrity").#request.integrity;
  }

  /** https://fetch.spec.whatwg.org/#dom-request-keepalive */
  get keepalive(): boolean {
    return brandCheck(this, "keepalive").#request.keepalive;
  }

  /** https://fetch.spec.whatwg.org/#dom-body-bodyused */
  get bodyUsed(): boolean {
    const body = brandCheck(this, "bodyUsed").#request.body;
    return body !== null && body.disturbed;
  }

  /** https://fetch.spec.whatwg.org/#dom-body-text */
  text(): Promise<string> {
    let self: Request;
    try {
      self = brandCheck(this, "text");
    } catch (error) {
      return Promise.reject(error);
    }
    return consumeBodyAsText(self.#request.body, "Request.text");
  }

  /** https://fetch.spec.whatwg.org/#dom-request-clone */
  clone(): Request {
    const self = brandCheck(this, "clone");
    // 1. If this is unusable, throw a TypeError.
    if (isUnusable(self.#request.body)) {
      throw new TypeError("Request.clone: the body is already used or locked");
    }
    // 2. Let clonedRequest be the result of cloning this's request: a copy (the header list
    //    copied too) whose body is a clone of this's body.
    const request = self.#request;
    const clonedRequest: RequestRecord = {
      ...request,
      urlList: request.urlList.slice(),
      headerList: copyOfHeaderList(request.headerList),
      body: request.body === null ? null : cloneBody(request.body),
    };
    // 3-4. (Signals: out of scope.)
    // 5. Let clonedRequestObject be the result of creating a Request object, given
    //    clonedRequest and this's headers's guard.
    const clonedRequestObject = new Request(CREATE);
    clonedRequestObject.#request = clonedRequest;
    clonedRequestObject.#profile = self.#profile;
    clonedRequestObject.#headers = createHeaders(
      clonedRequest.headerList,
      headersInternals().guard(self.#headers),
      self.#profile,
    );
    // 6. Return clonedRequestObject.
    return clonedRequestObject;
  }

  static {
    isRequest = (value): value is Request =>
      typeof value === "object" && value !== null && #request in value;
    requestHeaderList = (value) => value.#request.headerList;
  }
}

/**
 * The header list of a Request of the reference, read without its `headers` getter: what a
 * client writes for it. Null for anything else.
 *
 * @example
 * ```ts
 * import { Request, requestHeaderListOf } from "./request.ts";
 * requestHeaderListOf(new Request("http://x/", { headers: { a: "1" } })); // [["a", "1"]]
 * ```
 */
export function requestHeaderListOf(value: unknown): HeaderList | null {
  return isRequest(value) ? requestHeaderList(value) : null;
}

/**
 * Whether a value is a Request object of the reference (either profile).
 *
 * @example
 * ```ts
 * import { isReferenceRequest, Request } from "./request.ts";
 * isReferenceRequest(new Request("https://example.com/")); // true
 * ```
 */
export function isReferenceRequest(value: unknown): boolean {
  return isRequest(value);
}

/**
 * The reference Request under the "server" profile: its Headers skip the forbidden
 * request-header check, as server runtimes do. Everything else is {@link Request}'s.
 *
 * @example
 * ```ts
 * import { ServerProfileRequest } from "./request.ts";
 * new ServerProfileRequest("https://example.com/", { headers: { Host: "x" } }).headers.get("host"); // "x"
 * ```
 */
export class ServerProfileRequest extends Request {}

function brandCheck(value: unknown, member: string): Request {
  if (!isRequest(value)) {
    throw new TypeError(`Request.${member}: called on ${describe(value)}, which is not a Request`);
  }
  return value;
}

makeOperationsEnumerable(Request.prototype, ["text", "clone"]);
makeOperationsEnumerable(Request.prototype, [
  "method",
  "url",
  "headers",
  "mode",
  "credentials",
  "cache",
  "redirect",
  "integrity",
  "keepalive",
  "bodyUsed",
]);
defineClassString(Request.prototype, "Request");
