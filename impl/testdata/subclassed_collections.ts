/**
 * Subprocess of `primordials_test.ts`: replaces `globalThis.Map` and `globalThis.Set` by plain
 * subclasses, loads impl for the first time, then patches a method of the engine's own Map or
 * Set prototype (the one the subclasses inherit) and runs the battery under each patch. Prints,
 * as JSON on stdout, the outcomes (one battery per patch) and whether impl's `SafeMap` and `SafeSet`
 * extend the engine's own Map and Set of this realm (not a fresh realm's).
 *
 * @module
 */

import type { Outcome } from "../../properties/core/outcome.ts";
import { type BatteryModule, runBattery } from "./tamper_battery.ts";

const EngineMap = Map;
const EngineSet = Set;
globalThis.Map = class SubclassedMap<K, V> extends EngineMap<K, V> {} as MapConstructor;
globalThis.Set = class SubclassedSet<T> extends EngineSet<T> {} as SetConstructor;
const module = await import("../mod.ts") as unknown as BatteryModule;
const { SafeMap, SafeSet } = await import("../primordials.ts");
const extendsEngine = Object.getPrototypeOf(SafeMap.prototype) === EngineMap.prototype &&
  Object.getPrototypeOf(SafeSet.prototype) === EngineSet.prototype;

/** Methods of the engine's prototypes, each replaced by a lying one for one battery run. */
const LIES: [object, string, unknown][] = [
  [EngineMap.prototype, "get", () => undefined],
  [EngineMap.prototype, "has", () => false],
  [EngineMap.prototype, "set", function (this: unknown) {
    return this;
  }],
  [EngineSet.prototype, "has", () => false],
];
const batteries: Outcome[][] = [];
for (const [prototype, key, lie] of LIES) {
  const original = Object.getOwnPropertyDescriptor(prototype, key) as PropertyDescriptor;
  Object.defineProperty(prototype, key, { value: lie, writable: true, configurable: true });
  try {
    batteries[batteries.length] = runBattery(module);
  } finally {
    Object.defineProperty(prototype, key, original);
  }
}
console.log(JSON.stringify({ batteries, extendsEngine }));
