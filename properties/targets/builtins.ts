/**
 * What a worker process (campaign, cost or wire) knows of this realm's ECMAScript built-ins before
 * the candidate module loads: a {@link BuiltinsSnapshot} of every own property of the global
 * constructors, namespaces and functions the standard and the harness call, their prototypes and
 * the iterator prototypes, and the few functions the worker's protocol needs ({@link stringify},
 * {@link parse}), captured when this module loads. A candidate that replaced, added or removed one
 * of them has changed what the reference computes and what the harness reports, so the worker
 * reports the names ({@link BuiltinsSnapshot.replaced}) as the candidate's finding instead of a
 * verdict. Left out: `Error.stackTraceLimit` and `Error.prepareStackTrace`, which runtimes and
 * tools set for their own reasons.
 *
 * @example
 * ```ts
 * import { BuiltinsSnapshot } from "./builtins.ts";
 * const snapshot = new BuiltinsSnapshot();
 * const original = JSON.stringify;
 * JSON.stringify = () => "";
 * console.log(snapshot.replaced()); // ["JSON.stringify"]
 * JSON.stringify = original;
 * ```
 *
 * @module
 */

import process from "node:process";

const getOwnPropertyDescriptor = Reflect.getOwnPropertyDescriptor;
const ownKeys = Reflect.ownKeys;
const getPrototypeOf = Reflect.getPrototypeOf;
const apply = Reflect.apply;
const arrayPush = Array.prototype.push;
const arrayIncludes = Array.prototype.includes;
const arrayIndexOf = Array.prototype.indexOf;
const hasOwn = Object.prototype.hasOwnProperty;
const symbolDescription = getOwnPropertyDescriptor(Symbol.prototype, "description")!.get!;

/** `JSON.stringify` as it was before any candidate loaded. */
export const stringify: typeof JSON.stringify = JSON.stringify;
/** `JSON.parse` as it was before any candidate loaded. */
export const parse: typeof JSON.parse = JSON.parse;

/** `process.exit` as it was before any candidate loaded: a worker ends itself with it. */
export const exitNow: (code: number) => never = process.exit.bind(process);

/** The global bindings of the built-ins checked, each with its own properties and prototype's. */
const GLOBALS = [
  "Object",
  "Function",
  "Array",
  "String",
  "Number",
  "Boolean",
  "Symbol",
  "BigInt",
  "Math",
  "JSON",
  "Reflect",
  "Proxy",
  "Promise",
  "RegExp",
  "Date",
  "Error",
  "TypeError",
  "RangeError",
  "SyntaxError",
  "ReferenceError",
  "Map",
  "Set",
  "WeakMap",
  "WeakSet",
  "WeakRef",
  "ArrayBuffer",
  "DataView",
  "Uint8Array",
  "Int32Array",
  "TextEncoder",
  "TextDecoder",
  "parseInt",
  "parseFloat",
  "isNaN",
  "isFinite",
  "encodeURIComponent",
  "decodeURIComponent",
  "structuredClone",
];

/** Keys left out, as "Owner.key". */
const IGNORED = ["Error.stackTraceLimit", "Error.prepareStackTrace"];

/** One object whose own properties are checked, and its name in reports. */
interface Holder {
  name: string;
  object: object;
  /** Its prototype when captured. */
  prototype: object | null;
  /** Its own properties when captured, by key. */
  keys: PropertyKey[];
  descriptors: PropertyDescriptor[];
  /** Per key: a data property not in {@link IGNORED}, which {@link BuiltinsSnapshot.changed} reads. */
  read: boolean[];
}

/** `key` as it reads after an owner's name: `.name`, or `[Symbol.iterator]`. */
function keyName(key: PropertyKey): string {
  return typeof key === "symbol" ? `[${apply(symbolDescription, key, [])}]` : `.${String(key)}`;
}

/** Whether two descriptors are the same: the same value (or accessors) and attributes. */
function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  const same = (x: unknown, y: unknown) => x === y || (x !== x && y !== y);
  return same(a.value, b.value) && a.get === b.get && a.set === b.set &&
    a.writable === b.writable && a.enumerable === b.enumerable &&
    a.configurable === b.configurable;
}

/** `object`'s own properties now, by key. */
function ownProperties(object: object): { keys: PropertyKey[]; descriptors: PropertyDescriptor[] } {
  const keys = ownKeys(object);
  const descriptors: PropertyDescriptor[] = [];
  for (let i = 0; i < keys.length; i++) {
    apply(arrayPush, descriptors, [getOwnPropertyDescriptor(object, keys[i])!]);
  }
  return { keys, descriptors };
}

/** The built-ins of this realm as they are now; {@link replaced} says what changed since. */
export class BuiltinsSnapshot {
  #holders: Holder[] = [];
  #globals: PropertyDescriptor[] = [];

  /** Captures every built-in checked, as it is now. */
  constructor() {
    const add = (name: string, object: unknown) => {
      if ((typeof object !== "object" && typeof object !== "function") || object === null) return;
      const own = ownProperties(object);
      const read: boolean[] = [];
      for (let k = 0; k < own.keys.length; k++) {
        const ignored = apply(arrayIncludes, IGNORED, [`${name}${keyName(own.keys[k])}`]);
        apply(arrayPush, read, [!ignored && apply(hasOwn, own.descriptors[k], ["value"])]);
      }
      apply(arrayPush, this.#holders, [{
        name,
        object,
        prototype: getPrototypeOf(object),
        ...own,
        read,
      }]);
    };
    for (let i = 0; i < GLOBALS.length; i++) {
      const name = GLOBALS[i];
      const descriptor = getOwnPropertyDescriptor(globalThis, name) ?? {};
      apply(arrayPush, this.#globals, [descriptor]);
      const value = descriptor.value as { prototype?: unknown } | undefined;
      add(name, value);
      if (typeof value === "function" && typeof value.prototype === "object") {
        add(`${name}.prototype`, value.prototype);
      }
    }
    const arrayIterator = getPrototypeOf([][Symbol.iterator]());
    add("%ArrayIteratorPrototype%", arrayIterator);
    add("%IteratorPrototype%", arrayIterator === null ? null : getPrototypeOf(arrayIterator));
    add("%MapIteratorPrototype%", getPrototypeOf(new Map()[Symbol.iterator]()));
    add("%SetIteratorPrototype%", getPrototypeOf(new Set()[Symbol.iterator]()));
    add("%StringIteratorPrototype%", getPrototypeOf(""[Symbol.iterator]()));
    add("%TypedArray%.prototype", getPrototypeOf(Uint8Array.prototype));
  }

  /**
   * Whether the value of a data property of the snapshot, or a global binding, is another now: a
   * check cheap enough to run between runs (plain reads: about 80 µs under Deno, Node and Bun on
   * this project's 2-core machine, where {@link replaced} takes 700 to 1400). {@link replaced} says which, and sees accessors,
   * attributes, additions and removals too.
   */
  changed(): boolean {
    for (let i = 0; i < GLOBALS.length; i++) {
      // Deno defines some globals (TextEncoder) as accessors: replaced() compares those.
      if (!apply(hasOwn, this.#globals[i], ["value"])) continue;
      const was = this.#globals[i].value;
      const now = (globalThis as Record<string, unknown>)[GLOBALS[i]];
      if (now !== was && (now === now || was === was)) return true;
    }
    for (let h = 0; h < this.#holders.length; h++) {
      const { object, keys, descriptors, read } = this.#holders[h];
      for (let k = 0; k < keys.length; k++) {
        if (!read[k]) continue;
        const was = descriptors[k].value;
        const now = (object as Record<PropertyKey, unknown>)[keys[k]];
        if (now !== was && (now === now || was === was)) return true;
      }
    }
    return false;
  }

  /**
   * The built-ins changed since the snapshot, by name (`JSON.stringify`,
   * `Array.prototype[Symbol.iterator]`, `globalThis.Map`, `Object.prototype (its prototype)`),
   * in the snapshot's order; empty when none.
   */
  replaced(): string[] {
    const names: string[] = [];
    const note = (name: string, what = "") => {
      if (!apply(arrayIncludes, IGNORED, [name])) apply(arrayPush, names, [name + what]);
    };
    for (let i = 0; i < GLOBALS.length; i++) {
      const now = getOwnPropertyDescriptor(globalThis, GLOBALS[i]) ?? {};
      if (!sameDescriptor(now, this.#globals[i])) note(`globalThis.${GLOBALS[i]}`);
    }
    for (let h = 0; h < this.#holders.length; h++) {
      const holder = this.#holders[h];
      if (getPrototypeOf(holder.object) !== holder.prototype) {
        note(`${holder.name} (its prototype)`);
      }
      const now = ownProperties(holder.object);
      for (let k = 0; k < holder.keys.length; k++) {
        const key = holder.keys[k];
        const index = apply(arrayIndexOf, now.keys, [key]) as number;
        if (index === -1 || !sameDescriptor(now.descriptors[index], holder.descriptors[k])) {
          note(`${holder.name}${keyName(key)}`);
        }
      }
      for (let k = 0; k < now.keys.length; k++) {
        if (!apply(arrayIncludes, holder.keys, [now.keys[k]])) {
          note(`${holder.name}${keyName(now.keys[k])}`, " (added)");
        }
      }
    }
    return names;
  }
}
