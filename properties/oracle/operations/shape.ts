/**
 * `shape`: what idlharness checks of the interface a live object belongs to, read as plain data
 * ({@link shapeOf}); one outcome.
 *
 * {@link shapeOf} is embedded in counterexample snippets with `Function.prototype.toString` (see
 * observe.ts): it refers to nothing outside itself but its argument.
 *
 * @example
 * ```ts
 * import { shapeOf } from "./shape.ts";
 * shapeOf(new Headers())[0]; // ["Headers", 0]
 * ```
 *
 * @module
 */
import fc from "fast-check";
import { objectRef } from "../base/arguments.ts";
import { attempt } from "../base/observe.ts";
import type { OperationKind } from "../base/kind.ts";

/** Reads the interface shape of `h[target]`. */
export type ShapeOp = { op: "shape"; target: number };

/** A shape step. */
export const shapeOp: fc.Arbitrary<ShapeOp> = fc.record({
  op: fc.constant("shape" as const),
  target: objectRef,
});

/** The interface shape: see the module doc. */
export const shape: OperationKind<ShapeOp> = {
  resolve(op, reference) {
    const count = reference.objects.length;
    return count === 0 ? null : { ...op, target: op.target % count };
  },
  perform(side, op, outcomes) {
    outcomes.push(attempt(() => shapeOf(side.objects[op.target])));
  },
  render: (op) => `shapeOf(h[${op.target}])`,
  labels: (op) => [`shapeOf(h[${op.target}])`],
};

/**
 * What idlharness checks of the interface `headers` belongs to, as plain data: the constructor's
 * name and length and its `prototype` property's attributes; for the prototype and for the
 * prototype of `headers.entries()`, every own property (sorted by key) with its attributes and,
 * for a function, its name and length; their class strings; whether `@@iterator` is `entries`;
 * whether the iterator prototype inherits from %IteratorPrototype%. The two registered inspection
 * symbols (`Symbol.for("Deno.customInspect")`, `Symbol.for("nodejs.util.inspect.custom")`) are left
 * out: they are how a host's console shows an object, outside WebIDL, and every runtime defines
 * one of them.
 */
export function shapeOf(headers: unknown): unknown[] {
  const inspectKeys = [Symbol.for("Deno.customInspect"), Symbol.for("nodejs.util.inspect.custom")];
  const callable = (fn: unknown) =>
    typeof fn === "function" ? [(fn as { name: unknown }).name, fn.length] : null;
  const keyName = (key: string | symbol) =>
    typeof key === "symbol" ? "Symbol(" + (key.description ?? "") + ")" : key;
  const describe = (object: object) =>
    Reflect.ownKeys(object)
      .filter((key) => !inspectKeys.includes(key as symbol))
      .sort((a, b) => (keyName(a) < keyName(b) ? -1 : keyName(a) > keyName(b) ? 1 : 0))
      .map((key) => {
        const d = Object.getOwnPropertyDescriptor(object, key)!;
        const attributes = [d.enumerable === true, d.configurable === true];
        return "value" in d
          ? [
            keyName(key),
            "data",
            d.writable === true,
            ...attributes,
            typeof d.value,
            callable(d.value),
          ]
          : [keyName(key), "accessor", ...attributes, callable(d.get), callable(d.set)];
      });
  const proto = Object.getPrototypeOf(headers) as Record<string | symbol, unknown> | null;
  if (proto === null) return ["no prototype"];
  const ctor = proto.constructor as { name: unknown; length: unknown } | undefined;
  const ctorPrototype = typeof ctor === "function"
    ? Object.getOwnPropertyDescriptor(ctor, "prototype")
    : undefined;
  const iterator = (headers as { entries(): object }).entries();
  const iteratorProto = Object.getPrototypeOf(iterator) as object;
  const arrayIteratorProto = Object.getPrototypeOf([][Symbol.iterator]());
  return [
    typeof ctor === "function" ? [ctor.name, ctor.length] : typeof ctor,
    ctorPrototype === undefined
      ? null
      : [ctorPrototype.writable, ctorPrototype.enumerable, ctorPrototype.configurable],
    Object.prototype.toString.call(headers),
    proto[Symbol.iterator] === proto.entries,
    describe(proto),
    Object.prototype.toString.call(iterator),
    Object.getPrototypeOf(iteratorProto) === Object.getPrototypeOf(arrayIteratorProto),
    describe(iteratorProto),
  ];
}
