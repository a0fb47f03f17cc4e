/**
 * The floor: the least a Headers can do and still give the benchmark's answers. A `Map` from
 * lowercased name to value (values of a repeated name joined with ", "), set-cookie's values kept
 * apart, and a sorted view cached until the next mutation, read by a live iterator. None of the
 * standard's other work: no WebIDL conversion, no validation, no value normalization, no guards,
 * no brand checks, no copy-on-write. A bench fixture only (`bench` and `bench:instructions` list it
 * as `floor`), never an export of impl: it is wrong on any input the benchmark does not use.
 *
 * @example
 * ```ts
 * import { Headers } from "./floor.ts";
 * const headers = new Headers({ Accept: "*\/*" });
 * headers.get("accept"); // "*\/*"
 * ```
 *
 * @module
 */

/** A name and its value, as iteration yields them. */
type Entry = [string, string];

/** The floor Headers: a Map, set-cookie's values, and a cached sorted view. */
export class Headers {
  /** Lowercase name -> value (a repeated name's values joined with ", "). */
  map = new Map<string, string>();
  /** Set-cookie's values in order, or null when there is none. */
  cookies: string[] | null = null;
  /** The sorted entries; null whenever the map changed since they were built. */
  view: Entry[] | null = null;

  /** From a record, an iterable of pairs, or another floor Headers (the map copied). */
  constructor(init?: unknown) {
    if (init === undefined) return;
    if (init instanceof Headers) {
      this.map = new Map(init.map);
      this.cookies = init.cookies === null ? null : [...init.cookies];
    } else if (Symbol.iterator in (init as object)) {
      for (const [name, value] of init as Iterable<Entry>) this.append(name, value);
    } else {
      const record = init as Record<string, string>;
      for (const name of Object.keys(record)) this.append(name, record[name]);
    }
  }

  /** Adds a value; a repeated name's values are joined. */
  append(name: string, value: string): void {
    const lower = name.toLowerCase();
    const existing = this.map.get(lower);
    this.map.set(lower, existing === undefined ? value : `${existing}, ${value}`);
    if (lower === "set-cookie") (this.cookies ??= []).push(value);
    this.view = null;
  }

  /** Replaces every value of the name. */
  set(name: string, value: string): void {
    const lower = name.toLowerCase();
    this.map.set(lower, value);
    if (lower === "set-cookie") this.cookies = [value];
    this.view = null;
  }

  /** Removes the name. */
  delete(name: string): void {
    const lower = name.toLowerCase();
    if (!this.map.delete(lower)) return;
    if (lower === "set-cookie") this.cookies = null;
    this.view = null;
  }

  /** The joined value, or null. */
  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }

  /** Whether the name is present. */
  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }

  /** Set-cookie's values, copied. */
  getSetCookie(): string[] {
    return this.cookies === null ? [] : [...this.cookies];
  }

  /** The sorted entries, set-cookie's values apart: built once per mutation. */
  sorted(): Entry[] {
    if (this.view !== null) return this.view;
    const view: Entry[] = [];
    for (const [name, value] of this.map) {
      if (name !== "set-cookie") view.push([name, value]);
      else for (const cookie of this.cookies as string[]) view.push([name, cookie]);
    }
    view.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return this.view = view;
  }

  /** Calls `callback(value, name, this)` per entry of the sorted view, read live. */
  forEach(callback: (value: string, name: string, parent: Headers) => void): void {
    for (let index = 0; index < this.sorted().length; index++) {
      const [name, value] = this.sorted()[index];
      callback(value, name, this);
    }
  }

  /** Live iterators over the sorted view. */
  keys(): IterableIterator<string> {
    return new FloorIterator(this, (entry) => entry[0]);
  }

  /** See {@link Headers.keys}. */
  values(): IterableIterator<string> {
    return new FloorIterator(this, (entry) => entry[1]);
  }

  /** See {@link Headers.keys}. */
  entries(): IterableIterator<Entry> {
    return new FloorIterator(this, (entry) => [entry[0], entry[1]]);
  }

  /** See {@link Headers.keys}. */
  [Symbol.iterator](): IterableIterator<Entry> {
    return this.entries();
  }
}

/** Reads entry `index` of the view as it is at each `next()`, so a mutation is seen. */
class FloorIterator<T> implements IterableIterator<T> {
  index = 0;
  headers: Headers;
  pick: (entry: Entry) => T;

  constructor(headers: Headers, pick: (entry: Entry) => T) {
    this.headers = headers;
    this.pick = pick;
  }

  next(): IteratorResult<T, undefined> {
    const view = this.headers.sorted();
    if (this.index >= view.length) return { value: undefined, done: true };
    return { value: this.pick(view[this.index++]), done: false };
  }

  [Symbol.iterator](): IterableIterator<T> {
    return this;
  }
}

/** A Headers over a flat `[name, value, ...]` list, appended pair by pair (the guard is ignored). */
export function headersFromRawList(flat: string[]): Headers {
  const headers = new Headers();
  for (let index = 0; index < flat.length; index += 2) headers.append(flat[index], flat[index + 1]);
  return headers;
}
