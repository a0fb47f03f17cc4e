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
  /** The object's guard, read from the object. */
  readonly guard: HeadersGuard;
  /** The profile the object was created with. */
  readonly profile: "standard" | "server";
  /** The pending flat `[name, value, ...]` raw list (a copy), or null once indexed or if none. */
  readonly rawList: readonly string[] | null;
  /** The index as [lowercase name, combined value] pairs in insertion order; null iff `rawList`. */
  readonly index: readonly (readonly [string, string])[] | null;
  /** The separate set-cookie values (a copy), or null when the list has none. */
  readonly setCookies: readonly string[] | null;
  /** The cached sort-and-combine view, flat [name, value, ...] (a copy), or null if none. */
  readonly view: readonly string[] | null;
  /** The sticky copy-on-write flag. */
  readonly shared: boolean;
  /** Identity token of the storage it reads and writes: the same for objects sharing it. */
  readonly storage: object;
}

/** A Headers iterator's private state. */
export interface IteratorInternals {
  /** The Headers it iterates. */
  readonly target: object;
  /** The next index into the view (pairs, not flat slots). */
  readonly index: number;
  /** What `next()` yields. */
  readonly kind: "key" | "value" | "key+value";
}

/** `[name, value]` pairs of `[name, value, lowercase name]` triples. */
function pairsOfTriples(triples: readonly string[]): string[] {
  const pairs: string[] = [];
  for (let at = 0; at < triples.length; at += 3) pairs.push(triples[at], triples[at + 1]);
  return pairs;
}

/** One frozen token per storage object (index Map or pending raw list), made on first ask. */
const storageTokens = new WeakMap<object, object>();

function tokenOf(storage: object): object {
  let token = storageTokens.get(storage);
  if (token === undefined) {
    token = Object.freeze({});
    storageTokens.set(storage, token);
  }
  return token;
}

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
  const setCookies = fields.setCookies as readonly string[] | null;
  const view = fields.view as readonly string[] | null;
  return {
    guard: fields.guard as HeadersGuard,
    profile: fields.server ? "server" : "standard",
    rawList: rawList === null
      ? null
      : fields.rawListAppends
      ? pairsOfTriples(rawList)
      : [...rawList],
    index: combined === null ? null : [...combined],
    setCookies: setCookies === null ? null : [...setCookies],
    view: view === null ? null : [...view],
    shared: fields.shared as boolean,
    storage: tokenOf(combined ?? (rawList as readonly string[])),
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
