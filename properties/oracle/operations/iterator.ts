/**
 * The iterator steps: `iterOpen` opens an iterator on a live object (`entries()`, `keys()`,
 * `values()` or `[Symbol.iterator]()`) into the next iterator slot; `iterNext` calls `next()` on
 * an open one (its outcome: the result's `done` and `value`). One outcome each. Every open iterator is also observed after every step (one
 * `next()` and its own keys; world.ts).
 *
 * @example
 * ```ts
 * import { renderOp } from "../world.ts";
 * renderOp({ op: "iterOpen", slot: 0, target: 1, kind: "keys" }); // "it[0] = h[1].keys()"
 * ```
 *
 * @module
 */
import fc from "fast-check";
import { iteratorRef } from "../base/arguments.ts";
import { attempt, nextResult } from "../base/observe.ts";
import type { OperationKind } from "../base/kind.ts";

/** How an iterator is opened. */
export type IteratorKind = "entries" | "keys" | "values" | "@@iterator";

/** Opens an iterator of kind `kind` on `h[target]` into iterator slot `slot`. */
export type IterOpenOp = { op: "iterOpen"; slot: number; target: number; kind: IteratorKind };

/** Calls `next()` on iterator `iterator`. */
export type IterNextOp = { op: "iterNext"; iterator: number };

/** How an iterator is opened, equally likely. */
export const iteratorKind: fc.Arbitrary<IteratorKind> = fc.constantFrom(
  "entries",
  "keys",
  "values",
  "@@iterator",
);

/** An iterOpen step on an object `target` picks (its slot is filled in when it runs). */
export function iterOpenOp(target: fc.Arbitrary<number>): fc.Arbitrary<IterOpenOp> {
  return fc.record({
    op: fc.constant("iterOpen" as const),
    slot: fc.constant(0),
    target,
    kind: iteratorKind,
  });
}

/** An iterNext step (its iterator resolved when it runs). */
export const iterNextOp: fc.Arbitrary<IterNextOp> = fc.record({
  op: fc.constant("iterNext" as const),
  iterator: iteratorRef,
});

/** Opening an iterator: see the module doc. */
export const iterOpen: OperationKind<IterOpenOp> = {
  resolve(op, reference) {
    const count = reference.objects.length;
    if (count === 0) return null;
    return { ...op, slot: reference.nextIteratorSlot(), target: op.target % count };
  },
  perform(side, op, outcomes) {
    outcomes.push(attempt(() => {
      const headers = side.objects[op.target] as Record<string | symbol, () => unknown>;
      const iterator = op.kind === "@@iterator" ? headers[Symbol.iterator]() : headers[op.kind]();
      side.opened++;
      side.iterators[op.slot] = iterator;
      return iterator;
    }));
  },
  render: (op) => renderIterOpen(op),
  labels: (op) => [renderIterOpen(op)],
};

/** The JavaScript of a resolved iterOpen step. */
function renderIterOpen(op: IterOpenOp): string {
  return op.kind === "@@iterator"
    ? `it[${op.slot}] = h[${op.target}][Symbol.iterator]()`
    : `it[${op.slot}] = h[${op.target}].${op.kind}()`;
}

/**
 * One `next()` of an open iterator: see the module doc. Its outcome is `[done, value]` of the
 * result (the result object itself would encode as its class string alone).
 */
export const iterNext: OperationKind<IterNextOp> = {
  resolve(op, reference) {
    const open = reference.iterators.length;
    return open === 0 ? null : { ...op, iterator: op.iterator % open };
  },
  perform(side, op, outcomes) {
    outcomes.push(attempt(() => nextResult(side.iterators[op.iterator])));
  },
  render: (op) => `it[${op.iterator}].next()`,
  codes: (op) => [`nextResult(it[${op.iterator}])`],
  labels: (op) => [`it[${op.iterator}].next()`],
};
