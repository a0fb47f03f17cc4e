/**
 * headerproof's fast `Headers`: the WebIDL/Fetch `Headers` interface with a lowercase-name index,
 * a cached sort-and-combine view with live iterators, validated-name caching, allocation-free
 * record and sequence init, copy-on-write copies and lazily materialized raw lists — and the same
 * observable behaviour as the spec-literal reference in `spec/`. It follows the module contract
 * of `spec/contract.ts` and runs unchanged under Deno, Node 22 and Bun.
 *
 * @example
 * ```ts
 * import { Headers } from "./mod.ts";
 *
 * globalThis.Headers = Headers; // installable in place of the runtime's own
 * const headers = new Headers([["Set-Cookie", "a=1"], ["Set-Cookie", "b=2"]]);
 * console.log(headers.getSetCookie()); // ["a=1", "b=2"]
 * ```
 *
 * @module
 */

export {
  freezeHeaders,
  headerListOf,
  Headers,
  headersFromRawList,
  headersWithGuard,
} from "./headers.ts";
export { HEADERS_GUARDS } from "./types.ts";
export type { GuardOptions, HeadersGuard, HeadersInitLike, HeadersLike, Profile } from "./types.ts";
