/**
 * The standards the class reports link to, each a base URL that a report's step anchor follows.
 *
 * @example
 * ```ts
 * import { FETCH } from "./standards.ts";
 * console.log(`${FETCH}#dom-request`);
 * ```
 *
 * @module
 */

/** The Fetch standard. */
export const FETCH = "https://fetch.spec.whatwg.org/";

/** Web IDL. */
export const WEBIDL = "https://webidl.spec.whatwg.org/";

/** ECMAScript. */
export const ECMA = "https://tc39.es/ecma262/";
