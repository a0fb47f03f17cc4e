/**
 * `freeze`: `freezeHeaders(h)` on a live object, when the module has it (a campaign generates no
 * freeze step for a subject without it); one outcome.
 *
 * @example
 * ```ts
 * import { renderOp } from "../world.ts";
 * renderOp({ op: "freeze", target: 2 }); // "subject.freeze(h[2])"
 * ```
 *
 * @module
 */
import fc from "fast-check";
import { attempt } from "../base/observe.ts";
import type { OperationKind } from "../base/kind.ts";

/** Freezes `h[target]`. */
export type FreezeOp = { op: "freeze"; target: number };

/** A freeze step on an object `target` picks. */
export function freezeOp(target: fc.Arbitrary<number>): fc.Arbitrary<FreezeOp> {
  return fc.record({ op: fc.constant("freeze" as const), target });
}

/** Freezing: see the module doc. */
export const freeze: OperationKind<FreezeOp> = {
  resolve(op, reference) {
    const count = reference.objects.length;
    return count === 0 ? null : { ...op, target: op.target % count };
  },
  perform(side, op, outcomes) {
    const freeze = side.subject.freeze!;
    outcomes.push(attempt(() => freeze(side.objects[op.target])));
  },
  render: (op) => `subject.freeze(h[${op.target}])`,
  labels: (op) => [`subject.freeze(h[${op.target}])`],
};
