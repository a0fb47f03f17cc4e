/**
 * Every built-in impl/ calls, captured when this module loads and called uncurried (as Node's and
 * Deno's internal "primordials"), so user code that later replaces `String.prototype.slice`,
 * `Map.prototype.get`, `TypeError` ... changes nothing. The rest of impl/ calls built-ins only
 * through here, keeps Maps and Sets as {@link SafeMap}/{@link SafeSet}, and never loops through
 * an iterator (arrays by index, Maps with `forEach`). A built-in replaced before load is caught by
 * {@link intact} and taken from a fresh realm (`node:vm`). Assumed intact at load, as a runtime's
 * own built-ins are: `Function.prototype.toString`, `Reflect.apply`, `process.getBuiltinModule`
 * and `node:vm`; out of scope, as for any built-in written in JavaScript: accessors on array
 * indices of `Array.prototype` or `Object.prototype`.
 *
 * @module
 */

/** The realm's `Function.prototype.toString` and `Reflect.apply`, assumed intact at load. */
const functionToString = Function.prototype.toString;
const reflectApply = Reflect.apply;

/**
 * The runtime's built-in module `id` (`process.getBuiltinModule`); undefined where there is none,
 * or when `Symbol` was replaced (Deno's lazy `node:` loader would reject unhandled).
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
    const vm = builtinModule("node:vm") as { runInNewContext?: (code: string) => object };
    freshGlobal = (vm?.runInNewContext?.("globalThis") ?? null) as Record<string, unknown> | null;
  }
  return freshGlobal;
}

/**
 * Whether `value` is an engine function named `name`: its source text is exactly V8's
 * `function NAME() { [native code] }` or JavaScriptCore's, which puts `[native code]` on a line of
 * its own. A user or Proxy function never is; a bound one is not under V8.
 */
function isNative(value: unknown, name: string): boolean {
  if (typeof value !== "function") return false;
  const text = reflectApply(functionToString, value, []);
  return text === "function " + name + "() { [native code] }" ||
    text === "function " + name + "() {\n    [native code]\n}";
}

/**
 * Whether the engine is JavaScriptCore (Bun), read once at load from how the realm's intact
 * `Function.prototype.toString` prints itself; no global user code can patch decides it.
 */
export const JAVASCRIPTCORE: boolean = reflectApply(functionToString, functionToString, []) ===
  "function toString() {\n    [native code]\n}";

/**
 * `value`, the built-in `key` of the object at path `owner` (`"get size"`: the getter of `size`),
 * if it is the engine's own; else the same built-in from a fresh realm, where there is one.
 */
export function intact<T>(value: T, key: string, owner: readonly string[]): T {
  const fresh = isNative(value, key) ? null : freshRealm();
  if (fresh === null) return value;
  let holder = fresh;
  for (let index = 0; index < owner.length; index++) {
    holder = holder[owner[index]] as Record<string, unknown>;
  }
  if (key !== "get size") return holder[key] as T;
  return (fresh.Reflect as typeof Reflect).getOwnPropertyDescriptor(holder, "size")?.get as T;
}

const bind = intact(Function.prototype.bind, "bind", ["Function", "prototype"]);
const call = intact(Function.prototype.call, "call", ["Function", "prototype"]);
const apply = intact(reflectApply, "apply", ["Reflect"]);

/**
 * `fn` as a function taking its receiver first, chosen at load: under V8 a bound `call`, which it
 * inlines; under JavaScriptCore, which runs a bound `call` as a host call, a rest parameter handed
 * to `Reflect.apply`.
 */
function uncurried(fn: unknown): (self: unknown, ...args: unknown[]) => unknown {
  return JAVASCRIPTCORE ? applying(fn as () => unknown) : bind.call(call, fn as () => unknown);
}

// JavaScriptCore only: Bun's runs (`fuzz:bun`, `retained_heap_test.ts`) execute it.
// deno-coverage-ignore-start
function applying(fn: () => unknown): (self: unknown, ...args: unknown[]) => unknown {
  return (self, ...args) => apply(fn, self, args);
}
function applyCall(fn: unknown, thisArg: unknown, ...args: unknown[]): unknown {
  return apply(fn as () => unknown, thisArg, args);
}
// deno-coverage-ignore-stop

/** `fn.call(thisArg, ...args)` with the original `call` (chosen as {@link uncurried} is). */
export const callFunction: (fn: unknown, thisArg: unknown, ...args: unknown[]) => unknown =
  JAVASCRIPTCORE ? applyCall : bind.call(call, call);

/** A method of `Self` as a function taking its receiver first. */
type Uncurried<Self, F> = F extends (...args: infer A) => infer R ? (self: Self, ...args: A) => R
  : never;

/**
 * The functions `keys` of `holder`, each as {@link intact} gives it, in an object without a
 * prototype (so no inherited setter sees them): statics of the global `name`, or with `uncurry`
 * methods of `name.prototype`, each as a function taking its receiver first.
 */
function captured<T, K extends keyof T & string, U extends boolean = false>(
  holder: T,
  name: string,
  keys: readonly K[],
  uncurry?: U,
): { [P in K]: U extends true ? Uncurried<T, T[P]> : T[P] } {
  const functions = { __proto__: null } as unknown as Record<K, unknown>;
  for (let index = 0; index < keys.length; index++) {
    const found = intact(holder[keys[index]], keys[index], uncurry ? [name, "prototype"] : [name]);
    functions[keys[index]] = uncurry ? uncurried(found) : found;
  }
  return functions as { [P in K]: U extends true ? Uncurried<T, T[P]> : T[P] };
}

const math = captured(Math, "Math", ["min", "random", "floor"]);
/** `Math.min`, `Math.random`, `Math.floor`. */
export const { min: MathMin, random: MathRandom, floor: MathFloor } = math;
/** `Object.getOwnPropertyNames`, ...: the static methods of `Object` impl calls. */
export const {
  getOwnPropertyNames: ObjectGetOwnPropertyNames,
  getOwnPropertySymbols: ObjectGetOwnPropertySymbols,
  getOwnPropertyDescriptor: ObjectGetOwnPropertyDescriptor,
  defineProperty: ObjectDefineProperty,
  getPrototypeOf: ObjectGetPrototypeOf,
  setPrototypeOf: ObjectSetPrototypeOf,
  hasOwn: ObjectHasOwn,
  keys: ObjectKeys,
} = captured(Object, "Object", [
  "getOwnPropertyNames",
  "getOwnPropertySymbols",
  "getOwnPropertyDescriptor",
  "defineProperty",
  "getPrototypeOf",
  "setPrototypeOf",
  "hasOwn",
  "keys",
]);
const reflect = captured(Reflect, "Reflect", ["ownKeys", "deleteProperty"]);
/** `Reflect.ownKeys` and `Reflect.deleteProperty`. */
export const { ownKeys: ReflectOwnKeys, deleteProperty: ReflectDeleteProperty } = reflect;
/** `Array.isArray`. */
export const { isArray: ArrayIsArray } = captured(Array, "Array", ["isArray"]);
/** `Object.prototype.propertyIsEnumerable`, uncurried. */
export const { propertyIsEnumerable: ObjectPrototypePropertyIsEnumerable } = captured(
  ObjectGetPrototypeOf({}) as typeof Object.prototype,
  "Object",
  ["propertyIsEnumerable"],
  true,
);
/** `Object.prototype.__lookupGetter__` (Annex B), uncurried. */
const { __lookupGetter__: ObjectPrototypeLookupGetter } = captured(
  ObjectGetPrototypeOf({}) as { __lookupGetter__(key: PropertyKey): unknown },
  "Object",
  ["__lookupGetter__"],
  true,
);

/**
 * Whether the ordinary object `object` has an own data property `key` holding exactly `value`,
 * running no user code. Chosen at load: under JavaScriptCore, where a property descriptor is the
 * slower, {@link holdsOwnDataByLookup}; elsewhere {@link holdsOwnDataByDescriptor}.
 */
export const holdsOwnData: (object: object, key: PropertyKey, value: unknown) => boolean =
  JAVASCRIPTCORE ? holdsOwnDataByLookup : holdsOwnDataByDescriptor;

/** {@link holdsOwnData} by the property's descriptor. */
export function holdsOwnDataByDescriptor(
  object: object,
  key: PropertyKey,
  value: unknown,
): boolean {
  const descriptor = ObjectGetOwnPropertyDescriptor(object, key);
  return descriptor !== undefined && ObjectHasOwn(descriptor, "value") &&
    descriptor.value === value;
}

// JavaScriptCore only in a campaign (`fuzz:bun` runs it); primordials_test.ts runs it under V8.
// deno-coverage-ignore-start
/**
 * {@link holdsOwnData} with no descriptor made: `__lookupGetter__` stops at an own property (so no
 * Proxy up the prototype chain is asked) and finds no getter on a data property, so the read that
 * follows runs no user code.
 */
export function holdsOwnDataByLookup(object: object, key: PropertyKey, value: unknown): boolean {
  return ObjectHasOwn(object, key) &&
    ObjectPrototypeLookupGetter(object as { __lookupGetter__(key: PropertyKey): unknown }, key) ===
      undefined &&
    (object as Record<PropertyKey, unknown>)[key] === value;
}
// deno-coverage-ignore-stop

/** `String.prototype.charCodeAt`, `.slice`, ..., uncurried: the string methods impl calls. */
export const {
  charCodeAt: StringPrototypeCharCodeAt,
  slice: StringPrototypeSlice,
  padEnd: StringPrototypePadEnd,
  toLowerCase: StringPrototypeToLowerCase,
  indexOf: StringPrototypeIndexOf,
} = captured(ObjectGetPrototypeOf("") as string, "String", [
  "charCodeAt",
  "slice",
  "padEnd",
  "toLowerCase",
  "indexOf",
], true);
const RegExpPrototype = ObjectGetPrototypeOf(/a/) as RegExp;
const { exec: RegExpPrototypeExec } = captured(RegExpPrototype, "RegExp", ["exec"], true);
/** `Array.prototype` itself (its `[Symbol.iterator]` is compared, never called through). */
export const ArrayPrototype: unknown[] = ObjectGetPrototypeOf([]) as unknown[];
const arrayMethods = captured(ArrayPrototype, "Array", ["sort", "values"], true);
/** `Array.prototype.sort`, uncurried (sorts strings by code unit without a comparator). */
export const ArrayPrototypeSort: <T>(self: T[]) => T[] = arrayMethods.sort as <T>(self: T[]) => T[];

/** Whether `pattern` (not global or sticky) matches `text`, through the original `exec`. */
export function regExpTest(pattern: RegExp, text: string): boolean {
  return RegExpPrototypeExec(pattern, text) !== null;
}

/**
 * This realm's constructor `name`, whatever the global of that name now is: the global if it is
 * the engine's, else the first engine `constructor` up the prototype chain from `prototype` (a
 * global replaced by a subclass yields the class it extends), else (with `fresh`) a fresh realm's.
 */
function realmConstructor<T>(name: string, prototype: unknown, fresh = false): T {
  const global = (globalThis as unknown as Record<string, T>)[name];
  if (isNative(global, name)) return global;
  while (typeof prototype === "object" && prototype !== null) {
    const own = ObjectGetOwnPropertyDescriptor(prototype, "constructor");
    if (own !== undefined && isNative(own.value, name)) return own.value as T;
    prototype = ObjectGetPrototypeOf(prototype);
  }
  return fresh ? intact(global, name, []) : global;
}

/** This realm's %TypeError.prototype%, from a TypeError the engine throws. */
function typeErrorPrototype(): object {
  try {
    return (null as unknown as { property: object }).property;
  } catch (error) {
    return ObjectGetPrototypeOf(error as object) as object;
  }
}

/** This realm's `TypeError` constructor (impl's errors must be this realm's). */
export const TypeError: TypeErrorConstructor = realmConstructor("TypeError", typeErrorPrototype());
/** The original `String` (ToString that accepts a Symbol), or a fresh realm's. */
export const String: StringConstructor = realmConstructor("String", ObjectGetPrototypeOf(""), true);

const GeneratorPrototype = ObjectGetPrototypeOf(function* () {}.prototype) as object;

/** %IteratorPrototype%. */
export const IteratorPrototype: object = ObjectGetPrototypeOf(GeneratorPrototype) as object;

/** The symbol key of `object` whose value satisfies `test` (the engine defines the ones sought). */
function symbolKeyOf(object: object, test: (value: unknown) => boolean): symbol {
  const keys = ObjectGetOwnPropertySymbols(object);
  for (let index = 0;; index++) {
    const descriptor = ObjectGetOwnPropertyDescriptor(object, keys[index]) as PropertyDescriptor;
    if (test(descriptor.value)) return keys[index];
  }
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
const SymbolPrototype = ObjectGetPrototypeOf(SymbolIterator);
const SymbolConstructor: SymbolConstructor = realmConstructor("Symbol", SymbolPrototype, true);
/** `Symbol.for` (one registry serves every realm). */
export const SymbolFor: (key: string) => symbol = intact(SymbolConstructor.for, "for", ["Symbol"]);

/** This realm's `Array` constructor. */
const ArrayConstructor: ArrayConstructor = realmConstructor("Array", ArrayPrototype);

/** A new array of `length` holes (the original `Array` constructor). */
export function newArray<T>(length: number): T[] {
  return new ArrayConstructor<T>(length);
}

/** `util.types.isProxy`; null where there is none (callers then take the Proxy-safe path). */
export const isProxy: ((value: unknown) => boolean) | null =
  (builtinModule("node:util")?.types as { isProxy?: (value: unknown) => boolean })?.isProxy ?? null;

const arrayValues = ArrayPrototype[SymbolIterator];
/** The original `Array.prototype[Symbol.iterator]`, or an object nothing equals if replaced. */
export const ArrayPrototypeSymbolIterator: unknown = isNative(arrayValues, "values")
  ? arrayValues
  : {};
/**
 * %ArrayIteratorPrototype% of this realm, from an iterator its `@@iterator` made (a fresh realm's
 * `values`, taken when `values` was replaced before load, would give that realm's).
 */
export const ArrayIteratorPrototype: { next: unknown } = ObjectGetPrototypeOf(
  ArrayPrototypeSymbolIterator === arrayValues
    ? reflectApply(arrayValues as () => object, [], [])
    : arrayMethods.values([]),
) as { next: unknown };
const arrayNext = ArrayIteratorPrototype.next;
/** The original %ArrayIteratorPrototype%.next, or an object nothing equals if replaced. */
export const ArrayIteratorPrototypeNext: unknown = isNative(arrayNext, "next") ? arrayNext : {};

/** Copies the own properties of `from` that `to` lacks, each method as {@link intact} gives it. */
function copyOwnProperties(from: object, to: object, owner: string): void {
  const keys = ReflectOwnKeys(from);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index];
    if (ObjectHasOwn(to, key)) continue;
    const descriptor = ObjectGetOwnPropertyDescriptor(from, key) as PropertyDescriptor;
    if (typeof key === "string" && typeof descriptor.value === "function") {
      descriptor.value = intact(descriptor.value, key, [owner, "prototype"]);
    } else if (key === "size") {
      descriptor.get = intact(descriptor.get, "get size", [owner, "prototype"]);
    }
    ObjectDefineProperty(to, key, descriptor);
  }
}

const MapConstructor: MapConstructor = realmConstructor("Map", globalThis.Map?.prototype, true);
const SetConstructor: SetConstructor = realmConstructor("Set", globalThis.Set?.prototype, true);

/**
 * A Map of the engine's Map class whose prototype holds its own copies of the original methods,
 * so replacing `Map.prototype.get` changes nothing for it. Never handed to user code.
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

/** `text` as a literal for error messages: controls, `"`, `\`, DEL as `\u00XX`; cut at 200. */
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
