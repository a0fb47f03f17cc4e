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
 * Patched before this module loads: every function captured here goes through {@link intact},
 * which keeps it only if it is still the engine's own (its source text, read with
 * `Function.prototype.toString`, is `function NAME() { [native code] }` with its own name) and
 * otherwise takes the same built-in from a fresh realm (`node:vm`, reached through
 * `process.getBuiltinModule`, made only when something is replaced). A replaced built-in is
 * therefore never called after load, only slower: V8 does not inline a built-in of another realm.
 * `@@iterator` and the array iterator's `next`, which impl only compares, are matched against a
 * function nobody else has when replaced, so a replaced iterator is always walked as user code.
 *
 * Assumed intact when this module loads, as a runtime's own built-ins are when its snapshot is
 * made: `Function.prototype.toString`, `process.getBuiltinModule` and `node:vm`, and the
 * constructors `Array`, `Map`, `Set`, `String` and `TypeError` (impl's TypeErrors must be this
 * realm's). Also out of scope, as for every JavaScript built-in: accessors installed on array
 * indices of `Array.prototype` or `Object.prototype` (they affect writes to holes of any array).
 *
 * @module
 */

/** The realm's `Function.prototype.toString` and `Reflect.apply`, assumed intact at load. */
const functionToString = Function.prototype.toString;
const reflectApply = Reflect.apply;

/**
 * The runtime's built-in module `id` (`node:vm`, `node:util`) through `process.getBuiltinModule`
 * (Deno 2, Node 22.3+ and Bun have it), so the package imports no `node:` module; undefined where
 * there is none, or where the runtime's own loader would fail because user code replaced a global
 * it depends on: Deno's lazy loader of `node:` modules calls the global `Symbol`, and its failure
 * escapes as an unhandled rejection, so with `Symbol` replaced no module is asked for.
 */
function builtinModule(id: string): Record<string, unknown> | undefined {
  if (!isNative(globalThis.Symbol, "Symbol")) return undefined;
  return (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    ?.getBuiltinModule?.(id) as Record<string, unknown> | undefined;
}

/** A fresh realm's global object, made on first need; null where `node:vm` is missing. */
let freshGlobal: Record<string, unknown> | null | undefined;

function freshRealm(): Record<string, unknown> | null {
  if (freshGlobal === undefined) {
    const vm = builtinModule("node:vm") as { runInNewContext?: (code: string) => unknown };
    freshGlobal = typeof vm?.runInNewContext === "function"
      ? vm.runInNewContext("globalThis") as Record<string, unknown>
      : null;
  }
  return freshGlobal;
}

/** Whether `text` holds `part` at `at` (read by index: no built-in is called). */
function holdsAt(text: string, part: string, at: number): boolean {
  if (text.length < at + part.length) return false;
  for (let index = 0; index < part.length; index++) {
    if (text[at + index] !== part[index]) return false;
  }
  return true;
}

/** Whether the code unit of `text` at `at` (in range) is whitespace a source text may hold. */
function isBlankAt(text: string, at: number): boolean {
  return at < text.length && (text[at] === " " || text[at] === "\n" || text[at] === "\t");
}

/**
 * Whether `value` is an engine function whose source text is
 * `function NAME() { [native code] }` with `name` (engines differ only in the blanks). A user function, a bound function or a Proxy (`function () { [native code] }`), or
 * another built-in put in its place, is not.
 */
function isNative(value: unknown, name: string): boolean {
  if (typeof value !== "function") return false;
  const text = reflectApply(functionToString, value, []) as string;
  const head = "function " + name + "() {";
  if (!holdsAt(text, head, 0)) return false;
  let at = head.length;
  while (isBlankAt(text, at)) at++;
  if (!holdsAt(text, "[native code]", at)) return false;
  at += 13;
  while (isBlankAt(text, at)) at++;
  return at === text.length - 1 && text[at] === "}";
}

/** The property `key` of the fresh realm's object at `owner` (e.g. `["String", "prototype"]`). */
function freshBuiltin(owner: readonly string[], key: string): PropertyDescriptor | undefined {
  let holder = freshRealm() as Record<string, unknown>;
  for (let index = 0; index < owner.length; index++) {
    holder = holder[owner[index]] as Record<string, unknown>;
  }
  const reflect = (freshRealm() as { Reflect: typeof Reflect }).Reflect;
  return reflect.getOwnPropertyDescriptor(holder, key);
}

/**
 * `value`, the built-in function `key` of the object at `owner` as this module found it (`key`
 * `"get size"` names the getter of `size`), if it is the engine's own; else the same built-in
 * from a fresh realm (see the module doc); `value` itself where there is no fresh realm.
 */
export function intact<T>(value: T, key: string, ...owner: string[]): T {
  if (isNative(value, key) || freshRealm() === null) return value;
  return (holdsAt(key, "get ", 0)
    ? (freshBuiltin(owner, "size") as PropertyDescriptor).get
    : (freshBuiltin(owner, key) as PropertyDescriptor).value) as T;
}

const bind = intact(Function.prototype.bind, "bind", "Function", "prototype");
const call = intact(Function.prototype.call, "call", "Function", "prototype");

/** `fn.call(thisArg, ...args)` with the original `call`. */
export const callFunction: (fn: unknown, thisArg: unknown, ...args: unknown[]) => unknown = bind
  .call(call, call) as (fn: unknown, thisArg: unknown, ...args: unknown[]) => unknown;

/** Turns a method into a function taking its receiver first. */
function uncurryThis<This, Args extends unknown[], Result>(
  method: (this: This, ...args: Args) => Result,
): (self: This, ...args: Args) => Result {
  return bind.call(call, method) as (self: This, ...args: Args) => Result;
}

/** `Math.min`. */
export const MathMin: (...values: number[]) => number = intact(Math.min, "min", "Math");
/** `Math.random`. */
export const MathRandom: () => number = intact(Math.random, "random", "Math");
/** `Math.floor`. */
export const MathFloor: (value: number) => number = intact(Math.floor, "floor", "Math");

/** `Object.prototype.propertyIsEnumerable`, uncurried. */
export const ObjectPrototypePropertyIsEnumerable: (self: object, key: PropertyKey) => boolean =
  uncurryThis(
    intact(({}).propertyIsEnumerable, "propertyIsEnumerable", "Object", "prototype"),
  );
/** `Object.getOwnPropertyNames`. */
export const ObjectGetOwnPropertyNames: (object: object) => string[] = intact(
  Object.getOwnPropertyNames,
  "getOwnPropertyNames",
  "Object",
);
/** `Object.getOwnPropertySymbols`. */
export const ObjectGetOwnPropertySymbols: (object: object) => symbol[] = intact(
  Object.getOwnPropertySymbols,
  "getOwnPropertySymbols",
  "Object",
);
/** `Object.getOwnPropertyDescriptor`. */
export const ObjectGetOwnPropertyDescriptor: (
  object: object,
  key: PropertyKey,
) => PropertyDescriptor | undefined = intact(
  Object.getOwnPropertyDescriptor,
  "getOwnPropertyDescriptor",
  "Object",
);
/** `Object.defineProperty`. */
export const ObjectDefineProperty: <T>(
  object: T,
  key: PropertyKey,
  descriptor: PropertyDescriptor,
) => T = intact(Object.defineProperty, "defineProperty", "Object");
/** `Object.getPrototypeOf`. */
const ObjectGetPrototypeOf: (object: object) => object | null = intact(
  Object.getPrototypeOf,
  "getPrototypeOf",
  "Object",
);
/** `Object.setPrototypeOf`. */
export const ObjectSetPrototypeOf: (object: object, prototype: object | null) => object = intact(
  Object.setPrototypeOf,
  "setPrototypeOf",
  "Object",
);
/** `Object.hasOwn`. */
export const ObjectHasOwn: (object: object, key: PropertyKey) => boolean = intact(
  Object.hasOwn,
  "hasOwn",
  "Object",
);
/** `Object.freeze`. */
export const ObjectFreeze: <T>(object: T) => Readonly<T> = intact(
  Object.freeze,
  "freeze",
  "Object",
);
/** `Reflect.ownKeys`. */
export const ReflectOwnKeys: (object: object) => (string | symbol)[] = intact(
  Reflect.ownKeys,
  "ownKeys",
  "Reflect",
);
/** `Reflect.deleteProperty`. */
export const ReflectDeleteProperty: (object: object, key: PropertyKey) => boolean = intact(
  Reflect.deleteProperty,
  "deleteProperty",
  "Reflect",
);

/**
 * This realm's constructor `name`, whose prototype is `prototype` (read off a value, so that a
 * replaced global does not matter): the global if it is the engine's, else the prototype's
 * `constructor` if that is, else the global as it is.
 */
function realmConstructor<T>(global: T, prototype: object, name: string): T {
  if (isNative(global, name)) return global;
  const own = (ObjectGetOwnPropertyDescriptor(prototype, "constructor") as PropertyDescriptor)
    .value;
  return isNative(own, name) ? own : global;
}

/** This realm's %TypeError.prototype%, from a TypeError the engine throws. */
function thrownTypeErrorPrototype(): object {
  let prototype: object = {};
  try {
    (null as unknown as { property: unknown }).property;
  } catch (error) {
    prototype = ObjectGetPrototypeOf(error as object) as object;
  }
  return prototype;
}

/** This realm's `TypeError` constructor (impl's errors must be this realm's). */
export const TypeError: TypeErrorConstructor = realmConstructor(
  globalThis.TypeError,
  thrownTypeErrorPrototype(),
  "TypeError",
);

/**
 * The original `String` function (ToString that also accepts a Symbol); a fresh realm's when this
 * realm's is replaced wherever it can be found (ToString is the same in every realm).
 */
export const String: StringConstructor = intact(
  realmConstructor(
    globalThis.String,
    ObjectGetPrototypeOf("" as unknown as object) as object,
    "String",
  ),
  "String",
);

/** %GeneratorPrototype%, reached by syntax. */
const GeneratorPrototype = ObjectGetPrototypeOf(function* () {}.prototype) as object;

/** %IteratorPrototype%. */
export const IteratorPrototype: object = ObjectGetPrototypeOf(GeneratorPrototype) as object;

/** The symbol key of `object` whose value satisfies `test`. */
function symbolKeyOf(object: object, test: (value: unknown) => boolean): symbol {
  const keys = ObjectGetOwnPropertySymbols(object);
  for (let index = 0; index < keys.length; index++) {
    const descriptor = ObjectGetOwnPropertyDescriptor(object, keys[index]) as PropertyDescriptor;
    if (test(descriptor.value)) return keys[index];
  }
  // The engine defines these intrinsics: unreachable.
  // deno-coverage-ignore-start
  throw new TypeError("headerproof: a well-known symbol is missing from its intrinsic");
  // deno-coverage-ignore-stop
}

/** `Symbol.iterator`: the key of %IteratorPrototype%'s own `[Symbol.iterator]` method. */
export const SymbolIterator: typeof Symbol.iterator = symbolKeyOf(
  IteratorPrototype,
  (value) => isNative(value, "[Symbol.iterator]"),
) as typeof Symbol.iterator;
/** `Symbol.toStringTag`: the key of %GeneratorPrototype%'s "Generator". */
export const SymbolToStringTag: typeof Symbol.toStringTag = symbolKeyOf(
  GeneratorPrototype,
  (value) => value === "Generator",
) as typeof Symbol.toStringTag;

/** This realm's `Symbol` (or a fresh realm's: the symbol registry is shared by every realm). */
const SymbolConstructor: SymbolConstructor = intact(
  realmConstructor(
    globalThis.Symbol,
    ObjectGetPrototypeOf(SymbolIterator as unknown as object) as object,
    "Symbol",
  ),
  "Symbol",
);
/** `Symbol.for` (one registry serves every realm). */
export const SymbolFor: (key: string) => symbol = intact(SymbolConstructor.for, "for", "Symbol");

/** This realm's `Array` constructor. */
const ArrayConstructor: ArrayConstructor = realmConstructor(
  globalThis.Array,
  ObjectGetPrototypeOf([]) as object,
  "Array",
);

/** A new array of `length` holes (the original `Array` constructor). */
export function newArray<T>(length: number): T[] {
  return new ArrayConstructor<T>(length);
}

/**
 * Whether a value is a Proxy: `types.isProxy` of the runtime's built-in util module
 * ({@link builtinModule}). null where there is none: callers then take the path that is correct
 * for a Proxy.
 */
export const isProxy: ((value: unknown) => boolean) | null =
  (builtinModule("node:util") as { types?: { isProxy?: (value: unknown) => boolean } })?.types
    ?.isProxy ?? null;

/** `Array.isArray`. */
export const ArrayIsArray: (value: unknown) => value is unknown[] = intact(
  Array.isArray,
  "isArray",
  "Array",
);
/** `Array.prototype` itself (its `[Symbol.iterator]` is compared, never called through). */
export const ArrayPrototype: unknown[] = ObjectGetPrototypeOf([]) as unknown[];
/**
 * `value` if it is the engine's function `name`, else an object no one else holds: a built-in impl
 * only compares against (never calls) and that user code replaced before load then matches nothing.
 */
function originalOrNothing(value: unknown, name: string): unknown {
  return isNative(value, name) ? value : {};
}

/**
 * The original `Array.prototype[Symbol.iterator]` (`values`), or, if user code replaced it before
 * load, nothing any array has (then no array counts as walked by the original iterator).
 */
export const ArrayPrototypeSymbolIterator: unknown = originalOrNothing(
  [][SymbolIterator],
  "values",
);
/**
 * %ArrayIteratorPrototype%, from an iterator the original `values` made (a fresh realm's if
 * `values` was replaced before load: then nothing is ever taken for it).
 */
export const ArrayIteratorPrototype: { next: unknown } = ObjectGetPrototypeOf(
  reflectApply(intact([].values, "values", "Array", "prototype"), [], []) as object,
) as { next: unknown };
/** The original %ArrayIteratorPrototype%.next, or nothing any iterator has if replaced. */
export const ArrayIteratorPrototypeNext: unknown = originalOrNothing(
  ArrayIteratorPrototype.next,
  "next",
);
/** `Array.prototype.sort`, uncurried (sorts strings by code unit without a comparator). */
export const ArrayPrototypeSort: <T>(self: T[]) => T[] = uncurryThis(
  intact([].sort, "sort", "Array", "prototype") as (this: unknown[]) => unknown[],
) as <T>(self: T[]) => T[];

/** `String.prototype.charCodeAt`, uncurried. */
export const StringPrototypeCharCodeAt: (self: string, index: number) => number = uncurryThis(
  intact("".charCodeAt, "charCodeAt", "String", "prototype"),
);
/** `String.prototype.slice`, uncurried. */
export const StringPrototypeSlice: (self: string, start?: number, end?: number) => string =
  uncurryThis(intact("".slice, "slice", "String", "prototype"));
/** `String.prototype.toLowerCase`, uncurried. */
export const StringPrototypeToLowerCase: (self: string) => string = uncurryThis(
  intact("".toLowerCase, "toLowerCase", "String", "prototype"),
);
/** `String.prototype.startsWith`, uncurried. */
export const StringPrototypeStartsWith: (self: string, search: string) => boolean = uncurryThis(
  intact("".startsWith, "startsWith", "String", "prototype") as (
    this: string,
    search: string,
  ) => boolean,
);
/** `String.prototype.indexOf`, uncurried. */
export const StringPrototypeIndexOf: (self: string, search: string, from?: number) => number =
  uncurryThis(intact("".indexOf, "indexOf", "String", "prototype"));

const regExpPrototypeExec: (self: RegExp, text: string) => RegExpExecArray | null = uncurryThis(
  intact(/a/.exec, "exec", "RegExp", "prototype"),
);

/**
 * Whether `pattern` (neither global nor sticky) matches somewhere in `text`, through the
 * original `RegExp.prototype.exec` (`RegExp.prototype.test` would look `exec` up on the
 * prototype, where user code can replace it).
 */
export function regExpTest(pattern: RegExp, text: string): boolean {
  return regExpPrototypeExec(pattern, text) !== null;
}

/**
 * Copies every own property of `from` (the prototype `owner` names) onto `to` that `to` does not
 * have yet; each string-keyed method and the `size` getter as {@link intact} gives it.
 */
function copyOwnProperties(from: object, to: object, owner: string): void {
  const keys = ReflectOwnKeys(from);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index];
    if (ObjectHasOwn(to, key)) continue;
    const descriptor = ObjectGetOwnPropertyDescriptor(from, key) as PropertyDescriptor;
    if (typeof key === "string" && typeof descriptor.value === "function") {
      descriptor.value = intact(descriptor.value, key, owner, "prototype");
    } else if (key === "size") {
      descriptor.get = intact(descriptor.get, "get size", owner, "prototype");
    }
    ObjectDefineProperty(to, key, descriptor);
  }
}

/**
 * The engine's constructor `name` (Map, Set) whose instances `global` makes: the first
 * constructor up the prototype chain of `global.prototype` that is the engine's own, so a global
 * replaced by a subclass before load yields the class it extends; a fresh realm's when none is.
 */
function intrinsicConstructor<T>(global: T, name: string): T {
  let prototype: unknown = typeof global === "function" ? global.prototype : null;
  while (typeof prototype === "object" && prototype !== null) {
    const own = ObjectGetOwnPropertyDescriptor(prototype, "constructor");
    if (own !== undefined && isNative(own.value, name)) return own.value as T;
    prototype = ObjectGetPrototypeOf(prototype);
  }
  // deno-coverage-ignore-start
  const fresh = freshRealm();
  return (fresh === null ? global : fresh[name]) as T;
  // deno-coverage-ignore-stop
}

const MapConstructor: MapConstructor = intrinsicConstructor(globalThis.Map, "Map");
const SetConstructor: SetConstructor = intrinsicConstructor(globalThis.Set, "Set");

/**
 * A Map whose prototype holds its own copies of every original Map method and accessor (`get`,
 * `set`, `has`, `delete`, `forEach`, `size`, ...), so replacing `Map.prototype.get` changes
 * nothing for it. It extends the engine's Map even when user code replaced `globalThis.Map`
 * (by a subclass, say) before load. Never handed to user code.
 */
export class SafeMap<K, V> extends MapConstructor<K, V> {}
copyOwnProperties(MapConstructor.prototype, SafeMap.prototype, "Map");

/** A Set that, like {@link SafeMap}, keeps its own copies of the original Set methods. */
export class SafeSet<T> extends SetConstructor<T> {}
copyOwnProperties(SetConstructor.prototype, SafeSet.prototype, "Set");

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
