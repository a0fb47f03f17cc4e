import assert from "node:assert/strict";
import { BuiltinsSnapshot } from "./builtins.ts";

Deno.test("a snapshot names every built-in replaced, added or removed since, and nothing after restoring", () => {
  const snapshot = new BuiltinsSnapshot();
  assert.deepEqual(snapshot.replaced(), []);
  const stringify = JSON.stringify;
  const isArray = Object.getOwnPropertyDescriptor(Array, "isArray")!;
  const iterator = Object.getOwnPropertyDescriptor(Array.prototype, Symbol.iterator)!;
  const OriginalMap = Map;
  const limit = Error.stackTraceLimit;
  try {
    JSON.stringify = () => "";
    delete (Array as { isArray?: unknown }).isArray;
    Object.defineProperty(Array.prototype, Symbol.iterator, { ...iterator, enumerable: true });
    Object.defineProperty(Object.prototype, "injected", { value: 1, configurable: true });
    globalThis.Map = class extends OriginalMap {};
    Error.stackTraceLimit = limit + 1;
    assert.deepEqual(snapshot.replaced(), [
      "globalThis.Map",
      "Object.prototype.injected (added)",
      "Array.isArray",
      "Array.prototype[Symbol.iterator]",
      "JSON.stringify",
    ]);
  } finally {
    JSON.stringify = stringify;
    Object.defineProperty(Array, "isArray", isArray);
    Object.defineProperty(Array.prototype, Symbol.iterator, iterator);
    delete (Object.prototype as { injected?: unknown }).injected;
    globalThis.Map = OriginalMap;
    Error.stackTraceLimit = limit;
  }
  assert.deepEqual(snapshot.replaced(), []);
});

Deno.test("a snapshot sees a built-in's prototype changed", () => {
  const snapshot = new BuiltinsSnapshot();
  const prototype = Object.getPrototypeOf(Map.prototype);
  try {
    Object.setPrototypeOf(Map.prototype, null);
    assert.deepEqual(snapshot.replaced(), ["Map.prototype (its prototype)"]);
  } finally {
    Object.setPrototypeOf(Map.prototype, prototype);
  }
});

Deno.test("changed() sees a data property or a global replaced, and nothing before or after", () => {
  const snapshot = new BuiltinsSnapshot();
  assert.equal(snapshot.changed(), false);
  const toLowerCase = String.prototype.toLowerCase;
  const OriginalSet = Set;
  try {
    String.prototype.toLowerCase = function () {
      return toLowerCase.call(this);
    };
    assert.equal(snapshot.changed(), true);
    String.prototype.toLowerCase = toLowerCase;
    assert.equal(snapshot.changed(), false);
    globalThis.Set = class extends OriginalSet {} as SetConstructor;
    assert.equal(snapshot.changed(), true);
  } finally {
    String.prototype.toLowerCase = toLowerCase;
    globalThis.Set = OriginalSet;
  }
  assert.equal(snapshot.changed(), false);
});
