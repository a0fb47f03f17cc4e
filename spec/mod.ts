/**
 * headerproof's reference Headers: the Fetch standard's algorithms transliterated step by step,
 * with no index and no cache. Correct is its only job; every other implementation in the project
 * is judged against it. Follows the module contract of `contract.ts`.
 *
 * Pinned sources: whatwg/fetch 586cd2a44c2a865b37c166dc0740f3fb8bb220d6, whatwg/webidl
 * e1300e95ea6598de45d79823ca72c9bd12852696, whatwg/mimesniff
 * 8a3b9185a9e9f12de6ef2f9d7e434f0e5d3146c2.
 *
 * @example
 * ```ts
 * import { Headers, headersWithGuard } from "./mod.ts";
 * new Headers([["a", "1"], ["A", "2"]]).get("a"); // "1, 2"
 * headersWithGuard("response", { "Set-Cookie": "x=1" }).has("set-cookie"); // false
 * headersWithGuard("response", { "Set-Cookie": "x=1" }, { profile: "server" }).has("set-cookie"); // true
 * ```
 *
 * @module
 */

import type { FetchClasses, GuardOptions } from "./contract.ts";
import { Request, requestHeaderListOf, ServerProfileRequest } from "./request.ts";
import { Response, responseHeaderListOf, ServerProfileResponse } from "./response.ts";

export {
  freezeHeaders,
  headerListOf,
  Headers,
  headersFromRawList,
  headersWithGuard,
} from "./headers.ts";
export { Request, Response, ServerProfileRequest, ServerProfileResponse };
export { structuredCloneReference as structuredClone } from "./serialization.ts";
export type {
  FetchClasses,
  FetchEntryPoints,
  GuardOptions,
  HeadersGuard,
  HeadersModule,
  Profile,
  RequestLike,
  ResponseLike,
} from "./contract.ts";

/**
 * The reference's Request and Response classes under `options.profile` (default "standard"):
 * the contract's `fetchClasses` entry point.
 *
 * @example
 * ```ts
 * import { fetchClasses } from "./mod.ts";
 * const { Response } = fetchClasses({ profile: "server" });
 * new Response(null, { headers: { "Set-Cookie": "a=1" } }).headers.has("set-cookie"); // true
 * ```
 */
export function fetchClasses(options: GuardOptions = {}): FetchClasses {
  const profile = options.profile ?? "standard";
  if (profile === "server") {
    return { Request: ServerProfileRequest, Response: ServerProfileResponse };
  }
  if (profile === "standard") return { Request, Response };
  throw new TypeError(`fetchClasses: ${JSON.stringify(profile)} is not a profile`);
}

/**
 * The header list a server writes for a Response, or a client for a Request, flat (name, value,
 * ...), read without the `headers` getter: the contract's `egressHeaderList` entry point, which
 * the egress stage (properties/egress/) compares with what the reference's `headers` hold.
 *
 * @example
 * ```ts
 * import { egressHeaderList, Response } from "./mod.ts";
 * egressHeaderList(new Response("x")); // ["Content-Type", "text/plain;charset=UTF-8"]
 * ```
 */
export function egressHeaderList(message: unknown): string[] {
  const list = responseHeaderListOf(message) ?? requestHeaderListOf(message);
  if (list === null) {
    throw new TypeError("egressHeaderList: the argument is not a Request or Response");
  }
  return list.flatMap(([name, value]) => [name, value]);
}
