/**
 * `forEach`: `headers.forEach` with a callback that records every call and runs a mutation
 * (append, set or delete, on any live object) on its n-th call; one outcome, the return value with
 * the calls ({@link forEachObserved}). The mutations run inside the iteration, where a cached view
 * of the list goes stale.
 *
 * {@link forEachObserved} is embedded in counterexample snippets with `Function.prototype.toString`
 * (see observe.ts): it refers to nothing outside itself but its arguments and `attempt`.
 *
 * @example
 * ```ts
 * import { renderOp } from "../world.ts";
 * renderOp({ op: "forEach", target: 0, mutations: [{ op: "delete", target: 1, args: ["a"] }] });
 * // 'forEachObserved(h[0], [() => h[1].delete("a")])'
 * ```
 *
 * @module
 */
import fc from "fast-check";
import type { CallOp } from "./call.ts";
import { callOn, mutationOp, renderCall, resolveCall } from "./call.ts";
import { attempt } from "../base/observe.ts";
import type { OperationKind } from "../base/kind.ts";

/** Calls `h[target].forEach` with a callback that runs `mutations[n]` on its n-th call. */
export type ForEachOp = { op: "forEach"; target: number; mutations: CallOp[] };

/** A forEach step on an object `target` picks, with up to `maxMutations` mutations. */
export function forEachOp(
  target: fc.Arbitrary<number>,
  maxMutations: number,
): fc.Arbitrary<ForEachOp> {
  return fc.record({
    op: fc.constant("forEach" as const),
    target,
    mutations: fc.array(mutationOp, { maxLength: maxMutations }),
  });
}

/** forEach with a mutating callback: see the module doc. */
export const forEach: OperationKind<ForEachOp> = {
  resolve(op, reference) {
    const count = reference.objects.length;
    return count === 0 ? null : {
      ...op,
      target: op.target % count,
      mutations: op.mutations.map((m) => resolveCall(m, count)),
    };
  },
  perform(side, op, outcomes) {
    const objects = side.objects;
    outcomes.push(
      attempt(() =>
        forEachObserved(objects[op.target], op.mutations.map((m) => () => callOn(objects, m)))
      ),
    );
  },
  render: (op) => renderForEach(op),
  labels: (op) => [renderForEach(op)],
};

/** The JavaScript of a resolved forEach step. */
function renderForEach(op: ForEachOp): string {
  return `forEachObserved(h[${op.target}], [${
    op.mutations.map((m) => "() => " + renderCall(m)).join(", ")
  }])`;
}

/**
 * `headers.forEach` with a callback that records each call (value, name, whether `parent` is
 * `headers`, whether `this` is the thisArg) and, on its n-th call, runs `mutations[n]` and records
 * that outcome too. A callback called more than 64 times throws a RangeError (a forEach that never
 * ends is a bug, not a hang). Returns `[forEach's return value, calls]`.
 */
export function forEachObserved(headers: unknown, mutations: (() => unknown)[]): unknown[] {
  const calls: unknown[] = [];
  const marker = {};
  let count = 0;
  const result = (headers as { forEach(callback: unknown, thisArg: unknown): unknown }).forEach(
    function (this: unknown, value: unknown, name: unknown, parent: unknown) {
      const index = count++;
      if (index >= 64) throw new RangeError("forEach called back more than 64 times");
      const outcome = index < mutations.length ? attempt(mutations[index]) : null;
      const tagged = outcome === null
        ? null
        : "ok" in outcome
        ? ["ok", outcome.ok]
        : ["threw", outcome.threw];
      calls.push([value, name, parent === headers, this === marker, tagged]);
    },
    marker,
  );
  return [result, calls];
}
