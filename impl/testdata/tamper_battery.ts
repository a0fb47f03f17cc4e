/**
 * The checks of impl/primordials_test.ts (built-ins patched after impl loaded) and of
 * properties/targets/tampered_load_test.ts (subprocesses running `tampered_import.ts`: patched before impl
 * loads).
 *
 * While a patch is in place the battery itself must not call anything a patch could replace, so
 * it walks iterators by hand, stores outcomes by index, and formats nothing until the caller has
 * restored the built-ins.
 *
 * @module
 */

import type { Outcome } from "../../properties/core/outcome.ts";
import type { HeadersGuard } from "../types.ts";

/** The part of impl's module the battery drives. */
export interface BatteryModule {
  Headers: new (init?: unknown) => BatteryHeaders;
  headersWithGuard(guard: HeadersGuard, init?: unknown, options?: { profile?: string }): unknown;
  headersFromRawList(flat: string[], guard?: HeadersGuard, options?: { profile?: string }): unknown;
}

interface BatteryHeaders {
  append(name: string, value: string): void;
  delete(name: string): void;
  get(name: string): string | null;
  getSetCookie(): string[];
  has(name: string): boolean;
  set(name: string, value: string): void;
  forEach(callback: (value: string, name: string) => void): void;
  entries(): { next(): { done?: boolean; value?: unknown } };
}

/**
 * A hostile replacement of one built-in: `install` patches it and returns the function that
 * restores the original.
 */
export interface Patch {
  readonly name: string;
  readonly install: () => () => void;
}

const OriginalTypeError = TypeError;

/** Replaces `object[key]` (a method or, with `getter`, an accessor) until restored. */
function replace(object: object, key: PropertyKey, value: unknown, getter = false): () => void {
  const original = Object.getOwnPropertyDescriptor(object, key) as PropertyDescriptor;
  Object.defineProperty(
    object,
    key,
    getter
      ? { get: value as () => unknown, configurable: true }
      : { value, writable: true, configurable: true },
  );
  return () => Object.defineProperty(object, key, original);
}

const mapIteratorPrototype = Object.getPrototypeOf(new Map().keys());
const arrayIteratorPrototype = Object.getPrototypeOf([][Symbol.iterator]());
const arrayIteratorNext = Object.getOwnPropertyDescriptor(arrayIteratorPrototype, "next")!;
const defineProperty = Object.defineProperty;

/**
 * Every patch, each one a realistic way user code breaks a built-in. Not here:
 * `Array.prototype[Symbol.iterator]` and %ArrayIteratorPrototype%.next, which WebIDL's sequence
 * conversion of a user's array init must call (a native Headers sees them too); impl's own
 * loops never use them.
 */
export const PATCHES: readonly Patch[] = [
  {
    name: "Array.prototype.push",
    install: () => replace(Array.prototype, "push", () => 0),
  },
  {
    name: "Array.prototype.values",
    install: () =>
      replace(Array.prototype, "values", function values(this: unknown[]) {
        return arrayIteratorNext.value.call([][Symbol.iterator]());
      }),
  },
  {
    name: "Array.prototype.slice",
    install: () => replace(Array.prototype, "slice", () => []),
  },
  {
    name: "Array.prototype.sort",
    install: () =>
      replace(Array.prototype, "sort", function (this: unknown) {
        return this;
      }),
  },
  {
    name: "Map.prototype.get",
    install: () => replace(Map.prototype, "get", () => undefined),
  },
  {
    name: "Map.prototype.set",
    install: () =>
      replace(Map.prototype, "set", function (this: unknown) {
        return this;
      }),
  },
  {
    name: "Map.prototype.has",
    install: () => replace(Map.prototype, "has", () => false),
  },
  {
    name: "Map.prototype.delete",
    install: () => replace(Map.prototype, "delete", () => false),
  },
  {
    name: "Map.prototype.forEach",
    install: () => replace(Map.prototype, "forEach", () => {}),
  },
  {
    name: "Map.prototype.keys",
    install: () => replace(Map.prototype, "keys", () => [][Symbol.iterator]()),
  },
  {
    name: "Map.prototype.size",
    install: () => replace(Map.prototype, "size", () => 0, true),
  },
  {
    name: "%MapIteratorPrototype%.next",
    install: () => replace(mapIteratorPrototype, "next", () => ({ done: true })),
  },
  {
    name: "Map.prototype[Symbol.iterator]",
    install: () => replace(Map.prototype, Symbol.iterator, () => [][Symbol.iterator]()),
  },
  {
    name: "Set.prototype.has",
    install: () => replace(Set.prototype, "has", () => false),
  },
  {
    name: "RegExp.prototype.exec",
    install: () => replace(RegExp.prototype, "exec", () => null),
  },
  {
    name: "RegExp.prototype.test",
    install: () => replace(RegExp.prototype, "test", () => true),
  },
  {
    name: "String.prototype.toLowerCase",
    install: () => replace(String.prototype, "toLowerCase", () => "x"),
  },
  {
    name: "String.prototype.slice",
    install: () => replace(String.prototype, "slice", () => ""),
  },
  {
    name: "String.prototype.charCodeAt",
    install: () => replace(String.prototype, "charCodeAt", () => 65),
  },
  {
    name: "String.prototype.startsWith",
    install: () => replace(String.prototype, "startsWith", () => false),
  },
  {
    name: "String.prototype.indexOf",
    install: () => replace(String.prototype, "indexOf", () => -1),
  },
  {
    name: "JSON.stringify",
    install: () =>
      replace(JSON, "stringify", () => {
        throw new RangeError("patched JSON.stringify");
      }),
  },
  {
    name: "Object.prototype.propertyIsEnumerable",
    install: () => replace(Object.prototype, "propertyIsEnumerable", () => false),
  },
  { name: "Math.min", install: () => replace(Math, "min", () => 0) },
  { name: "Math.floor", install: () => replace(Math, "floor", () => 0) },
  {
    name: "globalThis.String",
    install: () =>
      replace(globalThis, "String", () => {
        throw new RangeError("patched String");
      }),
  },
  {
    name: "globalThis.String and String.prototype.constructor",
    install: () => {
      const fake = () => {
        throw new RangeError("patched String");
      };
      const restoreConstructor = replace(String.prototype, "constructor", fake);
      const restoreGlobal = replace(globalThis, "String", fake);
      return () => {
        restoreGlobal();
        restoreConstructor();
      };
    },
  },
  {
    name: "globalThis.Array",
    install: () =>
      replace(globalThis, "Array", () => {
        throw new RangeError("patched Array");
      }),
  },
  {
    name: "globalThis.Map and globalThis.Set by plain subclasses",
    install: () => {
      const restoreMap = replace(globalThis, "Map", class SubclassedMap extends Map {});
      const restoreSet = replace(globalThis, "Set", class SubclassedSet extends Set {});
      return () => {
        restoreSet();
        restoreMap();
      };
    },
  },
  {
    name: "globalThis.TypeError",
    install: () => replace(globalThis, "TypeError", RangeError),
  },
  {
    name: "Symbol.iterator lookups through globalThis.Symbol",
    install: () => replace(globalThis, "Symbol", { iterator: "iterator", toStringTag: "tag" }),
  },
];

/**
 * Runs `action` and records its outcome without calling anything a patch could replace. What
 * was thrown is recorded with its message, which a patch must not change either: a TypeError of
 * this realm as `TypeError: <message>`, anything else with a prefix that tells it apart.
 */
function outcome(action: () => unknown): Outcome {
  try {
    return { ok: action() };
  } catch (error) {
    if (error instanceof OriginalTypeError) return { threw: "TypeError: " + error.message };
    return {
      threw: "not this realm's TypeError: " +
        (error instanceof Error ? error.name + ": " + error.message : "non-error"),
    };
  }
}

/** The entries of a Headers, read through its iterator by hand. */
function entriesOf(headers: BatteryHeaders): unknown[] {
  const out: unknown[] = [];
  const iterator = headers.entries();
  for (;;) {
    const result = iterator.next();
    if (result.done) return out;
    out[out.length] = result.value;
  }
}

/**
 * Runs every check once against `module` and returns the outcomes in a fixed order. Every
 * check that reads names also reads more than 32 of them once, so both ways of building the
 * view run.
 */
export function runBattery(module: BatteryModule): Outcome[] {
  const { Headers, headersWithGuard, headersFromRawList } = module;
  const results: Outcome[] = [];
  const record = (action: () => unknown) => {
    results[results.length] = outcome(action);
  };
  record(() => {
    const headers = new Headers([["Set-Cookie", "a=1"], ["set-cookie", "b=2"], ["X-B", " 2 "]]);
    headers.append("X-A", "1");
    return [headers.getSetCookie(), headers.get("x-b"), headers.has("X-A"), entriesOf(headers)];
  });
  record(() => {
    const headers = new Headers({ "Content-Type": "text/plain", Accept: "*/*" });
    headers.set("accept", "text/html");
    headers.delete("content-type");
    const copy = new Headers(headers as unknown);
    copy.append("x-c", "3");
    return [entriesOf(headers), entriesOf(copy)];
  });
  record(() => {
    const headers = new Headers();
    for (let index = 0; index < 40; index++) headers.append("X-N" + (99 - index), "v" + index);
    headers.append("set-cookie", "c=1");
    headers.append("Set-Cookie", "c=2");
    const seen: string[] = [];
    headers.forEach((value, name) => {
      seen[seen.length] = name + "=" + value;
    });
    return [entriesOf(headers), seen];
  });
  record(() => {
    // A getter of the pair arrays' iterator `next` writes to the source of a copy: the copy has
    // to walk it, and sees the write.
    const source = new Headers([["b", "2"], ["a", "1"]]);
    let appended = false;
    defineProperty(arrayIteratorPrototype, "next", {
      configurable: true,
      get() {
        if (!appended) {
          appended = true;
          source.append("c", "3");
        }
        return arrayIteratorNext.value;
      },
    });
    let copy;
    try {
      copy = new Headers(source as unknown);
    } finally {
      defineProperty(arrayIteratorPrototype, "next", arrayIteratorNext);
    }
    return [entriesOf(source), entriesOf(copy)];
  });
  record(() => new Headers().append("a", "x\r\ny"));
  record(() => new Headers().append("a", "x\0y"));
  record(() => new Headers().append("a b", "1"));
  record(() => new Headers().get("\u0100"));
  record(() => new Headers().set("a", "\u20ac"));
  record(() => new Headers([["a", "1", "2"]]));
  record(() => new Headers({ "a:b": "1" }));
  record(() => new Headers(1 as unknown));
  record(() => (new Headers() as unknown as { get(): unknown }).get());
  record(() =>
    entriesOf(headersWithGuard("request", { Host: "h", "Proxy-A": "1", A: "1" }) as BatteryHeaders)
  );
  record(() =>
    entriesOf(headersWithGuard("request", { "X-HTTP-Method": "TRACE", B: "2" }) as BatteryHeaders)
  );
  record(() =>
    entriesOf(headersWithGuard("response", [["Set-Cookie", "a=1"], ["X", "1"]]) as BatteryHeaders)
  );
  record(() =>
    entriesOf(
      headersWithGuard("request-no-cors", [
        ["Content-Type", "text/plain;charset=utf-8"],
        ["Content-Type", "application/json"],
        ["Accept", "text/html"],
        ["Accept-Language", "en-US"],
        ["Range", "bytes=0-1"],
        ["X", "1"],
      ]) as BatteryHeaders,
    )
  );
  record(() => (headersWithGuard("immutable", { a: "1" }) as BatteryHeaders).set("a", "2"));
  record(() => headersWithGuard("open" as HeadersGuard));
  record(() => headersWithGuard("none", {}, { profile: "lax" }));
  record(() => {
    const headers = headersFromRawList(["Host", "h", "Set-Cookie", "a=1", "set-cookie", "b=2"]);
    return [entriesOf(headers as BatteryHeaders), (headers as BatteryHeaders).getSetCookie()];
  });
  record(() => (headersFromRawList(["a", "x\ny"]) as BatteryHeaders).get("a"));
  record(() => (headersFromRawList(["a b", "1"]) as BatteryHeaders).get("a"));
  record(() => (headersFromRawList(["a"]) as BatteryHeaders).get("a"));
  record(() => (headersFromRawList(["a", " 1"]) as BatteryHeaders).get("a"));
  return results;
}
