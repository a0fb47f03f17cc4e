/**
 * structuredClone() as far as Headers, Request and Response reach it: none of the three is a
 * serializable object, so serializing one throws a "DataCloneError" DOMException, whether it is
 * the value itself or nested anywhere inside it (an array, an object, a Map, a Set).
 *
 * Transliterated from the HTML standard's StructuredSerializeInternal
 * (https://html.spec.whatwg.org/#structuredserializeinternal), fused with the matching
 * StructuredDeserialize steps so a call returns the copy, for the kinds that hold other values
 * (arrays, Maps, Sets, ordinary objects), in the order HTML visits them.
 *
 * Deviation: a value that holds no other value (a primitive wrapper, Date, RegExp, ArrayBuffer,
 * view, Error, Blob) is copied by the host's own `structuredClone` as a leaf. A host platform
 * object the reference cannot recognise is walked as an ordinary object, and a Proxy as its
 * target: the reference models its own platform objects, not the host's.
 *
 * @module
 */

import { isBlob } from "./dictionaries.ts";
import { headersInternals } from "./headers.ts";
import { isReferenceRequest } from "./request.ts";
import { isReferenceResponse } from "./response.ts";
import { requireArguments } from "./webidl.ts";

const hostStructuredClone = globalThis.structuredClone;
const mapSizeGetter = Object.getOwnPropertyDescriptor(Map.prototype, "size")!.get!;
const setSizeGetter = Object.getOwnPropertyDescriptor(Set.prototype, "size")!.get!;
const mapForEach = Map.prototype.forEach;
const setForEach = Set.prototype.forEach;
const arrayBufferByteLengthGetter = Object.getOwnPropertyDescriptor(
  ArrayBuffer.prototype,
  "byteLength",
)!.get!;

/** Whether calling `method` on `value` passes the method's brand check. */
function passesBrandCheck(method: (...args: never[]) => unknown, value: object): boolean {
  try {
    Reflect.apply(method, value, []);
    return true;
  } catch {
    return false;
  }
}

/** The kinds HTML serializes without holding other values, recognised by their internal slots. */
function isLeafObject(value: object): boolean {
  return passesBrandCheck(Boolean.prototype.valueOf, value) ||
    passesBrandCheck(Number.prototype.valueOf, value) ||
    passesBrandCheck(String.prototype.valueOf, value) ||
    passesBrandCheck(BigInt.prototype.valueOf, value) ||
    passesBrandCheck(Date.prototype.getTime, value) ||
    (value instanceof RegExp) || ArrayBuffer.isView(value) ||
    passesBrandCheck(arrayBufferByteLengthGetter, value) ||
    (value instanceof Error) || isBlob(value);
}

/** Which reference platform object `value` is, or null: none of them is serializable. */
function referencePlatformInterface(value: object): string | null {
  if (headersInternals().isHeaders(value)) return "Headers";
  if (isReferenceRequest(value)) return "Request";
  if (isReferenceResponse(value)) return "Response";
  return null;
}

function dataCloneError(message: string): DOMException {
  return new DOMException(message, "DataCloneError");
}

/**
 * structuredClone(value): StructuredSerialize then StructuredDeserialize, with the reference's
 * Headers, Request and Response objects as the non-serializable platform objects they are.
 * https://html.spec.whatwg.org/#dom-structuredclone
 *
 * @example
 * ```ts
 * import { Headers } from "./headers.ts";
 * import { structuredCloneReference } from "./serialization.ts";
 * structuredCloneReference({ a: [1, "x"] }); // { a: [1, "x"] }
 * // structuredCloneReference({ nested: [new Headers()] }) throws a DataCloneError DOMException
 * ```
 */
export function structuredCloneReference(...args: [value: unknown]): unknown {
  requireArguments(args.length, 1, "structuredClone");
  return serializeInternal(args[0], new Map());
}

function serializeInternal(value: unknown, memory: Map<object, unknown>): unknown {
  // 1. If memory[value] exists, return memory[value].
  if ((typeof value === "object" && value !== null) || typeof value === "function") {
    if (memory.has(value)) return memory.get(value);
  }
  // 3. A primitive other than a Symbol is its own serialization.
  if (typeof value !== "object" && typeof value !== "function" && typeof value !== "symbol") {
    return value;
  }
  if (value === null) return null;
  // 4. A Symbol: throw a DataCloneError.
  if (typeof value === "symbol") throw dataCloneError(`${value.toString()} could not be cloned`);
  // A platform object that is not a serializable object: throw a DataCloneError.
  const platformInterface = referencePlatformInterface(value);
  if (platformInterface !== null) {
    throw dataCloneError(`a ${platformInterface} object could not be cloned`);
  }
  // IsCallable(value): throw a DataCloneError.
  if (typeof value === "function") throw dataCloneError("a function could not be cloned");
  // Map: deep. The entries are copied to a list first, then each key and value serialized.
  if (passesBrandCheck(mapSizeGetter, value)) {
    const output = new Map<unknown, unknown>();
    memory.set(value, output);
    const copiedList: [unknown, unknown][] = [];
    Reflect.apply(mapForEach, value, [(v: unknown, k: unknown) => copiedList.push([k, v])]);
    for (let i = 0; i < copiedList.length; i++) {
      const key = serializeInternal(copiedList[i][0], memory);
      output.set(key, serializeInternal(copiedList[i][1], memory));
    }
    return output;
  }
  // Set: deep, the same way.
  if (passesBrandCheck(setSizeGetter, value)) {
    const output = new Set<unknown>();
    memory.set(value, output);
    const copiedList: unknown[] = [];
    Reflect.apply(setForEach, value, [(v: unknown) => copiedList.push(v)]);
    for (let i = 0; i < copiedList.length; i++) {
      output.add(serializeInternal(copiedList[i], memory));
    }
    return output;
  }
  // The kinds that hold no other value: copied as a leaf (see the module doc).
  if (isLeafObject(value)) {
    const output = hostStructuredClone(value);
    memory.set(value, output);
    return output;
  }
  // IsArray(value): an array of the same length, then its properties (deep). Otherwise an
  // ordinary object: a new object, then its properties (deep).
  const output: Record<string, unknown> = Array.isArray(value)
    ? new Array((value as unknown[]).length) as unknown as Record<string, unknown>
    : {};
  memory.set(value, output);
  // For each key of ! EnumerableOwnProperties(value, key): if value still has it as its own
  // property, serialize ? Get(value, key) and set it on the output.
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (Object.prototype.hasOwnProperty.call(value, key)) {
      const inputValue: unknown = Reflect.get(value, key);
      Object.defineProperty(output, key, {
        value: serializeInternal(inputValue, memory),
        writable: true,
        enumerable: true,
        configurable: true,
      });
    }
  }
  return output;
}
