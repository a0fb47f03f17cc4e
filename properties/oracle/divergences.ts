/**
 * How the answer stage's executor (world.ts) applies known divergence classes: what a class
 * declares to recognize a difference ({@link DivergenceClass}), whether a class covers a step
 * ({@link coversStep}), and which class in force explains a difference ({@link explainedBy}).
 * The classes themselves are in properties/classes/ (documented in
 * properties/NATIVE_DIVERGENCES.md); the campaign passes the ones in force (`--known-divergences`)
 * to the executor, and a run goes on past a difference one of them recognizes from the step and
 * both outcomes; `--exclude-known` (opt-in) also stops generating the operations a class covers.
 *
 * @example
 * ```ts
 * import { coversStep } from "./divergences.ts";
 * import type { DivergenceClass } from "./divergences.ts";
 * const shape: DivergenceClass = {
 *   name: "example",
 *   runtimes: [],
 *   summary: "",
 *   covers: (op) => op.op === "shape",
 * };
 * coversStep(shape, { op: "shape" } as never); // true
 * ```
 *
 * @module
 */
import type { Guard, Init, Op } from "./ops.ts";
import type { Encoded, Outcome } from "./base/observe.ts";

/**
 * One outcome of a step that came out differently on the two sides (world.ts): the resolved step,
 * what was looked at, and both outcomes. `observation` is false for the step's own outcomes (its
 * calls' results, an init's read log) and true for what is looked at after every step (the
 * iteration, own keys and header list of each object, one `next()` of each iterator).
 */
export interface Difference {
  /** The resolved step; for an outcome of a call inside a batch step, that call. */
  step: Op;
  /** What was looked at (its label). */
  label: string;
  /** Whether it was an observation after the step rather than one of the step's outcomes. */
  observation: boolean;
  /** The candidate's outcome. */
  candidate: Outcome | undefined;
  /** The reference's outcome. */
  reference: Outcome | undefined;
  /**
   * The reference's pairs now, of each object the outcome is about (for an iterator, the object
   * it was opened on); absent where not known.
   */
  lists?: () => unknown[];
  /**
   * The resolved steps that made the objects and messages the outcome is about (each followed by
   * the body steps that read a message's body since), then those of what they were made from (a
   * read's message, a clone's source, a Request's input message); absent where not known.
   */
  made?: () => readonly Op[];
  /**
   * The reference's objects and messages the outcome is about (for an iterator, the object it
   * was opened on), as they are: a class reads what the outcomes do not show (a guard, how a
   * message was made); absent where not known.
   */
  objects?: () => unknown[];
}

/**
 * What a run does after a step whose differences a class explains (world.ts): "go on", the class
 * changes only what the explained outcomes show, so both sides still hold the same objects and
 * every object stays compared; "fork", the objects and iterators that step touched (the slots its
 * labels and its differing outcomes name) are no longer compared, nor any step that uses them,
 * for the rest of the run. Either way a run whose two sides no longer hold as many objects,
 * iterators or messages compares nothing more.
 */
export type AfterExplained = "go on" | "fork";

/** A known divergence: which differences it explains, and where it was seen. */
export interface DivergenceClass {
  /** The class name used by `--known-divergences`. */
  name: string;
  /** The runtimes it was seen in. */
  runtimes: readonly string[];
  /** One line: what the runtime does differently. */
  summary: string;
  /**
   * Whether `op` (unresolved, as generated) may run into this divergence: the operations the
   * opt-in `--exclude-known` stops generating.
   */
  covers(op: Op): boolean;
  /**
   * Whether this class explains `difference`, from the step and both outcomes: what the run does
   * after the step, or null when it does not. Absent: a class whose operations are narrow enough
   * that any difference of a step it {@link covers}, or on an object such a step made or touched,
   * is its, after which those objects are forked ({@link explainedBy}).
   */
  explains?(difference: Difference): AfterExplained | null;
  /**
   * For a class whose divergence rewrites what an outcome shows (an order, a separator): the
   * outcome `value` of `side` rewritten so that the class's divergence no longer shows. When no
   * class explains a difference alone, the rewrites of every class in force are applied together
   * ({@link explainedBy}): two such divergences in one outcome are explained by both.
   */
  rewrite?(value: unknown, side: "candidate" | "reference", difference: Difference): unknown;
  /**
   * The step never returns (a hang): a run cannot go on past it, so while the class is in force
   * the operations it {@link covers} are not generated, the one exclusion by generation that is
   * not opt-in (its share is printed).
   */
  hangs?: true;
  /**
   * What the class makes wrong for every object of the runtime, switched off while the class is
   * in force: "own keys", the own keys of objects and iterators observed after every step;
   * "tampered realm", the tampered-realm property (tampered_realm.ts).
   */
  silences?: "own keys" | "tampered realm";
}

/** The value of an outcome that returned, or undefined when it threw or is missing. */
function okOf(outcome: Outcome | undefined): unknown {
  return outcome !== undefined && "ok" in outcome ? outcome.ok : undefined;
}

/**
 * Whether `c` covers `step`: the step itself, for a batch any call inside it, for a Request or
 * Response step the construction from its init's headers member under the guards it may fill
 * with.
 */
export function coversStep(c: DivergenceClass, step: Op): boolean {
  if (c.covers(step)) return true;
  if (step.op === "batch") return step.ops.some((inner) => c.covers(inner));
  if (step.op !== "request" && step.op !== "response") return false;
  const guards: Guard[] = step.op === "request"
    ? ["none", "request", "request-no-cors"]
    : ["none", "response"];
  return (step.init?.members ?? []).some(([key, value]) =>
    key === "headers" &&
    guards.some((guard) =>
      c.covers({ op: "construct", slot: 0, guard, init: (value as { headers: Init }).headers })
    )
  );
}

/**
 * The first class of `known` that explains `difference`, with what the run does after it; null
 * when none does. `tainted` says whether an object the difference is about was made or touched by
 * a step a class without a recognizer of its own covers (world.ts keeps that).
 */
export function explainedBy(
  difference: Difference,
  known: readonly DivergenceClass[],
  tainted: (c: DivergenceClass) => boolean,
): { names: string[]; after: AfterExplained } | null {
  for (const c of known) {
    if (c.silences !== undefined && !c.covers(difference.step)) continue;
    const after = c.explains === undefined
      ? coversStep(c, difference.step) || tainted(c) ? "fork" : null
      : c.explains(difference);
    if (after !== null) return { names: [c.name], after };
  }
  const [candidate, reference] = [okOf(difference.candidate), okOf(difference.reference)];
  if (candidate === undefined || reference === undefined) return null;
  let [c, r]: unknown[] = [candidate, reference];
  const names: string[] = [];
  // Each rewrite may expose what another rewrites ("a; " is a trailing ", " once cookie's
  // separator is rewritten): passes until none changes anything.
  for (let pass = 0, changed = true; changed && pass < 4; pass++) {
    changed = false;
    for (const k of known) {
      if (k.rewrite === undefined) continue;
      const [c2, r2] = [
        k.rewrite(c, "candidate", difference),
        k.rewrite(r, "reference", difference),
      ];
      if (JSON.stringify([c2, r2]) === JSON.stringify([c, r])) continue;
      if (!names.includes(k.name)) names.push(k.name);
      [c, r] = [c2, r2];
      changed = true;
    }
  }
  // Rewritten together, the outcomes are equal: every class that rewrote one explains it, and
  // the objects it is about are forked (what one class's state change does to another's is not
  // modelled).
  if (names.length > 1 && JSON.stringify(c) === JSON.stringify(r)) return { names, after: "fork" };
  if (names.length === 0 || JSON.stringify(c) === JSON.stringify(r)) return null;
  // What the rewrites leave, one class of those that recognize a difference explains: both
  // divergences are in the outcome (a body's Content-Type rewritten, and pairs of hidden record
  // keys the other class recognizes), and the objects are forked.
  const rest: Difference = {
    ...difference,
    candidate: { ok: c as Encoded },
    reference: { ok: r as Encoded },
  };
  for (const k of known) {
    if (k.explains === undefined || names.includes(k.name) || k.silences !== undefined) continue;
    if (k.explains(rest) !== null) return { names: [...names, k.name], after: "fork" };
  }
  return null;
}
