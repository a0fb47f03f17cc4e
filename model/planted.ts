/**
 * A bug planted in a real Headers module (not in the model), to prove that the model-to-code
 * tests catch it: {@link withViewCache} wraps a module's Headers in a copy that caches the
 * iteration view, the way a fast implementation does, and with `invalidateOnDelete: false`
 * forgets to drop that cache in `delete` — a stale view after delete.
 *
 * @example
 * ```ts
 * import * as impl from "../impl/mod.ts";
 * import { withViewCache } from "./planted.ts";
 *
 * const stale = withViewCache(impl, { invalidateOnDelete: false });
 * const headers = new stale.Headers([["a", "1"]]);
 * [...headers];
 * headers.delete("a");
 * console.log([...headers]); // [["a", "1"]]: the stale view
 * ```
 *
 * @module
 */

import type {
  HeadersGuard,
  HeadersInitLike,
  HeadersLike,
  HeadersModule,
} from "../spec/contract.ts";

/** Options of {@link withViewCache}. */
export interface ViewCacheOptions {
  /** false plants the bug: delete leaves the cached view in place. */
  invalidateOnDelete: boolean;
}

/**
 * A module whose Headers delegates to `mod`'s and serves iteration from a cached view that
 * append and set invalidate, and delete only when `options.invalidateOnDelete`. Iterators stay
 * live (each next() reads the current view). `headersFromRawList` and `freezeHeaders` delegate.
 */
export function withViewCache(mod: HeadersModule, options: ViewCacheOptions): HeadersModule {
  const innerOf = new WeakMap<object, HeadersLike>();

  class CachedViewHeaders implements HeadersLike {
    #inner: HeadersLike;
    #view: [string, string][] | null = null;

    constructor(init?: unknown, inner?: HeadersLike) {
      const source = typeof init === "object" && init !== null ? innerOf.get(init) : undefined;
      this.#inner = inner ?? new mod.Headers((source ?? init) as HeadersInitLike | undefined);
      innerOf.set(this, this.#inner);
    }

    #current(): [string, string][] {
      this.#view ??= [...this.#inner];
      return this.#view;
    }

    #liveIterator<T>(project: (pair: [string, string]) => T): IterableIterator<T> {
      let index = 0;
      const iterator: IterableIterator<T> = {
        next: () => {
          const view = this.#current();
          if (index >= view.length) return { value: undefined, done: true };
          return { value: project(view[index++]), done: false };
        },
        [Symbol.iterator]: () => iterator,
      };
      return iterator;
    }

    append(name: string, value: string): void {
      this.#inner.append(name, value);
      this.#view = null;
    }

    set(name: string, value: string): void {
      this.#inner.set(name, value);
      this.#view = null;
    }

    delete(name: string): void {
      this.#inner.delete(name);
      if (options.invalidateOnDelete) this.#view = null;
    }

    get(name: string): string | null {
      return this.#inner.get(name);
    }

    getSetCookie(): string[] {
      return this.#inner.getSetCookie();
    }

    has(name: string): boolean {
      return this.#inner.has(name);
    }

    forEach(
      callback: (value: string, name: string, parent: HeadersLike) => void,
      thisArg?: unknown,
    ): void {
      for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
    }

    keys(): IterableIterator<string> {
      return this.#liveIterator((pair) => pair[0]);
    }

    values(): IterableIterator<string> {
      return this.#liveIterator((pair) => pair[1]);
    }

    entries(): IterableIterator<[string, string]> {
      return this.#liveIterator((pair) => pair);
    }

    [Symbol.iterator](): IterableIterator<[string, string]> {
      return this.entries();
    }
  }

  const wrapped: HeadersModule = { Headers: CachedViewHeaders };
  const fromRaw = mod.headersFromRawList;
  if (fromRaw) {
    wrapped.headersFromRawList = (flat: string[], guard?: HeadersGuard) =>
      new CachedViewHeaders(undefined, fromRaw(flat, guard));
  }
  const freeze = mod.freezeHeaders;
  if (freeze) {
    wrapped.freezeHeaders = (headers: HeadersLike) => {
      const inner = innerOf.get(headers);
      if (!inner) throw new TypeError("freezeHeaders: not a Headers of the wrapped module");
      freeze(inner);
    };
  }
  return wrapped;
}
