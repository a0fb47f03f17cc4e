/**
 * Test-only introspection of impl's private state, for the TLA+ trace validation of `model/` and
 * for unit tests; not exported from `mod.ts` nor published. Reading changes nothing (no raw list
 * is materialized, no view built), and every array returned is a fresh copy. What each field
 * holds is documented next to the private field it reads in `headers.ts`.
 *
 * @module
 */

import { fieldsOf, iteratorFieldsOf } from "./headers.ts";
import type { HeadersGuard } from "./types.ts";

/** A Headers' private state, as copies. */
export interface HeadersInternals {
  readonly guard: HeadersGuard;
  readonly profile: "standard" | "server";
  /** The pending flat `[name, value, ...]` raw list (a copy), or null once indexed or if none. */
  readonly rawList: readonly string[] | null;
  /** The index as [lowercase name, combined value] pairs in insertion order; null iff `rawList`. */
  readonly index: readonly (readonly [string, string])[] | null;
  /** The separate set-cookie values (a copy), or null when the list has none. */
  readonly setCookies: readonly string[] | null;
  /** The cached sort-and-combine view, flat [name, value, ...] (a copy), or null if none. */
  readonly view: readonly string[] | null;
  readonly shared: boolean;
  /** Identity token of the storage it reads and writes: the same for objects sharing it. */
  readonly storage: object;
}

/** A Headers iterator's private state. */
export interface IteratorInternals {
  readonly target: object;
  /** The next index into the view (pairs, not flat slots). */
  readonly index: number;
  readonly kind: "key" | "value" | "key+value";
}

/** One frozen token per storage object (index Map or pending raw list), made on first ask. */
const storageTokens = new WeakMap<object, object>();

/**
 * The private state of `headers`, an impl Headers; a TypeError for anything else.
 *
 * @example
 * ```ts
 * import { headersFromRawList } from "./mod.ts";
 * import { internalsOf } from "./introspect.ts";
 *
 * const headers = headersFromRawList(["A", "1"]);
 * console.log(internalsOf(headers).rawList); // ["A", "1"]
 * headers.get("a");
 * console.log(internalsOf(headers).index); // [["a", "1"]]
 * ```
 */
export function internalsOf(headers: object): HeadersInternals {
  const fields = fieldsOf(headers);
  if (fields === null) {
    throw new TypeError("internalsOf: the argument is not a Headers object of impl");
  }
  const combined = fields.combined as ReadonlyMap<string, string> | null;
  // With `rawListAppends`, a fill's `[name, value, lowercase name]` triples.
  const rawList = fields.rawList as readonly string[] | null;
  const storage = combined ?? (rawList as readonly string[]);
  if (!storageTokens.has(storage)) storageTokens.set(storage, Object.freeze({}));
  const copy = (list: unknown) => list === null ? null : [...list as string[]];
  return {
    guard: fields.guard as HeadersGuard,
    profile: fields.server ? "server" : "standard",
    rawList: rawList !== null && fields.rawListAppends
      ? rawList.filter((_, at) => at % 3 !== 2)
      : copy(rawList),
    index: combined === null ? null : [...combined],
    setCookies: copy(fields.setCookies),
    view: copy(fields.view),
    shared: fields.shared as boolean,
    storage: storageTokens.get(storage) as object,
  };
}

const KIND_NAMES = ["key", "value", "key+value"] as const;

/**
 * The private state of `iterator`, an impl Headers iterator; a TypeError for anything else.
 *
 * @example
 * ```ts
 * import { Headers } from "./mod.ts";
 * import { iteratorInternalsOf } from "./introspect.ts";
 *
 * const iterator = new Headers({ a: "1" }).keys();
 * iterator.next();
 * console.log(iteratorInternalsOf(iterator).index); // 1
 * ```
 */
export function iteratorInternalsOf(iterator: object): IteratorInternals {
  const fields = iteratorFieldsOf(iterator);
  if (fields === null) {
    throw new TypeError("iteratorInternalsOf: the argument is not a Headers iterator of impl");
  }
  return {
    target: fields.target as object,
    index: fields.index as number,
    kind: KIND_NAMES[fields.kind as 0 | 1 | 2],
  };
}
