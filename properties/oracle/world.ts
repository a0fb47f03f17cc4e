/**
 * The executor: runs each {@link Op} on the candidate and on the reference, compares the tagged
 * outcomes, then compares the full iteration of every live object and one `next()` of every open
 * iterator. The first difference is thrown as a {@link Divergence}.
 *
 * @example
 * ```ts
 * import * as reference from "../../spec/mod.ts";
 * import { openSubject } from "./observe.ts";
 * import { World } from "./world.ts";
 * const side = () => openSubject(reference, "module", "standard");
 * const world = new World(side(), side());
 * world.step({ op: "construct", slot: 0, guard: "none", init: { kind: "none" } });
 * ```
 *
 * @module
 */
import type { Outcome, Subject } from "./observe.ts";
import {
  attempt,
  drain,
  forEachObserved,
  nextResult,
  ownKeysOf,
  shapeOf,
  tamperReturned,
  withWrappedIteratorNext,
} from "./observe.ts";
import type { BatchedOp, CallOp, Misuse, Op } from "./ops.ts";
import type { TamperedRealm } from "../targets/tampered_realm.ts";
import { argValue, initValue, MAX_ITERATORS, MAX_OBJECTS, renderOp } from "./ops.ts";

/** One observation: what was looked at (JavaScript text) and what came out. */
export type Observation = [label: string, outcome: Outcome];

/** The candidate and the reference disagreed. */
export class Divergence extends Error {
  /** The step (1-based) that diverged. */
  readonly step: number;
  /** What was looked at. */
  readonly label: string;
  /** The candidate's outcome. */
  readonly candidate: Outcome | undefined;
  /** The reference's outcome. */
  readonly reference: Outcome | undefined;
  /** The patched built-ins the candidate called in the step (a tampered realm). */
  readonly patches: readonly string[];
  /**
   * Reports that `label` during step `step` came out differently; `patches` names the patched
   * built-ins the candidate called in that step (a tampered realm).
   */
  constructor(
    step: number,
    label: string,
    candidate?: Outcome,
    reference?: Outcome,
    patches: readonly string[] = [],
  ) {
    super(
      `step ${step}: ${label}\n  candidate: ${JSON.stringify(candidate ?? "(nothing)")}\n` +
        `  reference: ${JSON.stringify(reference ?? "(nothing)")}` +
        (patches.length === 0
          ? ""
          : `\n  in a tampered realm, the candidate called these patched built-ins in this ` +
            `step: ${patches.join(", ")}`),
    );
    this.name = "Divergence";
    this.step = step;
    this.label = label;
    this.candidate = candidate;
    this.reference = reference;
    this.patches = patches;
  }
}

/** The live objects and open iterators of one side, and how many of each were ever made. */
export class Side {
  /** Live Headers objects, by slot. */
  readonly objects: unknown[] = [];
  /** Open iterators, by slot. */
  readonly iterators: unknown[] = [];
  /** Objects made so far (the next one replaces slot `made % MAX_OBJECTS` once all are used). */
  made = 0;
  /** Iterators opened so far. */
  opened = 0;
  /** An empty side of `subject`. */
  readonly subject: Subject;
  constructor(subject: Subject) {
    this.subject = subject;
  }
}

/** Resolves abstract references in a call against `count` live objects. */
function resolveCall(call: CallOp, count: number): CallOp {
  return { ...call, target: call.target % count };
}

/** Optional hooks of a {@link World}. */
export interface WorldOptions {
  /** Receives every observation of the reference, labels included (the snippet tests compare it
   * with what the rendered snippet computes). */
  trace?: Observation[];
  /** Called with each resolved step before it runs (the worker's hang tracer). */
  onStep?: (step: Op) => void;
  /**
   * Whether the observation after each step includes the own keys of every live object and open
   * iterator (default true). Off only when a known divergence class of the candidate says its
   * objects carry own keys (divergences.ts `silences`).
   */
  ownKeys?: boolean;
  /**
   * A tampered realm installed while the candidate's side runs each step and is observed (the
   * reference runs with the originals): see tampered_realm.ts.
   */
  realm?: TamperedRealm | null;
  /**
   * Whether the header list of every live object (`headerListOf`) is observed after each step;
   * default: when both sides export it.
   */
  headerLists?: boolean;
}

/** Runs steps on both sides in lockstep. */
export class World {
  readonly #candidate: Side;
  readonly #reference: Side;
  #steps = 0;
  /** Every resolved step that ran, in order (the counterexample when a step diverges). */
  readonly executed: Op[] = [];

  readonly #trace: Observation[] | null;
  readonly #onStep: ((step: Op) => void) | null;
  readonly #ownKeys: boolean;
  readonly #realm: TamperedRealm | null;
  /** Both sides export `headerListOf`: the header list of every object is observed too. */
  readonly #headerLists: boolean;

  /** A world with no objects yet. */
  constructor(candidate: Subject, reference: Subject, options: WorldOptions = {}) {
    this.#candidate = new Side(candidate);
    this.#reference = new Side(reference);
    this.#trace = options.trace ?? null;
    this.#onStep = options.onStep ?? null;
    this.#ownKeys = options.ownKeys ?? true;
    this.#realm = options.realm ?? null;
    this.#headerLists = options.headerLists ??
      (typeof candidate.exports.headerListOf === "function" &&
        typeof reference.exports.headerListOf === "function");
  }

  /** How many steps ran. */
  get steps(): number {
    return this.#steps;
  }

  /** Resolves `op` against the live objects; null when it needs one that does not exist. */
  resolve(op: Op): Op | null {
    const count = this.#reference.objects.length;
    const slot = count < MAX_OBJECTS ? count : this.#reference.made % MAX_OBJECTS;
    switch (op.op) {
      case "append":
      case "set":
      case "delete":
      case "get":
      case "has":
      case "getSetCookie":
      case "freeze":
      case "shape":
      case "tamper":
        return count === 0 ? null : { ...op, target: op.target % count };
      case "construct":
        if (op.init.kind === "headers") {
          return count === 0
            ? { ...op, slot, init: { kind: "none" } }
            : { ...op, slot, init: { kind: "headers", source: op.init.source % count } };
        }
        return { ...op, slot };
      case "copyChain":
        return count === 0 ? null : { ...op, slot, source: op.source % count };
      case "copy": {
        if (count === 0) return null;
        const source = op.source % count;
        const then = op.then === null
          ? null
          : { ...op.then, target: op.then.target % 2 === 0 ? source : slot };
        return { ...op, slot, source, then };
      }
      case "rawList": {
        if (op.first === null) return { ...op, slot };
        const first = this.#retarget(op.first, slot);
        return { ...op, slot, first };
      }
      case "iterOpen": {
        if (count === 0) return null;
        const open = this.#reference.iterators.length;
        const iteratorSlot = open < MAX_ITERATORS ? open : this.#reference.opened % MAX_ITERATORS;
        return { ...op, slot: iteratorSlot, target: op.target % count };
      }
      case "iterNext": {
        const open = this.#reference.iterators.length;
        return open === 0 ? null : { ...op, iterator: op.iterator % open };
      }
      case "forEach":
        return count === 0 ? null : {
          ...op,
          target: op.target % count,
          mutations: op.mutations.map((m) => resolveCall(m, count)),
        };
      case "batch": {
        if (count === 0) return null;
        const ops: BatchedOp[] = [];
        for (const inner of op.ops) {
          const resolved = this.resolve(inner) as BatchedOp | null;
          if (resolved !== null) ops.push(resolved);
        }
        return { ...op, ops };
      }
      case "misuse":
        return count === 0 ? null : { ...op, target: op.target % count };
      case "brand":
        return op;
    }
  }

  /** `first` aimed at `slot` (the raw list just made); forEach mutations may hit any object. */
  #retarget(first: Op, slot: number): Op {
    const count = Math.max(this.#reference.objects.length, slot + 1);
    switch (first.op) {
      case "iterOpen": {
        const open = this.#reference.iterators.length;
        const iteratorSlot = open < MAX_ITERATORS ? open : this.#reference.opened % MAX_ITERATORS;
        return { ...first, slot: iteratorSlot, target: slot };
      }
      case "copy": {
        const copySlot = count < MAX_OBJECTS ? count : (this.#reference.made + 1) % MAX_OBJECTS;
        return { ...first, source: slot, slot: copySlot };
      }
      case "forEach":
        return {
          ...first,
          target: slot,
          mutations: first.mutations.map((m) => ({ ...m, target: slot })),
        };
      default:
        return { ...first, target: slot } as Op;
    }
  }

  /** Runs one generated step on both sides; throws a {@link Divergence} on the first difference. */
  step(op: Op): void {
    const resolved = this.resolve(op);
    if (resolved === null) return;
    this.#steps++;
    this.executed.push(resolved);
    this.#onStep?.(resolved);
    const realm = this.#realm;
    realm?.install();
    let candidate: Outcome[];
    try {
      candidate = this.#run(this.#candidate, resolved);
    } finally {
      realm?.uninstall();
    }
    const patches = realm?.takeCalls() ?? [];
    const reference = this.#run(this.#reference, resolved);
    const length = Math.max(candidate.length, reference.length);
    for (let i = 0; i < length; i++) {
      if (!sameData(candidate[i], reference[i])) {
        const label = this.#labels(resolved)[i] ?? `observation ${i}`;
        throw new Divergence(this.#steps, label, candidate[i], reference[i], patches);
      }
    }
    const trace = this.#trace;
    if (trace !== null) {
      const labels = this.#labels(resolved);
      reference.forEach((outcome, i) => trace.push([labels[i], outcome]));
    }
  }

  /** The outcomes of `op` on `side`, then the observations of every live object and iterator. */
  #run(side: Side, op: Op): Outcome[] {
    const outcomes: Outcome[] = [];
    perform(side, op, outcomes);
    const readAll = side.subject.readAll ?? drain;
    const headerListOf = this.#headerLists ? side.subject.exports.headerListOf : null;
    for (const headers of side.objects) {
      outcomes.push(attempt(() => readAll(headers)));
      if (this.#ownKeys) outcomes.push(attempt(() => ownKeysOf(headers)));
      if (headerListOf !== null) outcomes.push(attempt(() => headerListOf(headers)));
    }
    for (const iterator of side.iterators) {
      outcomes.push(attempt(() => nextResult(iterator)));
      if (this.#ownKeys) outcomes.push(attempt(() => ownKeysOf(iterator)));
    }
    return outcomes;
  }

  /** Labels of the outcomes of `op` followed by the observations made after it. */
  #labels(op: Op): string[] {
    return [
      ...stepLabels(op),
      ...observationLabels(this.#reference, this.#ownKeys, this.#headerLists),
    ];
  }
}

/**
 * Runs a resolved `op` on one side and appends its tagged outcomes (one per call it makes) to
 * `outcomes`.
 */
export function perform(side: Side, op: Op, outcomes: Outcome[]): void {
  const { subject, objects, iterators } = side;
  switch (op.op) {
    case "append":
    case "set":
    case "delete":
    case "get":
    case "has":
    case "getSetCookie":
      outcomes.push(attempt(() => call(objects, op)));
      return;
    case "construct": {
      const hasInit = op.init.kind !== "none";
      const init = op.init;
      const log: string[] = [];
      outcomes.push(
        attempt(() =>
          place(
            side,
            op.slot,
            subject.make(op.guard, initValue(init, objects, subject, log), hasInit),
          )
        ),
      );
      if (init.kind === "recorded") outcomes.push(attempt(() => log));
      return;
    }
    case "copy": {
      const source = objects[op.source];
      const make = () =>
        op.via === "constructor" ? new subject.Headers(source) : subject.make(op.via, source, true);
      outcomes.push(
        attempt(() =>
          place(side, op.slot, op.wrapNext ? withWrappedIteratorNext(source, make) : make())
        ),
      );
      if (op.then !== null) perform(side, op.then, outcomes);
      return;
    }
    case "copyChain":
      outcomes.push(attempt(() => {
        let headers = objects[op.source];
        for (const via of op.links) {
          headers = via === "constructor"
            ? new subject.Headers(headers)
            : subject.make(via, headers, true);
        }
        return place(side, op.slot, headers);
      }));
      return;
    case "rawList": {
      const fromRaw = subject.fromRaw!;
      const flat = [...op.flat];
      outcomes.push(attempt(() => place(side, op.slot, fromRaw(flat, op.guard))));
      if (op.first !== null) perform(side, op.first, outcomes);
      return;
    }
    case "iterOpen":
      outcomes.push(attempt(() => {
        const headers = objects[op.target] as Record<string | symbol, () => unknown>;
        const iterator = op.kind === "@@iterator" ? headers[Symbol.iterator]() : headers[op.kind]();
        side.opened++;
        iterators[op.slot] = iterator;
        return iterator;
      }));
      return;
    case "iterNext":
      outcomes.push(attempt(() => (iterators[op.iterator] as { next(): unknown }).next()));
      return;
    case "forEach":
      outcomes.push(
        attempt(() =>
          forEachObserved(objects[op.target], op.mutations.map((m) => () => call(objects, m)))
        ),
      );
      return;
    case "freeze": {
      const freeze = subject.freeze!;
      outcomes.push(attempt(() => freeze(objects[op.target])));
      return;
    }
    case "batch":
      for (const item of op.ops) perform(side, item, outcomes);
      return;
    case "brand":
      outcomes.push(attempt(() => brandCall(subject, op.method, op.args.map(argValue))));
      return;
    case "shape":
      outcomes.push(attempt(() => shapeOf(objects[op.target])));
      return;
    case "tamper":
      outcomes.push(attempt(() => tamperReturned(objects[op.target], op.what)));
      return;
    case "misuse":
      outcomes.push(attempt(() => misuseCall(subject, objects[op.target], op.what)));
      return;
  }
}

/**
 * Whether two outcomes (plain data from `attempt`: strings, booleans, null, arrays and objects of
 * such) are equal, as their JSON texts would be, without building the texts.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i];
    if (key !== keysB[i]) return false;
    if (!sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) {
      return false;
    }
  }
  return true;
}

/** Stores a new object in `slot` (chosen by `resolve`). */
function place(side: Side, slot: number, headers: unknown): unknown {
  side.objects[slot] = headers;
  side.made++;
  return headers;
}

/** Calls a Headers method on `objects[call.target]`. */
function call(objects: readonly unknown[], op: CallOp): unknown {
  const headers = objects[op.target] as Record<string, (...args: unknown[]) => unknown>;
  return headers[op.op](...op.args.map(argValue));
}

/** The call a {@link Misuse} names (see ops.ts `renderMisuse`). */
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

/** The labels of the outcomes one step produces, before the observations. */
export function stepLabels(op: Op): string[] {
  switch (op.op) {
    case "construct":
      return op.init.kind === "recorded"
        ? [renderOp(op), `the log of h[${op.slot}]'s init`]
        : [renderOp(op)];
    case "copy":
      return op.then === null ? [renderOp(op)] : [renderOp(op), ...stepLabels(op.then)];
    case "rawList":
      return op.first === null ? [renderOp(op)] : [renderOp(op), ...stepLabels(op.first)];
    case "batch":
      return op.ops.flatMap((item) => stepLabels(item));
    default:
      return [renderOp(op)];
  }
}

/** The labels of the observations after a step (see `World.#run`). */
function observationLabels(side: Side, ownKeys: boolean, headerLists: boolean): string[] {
  const keys = (name: string) => ownKeys ? [`Reflect.ownKeys(${name})`] : [];
  const list = (i: number) => headerLists ? [`headerListOf(h[${i}])`] : [];
  return [
    ...side.objects.flatMap((_, i) => [`[...h[${i}]]`, ...keys(`h[${i}]`), ...list(i)]),
    ...side.iterators.flatMap((_, i) => [`it[${i}].next()`, ...keys(`it[${i}]`)]),
  ];
}
