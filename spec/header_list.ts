/**
 * The header list algorithms of the Fetch standard: contains, get, get-decode-split, append,
 * delete, set, combine, convert header names to a sorted-lowercase set, sort and combine.
 *
 * Transliterated from whatwg/fetch at 586cd2a44c2a865b37c166dc0740f3fb8bb220d6. Naive on
 * purpose: every algorithm scans the list as the standard words it, with no index and no cache.
 *
 * Deviation (applies to all of spec/): the reference walks its own lists and strings by index,
 * never with `for...of`, spread or array destructuring, because those run the JavaScript
 * iteration protocol, which user code can patch (Array.prototype[Symbol.iterator], the array
 * iterator's next). The standard's "for each" over its own lists runs no user code.
 *
 * @module
 */

import { byteLowercase, isByteCaseInsensitiveMatch, isByteLessThan } from "./infra.ts";
import { getDecodeAndSplitHeaderValue } from "./header_predicates.ts";

/** A header: a (name, value) tuple of byte sequences. https://fetch.spec.whatwg.org/#concept-header */
export type Header = [name: string, value: string];

/** A header list: a list of zero or more headers. https://fetch.spec.whatwg.org/#concept-header-list */
export type HeaderList = Header[];

/**
 * contains: whether a header in `list` has a name byte-case-insensitively matching `name`.
 * https://fetch.spec.whatwg.org/#header-list-contains
 *
 * @example
 * ```ts
 * import { headerListContains } from "./header_list.ts";
 * headerListContains([["Accept", "*\/*"]], "ACCEPT"); // true
 * ```
 */
export function headerListContains(list: HeaderList, name: string): boolean {
  for (let i = 0; i < list.length; i++) {
    if (isByteCaseInsensitiveMatch(list[i][0], name)) return true;
  }
  return false;
}

/**
 * A copy of a header list: a new list holding a new header for each of `list`'s, in order (the
 * standard copies a request's or response's header list when it copies the request or response).
 *
 * @example
 * ```ts
 * import { copyOfHeaderList } from "./header_list.ts";
 * const list: [string, string][] = [["A", "1"]];
 * copyOfHeaderList(list)[0] === list[0]; // false
 * ```
 */
export function copyOfHeaderList(list: HeaderList): HeaderList {
  const copy: HeaderList = [];
  for (let i = 0; i < list.length; i++) copy.push([list[i][0], list[i][1]]);
  return copy;
}

/**
 * get: the values of every header named `name`, joined by 0x2C 0x20, or null.
 * https://fetch.spec.whatwg.org/#concept-header-list-get
 *
 * @example
 * ```ts
 * import { headerListGet } from "./header_list.ts";
 * headerListGet([["A", "1"], ["B", "x"], ["a", "2"]], "a"); // "1, 2"
 * ```
 */
export function headerListGet(list: HeaderList, name: string): string | null {
  // 1. If list does not contain name, return null.
  if (!headerListContains(list, name)) return null;
  // 2. Return the values of all headers whose name matches name, separated by 0x2C 0x20, in order.
  return valuesOf(list, name).join(", ");
}

/** The values of all headers in `list` whose name byte-case-insensitively matches `name`. */
export function valuesOf(list: HeaderList, name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i < list.length; i++) {
    if (isByteCaseInsensitiveMatch(list[i][0], name)) values.push(list[i][1]);
  }
  return values;
}

/** The index of the first header in `list` named `name` (byte-case-insensitively), or -1. */
function firstIndexOf(list: HeaderList, name: string): number {
  for (let i = 0; i < list.length; i++) {
    if (isByteCaseInsensitiveMatch(list[i][0], name)) return i;
  }
  return -1;
}

/**
 * get, decode, and split: the value of `name` in `list`, split as a list of strings, or null.
 * https://fetch.spec.whatwg.org/#concept-header-list-get-decode-split
 *
 * @example
 * ```ts
 * import { headerListGetDecodeSplit } from "./header_list.ts";
 * headerListGetDecodeSplit([["A", "nosniff,"]], "A"); // ["nosniff", ""]
 * ```
 */
export function headerListGetDecodeSplit(list: HeaderList, name: string): string[] | null {
  // 1. Let value be the result of getting name from list.
  const value = headerListGet(list, name);
  // 2. If value is null, return null.
  if (value === null) return null;
  // 3. Return the result of getting, decoding, and splitting value.
  return getDecodeAndSplitHeaderValue(value);
}

/**
 * append: add (name, value) at the end of `list`, reusing the casing of an existing name.
 * https://fetch.spec.whatwg.org/#concept-header-list-append
 *
 * @example
 * ```ts
 * import { headerListAppend, type HeaderList } from "./header_list.ts";
 * const list: HeaderList = [["Accept", "a"]];
 * headerListAppend(list, ["ACCEPT", "b"]); // list is [["Accept", "a"], ["Accept", "b"]]
 * ```
 */
export function headerListAppend(list: HeaderList, header: Header): void {
  let name = header[0];
  const value = header[1];
  // 1. If list contains name, set name to the first such header's name.
  const firstIndex = firstIndexOf(list, name);
  if (firstIndex !== -1) name = list[firstIndex][0];
  // 2. Append (name, value) to list.
  list.push([name, value]);
}

/**
 * delete: remove every header whose name byte-case-insensitively matches `name`.
 * https://fetch.spec.whatwg.org/#concept-header-list-delete
 *
 * @example
 * ```ts
 * import { headerListDelete, type HeaderList } from "./header_list.ts";
 * const list: HeaderList = [["A", "1"], ["b", "2"], ["a", "3"]];
 * headerListDelete(list, "A"); // list is [["b", "2"]]
 * ```
 */
export function headerListDelete(list: HeaderList, name: string): void {
  for (let i = list.length - 1; i >= 0; i--) {
    if (isByteCaseInsensitiveMatch(list[i][0], name)) list.splice(i, 1);
  }
}

/**
 * set: replace the first header named `name` and remove the others, or append.
 * https://fetch.spec.whatwg.org/#concept-header-list-set
 *
 * @example
 * ```ts
 * import { headerListSet, type HeaderList } from "./header_list.ts";
 * const list: HeaderList = [["A", "1"], ["b", "2"], ["a", "3"]];
 * headerListSet(list, ["a", "9"]); // list is [["A", "9"], ["b", "2"]]
 * ```
 */
export function headerListSet(list: HeaderList, header: Header): void {
  const name = header[0];
  const value = header[1];
  const firstIndex = firstIndexOf(list, name);
  // 1. If list contains name, set the value of the first such header to value and remove the
  //    others.
  if (firstIndex !== -1) {
    list[firstIndex] = [list[firstIndex][0], value];
    for (let i = list.length - 1; i > firstIndex; i--) {
      if (isByteCaseInsensitiveMatch(list[i][0], name)) list.splice(i, 1);
    }
    return;
  }
  // 2. Otherwise, append (name, value) to list.
  list.push([name, value]);
}

/**
 * combine: append `value` to the first header named `name` after 0x2C 0x20, or append.
 * https://fetch.spec.whatwg.org/#concept-header-list-combine
 *
 * @example
 * ```ts
 * import { headerListCombine, type HeaderList } from "./header_list.ts";
 * const list: HeaderList = [["A", "1"]];
 * headerListCombine(list, ["a", "2"]); // list is [["A", "1, 2"]]
 * ```
 */
export function headerListCombine(list: HeaderList, header: Header): void {
  const name = header[0];
  const value = header[1];
  const firstIndex = firstIndexOf(list, name);
  // 1. If list contains name, set the first such header's value to its value, 0x2C 0x20, value.
  if (firstIndex !== -1) {
    list[firstIndex] = [list[firstIndex][0], `${list[firstIndex][1]}, ${value}`];
    return;
  }
  // 2. Otherwise, append (name, value) to list.
  list.push([name, value]);
}

/**
 * convert header names to a sorted-lowercase set.
 * https://fetch.spec.whatwg.org/#convert-header-names-to-a-sorted-lowercase-set
 *
 * @example
 * ```ts
 * import { convertHeaderNamesToSortedLowercaseSet } from "./header_list.ts";
 * convertHeaderNamesToSortedLowercaseSet(["B", "a", "b"]); // ["a", "b"]
 * ```
 */
export function convertHeaderNamesToSortedLowercaseSet(headerNames: string[]): string[] {
  // 1. Let headerNamesSet be a new ordered set.
  const headerNamesSet: string[] = [];
  // 2. For each name of headerNames, append its byte-lowercasing to headerNamesSet.
  for (let i = 0; i < headerNames.length; i++) {
    const lowercased = byteLowercase(headerNames[i]);
    if (!headerNamesSet.includes(lowercased)) headerNamesSet.push(lowercased);
  }
  // 3. Return headerNamesSet sorted in ascending order with byte less than.
  return headerNamesSet.sort((a, b) => (isByteLessThan(a, b) ? -1 : isByteLessThan(b, a) ? 1 : 0));
}

/**
 * sort and combine: the header list as iteration exposes it — lowercase names in byte order,
 * values combined per name, except `set-cookie`, whose values stay separate.
 * https://fetch.spec.whatwg.org/#concept-header-list-sort-and-combine
 *
 * @example
 * ```ts
 * import { sortAndCombine } from "./header_list.ts";
 * sortAndCombine([["B", "1"], ["a", "x"], ["b", "2"]]); // [["a", "x"], ["b", "1, 2"]]
 * ```
 */
export function sortAndCombine(list: HeaderList): HeaderList {
  // 1. Let headers be a header list.
  const headers: HeaderList = [];
  // 2. Let names be the sorted-lowercase set of all the names of the headers in list.
  const names = convertHeaderNamesToSortedLowercaseSet(list.map((header) => header[0]));
  // 3. For each name of names:
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (name === "set-cookie") {
      // 3.1.1. Let values be the values of all headers named name (byte-case-insensitively),
      //        in order.
      const values = valuesOf(list, name);
      // 3.1.2. For each value of values, append (name, value) to headers.
      for (let j = 0; j < values.length; j++) headers.push([name, values[j]]);
    } else {
      // 3.2.1. Let value be the result of getting name from list.
      const value = headerListGet(list, name);
      // 3.2.2. Assert: value is non-null.
      if (value === null) throw new Error(`Assertion failed: no value for ${name}`);
      // 3.2.3. Append (name, value) to headers.
      headers.push([name, value]);
    }
  }
  // 4. Return headers.
  return headers;
}
