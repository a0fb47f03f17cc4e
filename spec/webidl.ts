/**
 * The WebIDL layer of the reference: conversions of JavaScript values to the IDL types the
 * Headers interface takes (ByteString, HeadersInit, Function), argument-count checks, operation
 * property attributes, and the pair iterator (default iterator objects and their prototype).
 * Kept apart from the Fetch algorithms, which only ever see converted values.
 *
 * Transliterated from whatwg/webidl at e1300e95ea6598de45d79823ca72c9bd12852696 and the
 * ECMAScript abstract operations it calls (GetMethod, GetIteratorFromMethod, IteratorStep, ...).
 *
 * @module
 */

/** A pair the interface iterates over: (key, value). https://webidl.spec.whatwg.org/#value-pair */
export type ValuePair = [key: string, value: string];

/** The kind of a default iterator object. https://webidl.spec.whatwg.org/#default-iterator-object-kind */
export type IterationKind = "key" | "value" | "key+value";

/** A converted HeadersInit: which union member matched, and its IDL value. */
export type ConvertedHeadersInit =
  | { kind: "sequence"; value: string[][] }
  | { kind: "record"; value: [key: string, value: string][] };

/**
 * ByteString conversion: ToString, then a TypeError for any code unit above 0xFF.
 * https://webidl.spec.whatwg.org/#js-ByteString
 *
 * @example
 * ```ts
 * import { toByteString } from "./webidl.ts";
 * toByteString(42, "name"); // "42"
 * ```
 */
export function toByteString(value: unknown, what: string): string {
  // 1. Let x be ? ToString(V). (A template literal is ToString: a Symbol throws a TypeError.)
  let x: string;
  try {
    x = `${value as string}`;
  } catch (error) {
    if (error instanceof TypeError) {
      throw new TypeError(`${what}: cannot convert ${describe(value)} to a ByteString`);
    }
    throw error;
  }
  // 2. If any element of x is greater than 255, throw a TypeError.
  for (let i = 0; i < x.length; i++) {
    if (x.charCodeAt(i) > 0xff) {
      throw new TypeError(
        `${what}: ${JSON.stringify(x)} is not a ByteString (code unit 0x${
          x.charCodeAt(i).toString(16)
        } at index ${i} is above 0xFF)`,
      );
    }
  }
  // 3. Return a ByteString with x's code units.
  return x;
}

/** A short, safe description of a JavaScript value for error messages. */
export function describe(value: unknown): string {
  if (typeof value === "symbol") return value.toString();
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null || typeof value !== "object" && typeof value !== "function") {
    return String(value);
  }
  return typeof value === "function" ? "a function" : "an object";
}

/**
 * Overload resolution's argument-count check: too few arguments is a TypeError.
 * https://webidl.spec.whatwg.org/#dfn-overload-resolution-algorithm
 *
 * @example
 * ```ts
 * import { requireArguments } from "./webidl.ts";
 * requireArguments(2, 2, "Headers.append"); // ok
 * ```
 */
export function requireArguments(given: number, required: number, operation: string): void {
  if (given < required) {
    throw new TypeError(
      `${operation}: ${required} argument${
        required === 1 ? "" : "s"
      } required, but only ${given} present`,
    );
  }
}

/**
 * Function (callback function) conversion: a TypeError unless the value is callable.
 * https://webidl.spec.whatwg.org/#js-callback-function
 *
 * @example
 * ```ts
 * import { toCallbackFunction } from "./webidl.ts";
 * toCallbackFunction(() => {}, "Headers.forEach");
 * ```
 */
export function toCallbackFunction(
  value: unknown,
  operation: string,
): (...args: unknown[]) => unknown {
  // 1. If IsCallable(V) is false, throw a TypeError.
  if (typeof value !== "function") {
    throw new TypeError(`${operation}: the callback ${describe(value)} is not a function`);
  }
  // 2. Return the IDL callback function type value that represents V.
  return value as (...args: unknown[]) => unknown;
}

/** Any callable value. */
type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

/** ECMAScript GetMethod(V, P): undefined for undefined/null, a TypeError if not callable. */
function getMethod(value: object, key: PropertyKey, what: string): AnyFunction | undefined {
  // 1. Let func be ? GetV(V, P).
  const func = (value as Record<PropertyKey, unknown>)[key];
  // 2. If func is undefined or null, return undefined.
  if (func === undefined || func === null) return undefined;
  // 3. If IsCallable(func) is false, throw a TypeError.
  if (typeof func !== "function") {
    throw new TypeError(`${what}: its [Symbol.iterator] property is not a function`);
  }
  // 4. Return func.
  return func as AnyFunction;
}

/**
 * create a sequence from an iterable: drives the iterator protocol by hand, converting each
 * item as it arrives. An abrupt completion does not close the iterator (WebIDL calls no
 * IteratorClose), which is why this is not a `for...of` loop.
 * https://webidl.spec.whatwg.org/#create-sequence-from-iterable
 */
function createSequenceFromIterable<T>(
  iterable: object,
  method: AnyFunction,
  convertItem: (item: unknown, index: number) => T,
  what: string,
): T[] {
  // 1. Let iteratorRecord be ? GetIteratorFromMethod(iterable, method).
  const iterator: unknown = method.call(iterable);
  if (typeof iterator !== "object" || iterator === null) {
    throw new TypeError(`${what}: its iterator is not an object`);
  }
  const nextMethod = (iterator as { next: unknown }).next;
  // 2. Let i be 0.
  const sequence: T[] = [];
  // 3. Repeat:
  while (true) {
    // 3.1. Let next be ? IteratorStepValue(iteratorRecord) (a TypeError for a non-object result).
    if (typeof nextMethod !== "function") {
      throw new TypeError(`${what}: its iterator's next is not a function`);
    }
    const result: unknown = nextMethod.call(iterator);
    if (typeof result !== "object" || result === null) {
      throw new TypeError(`${what}: its iterator returned a non-object result`);
    }
    // 3.2. If next is done, return the sequence.
    if ((result as IteratorResult<unknown>).done) return sequence;
    // 3.3. Initialize S[i] to the result of converting next's value to T.
    sequence.push(convertItem((result as IteratorResult<unknown>).value, sequence.length));
    // 3.4. Set i to i + 1 (the length of the sequence).
  }
}

/**
 * Converts a JavaScript value to the union
 * `(sequence<sequence<ByteString>> or record<ByteString, ByteString>)` (HeadersInit).
 * https://webidl.spec.whatwg.org/#js-union
 *
 * @example
 * ```ts
 * import { convertToHeadersInit } from "./webidl.ts";
 * convertToHeadersInit({ Accept: "*\/*" }).kind; // "record"
 * convertToHeadersInit([["Accept", "*\/*"]]).kind; // "sequence"
 * ```
 */
export function convertToHeadersInit(value: unknown): ConvertedHeadersInit {
  const what = "Headers: init";
  // The union has no undefined, nullable, dictionary, platform-object or primitive member, so
  // only the "V is an Object" step can match; null, undefined and primitives fall to the final
  // TypeError.
  if ((typeof value !== "object" && typeof value !== "function") || value === null) {
    throw new TypeError(
      `${what}: ${describe(value)} is neither a sequence of pairs nor a record`,
    );
  }
  // 1. If types includes a sequence type: let method be ? GetMethod(V, @@iterator); if it is not
  //    undefined, return the result of creating a sequence from V and method.
  const method = getMethod(value, Symbol.iterator, what);
  if (method !== undefined) {
    return {
      kind: "sequence",
      value: createSequenceFromIterable(
        value,
        method,
        (item, index) => convertToByteStringSequence(item, `${what}[${index}]`),
        what,
      ),
    };
  }
  // 2. If types includes a record type, return the result of converting V to that record.
  return { kind: "record", value: convertToByteStringRecord(value, what) };
}

/** Converts a value to `sequence<ByteString>`. https://webidl.spec.whatwg.org/#js-sequence */
function convertToByteStringSequence(value: unknown, what: string): string[] {
  // 1. If V is not an Object, throw a TypeError.
  if ((typeof value !== "object" && typeof value !== "function") || value === null) {
    throw new TypeError(`${what}: ${describe(value)} is not a sequence (a [name, value] pair)`);
  }
  // 2. Let method be ? GetMethod(V, @@iterator).
  const method = getMethod(value, Symbol.iterator, what);
  // 3. If method is undefined, throw a TypeError.
  if (method === undefined) throw new TypeError(`${what}: it is not iterable`);
  // 4. Return the result of creating a sequence from V and method.
  return createSequenceFromIterable(
    value,
    method,
    (item, index) => toByteString(item, `${what}[${index}]`),
    what,
  );
}

/** Converts an object to `record<ByteString, ByteString>`. https://webidl.spec.whatwg.org/#js-record */
function convertToByteStringRecord(object: object, what: string): [string, string][] {
  // 1. (O is an Object; checked by the caller.) 2. Let result be a new empty record (an ordered
  //    map, kept as a list of entries).
  const result: [string, string][] = [];
  // 3. Let keys be ? O.[[OwnPropertyKeys]]().
  const keys = Reflect.ownKeys(object);
  // 4. For each key of keys:
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    // 4.1. Let desc be ? O.[[GetOwnProperty]](key).
    const desc = Reflect.getOwnPropertyDescriptor(object, key);
    // 4.2. If desc is not undefined and desc.[[Enumerable]] is true:
    if (desc !== undefined && desc.enumerable) {
      // 4.2.1. Let typedKey be key converted to an IDL ByteString (a Symbol key throws).
      const typedKey = toByteString(key, `${what} key`);
      // 4.2.2. Let value be ? Get(O, key).
      const value: unknown = Reflect.get(object, key);
      // 4.2.3. Let typedValue be value converted to an IDL ByteString.
      const typedValue = toByteString(value, `${what}[${JSON.stringify(typedKey)}]`);
      // 4.2.4. Set result[typedKey] to typedValue. (Own property keys are distinct strings, and
      //        a ByteString conversion of distinct strings is distinct, so this appends.)
      result.push([typedKey, typedValue]);
    }
  }
  // 5. Return result.
  return result;
}

/**
 * Gives the operations of an interface prototype the attributes WebIDL gives them:
 * { writable, enumerable, configurable } all true (class methods are not enumerable).
 * https://webidl.spec.whatwg.org/#js-operations
 */
export function makeOperationsEnumerable(prototype: object, names: readonly string[]): void {
  for (const name of names) {
    Object.defineProperty(prototype, name, { enumerable: true });
  }
}

/** The class string of an interface prototype: Symbol.toStringTag, not writable or enumerable. */
export function defineClassString(prototype: object, classString: string): void {
  Object.defineProperty(prototype, Symbol.toStringTag, {
    value: classString,
    writable: false,
    enumerable: false,
    configurable: true,
  });
}

/** %Iterator.prototype%, reached through an array iterator. */
const iteratorPrototype: object = Object.getPrototypeOf(
  Object.getPrototypeOf([][Symbol.iterator]()),
);

/** What a pair-iterable interface tells its iterator: how to read its value pairs now. */
export interface PairIterable<Target> {
  /** The interface's identifier, for the class string "<identifier> Iterator". */
  identifier: string;
  /** The value pairs to iterate over of `target`, computed afresh at every call. */
  valuePairsToIterateOver(target: Target): ValuePair[];
}

/**
 * Defines the iterator prototype object of a pair-iterable interface and returns the function
 * that creates its default iterator objects.
 * https://webidl.spec.whatwg.org/#js-iterator-prototype-object
 *
 * @example
 * ```ts
 * import { definePairIterator } from "./webidl.ts";
 * const createIterator = definePairIterator<{ pairs: [string, string][] }>({
 *   identifier: "Example",
 *   valuePairsToIterateOver: (target) => target.pairs,
 * });
 * createIterator({ pairs: [["a", "1"]] }, "key").next(); // { value: "a", done: false }
 * ```
 */
export function definePairIterator<Target>(
  iterable: PairIterable<Target>,
): (target: Target, kind: IterationKind) => IterableIterator<unknown> {
  /** A default iterator object: target, kind and index. */
  class DefaultIterator {
    #target: Target;
    #kind: IterationKind;
    #index = 0;

    constructor(target: Target, kind: IterationKind) {
      this.#target = target;
      this.#kind = kind;
    }

    /** https://webidl.spec.whatwg.org/#js-iterator-prototype-object (the next property) */
    next(this: unknown): IteratorResult<unknown> {
      // 1-4. Let object be the this value (ToObject; a platform object needs no security check
      //      here).
      // 5. If object is not a default iterator object for the interface, throw a TypeError.
      if (typeof this !== "object" || this === null || !(#index in this)) {
        throw new TypeError(
          `${iterable.identifier} Iterator.next: called on ${
            describe(this)
          }, which is not a ${iterable.identifier} iterator`,
        );
      }
      // 6. Let index be object's index.
      const index = this.#index;
      // 7. Let kind be object's kind.
      const kind = this.#kind;
      // 8. Let values be object's target's value pairs to iterate over.
      const values = iterable.valuePairsToIterateOver(this.#target);
      // 9. Let len be the length of values.
      const len = values.length;
      // 10. If index >= len, return CreateIteratorResultObject(undefined, true).
      if (index >= len) return { value: undefined, done: true };
      // 11. Let pair be the entry in values at index.
      const pair = values[index];
      // 12. Set object's index to index + 1.
      this.#index = index + 1;
      // 13. Return the iterator result for pair and kind.
      return iteratorResult(pair, kind);
    }
  }
  const prototype = DefaultIterator.prototype;
  // The iterator prototype object's [[Prototype]] is %Iterator.prototype%; it has no
  // constructor of its own; next is enumerable; its class string is "<identifier> Iterator".
  Object.setPrototypeOf(prototype, iteratorPrototype);
  Reflect.deleteProperty(prototype, "constructor");
  makeOperationsEnumerable(prototype, ["next"]);
  defineClassString(prototype, `${iterable.identifier} Iterator`);
  return (target, kind) =>
    new DefaultIterator(target, kind) as unknown as IterableIterator<unknown>;
}

/** The iterator result for a value pair and kind. https://webidl.spec.whatwg.org/#iterator-result */
function iteratorResult(pair: ValuePair, kind: IterationKind): IteratorResult<unknown> {
  // 1. Let result be the key, the value, or a new two-element array of both, per kind.
  const result = kind === "key" ? pair[0] : kind === "value" ? pair[1] : [pair[0], pair[1]];
  // 2. Return CreateIteratorResultObject(result, false).
  return { value: result, done: false };
}
