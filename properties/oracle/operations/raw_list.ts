/**
 * `rawList`: `headersFromRawList(list, guard)` with a valid raw list (as a server's parser hands
 * it over) into the next object slot, then its first operation aimed at the new object (a call,
 * an iterator, forEach, a copy or freeze: an implementation that materializes the list lazily
 * does it there); one outcome for the construction, then the first operation's.
 *
 * Also the second property's raw lists: {@link invalidRawList} breaks the contract and
 * {@link invalidRawFollowUp} reads it; {@link rejectedInvalidRawList} judges the outcomes (it is
 * embedded in counterexample snippets with `Function.prototype.toString`, see observe.ts, and
 * refers to nothing outside itself but its argument).
 *
 * @example
 * ```ts
 * import { renderOp } from "../world.ts";
 * renderOp({ op: "rawList", slot: 0, flat: ["a", "1"], guard: "none", first: null });
 * // 'h[0] = subject.fromRaw(["a","1"], "none")'
 * ```
 *
 * @module
 */
import fc from "fast-check";
import type { Guard } from "../base/arguments.ts";
import {
  guard,
  headerName,
  headerValue,
  INVALID_NAMES,
  MAX_OBJECTS,
  validName,
  validValue,
} from "../base/arguments.ts";
import { callOp } from "./call.ts";
import { rawListCopyOp } from "./copy.ts";
import { forEachOp } from "./for_each.ts";
import { freezeOp } from "./freeze.ts";
import { iterOpenOp } from "./iterator.ts";
import type { Outcome } from "../base/observe.ts";
import { attempt } from "../base/observe.ts";
import type { CallOp } from "./call.ts";
import type { CopyOp } from "./copy.ts";
import type { ForEachOp } from "./for_each.ts";
import type { FreezeOp } from "./freeze.ts";
import type { IterNextOp, IterOpenOp } from "./iterator.ts";
import type { OperationKind, Side } from "../base/kind.ts";

/** The steps that can come first on a raw list (see {@link rawListOp}). */
export type RawListFirst = CallOp | IterOpenOp | ForEachOp | CopyOp | FreezeOp;

/** Makes `h[slot]` from raw list `flat` with `guard`, then runs `first` on it. */
export type RawListOp = {
  op: "rawList";
  slot: number;
  flat: string[];
  guard: Guard;
  first: RawListFirst | null;
};

/** A raw list as a server's parser hands it over: valid names (any casing) and valid values. */
export const validRawList: fc.Arbitrary<string[]> = fc.array(fc.tuple(validName, validValue), {
  maxLength: 6,
}).map((pairs) => pairs.flat());

/**
 * Raw lists that break the contract, weights out of 100: odd length 20, an invalid name 30, a
 * value with edge whitespace 20, a value with NUL/CR/LF 15, a value with a code unit above 0xFF
 * (no byte sequence) 10, a name or value that is not a string 5. The bad pair sits at a random
 * position among valid ones.
 */
export const invalidRawList: fc.Arbitrary<string[]> = fc.tuple(
  validRawList,
  fc.oneof(
    { weight: 20, arbitrary: fc.constant(["odd"]) },
    {
      weight: 30,
      arbitrary: fc.tuple(fc.constantFrom(...INVALID_NAMES), validValue).map((p) => [...p]),
    },
    {
      weight: 20,
      arbitrary: fc.tuple(validName, fc.constantFrom(" a", "a\t", "\n", " ")).map((p) => [...p]),
    },
    {
      weight: 10,
      arbitrary: fc.tuple(validName, fc.constantFrom("\u0100", "a\u20acb", "\ud800")).map((
        p,
      ) => [...p]),
    },
    {
      weight: 15,
      arbitrary: fc.tuple(validName, fc.constantFrom("a\u0000", "a\rb", "a\nb")).map((p) => [...p]),
    },
    {
      weight: 5,
      arbitrary: fc.constantFrom<unknown[]>([null, "a"], ["a", 1]).map((p) => p as string[]),
    },
  ),
  fc.nat(),
).map(([valid, bad, at]) => {
  const position = 2 * (at % (valid.length / 2 + 1));
  return [...valid.slice(0, position), ...bad, ...valid.slice(position)];
});

/** The first operation on a lazily materialized raw list (target filled in when it runs). */
const firstOp: fc.Arbitrary<RawListFirst> = fc.oneof(
  { weight: 60, arbitrary: callOp as fc.Arbitrary<RawListFirst> },
  { weight: 10, arbitrary: iterOpenOp(fc.constant(0)) },
  { weight: 10, arbitrary: forEachOp(fc.constant(0), 2) },
  { weight: 10, arbitrary: rawListCopyOp },
  { weight: 10, arbitrary: freezeOp(fc.constant(0)) },
);

/** A rawList step: a first operation after it 7 in 8. */
export const rawListOp: fc.Arbitrary<RawListOp> = fc.record({
  op: fc.constant("rawList" as const),
  slot: fc.constant(0),
  flat: validRawList,
  guard,
  first: fc.option(firstOp, { freq: 8 }),
});

/** A step that follows an invalid raw list (see {@link invalidRawFollowUp}). */
type FollowUp = CallOp | IterOpenOp | IterNextOp | ForEachOp;

/**
 * What follows an invalid raw list: 0-2 appends, then calls that must read the list: get or has
 * (with a valid name), getSetCookie, an iterator's first `next()`, or forEach.
 */
export const invalidRawFollowUp: fc.Arbitrary<FollowUp[]> = fc.tuple(
  fc.array(
    fc.record({
      op: fc.constant("append" as const),
      target: fc.constant(0),
      args: fc.tuple(headerName, headerValue),
    }),
    { maxLength: 2 },
  ),
  fc.oneof(
    fc.record({
      op: fc.constantFrom("get" as const, "has" as const),
      target: fc.constant(0),
      args: fc.tuple(validName),
    }).map((call): FollowUp[] => [call]),
    fc.constant<FollowUp[]>([{ op: "getSetCookie", target: 0, args: [] }]),
    fc.constant<FollowUp[]>([
      { op: "iterOpen", slot: 0, target: 0, kind: "entries" },
      { op: "iterNext", iterator: 0 },
    ]),
    fc.constant<FollowUp[]>([{ op: "forEach", target: 0, mutations: [] }]),
  ),
).map(([appends, reading]) => [...appends, ...reading]);

/** A raw list, then its first operation: see the module doc. */
export const rawList: OperationKind<RawListOp, RawListFirst> = {
  resolve(op, reference) {
    const slot = reference.nextSlot();
    if (op.first === null) return { ...op, slot };
    const first = retarget(op.first, slot, reference);
    return { ...op, slot, first };
  },
  perform(side, op, outcomes, any) {
    const fromRaw = side.subject.fromRaw!;
    const flat = [...op.flat];
    outcomes.push(attempt(() => side.place(op.slot, fromRaw(flat, op.guard))));
    if (op.first !== null) any.perform(side, op.first, outcomes);
  },
  render: (op) => renderRawList(op),
  labels: (op, any) =>
    op.first === null ? [renderRawList(op)] : [renderRawList(op), ...any.labels(op.first)],
};

/**
 * `first` aimed at `slot` (the raw list just made) of `reference`, the mutations of a forEach
 * too; a copy goes to the object slot after it, an iterator to the next iterator slot.
 */
function retarget(first: RawListFirst, slot: number, reference: Side): RawListFirst {
  const count = Math.max(reference.objects.length, slot + 1);
  switch (first.op) {
    case "iterOpen":
      return { ...first, slot: reference.nextIteratorSlot(), target: slot };
    case "copy": {
      const copySlot = count < MAX_OBJECTS ? count : (reference.made + 1) % MAX_OBJECTS;
      return { ...first, source: slot, slot: copySlot };
    }
    case "forEach":
      return {
        ...first,
        target: slot,
        mutations: first.mutations.map((m) => ({ ...m, target: slot })),
      };
    default:
      return { ...first, target: slot } as RawListFirst;
  }
}

/** The JavaScript of a resolved rawList step (without its first operation). */
function renderRawList(op: RawListOp): string {
  return `h[${op.slot}] = subject.fromRaw(${JSON.stringify(op.flat)}, ${JSON.stringify(op.guard)})`;
}

/**
 * Whether the outcomes of an invalid raw list (construction first, then calls ending with one that
 * reads the list) show it rejected as the contract requires: the first thing that threw threw a
 * TypeError, and something threw.
 */
export function rejectedInvalidRawList(outcomes: readonly Outcome[]): boolean {
  for (const outcome of outcomes) {
    if ("threw" in outcome) return outcome.threw === "TypeError";
  }
  return false;
}
