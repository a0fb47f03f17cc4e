/**
 * `clone`: `m[source].clone()` on a live Request or Response (its headers as they are now, after
 * every step that changed them), one whose headers were never read half the time (`unread`, as
 * read.ts picks it); the clone goes to the next message slot, its headers not read (a read step
 * reads them, read.ts). One outcome: the clone's.
 *
 * @example
 * ```ts
 * import { renderOp } from "../world.ts";
 * renderOp({ op: "clone", message: 1, source: 0, unread: true, recent: false });
 * // "m[1] = m[0].clone() /* m[0] unread *\/"
 * ```
 *
 * @module
 */
import fc from "fast-check";
import { objectRef } from "../base/arguments.ts";
import { attempt } from "../base/observe.ts";
import type { OperationKind } from "../base/kind.ts";

/**
 * `m[message] = m[source].clone()`, `source` never read if `unread`, the newest such if `recent`
 * (base/kind.ts `Side.messageRef`).
 */
export type CloneOp = {
  op: "clone";
  message: number;
  source: number;
  unread: boolean;
  recent: boolean;
};

/** A clone step of a message `source` picks, never read half the time, the newest half the time. */
export const cloneOp: fc.Arbitrary<CloneOp> = fc.record({
  op: fc.constant("clone" as const),
  message: fc.constant(0),
  source: objectRef,
  unread: fc.boolean(),
  recent: fc.boolean(),
});

/** The JavaScript of a resolved clone step. */
function renderClone(op: CloneOp): string {
  const code = `m[${op.message}] = m[${op.source}].clone()`;
  return op.unread ? `${code} /* m[${op.source}] unread */` : code;
}

/** The clone steps: see the module doc. */
export const clone: OperationKind<CloneOp> = {
  resolve(op, reference) {
    const picked = reference.messageRef(op.source, op.unread, op.recent);
    return picked === null ? null : {
      ...op,
      message: reference.nextMessageSlot(),
      source: picked.slot,
      unread: picked.unread,
    };
  },
  perform(side, op, outcomes) {
    outcomes.push(
      attempt(() =>
        side.keep(op.message, (side.messages[op.source] as { clone(): unknown }).clone())
      ),
    );
  },
  render: renderClone,
  labels: (op) => [renderClone(op)],
};
