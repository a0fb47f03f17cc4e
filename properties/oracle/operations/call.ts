/**
 * The method calls: `append`, `set`, `delete`, `get`, `has` and `getSetCookie` on a live object,
 * with WebIDL edge arguments (non-strings, missing arguments); one outcome, the call's. A
 * {@link CallOp} is also what forEach callbacks and copies run as their mutation.
 *
 * @example
 * ```ts
 * import { renderCall } from "./call.ts";
 * renderCall({ op: "append", target: 0, args: ["Accept", " text/plain"] });
 * // 'h[0].append("Accept", " text/plain")'
 * ```
 *
 * @module
 */
import fc from "fast-check";
import type { Arg } from "../base/arguments.ts";
import {
  argValue,
  headerName,
  headerValue,
  nameArg,
  nameValueArgs,
  objectRef,
  renderArg,
  withArity,
} from "../base/arguments.ts";
import { attempt } from "../base/observe.ts";
import type { OperationKind } from "../base/kind.ts";

/** A Headers method called with `args` (fewer than its arity is allowed: WebIDL must throw). */
export type CallOp = {
  op: "append" | "set" | "delete" | "get" | "has" | "getSetCookie";
  target: number;
  args: Arg[];
};

/** One method call on a live object (targets resolved when it runs). */
export const callOp: fc.Arbitrary<CallOp> = fc.oneof(
  {
    weight: 30,
    arbitrary: fc.record({
      op: fc.constant("append" as const),
      target: objectRef,
      args: withArity(nameValueArgs),
    }),
  },
  {
    weight: 22,
    arbitrary: fc.record({
      op: fc.constant("set" as const),
      target: objectRef,
      args: withArity(nameValueArgs),
    }),
  },
  {
    weight: 20,
    arbitrary: fc.record({
      op: fc.constant("delete" as const),
      target: objectRef,
      args: withArity(fc.tuple(nameArg)),
    }),
  },
  {
    weight: 14,
    arbitrary: fc.record({
      op: fc.constant("get" as const),
      target: objectRef,
      args: withArity(fc.tuple(nameArg)),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      op: fc.constant("has" as const),
      target: objectRef,
      args: withArity(fc.tuple(nameArg)),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant("getSetCookie" as const),
      target: objectRef,
      args: fc.constant<Arg[]>([]),
    }),
  },
);

/** A mutation (append 45, set 30, delete 25), for forEach callbacks and copies. */
export const mutationOp: fc.Arbitrary<CallOp> = fc.oneof(
  {
    weight: 45,
    arbitrary: fc.record({
      op: fc.constant("append" as const),
      target: objectRef,
      args: fc.tuple(headerName, headerValue),
    }),
  },
  {
    weight: 30,
    arbitrary: fc.record({
      op: fc.constant("set" as const),
      target: objectRef,
      args: fc.tuple(headerName, headerValue),
    }),
  },
  {
    weight: 25,
    arbitrary: fc.record({
      op: fc.constant("delete" as const),
      target: objectRef,
      args: fc.tuple(headerName),
    }),
  },
);

/** The method calls: see the module doc. */
export const call: OperationKind<CallOp> = {
  resolve(op, reference) {
    const count = reference.objects.length;
    return count === 0 ? null : resolveCall(op, count);
  },
  perform(side, op, outcomes) {
    outcomes.push(attempt(() => callOn(side.objects, op)));
  },
  render: (op) => renderCall(op),
  labels: (op) => [renderCall(op)],
};

/** `call` with its target resolved against `count` (at least one) live objects. */
export function resolveCall(call: CallOp, count: number): CallOp {
  return { ...call, target: call.target % count };
}

/** Calls a Headers method on `objects[call.target]`. */
export function callOn(objects: readonly unknown[], op: CallOp): unknown {
  const headers = objects[op.target] as Record<string, (...args: unknown[]) => unknown>;
  return headers[op.op](...op.args.map(argValue));
}

/** The JavaScript call of a resolved {@link CallOp} on `h[target]`. */
export function renderCall(call: CallOp, receiver = `h[${call.target}]`): string {
  return `${receiver}.${call.op}(${call.args.map(renderArg).join(", ")})`;
}
