/**
 * `serialize`: `structuredClone` of a live Headers (`h[target]`) or a live Request or Response
 * (`m[target]`), at the top level or nested in an object's array. None of them is serializable, so
 * the standard throws a "DataCloneError" DOMException either way. A message is one whose headers
 * were never read half the time (`unread`, as read.ts picks it). One outcome:
 * {@link serializationOutcome}.
 *
 * @example
 * ```ts
 * import { renderOp } from "../world.ts";
 * renderOp({ op: "serialize", of: "headers", target: 0, nested: true, unread: false });
 * // "serializationOutcome(structuredClone, { nested: [h[0]] })"
 * ```
 *
 * @module
 */
import fc from "fast-check";
import { objectRef } from "../base/arguments.ts";
import { attempt } from "../base/observe.ts";
import type { OperationKind } from "../base/kind.ts";

/**
 * `structuredClone` of `h[target]` or `m[target]`, alone or as `{ nested: [value] }`; a message
 * never read if `unread`.
 */
export type SerializeOp = {
  op: "serialize";
  of: "headers" | "message";
  target: number;
  nested: boolean;
  unread: boolean;
};

/** A serialize step. */
export const serializeOp: fc.Arbitrary<SerializeOp> = fc.record({
  op: fc.constant("serialize" as const),
  of: fc.constantFrom("headers" as const, "message" as const),
  target: objectRef,
  nested: fc.boolean(),
  unread: fc.boolean(),
});

/**
 * What `clone(value)` does: `"serialized"`, or `["threw", constructor name, error name]` (a
 * DOMException is told apart by its `name`).
 */
export function serializationOutcome(clone: (value: unknown) => unknown, value: unknown): unknown {
  try {
    clone(value);
  } catch (error) {
    const ctor = (error as { constructor?: { name?: unknown } } | null)?.constructor;
    return ["threw", String(ctor?.name), String((error as { name?: unknown } | null)?.name)];
  }
  return "serialized";
}

/** The JavaScript of a resolved serialize step. */
function renderSerialize(op: SerializeOp): string {
  const value = `${op.of === "headers" ? "h" : "m"}[${op.target}]`;
  const code = `serializationOutcome(structuredClone, ${
    op.nested ? `{ nested: [${value}] }` : value
  })`;
  return op.of === "message" && op.unread ? `${code} /* ${value} unread */` : code;
}

/** The serialize steps: see the module doc. */
export const serialize: OperationKind<SerializeOp> = {
  resolve(op, reference) {
    if (op.of === "message") {
      const picked = reference.messageRef(op.target, op.unread);
      return picked === null ? null : { ...op, target: picked.slot, unread: picked.unread };
    }
    const count = reference.objects.length;
    return count === 0 ? null : { ...op, target: op.target % count, unread: false };
  },
  perform(side, op, outcomes) {
    const clone = side.subject.fetch!.structuredClone!;
    const target = (op.of === "headers" ? side.objects : side.messages)[op.target];
    outcomes.push(
      attempt(() => serializationOutcome(clone, op.nested ? { nested: [target] } : target)),
    );
  },
  render: renderSerialize,
  labels: (op) => [renderSerialize(op)],
};
