/**
 * `batch`: 2-8 calls, iterator `next()`s, forEach with a mutating callback and tamper steps back
 * to back, with no observation in between: caches go stale only then, since the full read after
 * every step would refresh them. The outcomes of the steps it holds, in order.
 *
 * @example
 * ```ts
 * import { renderOp } from "../world.ts";
 * renderOp({
 *   op: "batch",
 *   ops: [{ op: "append", target: 0, args: ["a", "1"] }, { op: "iterNext", iterator: 0 }],
 * });
 * // 'h[0].append("a", "1"); it[0].next()'
 * ```
 *
 * @module
 */
import fc from "fast-check";
import { objectRef } from "../base/arguments.ts";
import type { CallOp } from "./call.ts";
import { callOp } from "./call.ts";
import type { ForEachOp } from "./for_each.ts";
import { forEachOp } from "./for_each.ts";
import type { IterNextOp } from "./iterator.ts";
import { iterNextOp } from "./iterator.ts";
import type { TamperOp } from "./tamper.ts";
import { tamperOp } from "./tamper.ts";
import type { OperationKind } from "../base/kind.ts";

/**
 * A step a batch may hold: one that neither makes an object nor opens an iterator, so every
 * reference in a batch resolves before it runs (the batch is recorded whole for a hang trace).
 */
export type BatchedOp = CallOp | IterNextOp | ForEachOp | TamperOp;

/** Runs `ops` back to back. */
export type BatchOp = { op: "batch"; ops: BatchedOp[] };

/**
 * A step inside a batch, weights out of 100: a call (as {@link callOp}) 60, iterator next 25,
 * forEach with a mutating callback 8, tamper 7.
 */
const batchedOp: fc.Arbitrary<BatchedOp> = fc.oneof(
  { weight: 60, arbitrary: callOp as fc.Arbitrary<BatchedOp> },
  { weight: 25, arbitrary: iterNextOp },
  { weight: 8, arbitrary: forEachOp(objectRef, 3) },
  { weight: 7, arbitrary: tamperOp },
);

/** A batch of 2-8 steps. */
export const batchOp: fc.Arbitrary<BatchOp> = fc.record({
  op: fc.constant("batch" as const),
  ops: fc.array(batchedOp, { minLength: 2, maxLength: 8 }),
});

/** Steps back to back: see the module doc. */
export const batch: OperationKind<BatchOp, BatchedOp> = {
  resolve(op, reference, any) {
    if (reference.objects.length === 0) return null;
    const ops: BatchedOp[] = [];
    for (const inner of op.ops) {
      const resolved = any.resolve(inner, reference) as BatchedOp | null;
      if (resolved !== null) ops.push(resolved);
    }
    return { ...op, ops };
  },
  perform(side, op, outcomes, any) {
    for (const item of op.ops) any.perform(side, item, outcomes);
  },
  render: (op, any) => op.ops.map((inner) => any.render(inner)).join("; "),
  labels: (op, any) => op.ops.flatMap((item) => any.labels(item)),
};
