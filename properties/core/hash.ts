/**
 * FNV-1a over a string's UTF-16 code units: the one short, stable, non-cryptographic hash the
 * tools name files by (corpus entries, cost reproductions) and pick a wire case's touch with.
 *
 * @example
 * ```ts
 * import { fnv1a, shortHash } from "./hash.ts";
 * console.log(fnv1a("a"), shortHash("a")); // 3826002220 "e40c292c"
 * ```
 *
 * @module
 */

/** The 32-bit FNV-1a hash of `text`'s UTF-16 code units, as an unsigned integer. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** {@link fnv1a} of `text` as 8 lowercase hex digits. */
export function shortHash(text: string): string {
  return fnv1a(text).toString(16).padStart(8, "0");
}
