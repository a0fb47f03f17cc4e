/**
 * The fast `Headers` class of headerproof, its iterator, and the guarded constructors of the
 * module contract (`spec/contract.ts`). Behaviour is the Fetch standard's, pinned at
 * whatwg/fetch 586cd2a44c2a865b37c166dc0740f3fb8bb220d6; the data structures are not.
 *
 * Through the `Headers` methods only the set of lowercase names and each name's values in order
 * can be seen, and for every name but `set-cookie` only joined with ", ". So the header list is
 * kept as a map from lowercase name to joined value, plus set-cookie's separate values. The
 * list's own order and casing are seen only through {@link headerListOf}, which reads them off
 * the index while every header came in under a new lowercase name, and off a {@link HeaderList}
 * after that. Every built-in called comes from `primordials.ts`, captured at load.
 *
 * @module
 */

import {
  type GuardOptions,
  HEADERS_GUARDS,
  type HeadersGuard,
  type HeadersInitLike,
  type HeadersLike,
} from "./types.ts";
import {
  isForbiddenRequestHeader,
  isForbiddenResponseHeaderName,
  isNoCorsSafelistedName,
  isNoCorsSafelistedRequestHeader,
  isNotByteString,
  lowercaseHeaderName,
  lowercaseRecordKeyName,
  normalizeHeaderValue,
  ownedSpelling,
} from "./predicates.ts";
import {
  ArrayIsArray,
  ArrayIteratorPrototype,
  ArrayIteratorPrototypeNext,
  ArrayPrototype,
  ArrayPrototypeSort,
  ArrayPrototypeSymbolIterator,
  callFunction,
  holdsOwnData,
  isProxy,
  IteratorPrototype,
  MathFloor,
  MathMin,
  newArray,
  ObjectDefineProperty,
  ObjectGetOwnPropertyDescriptor,
  ObjectGetOwnPropertyNames,
  ObjectGetOwnPropertySymbols,
  ObjectHasOwn,
  ObjectKeys,
  ObjectPrototypePropertyIsEnumerable,
  ObjectSetPrototypeOf,
  quote,
  ReflectDeleteProperty,
  ReflectOwnKeys,
  SafeMap,
  safeSetOf,
  String,
  SymbolFor,
  SymbolIterator,
  SymbolToStringTag,
  TypeError,
} from "./primordials.ts";
import { NameOrder, NO_ORDER } from "./name_order.ts";

/** The guards a raw list or `headersWithGuard` accepts. */
const GUARDS = safeSetOf<string>(HEADERS_GUARDS);

/** WebIDL's iterator "kind": key, value, or both. */
type IterationKind = 0 | 1 | 2;
const KIND_KEY = 0, KIND_VALUE = 1, KIND_KEY_AND_VALUE = 2;

/** Which method a guard check is for (see `#guardAllows`). */
type WriteKind = 0 | 1 | 2;
const WRITE_APPEND = 0, WRITE_SET = 1, WRITE_DELETE = 2;

/** An object in the ECMAScript sense (what WebIDL's "is an Object" tests). */
function isObject(value: unknown): value is Record<PropertyKey, unknown> {
  return (typeof value === "object" && value !== null) || typeof value === "function";
}

/** ECMAScript LengthOfArrayLike on an already read `length` value. */
function toLength(length: unknown): number {
  if (typeof length === "number" && (length >>> 0) === length) return length;
  const number = +(length as number);
  if (!(number > 0)) return 0;
  return MathMin(MathFloor(number), 9007199254740991);
}

/** WebIDL ToString step of a ByteString conversion (a Symbol throws a TypeError here). */
function toText(value: unknown): string {
  return typeof value === "string" ? value : `${value as string}`;
}

const notByteStringError = (context: string, what: string, text: string) =>
  new TypeError(
    `${context}: ${what} ${quote(text)} is not a ByteString (a code unit is above 0xFF)`,
  );
const invalidNameError = (context: string, text: string) =>
  new TypeError(`${context}: ${quote(text)} is not a valid header name`);
const invalidValueError = (context: string, text: string) =>
  new TypeError(`${context}: ${quote(text)} is not a valid header value`);
const illegalInvocationError = (context: string) =>
  new TypeError(`${context}: 'this' is not a Headers object of this implementation`);
const enumerableSymbolKeyError = () =>
  new TypeError("Headers: a record init has an enumerable Symbol key (not a ByteString)");

/** https://fetch.spec.whatwg.org/#headers-validate's forbidden-name steps (profile "standard"). */
function forbiddenByGuard(guard: HeadersGuard, lower: string, value: string): boolean {
  if (guard === "request") return isForbiddenRequestHeader(lower, value);
  return guard === "response" && isForbiddenResponseHeaderName(lower);
}

/** The lowercase name, or null for a ByteString not a name; not a ByteString throws at once. */
function nameOrNull(context: string, nameText: string): string | null {
  const lower = lowercaseHeaderName(nameText);
  if (lower === null && isNotByteString(nameText)) {
    throw notByteStringError(context, "name", nameText);
  }
  return lower;
}

/** Converts and validates a name argument (get, has, delete): the lowercase header name. */
function nameArgument(context: string, name: unknown): string {
  const text = toText(name);
  const lower = nameOrNull(context, text);
  if (lower === null) throw invalidNameError(context, text);
  return lower;
}

/** {@link nameOrNull} for a value: the normalized value, or null for a ByteString not a value. */
function valueOrNull(context: string, valueText: string): string | null {
  const value = normalizeHeaderValue(valueText);
  if (value === null && isNotByteString(valueText)) {
    throw notByteStringError(context, "value", valueText);
  }
  return value;
}

/** Converts the value of append or set, then validates both (a TypeError naming the culprit). */
function valueArgument(
  context: string,
  value: unknown,
  lower: string | null,
  nameText: string,
): string {
  const valueText = toText(value);
  const normalized = valueOrNull(context, valueText);
  if (lower === null) throw invalidNameError(context, nameText);
  if (normalized === null) throw invalidValueError(context, valueText);
  return normalized;
}

/**
 * One iterable of a sequence init (the init, or one of its pairs), walked item by item: by the
 * iterator protocol, its `next` read once; or, fast path "array init", by index when it is an
 * array whose iterator and `next` are the originals, which read the same indices in the same
 * order. One walk per level serves a whole fill.
 */
class InitWalk {
  /** Non-null iff walked by index. */
  array: unknown[] | null = null;
  iterator: Record<PropertyKey, unknown> | null = null;
  next: unknown = undefined;
  index = 0;
  /** When walked by index: the array's length as the last step read it. */
  length = 0;
  item: unknown = undefined;

  open(iterable: Record<PropertyKey, unknown>, method: unknown, what: string): void {
    const iterator = callFunction(method, iterable);
    if (!isObject(iterator)) throw new TypeError(`Headers: ${what} iterator is not an object`);
    const next = iterator.next;
    const byIndex = method === ArrayPrototypeSymbolIterator &&
      next === ArrayIteratorPrototypeNext && ArrayIsArray(iterable);
    this.array = byIndex ? iterable as unknown as unknown[] : null;
    this.iterator = iterator;
    this.next = next;
    this.index = 0;
  }

  /** Walks `iterator` by the protocol, with `next` already read from it. */
  adopt(iterator: object, next: unknown): void {
    this.array = null;
    this.iterator = iterator as Record<PropertyKey, unknown>;
    this.next = next;
    this.index = 0;
  }

  /** Reads the next item into {@link InitWalk.item}; false when the walk is done. */
  step(): boolean {
    const array = this.array;
    if (array !== null) {
      const length = this.length = toLength(array.length);
      if (this.index >= length) return false;
      this.item = array[this.index++];
      return true;
    }
    const result = callFunction(this.next, this.iterator);
    if (!isObject(result)) throw new TypeError("Headers: an iterator result is not an object");
    if (result.done) return false;
    this.item = result.value;
    return true;
  }
}

/**
 * The rest of an iterator whose items `held`, then the result `last` (an item or the end), were
 * read before its walk was handed over: those first, then the iterator's own results.
 */
class HeldItems {
  #held: unknown[];
  #given = 0;
  #last: unknown;
  #iterator: object;
  #next: unknown;

  constructor(held: unknown[], last: unknown, iterator: object, next: unknown) {
    this.#held = held;
    this.#last = last;
    this.#iterator = iterator;
    this.#next = next;
  }

  next(): unknown {
    if (this.#given < this.#held.length) return { value: this.#held[this.#given++], done: false };
    const last = this.#last;
    if (last === null) return callFunction(this.#next, this.#iterator);
    this.#last = null;
    return last;
  }
}
const heldItemsNext = HeldItems.prototype.next;

/** The most pairs a sequence fill sizes its triples for before reading them. */
const PRESIZE_LIMIT = 1024;

/** The spelling of `name` the header list keeps: one that keeps no larger string alive. */
function keptName(name: string, lower: string): string {
  return name === lower ? lower : ownedSpelling(name);
}

/** A copy of `array`, element by element (not `slice`, which reads `constructor`). */
function copyArray(array: readonly string[]): string[] {
  const length = array.length;
  const copy = newArray<string>(length);
  for (let index = 0; index < length; index++) copy[index] = array[index];
  return copy;
}

/**
 * The header list for {@link headerListOf} once it is not the index in insertion order: flat
 * `[lowercase name, name, value, ...]` slots in list order, where a removed header's slot is
 * blanked (lowercase name ""), and each name's live slots. Writes are O(1) plus O(k) for the k
 * headers a set or delete removes. Invariant: blank slots are at most the live ones plus
 * {@link LIST_SLACK}; a removal past that compacts, so the slots, and {@link HeaderList.flat},
 * stay linear in the live list whatever mix of writes comes (a write pays amortized O(1)).
 */
class HeaderList {
  slots: string[] = [];
  /** Lowercase name -> offsets of its live slots, the first header's first. */
  positions = new SafeMap<string, number[]>();
  blanks = 0;

  /** https://fetch.spec.whatwg.org/#concept-header-list-append (step 1 skipped if `asGiven`). */
  append(lower: string, name: string, value: string, asGiven: boolean): void {
    const slots = this.slots;
    const at = slots.length;
    const offsets = this.positions.get(lower);
    slots[at] = lower;
    slots[at + 1] = offsets === undefined || asGiven
      ? keptName(name, lower)
      : slots[offsets[0] + 1];
    slots[at + 2] = value;
    if (offsets === undefined) this.positions.set(lower, [at]);
    else offsets[offsets.length] = at;
  }

  /** https://fetch.spec.whatwg.org/#concept-header-list-set */
  set(lower: string, name: string, value: string): void {
    const offsets = this.positions.get(lower);
    if (offsets === undefined) return this.append(lower, name, value, false);
    this.slots[offsets[0] + 2] = value;
    if (offsets.length === 1) return;
    this.blank(offsets, 1);
    offsets.length = 1;
  }

  /** https://fetch.spec.whatwg.org/#concept-header-list-delete */
  delete(lower: string): void {
    const offsets = this.positions.get(lower) as number[];
    this.positions.delete(lower);
    this.blank(offsets, 0);
  }

  /** Blanks the slots at `offsets[from..]`, compacting when blanks outnumber the live slots. */
  blank(offsets: number[], from: number): void {
    const slots = this.slots;
    for (let index = from; index < offsets.length; index++) {
      const at = offsets[index];
      slots[at] = "";
      slots[at + 1] = "";
      slots[at + 2] = "";
    }
    this.blanks += offsets.length - from;
    if (this.blanks > slots.length / 3 - this.blanks + LIST_SLACK) this.compact();
  }

  compact(): void {
    const old = this.slots;
    this.slots = [];
    this.positions = new SafeMap<string, number[]>();
    this.blanks = 0;
    for (let at = 0; at < old.length; at += 3) {
      if (old[at] !== "") this.append(old[at], old[at + 1], old[at + 2], true);
    }
  }

  /** The header list, flat `[name, value, ...]`: O(slots). */
  flat(): string[] {
    const slots = this.slots;
    const list: string[] = [];
    for (let at = 0; at < slots.length; at += 3) {
      if (slots[at] === "") continue;
      list[list.length] = slots[at + 1];
      list[list.length] = slots[at + 2];
    }
    return list;
  }
}

/** Blank slots a {@link HeaderList} may hold beyond its live ones. */
const LIST_SLACK = 8;

/**
 * The lowercase name of header `index` of a raw list; a TypeError unless its name is a header
 * name and its value one normalization keeps. The name and value are replaced in `flat` by
 * strings that keep no larger string alive, so a list left pending after a scan keeps none.
 */
function rawListName(flat: unknown[], index: number): string {
  const name = flat[index];
  const value = flat[index + 1];
  const lower = typeof name === "string" ? lowercaseHeaderName(name) : null;
  if (lower === null) throw invalidNameError("Headers (raw list)", String(name));
  const kept = typeof value === "string" ? normalizeHeaderValue(value) : null;
  if (kept !== value) throw invalidValueError("Headers (raw list)", String(value));
  flat[index] = keptName(name as string, lower);
  flat[index + 1] = kept;
  return lower;
}

/** The length of a raw list; a TypeError if it is odd. */
function rawListLength(flat: string[]): number {
  const length = flat.length;
  if (length % 2 !== 0) {
    throw new TypeError(`Headers: the raw header list has an odd length (${length})`);
  }
  return length;
}

/** Up to this many names, the view is sorted by insertion while it is built. */
const INSERTION_SORT_LIMIT = 32;

/** Inserts (name, value) into the flat, name-sorted `view` after every name not greater. */
function insertPair(view: string[], name: string, value: string): void {
  let index = view.length;
  view[index] = name;
  view[index + 1] = value;
  while (index > 0 && view[index - 2] > name) {
    view[index] = view[index - 2];
    view[index + 1] = view[index - 1];
    index -= 2;
  }
  view[index] = name;
  view[index + 1] = value;
}

/**
 * The index every new Headers starts with, shared, so `new Headers()` makes no Map. Invariant:
 * it stays empty; every write goes through `#writable()`, which copies it first (the model's
 * `BlankIsSharedAndEmpty`).
 */
const EMPTY_INDEX = new SafeMap<string, string>();

// Set by the class's static block: the private operations the module's functions need.
/** `Headers.#entryAt`: entry `index` of the view into `entryName` and `entryValue`. */
let entryAt: (headers: Headers, index: number) => boolean;
/**
 * The entry `#entryAt` found. Invariant: emptied once its reader took it (and by a read past the
 * end), so no module slot keeps a deleted value alive.
 */
let entryName = "", entryValue = "";
let isHeaders: (value: unknown) => value is Headers;
/** A Headers with `guard` over a copy of raw list `flat`, or else filled from `init`. */
let createHeaders: (
  guard: HeadersGuard,
  server: boolean,
  init: unknown,
  flat: string[] | null,
) => Headers;
let setGuard: (headers: Headers, guard: HeadersGuard) => void;
let listOf: (headers: Headers) => string[];
/** Set by HeadersIterator's static block: moves `iterator` to entry `index`. */
let moveIterator: (iterator: object, index: number) => void;

/** Test-only (`introspect.ts`): a Headers' private fields by name, or null for anything else. */
export let fieldsOf: (value: unknown) => Record<string, unknown> | null;
/** {@link fieldsOf} for a Headers iterator. */
export let iteratorFieldsOf: (value: unknown) => Record<string, unknown> | null;

/**
 * The WebIDL `Headers` interface (https://fetch.spec.whatwg.org/#headers-class), fast.
 *
 * Cost per method, n = distinct names, k = values of one name:
 *
 * | method                            | cost                                                      |
 * | --------------------------------- | --------------------------------------------------------- |
 * | get, has, delete, append, set     | O(1) (no-CORS: plus the combined-value check)             |
 * | getSetCookie                      | O(k)                                                      |
 * | iterator `next()`                 | O(1) while unchanged; after a change O(log n) amortized   |
 * | forEach                           | O(n); O(log n) per entry after a mutating callback        |
 * | `new Headers(record or sequence)` | O(pairs); the index is built by the first read            |
 * | `new Headers(headers)`            | O(1), copy-on-write; the first write copies, O(n)         |
 * | `headersFromRawList(flat)`        | O(n) copy; a first get or has scans it, later reads index |
 * | `headerListOf`                    | O(n)                                                      |
 *
 * State machine (model/HeadersImpl.tla; `introspect.ts` reports the fields in brackets):
 * `#rawList` [rawList] and `#combined` [index] are never both null nor both set; the first read
 * of a pending raw list indexes it. A new Headers starts on the shared {@link EMPTY_INDEX}
 * ([shared] true); a copy shares its source's index, and both sides are marked shared; the first
 * write on a shared side copies. [storage] is the identity of `#combined` (or of the pending raw
 * list). Every write clears `#view` [view].
 *
 * @example
 * ```ts
 * import { Headers } from "./mod.ts";
 *
 * const headers = new Headers({ "Content-Type": "text/plain", Accept: "*\/*" });
 * headers.append("accept", "text/html");
 * console.log(headers.get("ACCEPT")); // "*\/*, text/html"
 * console.log([...headers]); // [["accept", "*\/*, text/html"], ["content-type", "text/plain"]]
 * ```
 */
export class Headers implements HeadersLike {
  /**
   * Lowercase name -> that name's values joined with ", " (set-cookie too). Invariant: a key iff
   * the header list has the name; the value is the standard's "get". null iff a raw list is
   * pending in {@link Headers.#rawList}.
   */
  #combined: SafeMap<string, string> | null = EMPTY_INDEX;

  /**
   * Cached sort-and-combine view, flat [name, value, ...]. Invariant: null whenever the list
   * changed since it was built ({@link Headers.#writable} clears it); never mutated, so sharers
   * may hold the same array.
   */
  #view: string[] | null = null;

  /**
   * Sorted names with view weights (`name_order.ts`), so entry `i` of a null view costs O(log n).
   * Invariant: {@link NO_ORDER}, or its names of nonzero weight are the keys of `#combined`, each
   * weighing 1, set-cookie `#setCookies.length`. Owned by this Headers alone.
   */
  #order: NameOrder = NO_ORDER;

  /** Reads through `#order` since the last write; at n/8 the view is built. */
  #orderReads = 0;

  /**
   * Invariant: when true, the header list is `#combined`'s entries in insertion order, named by
   * their lowercase keys, and {@link Headers.#list} is null. Holds while every header came in
   * under a lowercase name not yet in the list (a Map keeps a key's place on set and drops it on
   * delete, as set and delete do to such a list).
   */
  #listInIndexOrder = false;

  /**
   * The header list (order and casing) for {@link headerListOf}. Invariant: null while
   * `#listInIndexOrder` holds, while a raw list is pending, and while the list is the view (a new
   * or shared Headers that has not written since).
   */
  #list: HeaderList | null = null;

  /** https://fetch.spec.whatwg.org/#concept-headers-guard */
  #guard: HeadersGuard = "none";

  /** Profile "server": the forbidden request-header and response-header checks say "no". */
  #server = false;

  /**
   * Copy-on-write. Invariant: when true, `#combined` and `#setCookies` may be held by another
   * Headers and are copied before the first write. Sticky on the side that did not write.
   */
  #shared = true;

  /** The set-cookie values in order. Invariant: null iff "set-cookie" is not a key. */
  #setCookies: string[] | null = null;

  /** A pending raw list, indexed by the first read. Invariant: non-null iff `#combined` is null. */
  #rawList: string[] | null = null;

  /**
   * Invariant: true iff `#rawList` holds a fill's validated `[name, value, lowercase name]`
   * triples (appends); else it is `headersFromRawList`'s `[name, value]` pairs, unvalidated.
   */
  #rawListAppends = false;

  /**
   * Fast path "first read scans": a get or has on a pending list (a fill's triples, or a server's
   * raw list, validated by the same pass) answers by one pass over it, so a Headers read once (by
   * fetch, by a handler) never builds an index. Invariant: true only while a list is pending and
   * one such pass was made; the next read indexes.
   */
  #rawListScanned = false;

  /**
   * Invariant: when false, no joined value but set-cookie's ends in ", " (an empty value appended
   * after another). Sticky; it disables sharing, because a copy made by iterating would
   * normalize such a value.
   */
  #joinedMayEndInSpace = false;

  /** Brand check. */
  static #isHeaders(value: unknown): value is Headers {
    return typeof value === "object" && value !== null && #guard in value;
  }

  /** WebIDL's checks on entering a method: `self` is a Headers, given >= required arguments. */
  static #enter(self: unknown, context: string, given: number, required: number): void {
    if (!Headers.#isHeaders(self)) throw illegalInvocationError(context);
    if (given < required) {
      throw new TypeError(
        `${context}: ${required} argument(s) required, but only ${given} present`,
      );
    }
  }

  static {
    entryAt = (headers, index) => headers.#entryAt(index);
    listOf = (headers) => {
      const combined = headers.#read();
      if (headers.#list !== null) return headers.#list.flat();
      const list: string[] = [];
      if (headers.#listInIndexOrder) {
        combined.forEach((value, lower) => {
          list[list.length] = lower;
          list[list.length] = value;
        });
        return list;
      }
      for (let index = 0; headers.#entryAt(index); index++) {
        list[list.length] = entryName;
        list[list.length] = entryValue;
      }
      return list;
    };
    isHeaders = (value): value is Headers => Headers.#isHeaders(value);
    createHeaders = (guard, server, init, flat) => {
      const headers = new Headers();
      headers.#server = server;
      if (flat !== null) {
        headers.#combined = null;
        headers.#rawList = copyArray(flat);
      } else if (init !== undefined) {
        headers.#guard = guard === "immutable" ? "none" : guard;
        headers.#fill(init);
      }
      headers.#guard = guard;
      return headers;
    };
    setGuard = (headers, guard) => {
      headers.#guard = guard;
    };
    // Test-only (see fieldsOf): the property suite, the coverage gate's measure, never reads it.
    // deno-coverage-ignore-start
    fieldsOf = (value) =>
      Headers.#isHeaders(value)
        ? {
          guard: value.#guard,
          server: value.#server,
          rawList: value.#rawList,
          rawListAppends: value.#rawListAppends,
          combined: value.#combined,
          setCookies: value.#setCookies,
          view: value.#view,
          shared: value.#shared,
        }
        : null;
    // deno-coverage-ignore-stop
  }

  /** https://fetch.spec.whatwg.org/#dom-headers */
  constructor(init: HeadersInitLike | undefined = undefined) {
    if (init !== undefined) this.#fill(init);
  }

  /** https://fetch.spec.whatwg.org/#dom-headers-append */
  append(name: string, value: string): void {
    Headers.#enter(this, "Headers.append", arguments.length, 2);
    const nameText = toText(name);
    const lower = nameOrNull("Headers.append", nameText);
    const normalized = valueArgument("Headers.append", value, lower, nameText);
    this.#append("Headers.append", lower as string, normalized, nameText, true);
  }

  /** https://fetch.spec.whatwg.org/#dom-headers-delete */
  delete(name: string): void {
    Headers.#enter(this, "Headers.delete", arguments.length, 1);
    const guard = this.#guard;
    // Fast path "known key": a string equal to the lowercase name of a pending list's lone header
    // is that header name already lowercase, so it is neither converted nor validated.
    if (guard === "none" && typeof name === "string") {
      const pending = this.#rawList;
      if (pending !== null && this.#rawListAppends && this.#lonePendingIs(pending, name)) {
        return this.#deleteLonePending();
      }
    }
    const lower = nameArgument("Headers.delete", name);
    if (guard !== "none" && !this.#guardAllows("Headers.delete", lower, "", WRITE_DELETE)) return;
    const pending = this.#rawList;
    if (pending !== null && this.#lonePendingIs(pending, lower)) return this.#deleteLonePending();
    let combined = this.#read();
    if (this.#shared) {
      // A miss must not detach: copy-on-write copies only for a delete that removes something.
      if (!combined.has(lower)) return;
      combined = this.#writable();
    }
    // The delete is the lookup; only a removal drops the cached view.
    if (!this.#remove(combined, lower)) return;
    this.#view = null;
    if (lower === "set-cookie") this.#setCookies = null;
    if (guard === "request-no-cors") this.#remove(combined, "range");
    if (!this.#listInIndexOrder && combined.size === 0) {
      // An empty list is in index order: dropping the list drops what deleted headers held.
      this.#listInIndexOrder = true;
      this.#list = null;
    }
  }

  /** https://fetch.spec.whatwg.org/#dom-headers-get */
  get(name: string): string | null {
    Headers.#enter(this, "Headers.get", arguments.length, 1);
    const value = this.#lookup(nameArgument("Headers.get", name));
    return value === undefined ? null : value;
  }

  /** https://fetch.spec.whatwg.org/#dom-headers-getsetcookie */
  getSetCookie(): string[] {
    Headers.#enter(this, "Headers.getSetCookie", 0, 0);
    this.#read();
    const setCookies = this.#setCookies;
    return setCookies === null ? [] : copyArray(setCookies);
  }

  /** https://fetch.spec.whatwg.org/#dom-headers-has */
  has(name: string): boolean {
    Headers.#enter(this, "Headers.has", arguments.length, 1);
    const lower = nameArgument("Headers.has", name);
    const combined = this.#combined;
    return combined !== null ? combined.has(lower) : this.#lookup(lower) !== undefined;
  }

  /** https://fetch.spec.whatwg.org/#dom-headers-set */
  set(name: string, value: string): void {
    Headers.#enter(this, "Headers.set", arguments.length, 2);
    const nameText = toText(name);
    const checkedName = nameOrNull("Headers.set", nameText);
    const normalized = valueArgument("Headers.set", value, checkedName, nameText);
    const lower = checkedName as string;
    const guard = this.#guard;
    if (guard !== "none" && !this.#guardAllows("Headers.set", lower, normalized, WRITE_SET)) return;
    if (this.#combined === EMPTY_INDEX) return this.#deferFirstWrite(nameText, normalized, lower);
    const combined = this.#writable();
    if (this.#listInIndexOrder && nameText !== lower && !combined.has(lower)) {
      this.#leaveIndexOrder(combined);
    }
    const order = this.#order;
    if (order === NO_ORDER) combined.set(lower, normalized);
    else {
      const size = combined.size;
      combined.set(lower, normalized);
      // A name already present weighs 1 in the order, set-cookie aside: only those two reweigh.
      if (combined.size !== size || lower === "set-cookie") order.upsert(lower, 1);
    }
    this.#listWrite(lower, nameText, normalized, true);
    if (lower === "set-cookie") this.#setCookies = [normalized];
    if (guard === "request-no-cors") this.#remove(combined, "range");
  }

  /** https://webidl.spec.whatwg.org/#es-forEach: entry `i` is read just before callback `i`. */
  forEach(
    callback: (value: string, name: string, parent: Headers) => void,
    thisArg: unknown = undefined,
  ): void {
    Headers.#enter(this, "Headers.forEach", arguments.length, 1);
    if (typeof callback !== "function") {
      throw new TypeError("Headers.forEach: the callback is not a function");
    }
    for (let index = 0; this.#entryAt(index); index++) {
      const name = entryName, value = entryValue;
      entryName = entryValue = "";
      callFunction(callback, thisArg, value, name, this);
    }
  }

  /** WebIDL iterable `keys()`. */
  keys(): IterableIterator<string> {
    Headers.#enter(this, "Headers.keys", 0, 0);
    return new HeadersIterator(this, KIND_KEY) as unknown as IterableIterator<string>;
  }

  /** WebIDL iterable `values()`. */
  values(): IterableIterator<string> {
    Headers.#enter(this, "Headers.values", 0, 0);
    return new HeadersIterator(this, KIND_VALUE) as unknown as IterableIterator<string>;
  }

  /** WebIDL iterable `entries()`, also `[Symbol.iterator]`. */
  entries(): IterableIterator<[string, string]> {
    Headers.#enter(this, "Headers.entries", 0, 0);
    return new HeadersIterator(this, KIND_KEY_AND_VALUE) as unknown as IterableIterator<
      [string, string]
    >;
  }

  /** https://fetch.spec.whatwg.org/#concept-headers-append from step 2; a fill does not defer. */
  #append(context: string, lower: string, value: string, name: string, deferFirst: boolean): void {
    const guard = this.#guard;
    if (guard !== "none" && !this.#guardAllows(context, lower, value, WRITE_APPEND)) return;
    if (deferFirst && this.#combined === EMPTY_INDEX) {
      return this.#deferFirstWrite(name, value, lower);
    }
    const combined = this.#writable();
    const existing = combined.get(lower);
    if (this.#listInIndexOrder && (existing !== undefined || name !== lower)) {
      this.#leaveIndexOrder(combined);
    }
    if (existing === undefined) {
      combined.set(lower, value);
      if (this.#order !== NO_ORDER) this.#order.upsert(lower, 1);
    } else {
      combined.set(lower, `${existing}, ${value}`);
      if (value === "" && lower !== "set-cookie") this.#joinedMayEndInSpace = true;
    }
    if (lower === "set-cookie") {
      if (this.#setCookies === null) this.#setCookies = [value];
      else this.#setCookies[this.#setCookies.length] = value;
      if (this.#order !== NO_ORDER) this.#order.upsert(lower, this.#setCookies.length);
    }
    this.#listWrite(lower, name, value, false);
    if (guard === "request-no-cors") this.#remove(combined, "range");
  }

  /** The guard steps of append, set or delete under a guard not "none": false drops the write. */
  #guardAllows(context: string, lower: string, value: string, write: WriteKind): boolean {
    const guard = this.#guard;
    if (guard === "immutable") {
      throw new TypeError(`${context}: headers are immutable (name ${quote(lower)})`);
    }
    if (!this.#server && forbiddenByGuard(guard, lower, value)) return false;
    if (guard !== "request-no-cors") return true;
    if (write === WRITE_DELETE) return isNoCorsSafelistedName(lower) || lower === "range";
    if (write === WRITE_APPEND) {
      const existing = this.#read().get(lower);
      if (existing !== undefined) {
        return isNoCorsSafelistedRequestHeader(lower, `${existing}, ${value}`);
      }
    }
    return isNoCorsSafelistedRequestHeader(lower, value);
  }

  /**
   * Removes `lower` from the owned index `combined`, the order and the list; false if absent.
   * With "range":
   * https://fetch.spec.whatwg.org/#concept-headers-remove-privileged-no-cors-request-headers
   */
  #remove(combined: SafeMap<string, string>, lower: string): boolean {
    if (!combined.delete(lower)) return false;
    if (this.#order !== NO_ORDER) {
      this.#orderReads = 0;
      this.#order.remove(lower);
    }
    if (this.#list !== null) this.#list.delete(lower);
    return true;
  }

  /** The standard's "get" of `lower`, undefined for none: see {@link Headers.#rawListScanned}. */
  #lookup(lower: string): string | undefined {
    const combined = this.#combined;
    if (combined !== null) return combined.get(lower);
    if (this.#rawListScanned) return this.#materialize().get(lower);
    this.#rawListScanned = true;
    const flat = this.#rawList as string[];
    let found: string | undefined;
    if (!this.#rawListAppends) {
      // Validates every header in list order, as #materialize does, so the same error comes first.
      rawListLength(flat);
      for (let index = 0; index < flat.length; index += 2) {
        if (rawListName(flat, index) !== lower) continue;
        found = found === undefined ? flat[index + 1] : `${found}, ${flat[index + 1]}`;
      }
      return found;
    }
    for (let index = 2; index < flat.length; index += 3) {
      if (flat[index] === lower) {
        found = found === undefined ? flat[index - 1] : `${found}, ${flat[index - 1]}`;
      }
    }
    return found;
  }

  #read(): SafeMap<string, string> {
    const combined = this.#combined;
    return combined !== null ? combined : this.#materialize();
  }

  /**
   * The index, materialized, owned by this Headers alone, with the view dropped. Small, so the
   * engine inlines it into every write; {@link Headers.#detach} does the rest once.
   */
  #writable(): SafeMap<string, string> {
    const owned = this.#combined;
    const combined = owned !== null && !this.#shared ? owned : this.#detach();
    this.#view = null;
    this.#orderReads = 0;
    return combined;
  }

  /** The index materialized and, if shared, copied (copy-on-write): `#writable`'s first step. */
  #detach(): SafeMap<string, string> {
    let combined = this.#read();
    if (this.#shared) {
      if (combined.size === 0) {
        // Nothing to copy; the list stays the view until #listWrite starts it.
        combined = new SafeMap<string, string>();
      } else {
        // The copy keeps the Map's order, so a list in index order stays so.
        if (!this.#listInIndexOrder) this.#ensureList();
        // No `new Map(iterable)`, which walks a user-reachable iterator.
        const copy = new SafeMap<string, string>();
        combined.forEach((value, name) => {
          copy.set(name, value);
        });
        combined = copy;
        if (this.#setCookies !== null) this.#setCookies = copyArray(this.#setCookies);
      }
      this.#combined = combined;
      this.#shared = false;
    }
    return combined;
  }

  /** Makes a null `#list` from the view. */
  #ensureList(): void {
    if (this.#list !== null) return;
    const list = new HeaderList();
    for (let index = 0; this.#entryAt(index); index++) {
      list.append(entryName, entryName, entryValue, true);
    }
    this.#list = list;
  }

  /** Records a set or an append in `#list`; a null one here is empty. */
  #listWrite(lower: string, name: string, value: string, isSet: boolean): void {
    if (this.#listInIndexOrder) return;
    let list = this.#list;
    if (list === null) {
      if (name === lower) {
        this.#listInIndexOrder = true;
        return;
      }
      this.#list = list = new HeaderList();
    }
    if (isSet) list.set(lower, name, value);
    else list.append(lower, name, value, false);
  }

  /** Ends `#listInIndexOrder`: `combined`'s entries become the list. */
  #leaveIndexOrder(combined: SafeMap<string, string>): void {
    const list = new HeaderList();
    combined.forEach((value, lower) => {
      list.append(lower, lower, value, true);
    });
    this.#listInIndexOrder = false;
    this.#list = list;
  }

  /** Validates and indexes the pending raw list. */
  #materialize(): SafeMap<string, string> {
    const flat = this.#rawList as string[];
    const appends = this.#rawListAppends;
    const length = appends ? flat.length : rawListLength(flat);
    const stride = appends ? 3 : 2;
    const combined = new SafeMap<string, string>();
    let setCookies: string[] | null = null;
    let joinedMayEndInSpace = false;
    // Whether every header so far has a lowercase name not seen before (list in index order).
    let inIndexOrder = true;
    for (let index = 0; index < length; index += stride) {
      const lower = appends ? flat[index + 2] : rawListName(flat, index);
      const value = flat[index + 1];
      const existing = combined.get(lower);
      if (existing === undefined) combined.set(lower, value);
      else {
        combined.set(lower, `${existing}, ${value}`);
        if (value === "" && lower !== "set-cookie") joinedMayEndInSpace = true;
        inIndexOrder = false;
      }
      if (flat[index] !== lower) inIndexOrder = false;
      if (lower === "set-cookie") {
        if (setCookies === null) setCookies = [value];
        else setCookies[setCookies.length] = value;
      }
    }
    this.#listInIndexOrder = inIndexOrder;
    if (!inIndexOrder) {
      // A fill's triples were appends; a raw list's names are kept as given.
      const list = this.#list = new HeaderList();
      for (let index = 0; index < length; index += stride) {
        const lower = appends ? flat[index + 2] : lowercaseHeaderName(flat[index]) as string;
        list.append(lower, flat[index], flat[index + 1], !appends);
      }
    }
    this.#combined = combined;
    this.#setCookies = setCookies;
    this.#joinedMayEndInSpace = joinedMayEndInSpace;
    this.#shared = false;
    this.#rawList = null;
    this.#rawListAppends = false;
    this.#rawListScanned = false;
    return combined;
  }

  /**
   * Entry `index` of https://fetch.spec.whatwg.org/#concept-header-list-sort-and-combine into
   * {@link entryName} and {@link entryValue}; false past the end. From the cached view; else,
   * up to {@link INSERTION_SORT_LIMIT} names, from a view built now; else through the name
   * order, until n/8 reads with no write make building the view worth it.
   */
  #entryAt(index: number): boolean {
    let view = this.#view;
    if (view === null) {
      const combined = this.#read();
      if (combined.size <= INSERTION_SORT_LIMIT) {
        view = this.#buildSmallView(combined);
      } else {
        const order = this.#order !== NO_ORDER && !this.#order.worn
          ? this.#order
          : this.#buildOrder(combined);
        if (this.#orderReads < (order.size >>> 3)) {
          this.#orderReads++;
          const found = order.select(index);
          const name = order.selectedName;
          entryName = name;
          entryValue = name === "set-cookie"
            ? (this.#setCookies as string[])[order.selectedOffset]
            : combined.get(name) as string;
          return found;
        }
        view = this.#buildViewFromOrder(order, combined);
      }
    }
    if (2 * index >= view.length) {
      entryName = entryValue = "";
      return false;
    }
    entryName = view[2 * index];
    entryValue = view[2 * index + 1];
    return true;
  }

  #buildSmallView(combined: SafeMap<string, string>): string[] {
    const view: string[] = [];
    const setCookies = this.#setCookies;
    combined.forEach((value, name) => {
      if (name !== "set-cookie") {
        insertPair(view, name, value);
        return;
      }
      for (let cookie = 0; cookie < (setCookies as string[]).length; cookie++) {
        insertPair(view, name, (setCookies as string[])[cookie]);
      }
    });
    this.#view = view;
    return view;
  }

  /** Builds `#order`: one sort of the names, O(n log n). */
  #buildOrder(combined: SafeMap<string, string>): NameOrder {
    const names: string[] = [];
    combined.forEach((_value, name) => {
      names[names.length] = name;
    });
    ArrayPrototypeSort(names);
    const setCookies = this.#setCookies;
    const order = new NameOrder(
      names,
      (name) => name === "set-cookie" ? (setCookies as string[]).length : 1,
    );
    this.#order = order;
    return order;
  }

  /** The view from the order: O(n). */
  #buildViewFromOrder(order: NameOrder, combined: SafeMap<string, string>): string[] {
    const view: string[] = [];
    const setCookies = this.#setCookies;
    order.forEachName((name) => {
      if (name === "set-cookie") {
        for (let cookie = 0; cookie < (setCookies as string[]).length; cookie++) {
          view[view.length] = name;
          view[view.length] = (setCookies as string[])[cookie];
        }
      } else {
        view[view.length] = name;
        view[view.length] = combined.get(name) as string;
      }
    });
    this.#view = view;
    return view;
  }

  /**
   * WebIDL HeadersInit conversion fused with https://fetch.spec.whatwg.org/#concept-headers-fill,
   * unobservably (no user code reaches this Headers before its constructor returns): a fill error
   * waits until the conversion (which may run user code) ends, so a later one wins.
   */
  #fill(init: unknown): void {
    if (!isObject(init)) {
      throw new TypeError(
        "Headers: init must be a sequence of [name, value] pairs or a record of names to values",
      );
    }
    const method = init[SymbolIterator];
    if (method === undefined || method === null) {
      return this.#adoptFilled(this.#fillFromRecord(init, this.#guard === "none"));
    }
    if (typeof method !== "function") {
      throw new TypeError("Headers: init has a [Symbol.iterator] that is not callable");
    }
    if (method === headersEntries && isHeaders(init)) {
      // Opened as the standard's walk opens it (`entries()` makes the iterator), its `next` read
      // once, by a getter if there is one.
      const iterator = new HeadersIterator(init, KIND_KEY_AND_VALUE);
      const next = (iterator as unknown as Record<string, unknown>).next;
      let rest: object = iterator;
      if (next === headersIteratorNext && this.#mayShare(init)) {
        const view = init.#loneView();
        if (view === null) {
          if (this.#shareWith(init, iterator)) return;
        } else {
          const item = this.#copyLone(init, iterator, view);
          if (item === null) return;
          // The walk goes on from the pair read, as `item`, then the rest.
          rest = new HeldItems([item], null, iterator, next);
        }
      }
      const pairs = new InitWalk();
      pairs.adopt(rest, rest === iterator ? next : heldItemsNext);
      this.#fillFromSequence(init, method, false, pairs);
      return;
    }
    this.#adoptFilled(this.#fillFromSequence(init, method, this.#guard === "none"));
  }

  /**
   * Fast path "deferred index": a fill's validated triples become a pending raw list, which the
   * first read indexes exactly as the fill's appends would have (a constructor's fill filters
   * nothing).
   */
  #adoptFilled(pending: string[] | null): void {
    if (pending === null || pending.length === 0) return;
    this.#combined = null;
    this.#rawList = pending;
    this.#rawListAppends = true;
  }

  /**
   * Fast path "deferred first write" (the model's `DeferFirstWrite`): the first write onto
   * {@link EMPTY_INDEX} (so a set is an append, no `range` to remove) becomes a raw list.
   */
  #deferFirstWrite(name: string, value: string, lower: string): void {
    this.#adoptFilled([keptName(name, lower), value, lower]);
    this.#shared = false;
    this.#view = null;
  }

  /**
   * Whether the pending list `pending` holds one header, named `lower`: a fill's triple, or a raw
   * list's pair, validated here as indexing it would (the same TypeError first).
   */
  #lonePendingIs(pending: string[], lower: string): boolean {
    if (this.#rawListAppends) return pending.length === 3 && pending[2] === lower;
    return pending.length === 2 && rawListName(pending, 0) === lower;
  }

  /**
   * Fast path "lone pending header": deleting the one header of a pending list leaves the state
   * of a Headers never written, on the shared {@link EMPTY_INDEX} (the model's
   * `DeleteLonePending`).
   */
  #deleteLonePending(): void {
    this.#combined = EMPTY_INDEX;
    this.#shared = true;
    this.#rawList = null;
    this.#rawListAppends = false;
    this.#rawListScanned = false;
    this.#setCookies = null;
    this.#joinedMayEndInSpace = false;
    this.#view = null;
    this.#listInIndexOrder = false;
    this.#list = null;
  }

  /**
   * Whether iterating `source` into this Headers would append its view as it is: the guard drops
   * nothing, and normalization would change no joined value. Reads `source` (no user code).
   */
  #mayShare(source: Headers): boolean {
    const guard = this.#guard;
    if (guard === "request-no-cors") return false;
    const combined = source.#read();
    if (source.#joinedMayEndInSpace) return false;
    if (!this.#server && (guard === "request" || guard === "response")) {
      let forbidden = false;
      combined.forEach((value, name) => {
        if (forbiddenByGuard(guard, name, value)) forbidden = true;
      });
      if (forbidden) return false;
    }
    return true;
  }

  /**
   * The view of a Headers whose view is one entry, built if it was not; else null. Called once
   * {@link Headers.#mayShare} indexed it.
   */
  #loneView(): string[] | null {
    const combined = this.#combined as SafeMap<string, string>;
    const setCookies = this.#setCookies;
    if (combined.size !== 1 || (setCookies !== null && setCookies.length !== 1)) return null;
    this.#entryAt(0);
    return this.#view;
  }

  /** Shares `source`'s index and view (both sides then copy before their first write). */
  #share(source: Headers): void {
    source.#shared = true;
    this.#shared = true;
    this.#combined = source.#combined;
    this.#setCookies = source.#setCookies;
    this.#view = source.#view;
  }

  /**
   * Fast path "copy-on-write": fill from another Headers, once {@link Headers.#mayShare}, by
   * sharing its index and view, which equal what iterating it would append. Taken only when no
   * user code could run during that iteration (`iterator`'s `next` was the original, and so are
   * the pair arrays' iterator and its `next`). `iterator` is left where the iteration would leave
   * it: a getter of `next` may have kept it.
   */
  #shareWith(source: Headers, iterator: object): boolean {
    if (
      !holdsOwnData(ArrayPrototype, SymbolIterator, ArrayPrototypeSymbolIterator) ||
      !holdsOwnData(ArrayIteratorPrototype, "next", ArrayIteratorPrototypeNext)
    ) return false;
    this.#share(source);
    const combined = source.#combined as SafeMap<string, string>;
    const setCookies = source.#setCookies;
    // Past the last entry of the view: a name each, set-cookie a value each.
    moveIterator(
      iterator,
      setCookies === null ? combined.size : combined.size - 1 + setCookies.length,
    );
    return true;
  }

  /**
   * Fast path "lone copy": a copy of a Headers of one entry, once {@link Headers.#mayShare},
   * makes the walk's reads itself (the pair, its `@@iterator`, that iterator's `next` and items,
   * by the protocol) instead of proving that no getter is there, and shares when they gave the
   * entry, the end, and `source` did not change; then returns null. Else returns the item the
   * fill reads in the pair's place, whose `@@iterator` gives what is left of the pair's walk.
   */
  #copyLone(source: Headers, iterator: object, view: string[]): object | null {
    moveIterator(iterator, 1);
    const pair = [view[0], view[1]];
    const method = pair[SymbolIterator];
    // An item whose `@@iterator` the fill reads in the pair's place: `method` itself if it cannot
    // be called (the fill throws as for the pair), else one that calls it on the pair.
    if (method !== ArrayPrototypeSymbolIterator) {
      const item: Record<symbol, unknown> = { [SymbolIterator]: method };
      if (typeof method === "function") item[SymbolIterator] = () => callFunction(method, pair);
      return item;
    }
    const pairIterator = callFunction(method, pair) as Record<string, unknown>;
    const next = pairIterator.next;
    let items: HeldItems;
    if (next !== ArrayIteratorPrototypeNext) items = new HeldItems([], null, pairIterator, next);
    else {
      // The original `next` makes each result, an ordinary object: reading it runs no user code.
      let read = 0;
      let result = callFunction(next, pairIterator) as IteratorResult<unknown>;
      while (!result.done && read < 2 && result.value === view[read]) {
        read++;
        result = callFunction(next, pairIterator) as IteratorResult<unknown>;
      }
      if (result.done && read === 2 && source.#view === view) {
        this.#share(source);
        return null;
      }
      const held = newArray<unknown>(read);
      for (let index = 0; index < read; index++) held[index] = view[index];
      items = new HeldItems(held, result, pairIterator, next);
    }
    return { [SymbolIterator]: () => items };
  }

  /**
   * WebIDL record<ByteString, ByteString> conversion. Fast path "record keys": for an object that
   * is not a Proxy, reading its keys and descriptors runs no user code, so the keys are read as
   * names then symbols (`Reflect.ownKeys`'s order), and one descriptor yields both the enumerable
   * check and the value. Until user code may run (a getter, or converting an object value), the
   * names read are `Object.keys`' (the enumerable ones, a cheap list even for an object in
   * dictionary mode); just before it would, every name takes their place, so a hidden name made
   * enumerable later is still read. Fast path "lone record key": a lone name that
   * `Object.getOwnPropertyNames` also lists alone is enumerable when its turn comes (no user code
   * has run yet), so its value is one Get, no descriptor. With `defer`, returns the triples for
   * {@link Headers.#adoptFilled}.
   */
  #fillFromRecord(init: Record<PropertyKey, unknown>, defer: boolean): string[] | null {
    let keys: (string | symbol)[];
    let symbols: symbol[] | null = null;
    let lone = false;
    // Invariant: true iff `keys` is `Object.keys(init)` and no user code has run since it was read.
    let enumerableOnly = false;
    if (isProxy === null || isProxy(init)) {
      keys = ReflectOwnKeys(init);
    } else {
      keys = ObjectKeys(init);
      symbols = ObjectGetOwnPropertySymbols(init);
      lone = keys.length === 1 && ObjectGetOwnPropertyNames(init).length === 1;
      enumerableOnly = !lone;
    }
    const pending = defer ? newArray<string>(3 * keys.length) : null;
    let count = 0;
    let deferred: TypeError | null = null;
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index];
      const descriptor = symbols === null || lone
        ? undefined
        : ObjectGetOwnPropertyDescriptor(init, key);
      if (
        !lone &&
        (symbols === null
          ? !ObjectPrototypePropertyIsEnumerable(init, key)
          : descriptor === undefined || !descriptor.enumerable)
      ) continue;
      if (typeof key === "symbol") throw enumerableSymbolKeyError();
      const lower = lowercaseRecordKeyName(key);
      if (lower === null && isNotByteString(key)) throw notByteStringError("Headers", "name", key);
      const isData = descriptor === undefined || ObjectHasOwn(descriptor, "value");
      const read = descriptor === undefined ? init[key] : isData ? descriptor.value : undefined;
      if (enumerableOnly && (!isData || isObject(read))) {
        // User code may run next: from here on, every name, from the same place in the list.
        const names = ObjectGetOwnPropertyNames(init);
        let at = 0;
        while (names[at] !== key) at++;
        keys = names;
        index = at;
        enumerableOnly = false;
      }
      const text = toText(
        isData
          ? read
          : (descriptor as PropertyDescriptor).get === undefined
          ? undefined
          : callFunction((descriptor as PropertyDescriptor).get, init),
      );
      const value = valueOrNull("Headers", text);
      if (deferred !== null) continue;
      if (lower === null) deferred = invalidNameError("Headers", key);
      else if (value === null) deferred = invalidValueError("Headers", text);
      else if (pending === null) this.#append("Headers", lower, value, key, false);
      else {
        pending[count] = key;
        pending[count + 1] = value;
        pending[count + 2] = lower;
        count += 3;
      }
    }
    if (symbols !== null) {
      for (let index = 0; index < symbols.length; index++) {
        if (ObjectPrototypePropertyIsEnumerable(init, symbols[index])) {
          throw enumerableSymbolKeyError();
        }
      }
    }
    if (deferred !== null) throw deferred;
    if (pending !== null && count !== pending.length) pending.length = count;
    return pending;
  }

  /**
   * WebIDL sequence<sequence<ByteString>> conversion over {@link InitWalk}s; with `defer`,
   * returns the triples for {@link Headers.#adoptFilled} instead of appending, in an array sized
   * at the first pair by the length an array init's walk read (no read of its own), up to
   * {@link PRESIZE_LIMIT} pairs: a claimed length allocates nothing.
   */
  #fillFromSequence(
    init: Record<PropertyKey, unknown>,
    method: unknown,
    defer: boolean,
    opened: InitWalk | null = null,
  ): string[] | null {
    let pending: string[] | null = null;
    let filled = 0;
    const pairs = opened ?? new InitWalk();
    const items = new InitWalk();
    if (opened === null) pairs.open(init, method, "init's");
    let deferred: TypeError | null = null;
    while (pairs.step()) {
      const pair = pairs.item;
      if (!isObject(pair)) throw new TypeError("Headers: a sequence init item is not an object");
      const pairMethod = pair[SymbolIterator];
      if (pairMethod === undefined || pairMethod === null) {
        throw new TypeError("Headers: a sequence init item is not iterable");
      }
      if (typeof pairMethod !== "function") {
        throw new TypeError("Headers: a sequence init item has a non-callable [Symbol.iterator]");
      }
      if (defer && pending === null) {
        const length = pairs.array !== null ? pairs.length : 0;
        pending = length <= PRESIZE_LIMIT ? newArray<string>(3 * length) : [];
      }
      items.open(pair, pairMethod, "an item's");
      let count = 0;
      let nameText = "";
      let lower: string | null = null;
      let valueText = "";
      let value: string | null = null;
      for (; items.step(); count++) {
        const text = toText(items.item);
        if (count === 0) {
          nameText = text;
          lower = nameOrNull("Headers", text);
        } else if (count === 1) {
          valueText = text;
          value = valueOrNull("Headers", text);
        } else if (isNotByteString(text)) throw notByteStringError("Headers", "pair item", text);
      }
      if (deferred !== null) continue;
      if (count !== 2) {
        deferred = new TypeError(`Headers: a pair must have 2 items, this one has ${count}`);
      } else if (lower === null) deferred = invalidNameError("Headers", nameText);
      else if (value === null) deferred = invalidValueError("Headers", valueText);
      else if (pending === null) this.#append("Headers", lower, value, nameText, false);
      else {
        pending[filled] = keptName(nameText, lower);
        pending[filled + 1] = value;
        pending[filled + 2] = lower;
        filled += 3;
      }
    }
    if (deferred !== null) throw deferred;
    // A store to `length` is a slow path in V8 even when it changes nothing.
    if (pending !== null && pending.length !== filled) pending.length = filled;
    return pending;
  }
}

// Declaration merge: `[Symbol.iterator]` is installed below as the very `entries` function.
export interface Headers {
  [Symbol.iterator](): IterableIterator<[string, string]>;
}

/** https://webidl.spec.whatwg.org/#es-default-iterator-object: live, never latches on done. */
class HeadersIterator {
  #target: Headers;
  #kind: IterationKind;
  #index = 0;

  constructor(target: Headers, kind: IterationKind) {
    this.#target = target;
    this.#kind = kind;
  }

  static {
    moveIterator = (iterator, index) => {
      (iterator as HeadersIterator).#index = index;
    };
  }

  // Test-only (see fieldsOf).
  // deno-coverage-ignore-start
  static {
    iteratorFieldsOf = (value) =>
      isObject(value) && #target in value
        ? { target: value.#target, index: value.#index, kind: value.#kind }
        : null;
  }
  // deno-coverage-ignore-stop

  /** https://webidl.spec.whatwg.org/#es-iterator-prototype-object `next()` */
  next(): IteratorResult<string | [string, string], undefined> {
    if (!isObject(this) || !(#target in this)) {
      throw new TypeError("Headers Iterator.next: 'this' is not a Headers iterator");
    }
    const index = this.#index;
    const found = entryAt(this.#target, index);
    if (!found) return { value: undefined, done: true };
    this.#index = index + 1;
    const name = entryName, value = entryValue;
    entryName = entryValue = "";
    const kind = this.#kind;
    if (kind === KIND_KEY_AND_VALUE) return { value: [name, value], done: false };
    return { value: kind === KIND_KEY ? name : value, done: false };
  }
}

const headersPrototype = Headers.prototype;
const headersEntries = headersPrototype.entries;
const headersIteratorPrototype = HeadersIterator.prototype;
const headersIteratorNext = headersIteratorPrototype.next;

function defineHidden(object: object, key: PropertyKey, value: unknown, writable = true): void {
  ObjectDefineProperty(object, key, { value, writable, enumerable: false, configurable: true });
}

// WebIDL property attributes: operations are enumerable; @@iterator is `entries`; the class
// string is a non-writable data property. The iterator prototype holds only `next` and its class
// string, and inherits from %IteratorPrototype%.
const OPERATIONS = ObjectGetOwnPropertyNames(headersPrototype);
for (let index = 0; index < OPERATIONS.length; index++) {
  if (OPERATIONS[index] === "constructor") continue;
  ObjectDefineProperty(headersPrototype, OPERATIONS[index], { enumerable: true });
}
defineHidden(headersPrototype, SymbolIterator, headersEntries);
defineHidden(headersPrototype, SymbolToStringTag, "Headers", false);
// Display only, outside what the campaigns fuzz; header_list_test.ts checks it.
// deno-coverage-ignore-start
/** `Deno.inspect` and `util.inspect` of a Headers, as Deno prints its own. */
function inspectHeaders(headers: unknown, inspect: Inspect, options: unknown): string {
  if (!isHeaders(headers)) throw illegalInvocationError("Headers inspect");
  const entries = {};
  for (let index = 0; entryAt(headers, index); index++) {
    const previous = ObjectGetOwnPropertyDescriptor(entries, entryName);
    ObjectDefineProperty(entries, entryName, {
      value: previous === undefined ? entryValue : `${previous.value}, ${entryValue}`,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return `Headers ${inspect(entries, options)}`;
}
type Inspect = (value: unknown, options: unknown) => string;
defineHidden(
  headersPrototype,
  SymbolFor("Deno.customInspect"),
  function (this: unknown, inspect: Inspect, options: unknown) {
    return inspectHeaders(this, inspect, options);
  },
);
defineHidden(
  headersPrototype,
  SymbolFor("nodejs.util.inspect.custom"),
  function (this: unknown, _depth: number, options: unknown, inspect: Inspect) {
    return inspectHeaders(this, inspect, options);
  },
);
// deno-coverage-ignore-stop
ReflectDeleteProperty(headersIteratorPrototype, "constructor");
ObjectSetPrototypeOf(headersIteratorPrototype, IteratorPrototype);
ObjectDefineProperty(headersIteratorPrototype, "next", { enumerable: true });
defineHidden(headersIteratorPrototype, SymbolToStringTag, "Headers Iterator", false);

function guardArgument(context: string, guard: unknown): HeadersGuard {
  if (typeof guard !== "string" || !GUARDS.has(guard)) {
    throw new TypeError(`${context}: ${String(guard)} is not a headers guard`);
  }
  return guard as HeadersGuard;
}

function serverProfile(context: string, options: GuardOptions | undefined): boolean {
  const profile = (options === undefined ? undefined : options.profile) ?? "standard";
  if (profile === "standard") return false;
  if (profile === "server") return true;
  throw new TypeError(`${context}: ${String(profile)} is not a profile`);
}

/**
 * A Headers with `guard`, filled from `init` under that guard the way the Response constructor
 * fills its headers. Guard "immutable" is filled under "none" and then frozen. When `init` is a
 * Headers of this module and the guard filters nothing, the result shares its storage (O(1)).
 *
 * @example
 * ```ts
 * import { headersWithGuard } from "./mod.ts";
 *
 * const response = headersWithGuard("response", [["Set-Cookie", "a=1"], ["X-A", "1"]]);
 * console.log([...response]); // [["x-a", "1"]] — set-cookie is a forbidden response-header name
 * const server = headersWithGuard("response", [["Set-Cookie", "a=1"]], { profile: "server" });
 * console.log(server.getSetCookie()); // ["a=1"]
 * ```
 */
export function headersWithGuard(
  guard: HeadersGuard,
  init?: HeadersInitLike,
  options?: GuardOptions,
): Headers {
  const checkedGuard = guardArgument("headersWithGuard", guard);
  return createHeaders(checkedGuard, serverProfile("headersWithGuard", options), init, null);
}

/**
 * A Headers with `guard` over a copy of the flat `[name, value, ...]` list a server's HTTP parser
 * hands over, taken as is (no normalization, no filtering); the first read validates and indexes
 * it, and throws a TypeError for a name or value that is not a header name or value, or an odd
 * length.
 *
 * @example
 * ```ts
 * import { headersFromRawList } from "./mod.ts";
 *
 * const request = headersFromRawList(["Host", "example.com", "Accept", "*\/*"]);
 * console.log(request.get("host")); // "example.com"
 * ```
 */
export function headersFromRawList(
  flat: string[],
  guard: HeadersGuard = "request",
  options?: GuardOptions,
): Headers {
  if (!ArrayIsArray(flat)) throw new TypeError("headersFromRawList: flat must be an array");
  const checkedGuard = guardArgument("headersFromRawList", guard);
  return createHeaders(checkedGuard, serverProfile("headersFromRawList", options), undefined, flat);
}

/**
 * Sets the guard of `headers` to "immutable" in place, as the standard does to a response's
 * headers once they must no longer change.
 *
 * @example
 * ```ts
 * import { freezeHeaders, Headers } from "./mod.ts";
 *
 * const headers = new Headers({ a: "1" });
 * freezeHeaders(headers); // from now on append, set and delete throw a TypeError
 * ```
 */
export function freezeHeaders(headers: HeadersLike): void {
  setGuard(headersArgument("freezeHeaders", headers), "immutable");
}

function headersArgument(context: string, value: unknown): Headers {
  if (!isHeaders(value)) {
    throw new TypeError(`${context}: the argument is not a Headers object of this module`);
  }
  return value;
}

/**
 * The header list of `headers` (https://fetch.spec.whatwg.org/#concept-headers-header-list) as
 * a flat `[name, value, name, value, ...]` array: in the standard's order, each name with the
 * casing the list keeps (append reuses the casing of the name's first header; set keeps the first
 * header's name and position; a raw list is as given). What a request or response built from
 * `headers` puts on the wire. O(n + writes since the last compaction); never changes `headers`.
 *
 * @example
 * ```ts
 * import { headerListOf, Headers } from "./mod.ts";
 *
 * const headers = new Headers([["X-B", "1"], ["a", "2"]]);
 * headers.append("x-b", "3");
 * console.log(headerListOf(headers)); // ["X-B", "1", "a", "2", "X-B", "3"]
 * ```
 */
export function headerListOf(headers: HeadersLike): string[] {
  return listOf(headersArgument("headerListOf", headers));
}
