/**
 * The module contract every Headers implementation in headerproof follows: the reference
 * (`spec/mod.ts`), the fast one (`impl/mod.ts`), and any candidate module a user brings to a
 * campaign. Types and two constant lists only.
 *
 * A module exports:
 * - `Headers` (required): the class; `new Headers(init?)` has guard "none".
 * - `headersWithGuard(guard, init?, options?)` (optional): a Headers with that guard, filled from
 *   `init` under that guard's validation, the way the Response constructor fills its headers
 *   (WebIDL-convert `init` as a `HeadersInit`, then "fill"). Guard "immutable" is filled under
 *   guard "none" and then frozen, as a response whose headers end up immutable.
 * - `headersFromRawList(flat, guard?, options?)` (optional): a Headers whose header list is the
 *   flat `[name, value, name, value, ...]` list as a server's HTTP parser hands it over: taken as
 *   is (no normalization, no guard filtering), with the guard then set (default "request").
 *   The caller hands the array over and must not touch it again. Every name must be a header
 *   name and every value a header value; an implementation must report a violation (or an odd
 *   length) with a TypeError, either at construction or at the first call that reads the list.
 * - `freezeHeaders(headers)` (optional): sets the guard of an existing Headers to "immutable" in
 *   place, as the standard does to a response's headers once they must no longer change.
 * - `headerListOf(headers)` (optional): the header list as a flat `[name, value, ...]` array, in
 *   the standard's order, each name with the casing the list keeps (append reuses the casing of
 *   the first header of that name; set keeps the first header's name and position). What a
 *   request or response built from `headers` puts on the wire; campaigns compare it.
 * Optional entry points beyond Headers ({@link FetchEntryPoints}):
 * - `fetchClasses(options?)` (optional): the `Request` and `Response` classes whose Headers
 *   validate under `options.profile` (default "standard"), for the entry points that hand a user
 *   a Headers through them: their constructors and init dictionaries, bodies that set
 *   Content-Type, `Response.error()`, `Response.redirect()`, `Response.json()`, and `clone()`.
 * - `structuredClone(value)` (optional): structuredClone as it treats this module's Headers,
 *   Request and Response objects (none is serializable: a "DataCloneError" DOMException).
 *
 * @module
 */

/** A headers guard: https://fetch.spec.whatwg.org/#headers-guard */
export type HeadersGuard = "immutable" | "request" | "request-no-cors" | "response" | "none";

/** Every guard, in the order the standard lists them. */
export const HEADERS_GUARDS: readonly HeadersGuard[] = [
  "immutable",
  "request",
  "request-no-cors",
  "response",
  "none",
];

/**
 * Which rule set a Headers validates with.
 * - "standard": the Fetch standard exactly, as browsers implement it.
 * - "server": what server runtimes (Deno, Node/undici, Bun) do: the forbidden request-header and
 *   forbidden response-header name checks are skipped (a server must be able to send `Host`,
 *   `Set-Cookie`, ...). Every other rule, no-CORS ones included, is the standard's.
 */
export type Profile = "standard" | "server";

/** Every profile. */
export const PROFILES: readonly Profile[] = ["standard", "server"];

/** Options of {@link HeadersModule.headersWithGuard} and {@link HeadersModule.headersFromRawList}. */
export interface GuardOptions {
  /** Defaults to "standard". */
  profile?: Profile;
}

/** What `new Headers(init)` accepts: WebIDL `HeadersInit`. */
export type HeadersInitLike =
  | Iterable<Iterable<string>>
  | Record<string, string>
  | object;

/** The instance surface every implementation exposes (WebIDL `Headers`). */
export interface HeadersLike extends Iterable<[string, string]> {
  append(name: string, value: string): void;
  delete(name: string): void;
  get(name: string): string | null;
  getSetCookie(): string[];
  has(name: string): boolean;
  set(name: string, value: string): void;
  forEach(
    callback: (value: string, name: string, parent: HeadersLike) => void,
    thisArg?: unknown,
  ): void;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  entries(): IterableIterator<[string, string]>;
}

/** The Headers constructor of an implementation. */
export interface HeadersConstructor {
  new (init?: HeadersInitLike): HeadersLike;
  readonly prototype: HeadersLike;
}

/** A module following the contract; only `Headers` is required. */
export interface HeadersModule {
  Headers: HeadersConstructor;
  headersWithGuard?: (
    guard: HeadersGuard,
    init?: HeadersInitLike,
    options?: GuardOptions,
  ) => HeadersLike;
  headersFromRawList?: (
    flat: string[],
    guard?: HeadersGuard,
    options?: GuardOptions,
  ) => HeadersLike;
  freezeHeaders?: (headers: HeadersLike) => void;
  headerListOf?: (headers: HeadersLike) => string[];
}

/**
 * The optional entry points through which a module hands a user a Headers by way of Request,
 * Response and structuredClone. Kept apart from {@link HeadersModule}, whose required form
 * (`Required<HeadersModule>`) names what every complete Headers module has.
 */
export interface FetchEntryPoints {
  fetchClasses?: (options?: GuardOptions) => FetchClasses;
  structuredClone?: (value: unknown) => unknown;
  /**
   * The header list a server writes for a Response, or a client for a Request (flat), read
   * without its `headers` getter; the egress stage compares it with the standard's.
   */
  egressHeaderList?: (message: unknown) => string[];
}

/** The instance surface of a Request the campaigns reach (WebIDL `Request`, in part). */
export interface RequestLike {
  readonly method: string;
  readonly url: string;
  readonly headers: HeadersLike;
  readonly mode: string;
  readonly bodyUsed: boolean;
  text(): Promise<string>;
  clone(): RequestLike;
}

/** The instance surface of a Response the campaigns reach (WebIDL `Response`, in part). */
export interface ResponseLike {
  readonly type: string;
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: HeadersLike;
  readonly bodyUsed: boolean;
  text(): Promise<string>;
  clone(): ResponseLike;
}

/** The Request and Response classes of an implementation. */
export interface FetchClasses {
  Request: new (input: unknown, init?: unknown) => RequestLike;
  Response: {
    new (body?: unknown, init?: unknown): ResponseLike;
    error(): ResponseLike;
    redirect(url: string, status?: number): ResponseLike;
    json(data: unknown, init?: unknown): ResponseLike;
  };
}
