/**
 * The types impl/'s API uses (and the list of guards), owned here so the package depends on
 * nothing outside impl/. They are structurally the module contract's (`spec/contract.ts` in the
 * headerproof repository), whose conformance suite checks that impl's module satisfies it.
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
 * Which rule set a Headers validates with: "standard" is the Fetch standard exactly; "server"
 * skips the forbidden request-header and forbidden response-header name checks, as Deno,
 * Node/undici and Bun do (a server must be able to send `Host`, `Set-Cookie`, ...).
 */
export type Profile = "standard" | "server";

/** Options of `headersWithGuard` and `headersFromRawList`. */
export interface GuardOptions {
  /** Defaults to "standard". */
  profile?: Profile;
}

/** What `new Headers(init)` accepts: WebIDL `HeadersInit`. */
export type HeadersInitLike =
  | Iterable<Iterable<string>>
  | Record<string, string>
  | object;

/** The instance surface of a WebIDL `Headers`. */
export interface HeadersLike extends Iterable<[string, string]> {
  /** https://fetch.spec.whatwg.org/#dom-headers-append */
  append(name: string, value: string): void;
  /** https://fetch.spec.whatwg.org/#dom-headers-delete */
  delete(name: string): void;
  /** https://fetch.spec.whatwg.org/#dom-headers-get */
  get(name: string): string | null;
  /** https://fetch.spec.whatwg.org/#dom-headers-getsetcookie */
  getSetCookie(): string[];
  /** https://fetch.spec.whatwg.org/#dom-headers-has */
  has(name: string): boolean;
  /** https://fetch.spec.whatwg.org/#dom-headers-set */
  set(name: string, value: string): void;
  /** WebIDL iterable forEach. */
  forEach(
    callback: (value: string, name: string, parent: HeadersLike) => void,
    thisArg?: unknown,
  ): void;
  /** WebIDL iterable keys. */
  keys(): IterableIterator<string>;
  /** WebIDL iterable values. */
  values(): IterableIterator<string>;
  /** WebIDL iterable entries. */
  entries(): IterableIterator<[string, string]>;
}
