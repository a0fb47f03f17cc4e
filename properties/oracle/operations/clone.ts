/**
 * `clone`: `m[source].clone()` on a live Request or Response (its headers as they are now, after
 * every step that changed them); the clone goes to the next message slot and its `.headers` to
 * the next object slot. One outcome: the clone's.
 *
 * @example
 * ```ts
 * import { renderOp } from "../world.ts";
 * renderOp({ op: "clone", slot: 2, message: 1, source: 0 });
 * // "h[2] = (m[1] = m[0].clone()).headers"
 * ```
 *
 * @module
 */
import fc from "fast-check";
import { objectRef } from "../base/arguments.ts";
import { attempt } from "../base/observe.ts";
import type { OperationKind } from "../base/kind.ts";

/** `h[slot] = (m[message] = m[source].clone()).headers`. */
export type CloneOp = { op: "clone"; slot: number; message: number; source: number };

/** A clone step of a message `source` picks. */
export const cloneOp: fc.Arbitrary<CloneOp> = fc.record({
  op: fc.constant("clone" as const),
  slot: fc.constant(0),
  message: fc.constant(0),
  source: objectRef,
});

/** The JavaScript of a resolved clone step. */
function renderClone(op: CloneOp): string {
  return `h[${op.slot}] = (m[${op.message}] = m[${op.source}].clone()).headers`;
}

/** The clone steps: see the module doc. */
export const clone: OperationKind<CloneOp> = {
  resolve(op, reference) {
    const count = reference.messages.length;
    return count === 0 ? null : {
      ...op,
      slot: reference.nextSlot(),
      message: reference.nextMessageSlot(),
      source: op.source % count,
    };
  },
  perform(side, op, outcomes) {
    outcomes.push(attempt(() => {
      const copy = (side.messages[op.source] as { clone(): { headers: unknown } }).clone();
      side.keep(op.message, copy);
      return side.place(op.slot, copy.headers);
    }));
  },
  render: renderClone,
  labels: (op) => [renderClone(op)],
};
