/**
 * `tamper`: mutates what the API handed out, then asks again ({@link tamperReturned}), so a
 * candidate that gives user code its internal arrays shows it; one outcome.
 *
 * {@link tamperReturned} is embedded in counterexample snippets with `Function.prototype.toString`
 * (see observe.ts): it refers to nothing outside itself but its arguments.
 *
 * @example
 * ```ts
 * import { renderOp } from "../world.ts";
 * renderOp({ op: "tamper", target: 0, what: "spread pairs" });
 * // 'tamperReturned(h[0], "spread pairs")'
 * ```
 *
 * @module
 */
import fc from "fast-check";
import { objectRef } from "../base/arguments.ts";
import { attempt } from "../base/observe.ts";
import type { OperationKind } from "../base/kind.ts";

/**
 * What the API hands out that a `tamper` step mutates before it looks again
 * ({@link tamperReturned}): the array getSetCookie() returns, an iterator result object and its
 * `value` pair, the pairs a spread of the Headers yields.
 */
export type Tamper = "getSetCookie array" | "iterator result" | "spread pairs";

/** Tampers with what `h[target]` hands out. */
export type TamperOp = { op: "tamper"; target: number; what: Tamper };

/** What a tamper step mutates, equally likely. */
const tamperWhat: fc.Arbitrary<Tamper> = fc.constantFrom(
  "getSetCookie array",
  "iterator result",
  "spread pairs",
);

/** A tamper step (as a campaign step and inside a batch). */
export const tamperOp: fc.Arbitrary<TamperOp> = fc.record({
  op: fc.constant("tamper" as const),
  target: objectRef,
  what: tamperWhat,
});

/** Tampering with a returned value: see the module doc. */
export const tamper: OperationKind<TamperOp> = {
  resolve(op, reference) {
    const count = reference.objects.length;
    return count === 0 ? null : { ...op, target: op.target % count };
  },
  perform(side, op, outcomes) {
    outcomes.push(attempt(() => tamperReturned(side.objects[op.target], op.what)));
  },
  render: (op) => renderTamper(op),
  labels: (op) => [renderTamper(op)],
};

/** The JavaScript of a resolved tamper step. */
function renderTamper(op: TamperOp): string {
  return `tamperReturned(h[${op.target}], ${JSON.stringify(op.what)})`;
}

/**
 * Mutates what the API just handed out, then asks again, so a candidate that gives user code its
 * internal arrays shows it: "getSetCookie array" pushes, reorders and overwrites the returned
 * array; "iterator result" overwrites `done` and `value` of a `next()` result and the pair inside
 * it; "spread pairs" overwrites the pairs a spread yields. Returns what was handed out (copied
 * before the mutation) and what a second request returns.
 */
export function tamperReturned(headers: unknown, what: string): unknown[] {
  const h = headers as {
    getSetCookie(): unknown[];
    entries(): { next(): { done: unknown; value: unknown } };
    [Symbol.iterator](): Iterator<unknown>;
  };
  const copy = (value: unknown) => (Array.isArray(value) ? value.slice() : value);
  if (what === "getSetCookie array") {
    const first = h.getSetCookie();
    const before = copy(first);
    first.push("tampered=1");
    first.reverse();
    first[0] = "tampered=2";
    return [before, h.getSetCookie()];
  }
  if (what === "iterator result") {
    const result = h.entries().next();
    const before = [result.done, copy(result.value)];
    if (Array.isArray(result.value)) {
      result.value[0] = "tampered";
      result.value[1] = "tampered";
      result.value.push("tampered");
    }
    result.done = "tampered";
    result.value = "tampered";
    const again = h.entries().next();
    return [before, [again.done, again.value]];
  }
  const pairs = [...(h as Iterable<unknown>)];
  const before = pairs.map(copy);
  for (const pair of pairs) {
    if (Array.isArray(pair)) {
      pair[0] = "tampered";
      pair.length = 1;
    }
  }
  return [before, [...(h as Iterable<unknown>)]];
}
