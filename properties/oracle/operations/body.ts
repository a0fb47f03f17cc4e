/**
 * `body`: a live Request's or Response's body, read with `text()` (the read starts at once: the
 * body is disturbed before the promise settles; the promise's rejection, for a body used before,
 * is caught) or looked at through `bodyUsed`. Neither reads the headers: a lazy implementation
 * that derives its Content-Type from the body must keep it when the body goes first. One outcome:
 * `bodyUsed` afterwards.
 *
 * `unread` and `recent` pick the message as the read step does (read.ts): one whose headers were
 * never read when true, one read before when false; the newest such with `recent`.
 *
 * @example
 * ```ts
 * import { renderOp } from "../world.ts";
 * renderOp({ op: "body", message: 0, unread: true, recent: false, how: "text" });
 * // "(m[0].text().catch(() => {}), m[0].bodyUsed) /* m[0] unread *\/"
 * ```
 *
 * @module
 */
import fc from "fast-check";
import { objectRef } from "../base/arguments.ts";
import { attempt } from "../base/observe.ts";
import type { OperationKind } from "../base/kind.ts";

/** `m[message].text()` then its `bodyUsed`, or `bodyUsed` alone. */
export type BodyOp = {
  op: "body";
  message: number;
  unread: boolean;
  recent: boolean;
  how: "text" | "bodyUsed";
};

/** A body step: text() 2 in 3, on a never-read message half the time, the newest half the time. */
export const bodyOp: fc.Arbitrary<BodyOp> = fc.record({
  op: fc.constant("body" as const),
  message: objectRef,
  unread: fc.boolean(),
  recent: fc.boolean(),
  how: fc.oneof(
    { weight: 2, arbitrary: fc.constant("text" as const) },
    { weight: 1, arbitrary: fc.constant("bodyUsed" as const) },
  ),
});

/** The JavaScript of a resolved body step. */
function renderBody(op: BodyOp): string {
  const m = `m[${op.message}]`;
  const code = op.how === "text" ? `(${m}.text().catch(() => {}), ${m}.bodyUsed)` : `${m}.bodyUsed`;
  return op.unread ? `${code} /* ${m} unread */` : code;
}

/** The body steps: see the module doc. */
export const body: OperationKind<BodyOp> = {
  resolve(op, reference) {
    const picked = reference.messageRef(op.message, op.unread, op.recent);
    return picked === null ? null : { ...op, message: picked.slot, unread: picked.unread };
  },
  perform(side, op, outcomes) {
    const message = side.messages[op.message] as {
      text(): Promise<unknown>;
      readonly bodyUsed: unknown;
    };
    outcomes.push(attempt(() => {
      if (op.how === "text") message.text().catch(() => {});
      return message.bodyUsed;
    }));
  },
  render: renderBody,
  labels: (op) => [renderBody(op)],
};
