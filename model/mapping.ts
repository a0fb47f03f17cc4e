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

import { generator } from "../properties/costs/cases.ts";
import { errorName } from "../properties/core/outcome.ts";
import type { HeadersGuard, HeadersLike, HeadersModule } from "../spec/contract.ts";

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

/** The pseudo-atom of a trimmed ", " (HeaderLists.tla's Cut). */
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
  op:
    | "init"
    | "append"
    | "set"
    | "delete"
    | "freeze"
    | "open"
    | "next"
    | "copy"
    | ReadOp;
  obj: string;
  src: string;
  name: string;
  value: string;
  it: string;
  /** The guard of a copy. */
  guard: string;
}

/** The reads, observations of the model (Headers.tla's ReadHeaders); "headerList" is headerListOf. */
export const READ_OPS = ["get", "has", "getSetCookie", "forEach", "headerList"] as const;
/** A read of the model. */
export type ReadOp = typeof READ_OPS[number];

/** A TLA+ value as outcomes hold it: a string, or a sequence of such values. */
export type ModelTerm = string | ModelTerm[];

/**
 * An outcome as the model's `result` variable records it: `value` is a pair's or get's value
 * atoms, or (reads) getSetCookie's values, forEach's pairs or headerListOf's entries.
 */
export interface ModelOutcome {
  kind: string;
  name: string;
  value: ModelTerm[];
}

/** A pair of a view: lowercase name and value atoms. */
export type ModelPair = [string, string[]];

/** The outcome of a call that returned normally. */
export const OK: ModelOutcome = { kind: "ok", name: "", value: [] };

/** A seeded PRNG in [0, 1) (properties/costs/cases.ts' mulberry32), so traces replay by seed. */
export function seededRandom(seed: number): () => number {
  const next = generator(seed);
  return () => next() / 4294967296;
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

/**
 * The outcome of calling `action`: what it returns (a read's outcome) or ok, threw (a
 * TypeError), or the unexpected error's class.
 */
export function outcomeOf(action: () => ModelOutcome | void): ModelOutcome {
  try {
    return action() ?? OK;
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

/** A value appended to getSetCookie's result to see whether the next call's result shows it. */
const PROBE = "headerproof-alias-probe";

/**
 * Performs the read `call` (op and name) on `headers` and returns its outcome as
 * HeaderLists.tla's ReadOutcome writes it. getSetCookie is called twice with a push onto the
 * first result between them: "cookies" when the second result is another array without the push
 * (the caller's own array), "aliased" otherwise; the push is taken back. headerListOf needs
 * `headerListOf`.
 */
export function readOutcome(
  headers: HeadersLike,
  call: Pick<ModelCall, "op" | "name">,
  headerListOf?: (headers: HeadersLike) => string[],
): ModelOutcome {
  const outcome = (kind: string, value: ModelTerm[] = []) => ({ kind, name: "", value });
  const pairsOf = (flat: string[]) => {
    const pairs: ModelTerm[] = [];
    for (let k = 0; k < flat.length; k += 2) pairs.push([flat[k], atomsOf(flat[k + 1])]);
    return pairs;
  };
  switch (call.op) {
    case "get": {
      const value = headers.get(call.name);
      return value === null ? outcome("null") : outcome("value", atomsOf(value));
    }
    case "has":
      return outcome(headers.has(call.name) ? "true" : "false");
    case "getSetCookie": {
      const first = headers.getSetCookie();
      const values = first.map((value) => atomsOf(value));
      first.push(PROBE);
      const second = headers.getSetCookie();
      const fresh = second !== first && !second.includes(PROBE);
      first.pop();
      return outcome(fresh ? "cookies" : "aliased", values);
    }
    case "forEach": {
      const seen: string[] = [];
      headers.forEach((value, name) => seen.push(name, value));
      return outcome("pairs", pairsOf(seen));
    }
    case "headerList":
      if (!headerListOf) throw new Error("headerList needs the module's headerListOf export");
      return outcome("list", pairsOf(headerListOf(headers)));
    default:
      throw new Error(`${call.op} is not a read`);
  }
}

/** The sort-and-combine view of a Headers as the model writes it (iterates it). */
export function viewOf(headers: HeadersLike): ModelPair[] {
  return [...headers].map(([name, value]) => [name, atomsOf(value)]);
}

/**
 * Performs the model call `call` on real objects of `mod` and returns its outcome (an error
 * thrown is an outcome too: see {@link outcomeOf}): a copy puts its result in
 * `objects[call.obj]`, an open its iterator in `iterators[call.it]`.
 */
export function perform(
  mod: HeadersModule,
  objects: Record<string, HeadersLike>,
  iterators: Record<string, Iterator<[string, string]>>,
  call: ModelCall,
): ModelOutcome {
  const headers = objects[call.obj];
  switch (call.op) {
    case "init":
      return OK;
    case "append":
      return outcomeOf(() => headers.append(call.name, realValue(call.value)));
    case "set":
      return outcomeOf(() => headers.set(call.name, realValue(call.value)));
    case "delete":
      return outcomeOf(() => headers.delete(call.name));
    case "freeze":
      if (!mod.freezeHeaders) throw new Error("the call freeze needs the module's freezeHeaders");
      return outcomeOf(() => mod.freezeHeaders!(headers));
    case "open":
      iterators[call.it] = headers.entries();
      return OK;
    case "next":
      return outcomeOf(() => stepOutcome(iterators[call.it].next()));
    case "copy":
      return outcomeOf(() => {
        objects[call.obj] = call.guard === "none" || !mod.headersWithGuard
          ? new mod.Headers(objects[call.src])
          : mod.headersWithGuard(call.guard as HeadersGuard, objects[call.src]);
      });
    default:
      return outcomeOf(() => readOutcome(headers, call, mod.headerListOf));
  }
}
