/**
 * The copies: `copy` makes a new object from a live one (`new Headers(h)` or
 * `headersWithGuard(g, h)`), half the time while user code wraps the iterator prototype's `next`
 * ({@link withWrappedIteratorNext}), and, independently, half the time while it wraps the pair
 * arrays' iterator `next` (the same, "pairs"), and a third of the time while it wraps the pair
 * arrays' `@@iterator` ("pairs-iterator") or reads their iterator's `next` through a getter that
 * returns the original, having appended to the source on its first read ("pairs-getter"); then
 * may mutate the source or the copy (a copy-on-write fast path must keep them apart);
 * `copyChain` makes 2-8 copies in a row. Each copy goes into the next object slot; one outcome
 * per copy step, and the mutation's after it.
 *
 * {@link withWrappedIteratorNext} is embedded in counterexample snippets with
 * `Function.prototype.toString` (see observe.ts): it refers to nothing outside itself but its
 * arguments.
 *
 * @example
 * ```ts
 * import { renderOp } from "../world.ts";
 * renderOp({ op: "copyChain", slot: 1, source: 0, links: ["constructor", "response"] });
 * // 'h[1] = make("response", new subject.Headers(h[0]))'
 * ```
 *
 * @module
 */
import fc from "fast-check";
import type { Guard } from "../base/arguments.ts";
import { objectRef } from "../base/arguments.ts";
import type { CallOp } from "./call.ts";
import { mutationOp } from "./call.ts";
import { attempt } from "../base/observe.ts";
import type { OperationKind } from "../base/kind.ts";

/**
 * Copies `h[source]` into slot `slot` through the constructor or a guard, its iterator `next`
 * wrapped by user code when `wrapNext`, then runs `then` on the source or the copy: as `mutates`
 * says, set by resolution; in a generated step (without it), on the source when `then`'s target is
 * even, on the copy when odd.
 */
export type CopyOp = {
  op: "copy";
  slot: number;
  source: number;
  via: Guard | "constructor";
  wrapNext: boolean;
  /** `%ArrayIteratorPrototype%.next` wrapped too; absent in steps recorded before it. */
  wrapPairsNext?: boolean;
  /** The pair arrays' `@@iterator` wrapped, or their `next` read by a getter; or absent. */
  pairsTamper?: PairsTamper;
  then: CallOp | null;
  /**
   * Which object `then` runs on, recorded when the step is resolved: `then`'s target is then that
   * object's slot, whose parity says nothing, and a resolved step must resolve to itself (a
   * replay, a snippet's expected trace and the shrinking run resolved steps again).
   */
  mutates?: "source" | "copy";
};

/** A tamper of {@link withWrappedIteratorNext} on the pair arrays beside wrapping their `next`. */
export type PairsTamper = "pairs-iterator" | "pairs-getter";

/** Copies `h[source]` through each of `links` in turn, into slot `slot`. */
export type CopyChainOp = {
  op: "copyChain";
  slot: number;
  source: number;
  links: (Guard | "constructor")[];
};

/** How a copy is made: the constructor 2 in 7, each guard 1 in 7. */
const copyVia: fc.Arbitrary<Guard | "constructor"> = fc.constantFrom(
  "constructor",
  "constructor",
  "none",
  "request",
  "request-no-cors",
  "response",
  "immutable",
);

/**
 * A copy step: its iterator's `next` wrapped half the time, the pair arrays' iterator `next` half
 * the time, a {@link PairsTamper} a third of the time, no mutation after it 1 in 4.
 */
export const copyOp: fc.Arbitrary<CopyOp> = fc.record({
  op: fc.constant("copy" as const),
  slot: fc.constant(0),
  source: objectRef,
  via: copyVia,
  wrapNext: fc.boolean(),
  wrapPairsNext: fc.boolean(),
  pairsTamper: fc.constantFrom<PairsTamper | null>(
    null,
    null,
    null,
    null,
    "pairs-iterator",
    "pairs-getter",
  ),
  then: fc.option(mutationOp, { freq: 4 }),
}).map(({ pairsTamper, ...op }) => pairsTamper === null ? op : { ...op, pairsTamper });

/**
 * A copy as the first operation on a raw list (raw_list.ts): of the list just made, by the
 * constructor, a request guard or none, with nothing wrapped and nothing after.
 */
export const rawListCopyOp: fc.Arbitrary<CopyOp> = fc.record({
  op: fc.constant("copy" as const),
  slot: fc.constant(0),
  source: fc.constant(0),
  via: fc.constantFrom<Guard | "constructor">("constructor", "request", "none"),
  wrapNext: fc.constant(false),
  then: fc.constant(null),
});

/** A chain of 2-8 copies. */
export const copyChainOp: fc.Arbitrary<CopyChainOp> = fc.record({
  op: fc.constant("copyChain" as const),
  slot: fc.constant(0),
  source: objectRef,
  links: fc.array(copyVia, { minLength: 2, maxLength: 8 }),
});

/** A copy, then a mutation: see the module doc. */
export const copy: OperationKind<CopyOp, CallOp> = {
  resolve(op, reference) {
    const count = reference.objects.length;
    if (count === 0) return null;
    const slot = reference.nextSlot();
    const source = op.source % count;
    if (op.then === null) return { ...op, slot, source };
    const mutates = op.mutates ?? (op.then.target % 2 === 0 ? "source" : "copy");
    const then = { ...op.then, target: mutates === "source" ? source : slot };
    return { ...op, slot, source, then, mutates };
  },
  perform(side, op, outcomes, any) {
    const subject = side.subject;
    const source = side.objects[op.source];
    const make = () =>
      op.via === "constructor" ? new subject.Headers(source) : subject.make(op.via, source, true);
    const wrapped = op.wrapNext ? () => withWrappedIteratorNext(source, make) : make;
    // A getter of the pair arrays' `next` is installed inside their wrapped `next`, and reads it.
    const tampered = op.pairsTamper === undefined
      ? wrapped
      : () => withWrappedIteratorNext(source, wrapped, op.pairsTamper);
    const run = op.wrapPairsNext
      ? () => withWrappedIteratorNext(source, tampered, "pairs")
      : tampered;
    outcomes.push(attempt(() => side.place(op.slot, run())));
    if (op.then !== null) any.perform(side, op.then, outcomes);
  },
  render: (op) => renderCopy(op),
  labels: (op, any) =>
    op.then === null ? [renderCopy(op)] : [renderCopy(op), ...any.labels(op.then)],
};

/** The JavaScript of a resolved copy step (without its mutation). */
function renderCopy(op: CopyOp): string {
  const make = op.via === "constructor"
    ? `new subject.Headers(h[${op.source}])`
    : `make(${JSON.stringify(op.via)}, h[${op.source}])`;
  const wrapped = op.wrapNext ? `withWrappedIteratorNext(h[${op.source}], () => ${make})` : make;
  const tampered = op.pairsTamper === undefined
    ? wrapped
    : `withWrappedIteratorNext(h[${op.source}], () => ${wrapped}, ${
      JSON.stringify(op.pairsTamper)
    })`;
  return `h[${op.slot}] = ${
    op.wrapPairsNext
      ? `withWrappedIteratorNext(h[${op.source}], () => ${tampered}, "pairs")`
      : tampered
  }`;
}

/** A chain of copies: see the module doc. */
export const copyChain: OperationKind<CopyChainOp> = {
  resolve(op, reference) {
    const count = reference.objects.length;
    return count === 0 ? null : { ...op, slot: reference.nextSlot(), source: op.source % count };
  },
  perform(side, op, outcomes) {
    const subject = side.subject;
    outcomes.push(attempt(() => {
      let headers = side.objects[op.source];
      for (const via of op.links) {
        headers = via === "constructor"
          ? new subject.Headers(headers)
          : subject.make(via, headers, true);
      }
      return side.place(op.slot, headers);
    }));
  },
  render: (op) => renderCopyChain(op),
  labels: (op) => [renderCopyChain(op)],
};

/** The JavaScript of a resolved copyChain step. */
function renderCopyChain(op: CopyChainOp): string {
  return `h[${op.slot}] = ` +
    op.links.reduce(
      (inner, via) =>
        via === "constructor"
          ? `new subject.Headers(${inner})`
          : `make(${JSON.stringify(via)}, ${inner})`,
      `h[${op.source}]`,
    );
}

/**
 * Runs `make` while the iterator prototype of `headers`' side (with `of` "pairs", the array
 * iterator prototype, whose `next` converting each `[name, value]` pair of a Headers init calls)
 * has its `next` replaced by a wrapper that calls the original: user code that a copy-on-write
 * fast path must notice (the copy has to iterate for real), yet with the same result. With
 * "pairs-iterator", `Array.prototype[@@iterator]` is wrapped the same way; with "pairs-getter",
 * the array iterator prototype's `next` is read through a getter that returns the original, and
 * appends a header to `headers` on its first read (an error of that append is dropped).
 */
export function withWrappedIteratorNext(
  headers: unknown,
  make: () => unknown,
  of: "headers" | "pairs" | "pairs-iterator" | "pairs-getter" = "headers",
): unknown {
  const proto = of === "pairs-iterator" ? Array.prototype : Object.getPrototypeOf(
    of === "headers" ? (headers as { entries(): object }).entries() : [][Symbol.iterator](),
  );
  const key = of === "pairs-iterator" ? Symbol.iterator : "next";
  const descriptor = Object.getOwnPropertyDescriptor(proto, key) as PropertyDescriptor;
  const original = descriptor.value;
  // The wrapper calls the original as a method under a symbol, not through
  // Function.prototype.call: a tampered realm patches `call`, and JavaScriptCore's tail call
  // would leave no frame of the wrapper, so the candidate would seem to be calling it.
  const originalNext = Symbol("next before wrapping");
  Object.defineProperty(proto, originalNext, { value: original, configurable: true });
  let appended = false;
  Object.defineProperty(
    proto,
    key,
    of === "pairs-getter"
      ? {
        configurable: true,
        get() {
          if (!appended) {
            appended = true;
            try {
              (headers as { append(name: string, value: string): void }).append("x-read", "1");
            } catch {
              // An immutable or guarded source: the getter reads on, as user code may.
            }
          }
          return original;
        },
      }
      : {
        ...descriptor,
        value: function next(this: Record<symbol, () => unknown>) {
          return this[originalNext]();
        },
      },
  );
  try {
    return make();
  } finally {
    Object.defineProperty(proto, key, descriptor);
    delete proto[originalNext];
  }
}
