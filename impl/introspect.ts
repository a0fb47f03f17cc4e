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
  /**
   * The unmaterialized flat raw list handed to `headersFromRawList` (a copy), or null once
   * materialized (or for objects that never had one).
   */
  readonly rawList: readonly string[] | null;
  /**
   * The materialized lowercase index as [lowercaseName, combinedValue] pairs in the Map's
   * insertion order (a copy); null exactly while `rawList` is pending.
   */
  readonly index: readonly (readonly [string, string])[] | null;
  /** The separate set-cookie values (a copy), or null when the list has none. */
  readonly setCookies: readonly string[] | null;
  /**
   * The iteration cache exactly as impl holds it, flattened to [name, value, ...] (a copy), or
   * null when impl holds no valid cache: the standard's sort-and-combine of the header list.
   */
  readonly view: readonly string[] | null;
  /** The sticky copy-on-write flag. */
  readonly shared: boolean;
  /**
   * Identity token of the storage this object reads and writes: two objects sharing storage
   * copy-on-write return the same token (the token object itself, never its contents).
   */
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

/** The private fields of one Headers, as `fieldsOf` in `headers.ts` hands them over (live). */
interface HeadersFields {
  readonly guard: HeadersGuard;
  readonly server: boolean;
  /** `[name, value]` pairs, or with `rawListAppends` a fill's `[name, value, lowercase]` triples. */
  readonly rawList: readonly string[] | null;
  readonly rawListAppends: boolean;
  readonly combined: ReadonlyMap<string, string> | null;
  readonly setCookies: readonly string[] | null;
  readonly view: readonly string[] | null;
  readonly shared: boolean;
}

/** The private fields of one Headers iterator, as `iteratorFieldsOf` hands them over. */
interface IteratorFields {
  readonly target: object;
  readonly index: number;
  readonly kind: 0 | 1 | 2;
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
  const fields = fieldsOf(headers) as HeadersFields | null;
  if (fields === null) {
    throw new TypeError("internalsOf: the argument is not a Headers object of impl");
  }
  const combined = fields.combined;
  const rawList = fields.rawList !== null && fields.rawListAppends
    ? pairsOfTriples(fields.rawList)
    : fields.rawList;
  return {
    guard: fields.guard,
    profile: fields.server ? "server" : "standard",
    rawList: rawList === null ? null : [...rawList],
    index: combined === null ? null : [...combined],
    setCookies: fields.setCookies === null ? null : [...fields.setCookies],
    view: fields.view === null ? null : [...fields.view],
    shared: fields.shared,
    storage: tokenOf(combined ?? (fields.rawList as readonly string[])),
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
  const fields = iteratorFieldsOf(iterator) as IteratorFields | null;
  if (fields === null) {
    throw new TypeError("iteratorInternalsOf: the argument is not a Headers iterator of impl");
  }
  return { target: fields.target, index: fields.index, kind: KIND_NAMES[fields.kind] };
}
