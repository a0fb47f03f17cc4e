/**
 * The mapping between the TLA+ models and real Headers modules: the objects, iterators, names
 * and value atoms of the trace and simulation models, and the real strings they stand for.
 *
 * Model names are the real header names. The value atoms: "s" is the real value "s", "l" is "l"
 * repeated 126 times, "e" is the empty value; a combined value is a sequence of atoms joined by
 * ", " ("l, s" is <<"l", "s">>), and the pseudo-atom "cut" stands for a ", " whose space the
 * value normalization of a copy trimmed ("s," is <<"s", "cut">>). A real name or value outside
 * the mapping is kept as itself, so TLC rejects it.
 *
 * @example
 * ```ts
 * import { atomsOf, realValue } from "./mapping.ts";
 *
 * console.log(atomsOf(`${realValue("l")}, s`)); // ["l", "s"]
 * console.log(atomsOf("s,")); // ["s", "cut"]
 * ```
 *
 * @module
 */

import { errorName } from "../properties/oracle/observe.ts";
import type { HeadersGuard } from "../spec/contract.ts";

/** The Headers objects of the trace and simulation models. */
export const OBJECTS = ["a", "b"] as const;
/** A Headers object of the model. */
export type ObjectName = typeof OBJECTS[number];
/** The live iterators of the trace model. */
export const ITERATORS = ["i1", "i2"] as const;
/** An iterator of the model. */
export type IteratorName = typeof ITERATORS[number];

/** Every modelled name, in two casings per class (MCConstants' MCNames). */
export const MODEL_NAMES: readonly string[] = [
  "x-a",
  "X-A",
  "host",
  "Host",
  "set-cookie",
  "Set-Cookie",
  "accept",
  "Accept",
  "range",
  "Range",
];

/** The lowercase model names in byte order (MCConstants' MCByteOrder). */
export const LOWER_NAMES: readonly string[] = ["accept", "host", "range", "set-cookie", "x-a"];

/** The real string each value atom stands for (MCConstants' MCValues, MCValueLength). */
export const ATOM_VALUES: Readonly<Record<string, string>> = {
  s: "s",
  l: "l".repeat(126),
  e: "",
};

/** The value atoms. */
export const ATOMS: readonly string[] = Object.keys(ATOM_VALUES);

/** The pseudo-atom of a trimmed ", " (Headers.tla's Cut). */
export const CUT = "cut";

/** The guards an object may start with in the trace model (InitGuards). */
export const INIT_GUARDS: readonly HeadersGuard[] = [
  "none",
  "request",
  "request-no-cors",
  "response",
];

/** A call as the model's `call` variable records it ("" for unused arguments). */
export interface ModelCall {
  op: "init" | "append" | "set" | "delete" | "freeze" | "open" | "next" | "copy";
  obj: string;
  src: string;
  name: string;
  value: string;
  it: string;
  /** The guard of a copy. */
  guard: string;
}

/** An outcome as the model's `result` variable records it. */
export interface ModelOutcome {
  kind: string;
  name: string;
  value: string[];
}

/** A pair of a view: lowercase name and value atoms. */
export type ModelPair = [string, string[]];

/** The outcome of a call that returned normally. */
export const OK: ModelOutcome = { kind: "ok", name: "", value: [] };

/** mulberry32: a small seeded PRNG, enough to make traces reproducible from their seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of `items`, chosen by `random`. */
export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** The real string of a value atom; an Error for anything else. */
export function realValue(atom: string): string {
  const value = ATOM_VALUES[atom];
  if (value === undefined) throw new Error(`no real value for the model atom ${atom}`);
  return value;
}

function atomOf(part: string): string {
  for (const [atom, real] of Object.entries(ATOM_VALUES)) if (real === part) return atom;
  return part;
}

/**
 * Maps a real value (possibly combined with ", ", possibly with a trimmed ", " as ",") to model
 * atoms; unknown parts stay as they are.
 */
export function atomsOf(value: string): string[] {
  const atoms: string[] = [];
  for (const part of value.split(", ")) {
    let rest = part;
    let cuts = 0;
    while (rest.endsWith(",")) {
      rest = rest.slice(0, -1);
      cuts++;
    }
    atoms.push(atomOf(rest));
    for (let i = 0; i < cuts; i++) atoms.push(CUT);
  }
  return atoms;
}

/** The outcome of calling `action`: ok, threw (a TypeError), or the unexpected error's class. */
export function outcomeOf(action: () => void): ModelOutcome {
  try {
    action();
    return OK;
  } catch (error) {
    if (error instanceof TypeError) return { kind: "threw", name: "", value: [] };
    return { kind: `unexpected ${errorName(error)}`, name: "", value: [] };
  }
}

/** The outcome of an iterator step. */
export function stepOutcome(step: IteratorResult<[string, string]>): ModelOutcome {
  return step.done
    ? { kind: "done", name: "", value: [] }
    : { kind: "pair", name: step.value[0], value: atomsOf(step.value[1]) };
}
