/**
 * Recording traces of a real Headers module for trace validation (model/trace_validation.ts).
 * {@link recordTrace} drives two objects made by `headersFromRawList` with seeded random
 * operations (append, set, delete, freeze, open iterator, next, copy under a guard, and the reads
 * get, has, getSetCookie, forEach and headerListOf) and records, after each step, the call, its
 * outcome (a read's: what it returned, and for getSetCookie whether the array is the caller's
 * own) and the module's INTERNAL state, read without changing it: for impl through its test-only
 * hook `impl/introspect.ts` (raw list, index, set-cookies, cached view, shared flag, storage
 * identity, guard, iterator positions), mapped to HeadersImpl's variables. The recorder never
 * iterates an object to observe it, so a raw list stays unread until an operation reads it, and
 * guards are the objects' own.
 *
 * A module without the hook (spec/mod.ts) is recorded as what it is: a header list with no lazy
 * raw list, no cache and no sharing ({@link plainProbe}); HeadersImpl rejects such a trace.
 *
 * @example
 * ```ts
 * import { probeFor, recordTrace } from "./record.ts";
 *
 * const path = new URL("../impl/mod.ts", import.meta.url).pathname;
 * const mod = await import(path);
 * const trace = recordTrace(mod, await probeFor(path), { seed: 1, steps: 20 });
 * console.log(trace.length); // 21
 * ```
 *
 * @module
 */

import type { HeadersInternals, IteratorInternals } from "../impl/introspect.ts";
import type { HeadersGuard, HeadersLike, HeadersModule } from "../spec/contract.ts";
import {
  ATOMS,
  atomsOf,
  INIT_GUARDS,
  type IteratorName,
  ITERATORS,
  LOWER_NAMES,
  MODEL_NAMES,
  type ModelCall,
  type ModelOutcome,
  type ModelPair,
  type ObjectName,
  OBJECTS,
  OK,
  perform,
  pick,
  READ_OPS,
  realValue,
  seededRandom,
} from "./mapping.ts";

/** The share of steps that are reads. */
const READ_SHARE = 0.2;

/** The bound on values per list in TraceHeadersImpl.cfg (MaxListLen). */
export const TRACE_MAX_VALUES = 6;

/** One object's internal state, as HeadersImpl's variables hold it. */
export interface ObjectState {
  guard: string;
  /** A raw list is pending (store[o].mat is FALSE). */
  pending: boolean;
  /** The pending raw list as (name, atom) entries; empty when none is pending. */
  raw: [string, string][];
  /** Per lowercase model name, its values as atoms (empty: absent); all empty while pending. */
  index: Record<string, string[]>;
  /** A valid cached view is held. */
  valid: boolean;
  /** The cached view (empty when not valid). */
  view: ModelPair[];
  /** The sticky copy-on-write flag. */
  shared: boolean;
  /** The objects using this object's storage, itself included. */
  peers: ObjectName[];
}

/** One iterator's state: the object it iterates ("none": closed) and its next index. */
export interface IteratorState {
  obj: string;
  pos: number;
}

/** One trace entry: the call, its outcome, and the internal state right after it. */
export interface TraceEntry {
  call: ModelCall;
  result: ModelOutcome;
  /** Initial raw lists (name, atom), for the "init" entry; empty otherwise. */
  lists: Record<ObjectName, [string, string][]>;
  objects: Record<ObjectName, ObjectState>;
  iterators: Record<IteratorName, IteratorState>;
}

/** Reads a module's internal state without changing it. */
export interface Probe {
  /** The states of the objects, each object's storage peers included. */
  objects(objects: Record<ObjectName, HeadersLike>): Record<ObjectName, ObjectState>;
  /** The index of the next pair an iterator yields. */
  iteratorIndex(iterator: object): number;
  /** Number of values the object holds (to keep lists within the model's bound). */
  count(headers: HeadersLike): number;
}

/** A module's introspection hook (impl/introspect.ts), typed by what it exports. */
export interface HookModule {
  internalsOf(headers: object): HeadersInternals;
  iteratorInternalsOf(iterator: object): IteratorInternals;
}

function emptyIndex(): Record<string, string[]> {
  return Object.fromEntries(LOWER_NAMES.map((name) => [name, []]));
}

function pairsOf(flat: readonly string[]): ModelPair[] {
  const pairs: ModelPair[] = [];
  for (let k = 0; k < flat.length; k += 2) pairs.push([flat[k], atomsOf(flat[k + 1])]);
  return pairs;
}

/** A probe reading impl's private state through its test-only hook. */
export function hookProbe(hook: HookModule): Probe {
  const stateOf = (headers: HeadersLike): Omit<ObjectState, "peers"> => {
    const inside = hook.internalsOf(headers);
    const index = emptyIndex();
    for (const [name, combined] of inside.index ?? []) {
      index[name] = name === "set-cookie"
        ? (inside.setCookies ?? []).map((value) => atomsOf(value)[0])
        : atomsOf(combined);
    }
    const raw: [string, string][] = [];
    const flat = inside.rawList ?? [];
    for (let k = 0; k < flat.length; k += 2) raw.push([flat[k], atomsOf(flat[k + 1])[0]]);
    return {
      guard: inside.guard,
      pending: inside.rawList !== null,
      raw,
      index,
      valid: inside.view !== null,
      view: pairsOf(inside.view ?? []),
      shared: inside.shared,
    };
  };
  return {
    objects(objects) {
      const tokens = OBJECTS.map((o) => hook.internalsOf(objects[o]).storage);
      return Object.fromEntries(OBJECTS.map((o, k) => [o, {
        ...stateOf(objects[o]),
        peers: OBJECTS.filter((_, j) => tokens[j] === tokens[k]),
      }])) as Record<ObjectName, ObjectState>;
    },
    iteratorIndex: (iterator) => hook.iteratorInternalsOf(iterator).index,
    count(headers) {
      const inside = hook.internalsOf(headers);
      if (inside.rawList !== null) return inside.rawList.length / 2;
      let count = 0;
      for (const [name, combined] of inside.index ?? []) {
        count += name === "set-cookie"
          ? (inside.setCookies ?? []).length
          : atomsOf(combined).length;
      }
      return count;
    },
  };
}

/**
 * A probe for a module without a hook: it reports the state a module has that keeps the header
 * list itself, with nothing pending, nothing cached and nothing shared (what spec/ does), read
 * through the public API (iterating such a module changes nothing). Iterator positions are
 * counted by the recorder.
 */
export function plainProbe(guards: () => Record<ObjectName, string>): Probe {
  return {
    objects(objects) {
      const current = guards();
      const states = {} as Record<ObjectName, ObjectState>;
      for (const o of OBJECTS) {
        const index = emptyIndex();
        for (const [name, value] of objects[o]) {
          if (name === "set-cookie") index[name].push(atomsOf(value)[0]);
          else index[name] = atomsOf(value);
        }
        states[o] = {
          guard: current[o],
          pending: false,
          raw: [],
          index,
          valid: false,
          view: [],
          shared: false,
          peers: [o],
        };
      }
      return states;
    },
    iteratorIndex: () => -1,
    count: (headers) => [...headers].reduce((sum, [, value]) => sum + atomsOf(value).length, 0),
  };
}

/** The probe for the module at `path`: its sibling introspect.ts when there is one. */
export async function probeFor(
  path: string,
  guards: () => Record<ObjectName, string> = () => ({ a: "none", b: "none" }),
): Promise<Probe> {
  const hookPath = new URL("./introspect.ts", `file://${path}`).pathname;
  try {
    Deno.statSync(hookPath);
  } catch {
    return plainProbe(guards);
  }
  return hookProbe(await import(hookPath) as HookModule);
}

/** Options of {@link recordTrace}. */
export interface TraceOptions {
  /** Seed of the operation choices. */
  seed: number;
  /** Number of operations after the initial state. */
  steps: number;
}

/**
 * An initial raw list the model admits for `guard` (GuardAdmits): a request list without
 * forbidden request-headers, a response list without set-cookie, a request-no-cors list of
 * accept (within the 128-byte limit) and range only.
 */
function initialList(random: () => number, guard: HeadersGuard): [string, string][] {
  const allowed = MODEL_NAMES.filter((name) => {
    const lower = name.toLowerCase();
    if (guard === "request") return lower !== "host" && lower !== "set-cookie";
    if (guard === "response") return lower !== "set-cookie";
    if (guard === "request-no-cors") return lower === "accept" || lower === "range";
    return true;
  });
  const list: [string, string][] = [];
  const length = Math.floor(random() * 4);
  let acceptBytes = -2;
  for (let i = 0; i < length; i++) {
    let name = pick(random, allowed);
    const atom = pick(random, ATOMS);
    if (guard === "request-no-cors" && name.toLowerCase() === "accept") {
      // accept's values combined stay within the 128-byte limit; past it, range instead.
      if (acceptBytes + 2 + realValue(atom).length > 128) name = "range";
      else acceptBytes += 2 + realValue(atom).length;
    }
    list.push([name, atom]);
  }
  return list;
}

function makeHeaders(
  mod: HeadersModule,
  guard: HeadersGuard,
  list: [string, string][],
): HeadersLike {
  if (!mod.headersFromRawList) {
    throw new Error("trace recording needs the module's headersFromRawList export");
  }
  return mod.headersFromRawList(list.flatMap(([name, atom]) => [name, realValue(atom)]), guard);
}

/** A call record with "" for the arguments not given. */
export function modelCall(op: ModelCall["op"], fields: Partial<ModelCall> = {}): ModelCall {
  return { op, obj: "", src: "", name: "", value: "", it: "", guard: "", ...fields };
}

/**
 * Half the time, the name of the one header of an object in `state` when it is a pending list of
 * one (a delete of it is impl's lone-pending path, which a random name reaches about once in 80
 * traces); else null.
 */
function loneName(state: ObjectState, random: () => number): string | null {
  if (!state.pending || state.raw.length !== 1) return null;
  return random() < 0.5 ? state.raw[0][0] : null;
}

/**
 * Runs `options.steps` seeded random operations on two Headers objects of `mod` (made by
 * `headersFromRawList` under random guards) and records the trace, the internal state read by
 * `probe` after each step. `guards` of a module without a hook are tracked here for
 * {@link plainProbe}; a hook reads them from the objects.
 */
export function recordTrace(
  mod: HeadersModule,
  probe: Probe | ((guards: () => Record<ObjectName, string>) => Probe),
  options: TraceOptions,
): TraceEntry[] {
  const random = seededRandom(options.seed);
  const guards = {} as Record<ObjectName, HeadersGuard>;
  const lists = {} as Record<ObjectName, [string, string][]>;
  const objects = {} as Record<ObjectName, HeadersLike>;
  const reader = typeof probe === "function" ? probe(() => ({ ...guards })) : probe;
  for (const o of OBJECTS) {
    guards[o] = pick(random, INIT_GUARDS);
    lists[o] = initialList(random, guards[o]);
    objects[o] = makeHeaders(mod, guards[o], lists[o]);
  }
  // The live iterators (perform opens them), and what each iterates with the pairs it yielded.
  const live: Record<string, Iterator<[string, string]>> = {};
  const opened: Partial<Record<IteratorName, { obj: ObjectName; steps: number }>> = {};
  const iteratorStates = () =>
    Object.fromEntries(ITERATORS.map((i) => {
      const open = opened[i];
      if (!open) return [i, { obj: "none", pos: 0 }];
      const index = reader.iteratorIndex(live[i]);
      return [i, { obj: open.obj, pos: index < 0 ? open.steps : index }];
    })) as Record<IteratorName, IteratorState>;
  const noLists = { a: [], b: [] };
  const trace: TraceEntry[] = [{
    call: modelCall("init"),
    result: OK,
    lists,
    objects: reader.objects(objects),
    iterators: iteratorStates(),
  }];
  for (let step = 0; step < options.steps; step++) {
    const draw = random();
    // One step in five is a read; the others keep the mix of writes, iteration and copies.
    const roll = draw < READ_SHARE ? 1 : (draw - READ_SHARE) / (1 - READ_SHARE);
    const read = pick(random, READ_OPS);
    const o = pick(random, OBJECTS);
    const name = pick(random, MODEL_NAMES);
    const atom = pick(random, ATOMS);
    const i = pick(random, ITERATORS);
    const full = reader.count(objects[o]) >= TRACE_MAX_VALUES - 1;
    let call: ModelCall;
    if (draw < READ_SHARE && (read !== "headerList" || mod.headerListOf)) {
      call = modelCall(read, { obj: o, name: read === "get" || read === "has" ? name : "" });
    } else if (roll < 0.3 && !full) {
      call = modelCall("append", { obj: o, name, value: atom });
    } else if (roll < 0.42 && !full) {
      call = modelCall("set", { obj: o, name, value: atom });
    } else if (roll < 0.56) {
      // The state before this step is the last one recorded.
      const before = trace[trace.length - 1].objects[o];
      call = modelCall("delete", { obj: o, name: loneName(before, random) ?? name });
    } else if (roll < 0.86 && roll >= 0.64 && opened[i]) {
      call = modelCall("next", { it: i });
    } else if (roll < 0.96 && roll >= 0.64 && mod.headersWithGuard) {
      call = modelCall("copy", {
        obj: o,
        src: o === "a" ? "b" : "a",
        guard: pick(random, INIT_GUARDS),
      });
    } else if (roll >= 0.96 && mod.freezeHeaders) {
      call = modelCall("freeze", { obj: o });
    } else {
      call = modelCall("open", { obj: o, it: i });
    }
    const result = perform(mod, objects, live, call);
    if (call.op === "open") opened[i] = { obj: o, steps: 0 };
    if (call.op === "next" && result.kind === "pair") opened[i]!.steps++;
    if (call.op === "freeze") guards[o] = "immutable";
    if (call.op === "copy") {
      guards[o] = call.guard as HeadersGuard;
      for (const it of ITERATORS) if (opened[it]?.obj === o) delete opened[it];
    }
    trace.push({
      call,
      result,
      lists: noLists,
      objects: reader.objects(objects),
      iterators: iteratorStates(),
    });
  }
  return trace;
}
