/**
 * The Response class as far as its headers go: the constructor and "initialize a response"
 * (status range, statusText, the headers fill, the Content-Type of an extracted body), the
 * static `error()`, `redirect()` and `json()`, `clone()`, and the getters a campaign compares.
 *
 * Transliterated from whatwg/fetch at 586cd2a44c2a865b37c166dc0740f3fb8bb220d6 (section
 * "Response class"); step numbers are that commit's.
 *
 * Modelled only as far as the header steps need them: URL parsing for `redirect()` (no API
 * base URL, as in a server runtime started without a location). Out of scope: filtered
 * responses (a constructed response is never filtered), the body's bytes beyond `text()`.
 *
 * @module
 */

import { cloneBody, consumeBodyAsText, extractBody, isUnusable } from "./body.ts";
import type { Body, BodyWithType } from "./body.ts";
import type { HeadersGuard, Profile } from "./contract.ts";
import {
  convertToNullableBodyInit,
  convertToResponseInit,
  toUnsignedShort,
  toUSVString,
} from "./dictionaries.ts";
import type { ResponseInit } from "./dictionaries.ts";
import {
  copyOfHeaderList,
  type HeaderList,
  headerListAppend,
  headerListContains,
} from "./header_list.ts";
import { createHeaders, Headers, headersInternals } from "./headers.ts";
import {
  defineClassString,
  describe,
  makeOperationsEnumerable,
  requireArguments,
} from "./webidl.ts";

/**
 * A response, with the members the header steps read or set.
 * https://fetch.spec.whatwg.org/#concept-response
 */
interface ResponseRecord {
  type: "default" | "error";
  status: number;
  statusMessage: string;
  headerList: HeaderList;
  body: Body | null;
}

let isResponse: (value: unknown) => value is Response;
let createResponse: (response: ResponseRecord, guard: HeadersGuard, profile: Profile) => Response;
let responseHeaderList: (response: Response) => HeaderList;
let initializeResponse: (
  response: Response,
  init: ResponseInit,
  body: BodyWithType | null,
) => void;

/** Passed as `body` by this module alone, to make a Response object without the constructor steps. */
const CREATE = Symbol("create a Response object");

const jsonStringify = JSON.stringify;
const utf8Encoder = new TextEncoder();

/** A new response: https://fetch.spec.whatwg.org/#concept-response (every member's default). */
function newResponse(): ResponseRecord {
  return { type: "default", status: 200, statusMessage: "", headerList: [], body: null };
}

/** https://fetch.spec.whatwg.org/#null-body-status */
function isNullBodyStatus(status: number): boolean {
  return status === 101 || status === 103 || status === 204 || status === 205 || status === 304;
}

/** https://fetch.spec.whatwg.org/#redirect-status */
function isRedirectStatus(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** https://fetch.spec.whatwg.org/#ok-status */
function isOkStatus(status: number): boolean {
  return status >= 200 && status <= 299;
}

/**
 * reason-phrase = *( HTAB / SP / VCHAR / obs-text ): https://httpwg.org/specs/rfc9112.html#status.line
 */
function isReasonPhrase(statusText: string): boolean {
  for (let i = 0; i < statusText.length; i++) {
    const c = statusText.charCodeAt(i);
    if (!(c === 0x09 || c === 0x20 || (c >= 0x21 && c <= 0x7e) || (c >= 0x80 && c <= 0xff))) {
      return false;
    }
  }
  return true;
}

/** Whether `newTarget` is ServerProfileResponse or a subclass of it. */
function profileOf(newTarget: unknown): Profile {
  return typeof newTarget === "function" &&
      (newTarget === ServerProfileResponse ||
        Object.prototype.isPrototypeOf.call(ServerProfileResponse, newTarget))
    ? "server"
    : "standard";
}

/**
 * The Fetch standard's Response interface, spec-literal in its header steps, under the
 * "standard" profile ({@link ServerProfileResponse} is the "server" one). Static methods take
 * their profile from the constructor they are called on.
 * https://fetch.spec.whatwg.org/#response-class
 *
 * @example
 * ```ts
 * import { Response } from "./response.ts";
 * new Response("hi").headers.get("content-type"); // "text/plain;charset=UTF-8"
 * new Response(new Uint8Array(1)).headers.has("content-type"); // false
 * Response.redirect("https://example.com/", 301).headers.get("location"); // "https://example.com/"
 * ```
 */
export class Response {
  /** https://fetch.spec.whatwg.org/#concept-response-response */
  #response!: ResponseRecord;
  /** https://fetch.spec.whatwg.org/#response-headers */
  #headers!: Headers;

  /** new Response(body, init): https://fetch.spec.whatwg.org/#dom-response */
  constructor(...args: [body?: unknown, init?: unknown]) {
    if (args[0] === CREATE) return;
    // WebIDL: `optional BodyInit? body = null`, then `optional ResponseInit init = {}`, in order.
    const body = args[0] === undefined
      ? null
      : convertToNullableBodyInit(args[0], "Response: body");
    const init = convertToResponseInit(args[1]);
    // 1. Set this's response to a new response.
    this.#response = newResponse();
    // 2. Set this's headers to a new Headers object whose header list is this's response's
    //    header list and whose guard is "response".
    this.#headers = createHeaders(this.#response.headerList, "response", profileOf(new.target));
    // 3. Let bodyWithType be null.
    let bodyWithType: BodyWithType | null = null;
    // 4. If body is non-null, set bodyWithType to the result of extracting body.
    if (body !== null) bodyWithType = extractBody(body);
    // 5. Perform initialize a response given this, init and bodyWithType.
    initializeResponse(this, init, bodyWithType);
  }

  /** https://fetch.spec.whatwg.org/#dom-response-error */
  static error(): Response {
    // Return the result of creating a Response object given a new network error and
    // "immutable".
    const networkError: ResponseRecord = { ...newResponse(), type: "error", status: 0 };
    return createResponse(networkError, "immutable", profileOf(this));
  }

  /** https://fetch.spec.whatwg.org/#dom-response-redirect */
  static redirect(url: string, ...optional: [status?: number]): Response {
    // WebIDL: url is a USVString; status an `optional unsigned short = 302`.
    requireArguments(arguments.length, 1, "Response.redirect");
    const idlURL = toUSVString(url, "Response.redirect: url");
    const status = optional[0] === undefined
      ? 302
      : toUnsignedShort(optional[0], "Response.redirect: status");
    // 1. Let parsedURL be the result of parsing url with the API base URL (none; see the module
    //    doc).
    let parsedURL: URL | null;
    try {
      parsedURL = new URL(idlURL);
    } catch {
      parsedURL = null;
    }
    // 2. If parsedURL is failure, throw a TypeError.
    if (parsedURL === null) {
      throw new TypeError(`Response.redirect: ${JSON.stringify(idlURL)} is not a valid URL`);
    }
    // 3. If status is not a redirect status, throw a RangeError.
    if (!isRedirectStatus(status)) {
      throw new RangeError(`Response.redirect: ${status} is not a redirect status`);
    }
    // 4. Let responseObject be the result of creating a Response object, given a new response
    //    and "immutable".
    const responseObject = createResponse(newResponse(), "immutable", profileOf(this));
    // 5. Set its response's status to status.
    responseObject.#response.status = status;
    // 6. Let value be parsedURL, serialized and isomorphic encoded (a URL serializes to ASCII).
    const value = parsedURL.href;
    // 7. Append (`Location`, value) to the response's header list.
    headerListAppend(responseObject.#response.headerList, ["Location", value]);
    // 8. Return responseObject.
    return responseObject;
  }

  /** https://fetch.spec.whatwg.org/#dom-response-json */
  static json(data: unknown, ...optional: [init?: unknown]): Response {
    // WebIDL: data is `any`; init an `optional ResponseInit = {}`.
    requireArguments(arguments.length, 1, "Response.json");
    const init = convertToResponseInit(optional[0]);
    // 1. Let bytes be the result of serializing data to JSON bytes.
    const bytes = serializeToJsonBytes(data);
    // 2. Let body be the result of extracting bytes.
    const body = extractBody({ kind: "bytes", value: bytes });
    // 3. Let responseObject be the result of creating a Response object, given a new response
    //    and "response".
    const responseObject = createResponse(newResponse(), "response", profileOf(this));
    // 4. Perform initialize a response given responseObject, init, and (body,
    //    "application/json").
    initializeResponse(responseObject, init, { body: body.body, type: "application/json" });
    // 5. Return responseObject.
    return responseObject;
  }

  /** https://fetch.spec.whatwg.org/#dom-response-type */
  get type(): string {
    return brandCheck(this, "type").#response.type;
  }

  /**
   * https://fetch.spec.whatwg.org/#dom-response-url: the empty string, because every response
   * the reference creates has an empty URL list (its URL is null).
   */
  get url(): string {
    brandCheck(this, "url");
    return "";
  }

  /**
   * https://fetch.spec.whatwg.org/#dom-response-redirected: false, because the URL list of every
   * response the reference creates is empty.
   */
  get redirected(): boolean {
    brandCheck(this, "redirected");
    return false;
  }

  /** https://fetch.spec.whatwg.org/#dom-response-status */
  get status(): number {
    return brandCheck(this, "status").#response.status;
  }

  /** https://fetch.spec.whatwg.org/#dom-response-ok */
  get ok(): boolean {
    return isOkStatus(brandCheck(this, "ok").#response.status);
  }

  /** https://fetch.spec.whatwg.org/#dom-response-statustext */
  get statusText(): string {
    return brandCheck(this, "statusText").#response.statusMessage;
  }

  /** https://fetch.spec.whatwg.org/#dom-response-headers */
  get headers(): Headers {
    return brandCheck(this, "headers").#headers;
  }

  /** https://fetch.spec.whatwg.org/#dom-body-bodyused */
  get bodyUsed(): boolean {
    const body = brandCheck(this, "bodyUsed").#response.body;
    return body !== null && body.disturbed;
  }

  /** https://fetch.spec.whatwg.org/#dom-body-text */
  text(): Promise<string> {
    let self: Response;
    try {
      self = brandCheck(this, "text");
    } catch (error) {
      return Promise.reject(error);
    }
    return consumeBodyAsText(self.#response.body, "Response.text");
  }

  /** https://fetch.spec.whatwg.org/#dom-response-clone */
  clone(): Response {
    const self = brandCheck(this, "clone");
    // 1. If this is unusable, throw a TypeError.
    if (isUnusable(self.#response.body)) {
      throw new TypeError("Response.clone: the body is already used or locked");
    }
    // 2. Let clonedResponse be the result of cloning this's response: a copy (header list
    //    copied too) whose body is a clone of this's body. (Never a filtered response here.)
    const response = self.#response;
    const clonedResponse: ResponseRecord = {
      ...response,
      headerList: copyOfHeaderList(response.headerList),
      body: response.body === null ? null : cloneBody(response.body),
    };
    // 3. Return the result of creating a Response object, given clonedResponse and this's
    //    headers's guard.
    const internals = headersInternals();
    return createResponse(
      clonedResponse,
      internals.guard(self.#headers),
      internals.profile(self.#headers),
    );
  }

  static {
    isResponse = (value): value is Response =>
      typeof value === "object" && value !== null && #response in value;
    responseHeaderList = (value) => value.#response.headerList;
    createResponse = (response, guard, profile) => {
      // create a Response object: https://fetch.spec.whatwg.org/#response-create
      // 1. Let responseObject be a new Response object.
      const responseObject = new Response(CREATE);
      // 2. Set responseObject's response to response.
      responseObject.#response = response;
      // 3. Set responseObject's headers to a new Headers object whose header list is response's
      //    header list and whose guard is guard.
      responseObject.#headers = createHeaders(response.headerList, guard, profile);
      // 4. Return responseObject.
      return responseObject;
    };
    initializeResponse = (response, init, body) => {
      // initialize a response: https://fetch.spec.whatwg.org/#initialize-a-response
      // 1. If init["status"] is not in the range 200 to 599, inclusive, throw a RangeError.
      if (init.status < 200 || init.status > 599) {
        throw new RangeError(
          `Response: status ${init.status} is outside the range 200 to 599`,
        );
      }
      // 2. If init["statusText"] is not the empty string and does not match reason-phrase,
      //    throw a TypeError.
      if (init.statusText !== "" && !isReasonPhrase(init.statusText)) {
        throw new TypeError(
          `Response: statusText ${JSON.stringify(init.statusText)} is not a reason-phrase`,
        );
      }
      // 3. Set response's response's status to init["status"].
      response.#response.status = init.status;
      // 4. Set response's response's status message to init["statusText"].
      response.#response.statusMessage = init.statusText;
      // 5. If init["headers"] exists, fill response's headers with it.
      if (init.headers !== undefined) headersInternals().fill(response.#headers, init.headers);
      // 6. If body is non-null:
      if (body !== null) {
        // 6.1. If response's status is a null body status, throw a TypeError.
        if (isNullBodyStatus(response.#response.status)) {
          throw new TypeError(
            `Response: a response with status ${response.#response.status} cannot have a body`,
          );
        }
        // 6.2. Set response's body to body's body.
        response.#response.body = body.body;
        // 6.3. If body's type is non-null and the header list does not contain `Content-Type`,
        //      append (`Content-Type`, body's type) to the header list (no guard: the header
        //      list itself).
        if (
          body.type !== null && !headerListContains(response.#response.headerList, "Content-Type")
        ) {
          headerListAppend(response.#response.headerList, ["Content-Type", body.type]);
        }
      }
    };
  }
}

/**
 * serialize a JavaScript value to JSON bytes: JSON.stringify, a TypeError when it gives
 * undefined, then UTF-8 encode.
 * https://infra.spec.whatwg.org/#serialize-a-javascript-value-to-json-bytes
 */
function serializeToJsonBytes(value: unknown): Uint8Array {
  // serialize a JavaScript value to a JSON string: 1. Let result be ? Call(%JSON.stringify%,
  // undefined, « value »).
  const result: string | undefined = Reflect.apply(jsonStringify, undefined, [value]);
  // 2. If result is undefined, throw a TypeError.
  if (result === undefined) {
    throw new TypeError(`Response.json: ${describe(value)} cannot be serialized to JSON`);
  }
  // 3. Return result. Then: the UTF-8 encoding of it.
  return utf8Encoder.encode(result);
}

/**
 * Whether a value is a Response object of the reference (either profile).
 *
 * @example
 * ```ts
 * import { isReferenceResponse, Response } from "./response.ts";
 * isReferenceResponse(Response.error()); // true
 * ```
 */
export function isReferenceResponse(value: unknown): boolean {
  return isResponse(value);
}

/**
 * The header list of a Response of the reference, read without its `headers` getter: what a
 * server writes for it. Null for anything else.
 *
 * @example
 * ```ts
 * import { Response, responseHeaderListOf } from "./response.ts";
 * responseHeaderListOf(new Response("x")); // [["Content-Type", "text/plain;charset=UTF-8"]]
 * ```
 */
export function responseHeaderListOf(value: unknown): HeaderList | null {
  return isResponse(value) ? responseHeaderList(value) : null;
}

/**
 * The reference Response under the "server" profile: its Headers skip the forbidden
 * response-header name check, as server runtimes do. Everything else is {@link Response}'s.
 *
 * @example
 * ```ts
 * import { ServerProfileResponse } from "./response.ts";
 * new ServerProfileResponse(null, { headers: { "Set-Cookie": "a=1" } }).headers.getSetCookie(); // ["a=1"]
 * ```
 */
export class ServerProfileResponse extends Response {}

function brandCheck(value: unknown, member: string): Response {
  if (!isResponse(value)) {
    throw new TypeError(
      `Response.${member}: called on ${describe(value)}, which is not a Response`,
    );
  }
  return value;
}

makeOperationsEnumerable(Response, ["error", "redirect", "json"]);
makeOperationsEnumerable(Response.prototype, ["text", "clone"]);
makeOperationsEnumerable(Response.prototype, [
  "type",
  "url",
  "redirected",
  "status",
  "ok",
  "statusText",
  "headers",
  "bodyUsed",
]);
defineClassString(Response.prototype, "Response");
