/**
 * Every built-in impl/ calls, captured once when this module loads and called uncurried
 * (`StringPrototypeSlice(text, 0, 200)`, not `text.slice(0, 200)`), in the manner of Node's and
 * Deno's internal "primordials". User code that later replaces `String.prototype.slice`,
 * `Map.prototype.get`, `RegExp.prototype.exec`, `JSON.stringify`, `globalThis.TypeError` ... cannot
 * change what impl does, and never sees a header name or value.
 *
 * Rules for the rest of impl/:
 * - call a built-in only through this module; read no method off a built-in prototype;
 * - the Maps and Sets impl keeps are {@link SafeMap} and {@link SafeSet}, whose prototypes hold
 *   their own copies of the original methods, so `map.get(key)` stays the original even when
 *   `Map.prototype.get` is replaced (and the engine still inlines it);
 * - no internal loop goes through an iterator (`for...of`, spread, `new Map(iterable)`,
 *   destructuring of arrays): walk arrays by index and Maps with `forEach`;
 * - append to an internal array with `array[array.length] = item`, copy one with a loop.
 *
 * Assumed, as for any built-in written in JavaScript (Deno's and Node's capture theirs in the
 * startup snapshot): the built-ins listed here are the originals when this module loads. Also out
 * of scope, as for every JavaScript built-in: accessors installed on array indices of
 * `Array.prototype` or `Object.prototype` (they affect writes to holes of any array).
 *
 * @module
 */

const { bind, call } = Function.prototype;

/** `fn.call(thisArg, ...args)` with the original `call`. */
export const callFunction: (fn: unknown, thisArg: unknown, ...args: unknown[]) => unknown = bind
  .call(call, call) as (fn: unknown, thisArg: unknown, ...args: unknown[]) => unknown;

/** Turns a method into a function taking its receiver first. */
function uncurryThis<This, Args extends unknown[], Result>(
  method: (this: This, ...args: Args) => Result,
): (self: This, ...args: Args) => Result {
  return bind.call(call, method) as (self: This, ...args: Args) => Result;
}

/** The original `TypeError` constructor. */
export const TypeError: TypeErrorConstructor = globalThis.TypeError;
/** The original `String` function (ToString that also accepts a Symbol). */
export const String: StringConstructor = globalThis.String;

/** `Symbol.for`. */
export const SymbolFor: (key: string) => symbol = Symbol.for;
/** `Symbol.iterator`. */
export const SymbolIterator: typeof Symbol.iterator = Symbol.iterator;
/** `Symbol.toStringTag`. */
export const SymbolToStringTag: typeof Symbol.toStringTag = Symbol.toStringTag;

/** `Math.min`. */
export const MathMin: (...values: number[]) => number = Math.min;
/** `Math.random`. */
export const MathRandom: () => number = Math.random;
/** `Math.floor`. */
export const MathFloor: (value: number) => number = Math.floor;

/** `Object.prototype.propertyIsEnumerable`, uncurried. */
export const ObjectPrototypePropertyIsEnumerable: (self: object, key: PropertyKey) => boolean =
  uncurryThis(Object.prototype.propertyIsEnumerable);
/** `Object.getOwnPropertyNames`. */
export const ObjectGetOwnPropertyNames: (object: object) => string[] = Object.getOwnPropertyNames;
/** `Object.getOwnPropertySymbols`. */
export const ObjectGetOwnPropertySymbols: (object: object) => symbol[] =
  Object.getOwnPropertySymbols;
/** `Object.getOwnPropertyDescriptor`. */
export const ObjectGetOwnPropertyDescriptor: (
  object: object,
  key: PropertyKey,
) => PropertyDescriptor | undefined = Object.getOwnPropertyDescriptor;
/** `Object.defineProperty`. */
export const ObjectDefineProperty: <T>(
  object: T,
  key: PropertyKey,
  descriptor: PropertyDescriptor,
) => T = Object.defineProperty;
/** `Object.getPrototypeOf`. */
export const ObjectGetPrototypeOf: (object: object) => object | null = Object.getPrototypeOf;
/** `Object.setPrototypeOf`. */
export const ObjectSetPrototypeOf: (object: object, prototype: object | null) => object =
  Object.setPrototypeOf;
/** `Object.hasOwn`. */
export const ObjectHasOwn: (object: object, key: PropertyKey) => boolean = Object.hasOwn;
/** `Object.freeze`. */
export const ObjectFreeze: <T>(object: T) => Readonly<T> = Object.freeze;
/** `Reflect.ownKeys`. */
export const ReflectOwnKeys: (object: object) => (string | symbol)[] = Reflect.ownKeys;
/** `Reflect.deleteProperty`. */
export const ReflectDeleteProperty: (object: object, key: PropertyKey) => boolean =
  Reflect.deleteProperty;

const ArrayConstructor = Array;

/** A new array of `length` holes (the original `Array` constructor). */
export function newArray<T>(length: number): T[] {
  return new ArrayConstructor<T>(length);
}

/**
 * Whether a value is a Proxy: `types.isProxy` of the runtime's built-in util module, reached
 * through `process.getBuiltinModule` (Deno 2, Node 22.3+ and Bun have it) rather than an
 * import, so the package imports no `node:` module. null where there is none: callers then take
 * the path that is correct for a Proxy.
 */
export const isProxy: ((value: unknown) => boolean) | null = (
  (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    ?.getBuiltinModule?.("node:util") as
      | { types?: { isProxy?: (value: unknown) => boolean } }
      | undefined
)?.types?.isProxy ?? null;

/** `Array.isArray`. */
export const ArrayIsArray: (value: unknown) => value is unknown[] = Array.isArray;
/** `Array.prototype` itself (its `[Symbol.iterator]` is compared, never called through). */
export const ArrayPrototype: unknown[] = Array.prototype;
/** The original `Array.prototype[Symbol.iterator]` (`values`). */
export const ArrayPrototypeSymbolIterator: () => IterableIterator<unknown> =
  Array.prototype[Symbol.iterator];
/** %ArrayIteratorPrototype%. */
export const ArrayIteratorPrototype: { next: unknown } = Object.getPrototypeOf(
  [][Symbol.iterator](),
);
/** The original %ArrayIteratorPrototype%.next. */
export const ArrayIteratorPrototypeNext: unknown = ArrayIteratorPrototype.next;
/** %IteratorPrototype%. */
export const IteratorPrototype: object = Object.getPrototypeOf(ArrayIteratorPrototype);
/** `Array.prototype.sort`, uncurried (sorts strings by code unit without a comparator). */
export const ArrayPrototypeSort: <T>(self: T[]) => T[] = uncurryThis(
  Array.prototype.sort as (this: unknown[]) => unknown[],
) as <T>(self: T[]) => T[];

const charCodeAtUncurried: (self: string, index: number) => number = uncurryThis(
  String.prototype.charCodeAt,
);

/**
 * The code unit of every one-unit string "\u0000" ... "\u00ff", on a prototype-less object (no
 * inherited key can answer a lookup).
 */
const LATIN1_CODES: Record<string, number> = Object.create(null);
for (let code = 0; code < 256; code++) LATIN1_CODES[String.fromCharCode(code)] = code;

/**
 * `String.prototype.charCodeAt` without calling it for a Latin-1 code unit: `self[index]` (an own
 * index of a string primitive, which no user code can intercept when `index` is an integer in
 * range) looked up in {@link LATIN1_CODES}; anything else goes through the uncurried original. Equal to
 * `charCodeAt` for every string and index (`properties/primordials_engine_test.ts` checks all
 * 65,536 code units and out-of-range indices).
 */
export function charCodeAtByTable(self: string, index: number): number {
  if ((index | 0) === index && index >= 0 && index < self.length) {
    const code = LATIN1_CODES[self[index]];
    if (code !== undefined) return code;
  }
  return charCodeAtUncurried(self, index);
}

/**
 * Whether the engine is JavaScriptCore (Bun), which differs from V8 (Deno, Node) in two costs
 * impl's fast paths depend on. Measured on the 2-core machine:
 * - it does not inline an uncurried built-in (`Function.prototype.call.bind(method)`): 36
 *   `charCodeAt` calls take 684 ns uncurried, 84 ns through {@link charCodeAtByTable} and 31 ns
 *   as a (patchable) method call; V8 (Deno 2.9.6): 43 ns uncurried, 195 ns through the table;
 * - it hashes a never-seen string cheaply: a Map lookup of a fresh 12-unit name costs about 2.6 ns
 *   there, against 41 ns in V8 (which is why V8 gets a comparison-based name table).
 *
 * Read once from the `Bun` global. Only speed depends on it: a realm that fakes the global picks
 * the other of two equal implementations.
 */
export const IS_JAVASCRIPTCORE: boolean = typeof (globalThis as { Bun?: unknown }).Bun ===
  "object";

/**
 * `String.prototype.charCodeAt(self, index)`: the uncurried original, or under JavaScriptCore the
 * equal {@link charCodeAtByTable}.
 */
export const StringPrototypeCharCodeAt: (self: string, index: number) => number = IS_JAVASCRIPTCORE
  ? charCodeAtByTable
  : charCodeAtUncurried;
/** `String.prototype.slice`, uncurried. */
export const StringPrototypeSlice: (self: string, start?: number, end?: number) => string =
  uncurryThis(String.prototype.slice);
/** `String.prototype.toLowerCase`, uncurried. */
export const StringPrototypeToLowerCase: (self: string) => string = uncurryThis(
  String.prototype.toLowerCase,
);
/** `String.prototype.startsWith`, uncurried. */
export const StringPrototypeStartsWith: (self: string, search: string) => boolean = uncurryThis(
  String.prototype.startsWith as (this: string, search: string) => boolean,
);
/** `String.prototype.indexOf`, uncurried. */
export const StringPrototypeIndexOf: (self: string, search: string, from?: number) => number =
  uncurryThis(String.prototype.indexOf);

const regExpPrototypeExec: (self: RegExp, text: string) => RegExpExecArray | null = uncurryThis(
  RegExp.prototype.exec,
);

/**
 * Whether `pattern` (neither global nor sticky) matches somewhere in `text`, through the
 * original `RegExp.prototype.exec` (`RegExp.prototype.test` would look `exec` up on the
 * prototype, where user code can replace it).
 */
export function regExpTest(pattern: RegExp, text: string): boolean {
  return regExpPrototypeExec(pattern, text) !== null;
}

/** Copies every own property of `from` onto `to` that `to` does not have yet. */
function copyOwnProperties(from: object, to: object): void {
  const keys = Reflect.ownKeys(from);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index];
    if (!ObjectHasOwn(to, key)) {
      ObjectDefineProperty(
        to,
        key,
        ObjectGetOwnPropertyDescriptor(from, key) as PropertyDescriptor,
      );
    }
  }
}

/**
 * A Map whose prototype holds its own copies of every original Map method and accessor (`get`,
 * `set`, `has`, `delete`, `forEach`, `size`, ...), so replacing `Map.prototype.get` changes
 * nothing for it. Never handed to user code.
 */
export class SafeMap<K, V> extends Map<K, V> {}
copyOwnProperties(Map.prototype, SafeMap.prototype);

/** A Set that, like {@link SafeMap}, keeps its own copies of the original Set methods. */
export class SafeSet<T> extends Set<T> {}
copyOwnProperties(Set.prototype, SafeSet.prototype);

/** A SafeSet holding `items` (added by index, no iterator involved). */
export function safeSetOf<T>(items: readonly T[]): SafeSet<T> {
  const set = new SafeSet<T>();
  for (let index = 0; index < items.length; index++) set.add(items[index]);
  return set;
}

const HEX_DIGITS = "0123456789abcdef";

/**
 * A string literal for `text` in error messages, built without any patchable built-in (like
 * `JSON.stringify` for the byte strings impl reports): control characters, `"`, `\` and DEL
 * are escaped as `\u00XX`; longer texts are cut at 200 code units and marked with "…".
 */
export function quote(text: string): string {
  const length = text.length > 200 ? 200 : text.length;
  let out = '"';
  for (let index = 0; index < length; index++) {
    const code = StringPrototypeCharCodeAt(text, index);
    if (code < 0x20 || code === 0x22 || code === 0x5c || code === 0x7f) {
      out += "\\u00" + HEX_DIGITS[code >> 4] + HEX_DIGITS[code & 15];
    } else out += text[index];
  }
  return text.length > 200 ? out + '…"' : out + '"';
}
