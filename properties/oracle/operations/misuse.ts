/**
 * Calls that misuse the API and must throw a TypeError, one outcome each: `brand` calls a Headers
 * method (or the iterator's `next`) with a plain object as `this`; `misuse` calls forEach without
 * a callable, `headersWithGuard` with an unknown guard or profile, `headersFromRawList` with a raw
 * list that is not an array, `freezeHeaders` on a plain object.
 *
 * @example
 * ```ts
 * import { renderOp } from "../world.ts";
 * renderOp({ op: "brand", method: "get", args: ["a"] });
 * // 'subject.Headers.prototype.get.call({}, "a")'
 * ```
 *
 * @module
 */
import fc from "fast-check";
import type { Arg } from "../base/arguments.ts";
import { argValue, objectRef, renderArg } from "../base/arguments.ts";
import type { Subject } from "../base/observe.ts";
import { attempt } from "../base/observe.ts";
import type { OperationKind } from "../base/kind.ts";

/** Methods whose brand check the `brand` op exercises. */
export type BrandMethod =
  | "append"
  | "set"
  | "delete"
  | "get"
  | "has"
  | "getSetCookie"
  | "forEach"
  | "keys"
  | "values"
  | "entries"
  | "iterator.next";

/** Calls `method` with a plain object as `this` and `args`. */
export type BrandOp = { op: "brand"; method: BrandMethod; args: Arg[] };

/** Calls that misuse the API and must throw a TypeError (see {@link renderMisuse}). */
export type Misuse =
  | "forEach without callback"
  | "forEach with a non-callable"
  | "unknown guard"
  | "unknown profile"
  | "raw list not an array"
  | "freeze a plain object";

/** Makes the call `what` names (on `h[target]` for the forEach ones). */
export type MisuseOp = { op: "misuse"; what: Misuse; target: number };

/** The methods a brand step calls, equally likely. */
const brandMethod: fc.Arbitrary<BrandMethod> = fc.constantFrom(
  "append",
  "set",
  "delete",
  "get",
  "has",
  "getSetCookie",
  "forEach",
  "keys",
  "values",
  "entries",
  "iterator.next",
);

/** API misuse that must throw a TypeError. */
const misuseWhat: fc.Arbitrary<Misuse> = fc.constantFrom(
  "forEach without callback",
  "forEach with a non-callable",
  "unknown guard",
  "unknown profile",
  "raw list not an array",
  "freeze a plain object",
);

/** A misuse step. */
export const misuseOp: fc.Arbitrary<MisuseOp> = fc.record({
  op: fc.constant("misuse" as const),
  what: misuseWhat,
  target: objectRef,
});

/** A brand step, with no, one or two arguments. */
export const brandOp: fc.Arbitrary<BrandOp> = fc.record({
  op: fc.constant("brand" as const),
  method: brandMethod,
  args: fc.constantFrom<Arg[]>([], ["a"], ["a", "b"]),
});

/** Brand checks: see the module doc. */
export const brand: OperationKind<BrandOp> = {
  resolve: (op) => op,
  perform(side, op, outcomes) {
    outcomes.push(attempt(() => brandCall(side.subject, op.method, op.args.map(argValue))));
  },
  render: (op) => renderBrand(op),
  labels: (op) => [renderBrand(op)],
};

/** The brand-check call of `method` with a plain object as `this`. */
function brandCall(subject: Subject, method: string, args: unknown[]): unknown {
  if (method === "iterator.next") {
    const iterator = (new subject.Headers() as { entries(): object }).entries();
    const next = (Object.getPrototypeOf(iterator) as { next(): unknown }).next;
    return next.call({});
  }
  const proto = subject.Headers.prototype as Record<string, (...a: unknown[]) => unknown>;
  return proto[method].call({}, ...args);
}

/** The JavaScript of a brand step. */
function renderBrand(op: BrandOp): string {
  return op.method === "iterator.next"
    ? "Object.getPrototypeOf(new subject.Headers().entries()).next.call({})"
    : `subject.Headers.prototype.${op.method}.call({}${
      op.args.map((a) => ", " + renderArg(a)).join("")
    })`;
}

/** API misuse: see the module doc. */
export const misuse: OperationKind<MisuseOp> = {
  resolve(op, reference) {
    const count = reference.objects.length;
    return count === 0 ? null : { ...op, target: op.target % count };
  },
  perform(side, op, outcomes) {
    outcomes.push(attempt(() => misuseCall(side.subject, side.objects[op.target], op.what)));
  },
  render: (op) => renderMisuse(op.what, op.target),
  labels: (op) => [renderMisuse(op.what, op.target)],
};

/** The call a {@link Misuse} names (see {@link renderMisuse}). */
function misuseCall(subject: Subject, headers: unknown, what: Misuse): unknown {
  const api = subject.exports;
  switch (what) {
    case "forEach without callback":
      return (headers as { forEach(): unknown }).forEach();
    case "forEach with a non-callable":
      return (headers as { forEach(callback: unknown): unknown }).forEach(42);
    case "unknown guard":
      return api.headersWithGuard("frozen");
    case "unknown profile":
      return api.headersWithGuard("none", undefined, { profile: "browser" });
    case "raw list not an array":
      return api.headersFromRawList("a: b");
    case "freeze a plain object":
      return api.freezeHeaders({});
  }
}

/** The JavaScript call of a {@link Misuse} (on `h[target]` for the forEach ones). */
function renderMisuse(what: Misuse, target: number): string {
  switch (what) {
    case "forEach without callback":
      return `h[${target}].forEach()`;
    case "forEach with a non-callable":
      return `h[${target}].forEach(42)`;
    case "unknown guard":
      return 'subject.exports.headersWithGuard("frozen")';
    case "unknown profile":
      return 'subject.exports.headersWithGuard("none", undefined, { profile: "browser" })';
    case "raw list not an array":
      return 'subject.exports.headersFromRawList("a: b")';
    case "freeze a plain object":
      return "subject.exports.freezeHeaders({})";
  }
}
