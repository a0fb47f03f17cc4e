/**
 * The executor: runs each {@link Op} on the candidate and on the reference, compares the tagged
 * outcomes, then compares the full iteration of every live object and one `next()` of every open
 * iterator. The first difference is thrown as a {@link Divergence}.
 *
 * What a step does is up to its kind: each kind of operation lives in one module of
 * `operations/` (its generator, how its references resolve, its call on a subject, its
 * observation and its rendering as a reproduction step), and the executor dispatches through the
 * table of kinds here ({@link anyKind}).
 *
 * @example
 * ```ts
 * import * as reference from "../../spec/mod.ts";
 * import { openSubject } from "./base/observe.ts";
 * import { World } from "./world.ts";
 * const side = () => openSubject(reference, "module", "standard");
 * const world = new World(side(), side());
 * world.step({ op: "construct", slot: 0, guard: "none", init: { kind: "none" } });
 * ```
 *
 * @module
 */
import type { Outcome, Subject } from "./base/observe.ts";
import { attempt, drain, nextResult, ownKeysOf } from "./base/observe.ts";
import type { CallOp, Op } from "./ops.ts";
import type { AnyKind, OperationKind } from "./base/kind.ts";
import { Side } from "./base/kind.ts";
import type { AfterExplained, DivergenceClass } from "./divergences.ts";
import { coversStep, explainedBy } from "./divergences.ts";
import { batch } from "./operations/batch.ts";
import { body } from "./operations/body.ts";
import { call } from "./operations/call.ts";
import { clone } from "./operations/clone.ts";
import { construct } from "./operations/construct.ts";
import { copy, copyChain } from "./operations/copy.ts";
import { forEach } from "./operations/for_each.ts";
import { freeze } from "./operations/freeze.ts";
import { iterNext, iterOpen } from "./operations/iterator.ts";
import { brand, misuse } from "./operations/misuse.ts";
import { rawList } from "./operations/raw_list.ts";
import { read } from "./operations/read.ts";
import { request } from "./operations/request.ts";
import { response } from "./operations/response.ts";
import { serialize } from "./operations/serialize.ts";
import { shape } from "./operations/shape.ts";
import { tamper } from "./operations/tamper.ts";

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

/** The step of the kind named `K` (the six method calls share one step type). */
type StepOf<K extends Op["op"]> = K extends CallOp["op"] ? CallOp : Extract<Op, { op: K }>;

/** Every kind of operation, by the `op` of its steps: the table the executor dispatches through. */
const KINDS: { readonly [K in Op["op"]]: OperationKind<StepOf<K>, Op> } = {
  construct,
  append: call,
  set: call,
  delete: call,
  get: call,
  has: call,
  getSetCookie: call,
  iterOpen,
  iterNext,
  forEach,
  freeze,
  copy,
  copyChain,
  rawList,
  batch,
  tamper,
  shape,
  brand,
  misuse,
  request,
  response,
  clone,
  serialize,
  read,
  body,
};

/** The kind of `op`. */
function kindOf(op: Op): OperationKind<Op, Op> {
  return KINDS[op.op] as OperationKind<Op, Op>;
}

/** Dispatches every method of {@link OperationKind} on the kind of the step it is given. */
export const anyKind: AnyKind<Op> = {
  resolve: (op, reference) => kindOf(op).resolve(op, reference, anyKind),
  perform: (side, op, outcomes) => kindOf(op).perform(side, op, outcomes, anyKind),
  render: (op) => kindOf(op).render(op, anyKind),
  labels: (op) => kindOf(op).labels(op, anyKind),
  codes: (op) => kindOf(op).codes?.(op, anyKind) ?? [kindOf(op).render(op, anyKind)],
};

/**
 * What a {@link World} needs of a tampered realm (properties/targets/tampered_realm.ts
 * `TamperedRealm`): its patches installed around the candidate's side of each step, and the
 * patched built-ins the candidate called meanwhile.
 */
export interface StepRealm {
  /** Installs the patches. */
  install(): void;
  /** Restores the originals. */
  uninstall(): void;
  /** The patched built-ins called since the last time, by name; clears them. */
  takeCalls(): string[];
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
  realm?: StepRealm | null;
  /**
   * Whether the header list of every live object (`headerListOf`) is observed after each step;
   * default: when both sides export it.
   */
  headerLists?: boolean;
  /**
   * The known divergence classes in force: a step whose every differing outcome one of them
   * explains (divergences.ts `explainedBy`) is reported to `onExplained` and the run goes on,
   * past it or with the objects it touched forked, as the class says.
   */
  known?: readonly DivergenceClass[];
  /** Receives each step a known class explained, once per class and step. */
  onExplained?: (hit: ExplainedStep) => void;
}

/** A step whose differences a known class explained. */
export interface ExplainedStep {
  /** The class. */
  name: string;
  /** The step (1-based). */
  step: number;
  /** What the run did after it. */
  after: AfterExplained;
}

/**
 * What filled a slot: the step, what it was made from (a read's message, a clone's source, a
 * Request's input message, as they were then), and for a message the body steps that read its
 * body since.
 */
interface Maker {
  op: Op;
  from: Maker[];
  bodies: Op[];
}

/** The slots a label names: `h[i]`, `it[i]` and `m[i]`, as "h0", "it1", "m2". */
function slotsNamed(label: string): string[] {
  return [...label.matchAll(/\b(h|it|m)\[(\d+)\]/g)].map((match) => match[1] + match[2]);
}

/** The slots a resolved step fills with a new object, iterator or message when it succeeds. */
function slotsFilled(op: Op): string[] {
  const filled: string[] = [];
  if ("slot" in op) filled.push((op.op === "iterOpen" ? "it" : "h") + op.slot);
  if ("message" in op) filled.push("m" + op.message);
  return filled;
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
  readonly #realm: StepRealm | null;
  /** Both sides export `headerListOf`: the header list of every object is observed too. */
  readonly #headerLists: boolean;
  readonly #known: readonly DivergenceClass[];
  /** The classes in force without a recognizer of their own (divergences.ts `explainedBy`). */
  readonly #fallback: readonly DivergenceClass[];
  readonly #onExplained: ((hit: ExplainedStep) => void) | null;
  /** Slots no longer compared, after a step a class explained with "fork". */
  readonly #forked = new Set<string>();
  /** The reference's object each iterator slot was opened on. */
  readonly #iterated = new Map<string, unknown>();
  /** The slots made from each slot (an iterator from its object, a message's headers): forked with it. */
  readonly #madeFrom = new Map<string, Set<string>>();
  /** What last filled each slot (see `#madeChain`). */
  readonly #makers = new Map<string, Maker>();
  /** Per class without a recognizer of its own: the slots a step it covers made or touched. */
  readonly #tainted = new Map<string, Set<string>>();
  /** The two sides no longer hold as many objects: nothing more is compared. */
  #apart = false;

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
    this.#known = options.known ?? [];
    this.#fallback = this.#known.filter((c) =>
      c.explains === undefined && c.silences === undefined
    );
    this.#onExplained = options.onExplained ?? null;
  }

  /** How many steps ran. */
  get steps(): number {
    return this.#steps;
  }

  /** Resolves `op` against the live objects; null when it needs one that does not exist. */
  resolve(op: Op): Op | null {
    return anyKind.resolve(op, this.#reference);
  }

  /** Runs one generated step on both sides; throws a {@link Divergence} on the first difference. */
  step(op: Op): void {
    if (this.#apart) return;
    const resolved = this.resolve(op);
    if (resolved === null) return;
    const r = this.#reference;
    const countsBefore = [r.made, r.opened, r.messagesMade];
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
    if (this.#known.length === 0) {
      for (let i = 0; i < length; i++) {
        if (!sameData(candidate[i], reference[i])) {
          const label = this.#labels(resolved)[i] ?? `observation ${i}`;
          throw new Divergence(this.#steps, label, candidate[i], reference[i], patches);
        }
      }
    } else this.#compareKnowing(resolved, candidate, reference, patches, countsBefore);
    const trace = this.#trace;
    if (trace !== null) {
      const labels = this.#labels(resolved);
      reference.forEach((outcome, i) => trace.push([labels[i], outcome]));
    }
  }

  /**
   * Compares the outcomes of `op` with the known classes in force: an outcome about a forked slot
   * is not compared; a difference a class explains is reported, and the slots the step touched
   * are forked when the class says so; the first difference no class explains is thrown.
   */
  #compareKnowing(
    op: Op,
    candidate: Outcome[],
    reference: Outcome[],
    patches: string[],
    countsBefore: number[],
  ): void {
    const r = this.#reference;
    this.#link(op, countsBefore);
    // The common step costs one comparison, as without known classes: nothing differs, nothing
    // is forked or tainted, and no class without a recognizer of its own covers it.
    if (
      this.#forked.size === 0 && candidate.length === reference.length &&
      !this.#fallback.some((c) =>
        (this.#tainted.get(c.name)?.size ?? 0) > 0 || coversStep(c, op)
      ) &&
      candidate.every((outcome, i) => sameData(outcome, reference[i]))
    ) return;
    const stepLabels = this.#labels(op);
    const ownLabels = stepLabels.length -
      observationLabels(this.#reference, this.#ownKeys, this.#headerLists).length;
    const touched = [...new Set(stepLabels.slice(0, ownLabels).flatMap(slotsNamed))];
    // The call each of the step's own outcomes is about: inside a batch, the call that made it.
    const owners = op.op === "batch"
      ? op.ops.flatMap((inner) => anyKind.labels(inner).map(() => inner as Op))
      : stepLabels.slice(0, ownLabels).map(() => op);
    const grew = { h: r.made > countsBefore[0], it: r.opened > countsBefore[1] };
    const filled = slotsFilled(op).filter((slot) =>
      slot.startsWith("h")
        ? grew.h
        : slot.startsWith("it")
        ? grew.it
        : r.messagesMade > countsBefore[2]
    );
    // What a step that fills a slot reads: the slots its first outcome's label names, but not
    // as the one assigned (`h[2] = make("none", h[2])` reads h[2]; its later outcomes are about
    // the new object).
    const inputs = filled.length === 0
      ? touched
      : slotsNamed(stepLabels[0].replace(/\b(?:h|it|m)\[\d+\] = /g, ""));
    const forkedBefore = inputs.some((slot) => this.#forked.has(slot));
    for (const c of this.#fallback) {
      const slots = this.#tainted.get(c.name) ?? new Set<string>();
      if (coversStep(c, op) || inputs.some((slot) => slots.has(slot))) {
        for (const slot of touched) slots.add(slot);
      } else for (const slot of filled) slots.delete(slot);
      this.#tainted.set(c.name, slots);
    }
    if (forkedBefore) { for (const slot of touched) this.#fork(slot); }
    else for (const slot of filled) this.#forked.delete(slot);
    const c = this.#candidate;
    this.#apart = c.objects.length !== r.objects.length ||
      c.iterators.length !== r.iterators.length || c.messages.length !== r.messages.length ||
      c.made !== r.made || c.opened !== r.opened || c.messagesMade !== r.messagesMade;
    const explained = new Map<string, AfterExplained>();
    let skipped = false;
    // Sides that no longer hold as many objects observe them at different positions: only the
    // step's own outcomes can be compared, and one of them must differ.
    const length = this.#apart ? ownLabels : Math.max(candidate.length, reference.length);
    for (let i = 0; i < length; i++) {
      if (sameData(candidate[i], reference[i])) continue;
      const label = stepLabels[i] ?? `observation ${i}`;
      const named = slotsNamed(label);
      if (named.some((slot) => this.#forked.has(slot))) {
        skipped = true;
        continue;
      }
      const hit = explainedBy(
        {
          step: i < ownLabels ? owners[i] : op,
          label,
          observation: i >= ownLabels,
          candidate: candidate[i],
          reference: reference[i],
          lists: () => this.#listsAbout(named),
          made: () => this.#madeChain(named),
          objects: () => this.#objectsAbout(named),
        },
        this.#known,
        (c) => named.some((slot) => this.#tainted.get(c.name)?.has(slot) ?? false),
      );
      if (hit === null) {
        throw new Divergence(this.#steps, label, candidate[i], reference[i], patches);
      }
      if (hit.after === "fork") {
        for (const slot of [...(filled.length > 0 ? filled : touched), ...named]) this.#fork(slot);
      }
      for (const name of hit.names) {
        if (explained.get(name) !== "fork") explained.set(name, hit.after);
      }
    }
    if (this.#apart && explained.size === 0 && !skipped) {
      throw new Divergence(this.#steps, "the objects the step made", candidate[0], reference[0]);
    }
    for (const [name, after] of explained) this.#onExplained?.({ name, step: this.#steps, after });
  }

  /**
   * Records, from the structure of resolved `op` once it ran, the slots it made from others: an
   * iterator from the object it was opened on (also a raw list's first call), a message's headers
   * and the message itself from each other once read, and a clone from the message it cloned;
   * and the step that filled each slot it filled (`#madeChain`).
   */
  #link(op: Op, countsBefore: number[]): void {
    const r = this.#reference;
    const link = (from: string, made: string) => {
      const slots = this.#madeFrom.get(from) ?? new Set<string>();
      slots.add(made);
      this.#madeFrom.set(from, slots);
    };
    if (r.opened > countsBefore[1]) {
      const open = op.op === "iterOpen"
        ? op
        : op.op === "rawList" && op.first?.op === "iterOpen"
        ? { ...op.first, target: op.slot }
        : null;
      if (open !== null) {
        link("h" + open.target, "it" + open.slot);
        this.#iterated.set("it" + open.slot, r.objects[open.target]);
      }
    }
    if (r.made > countsBefore[0] && "message" in op && "slot" in op) {
      link("m" + op.message, "h" + op.slot);
      link("h" + op.slot, "m" + op.message);
    }
    if (r.messagesMade > countsBefore[2] && op.op === "clone") {
      link("m" + op.source, "m" + op.message);
    }
    const makerOf = (slot: string): Maker[] => {
      const maker = this.#makers.get(slot);
      return maker === undefined ? [] : [maker];
    };
    if (r.messagesMade > countsBefore[2] && "message" in op) {
      const from = op.op === "clone"
        ? makerOf("m" + op.source)
        : op.op === "request" && op.input !== null
        ? makerOf("m" + op.input)
        : [];
      this.#makers.set("m" + op.message, { op, from, bodies: [] });
    }
    if (op.op === "body" && op.how === "text") this.#makers.get("m" + op.message)?.bodies.push(op);
    if (r.made > countsBefore[0] && "slot" in op && op.op !== "iterOpen") {
      const from = op.op === "read" ? makerOf("m" + op.message) : [];
      this.#makers.set("h" + op.slot, { op, from, bodies: [] });
    }
  }

  /**
   * The steps that last filled each of `slots` (each followed by the body steps that read its
   * body since), then those of the slots they were made from (divergences.ts `Difference.made`).
   */
  #madeChain(slots: readonly string[]): Op[] {
    const steps: Op[] = [];
    const queue = slots.flatMap((slot) => this.#makers.get(slot) ?? []);
    const seen = new Set<Maker>();
    while (queue.length > 0) {
      const maker = queue.shift() as Maker;
      if (seen.has(maker)) continue;
      seen.add(maker);
      steps.push(maker.op, ...maker.bodies);
      queue.push(...maker.from);
    }
    return steps;
  }

  /**
   * The reference's pairs now of each object among `slots` and of the object each iterator among
   * them was opened on.
   */
  #listsAbout(slots: readonly string[]): unknown[] {
    const readAll = this.#reference.subject.readAll ?? drain;
    return this.#objectsAbout(slots.filter((slot) => !slot.startsWith("m"))).map((object) => {
      const outcome = attempt(() => readAll(object));
      return "ok" in outcome ? outcome.ok : [];
    });
  }

  /**
   * The reference's objects and messages among `slots` and the object each iterator among them
   * was opened on.
   */
  #objectsAbout(slots: readonly string[]): unknown[] {
    const side = this.#reference;
    return slots.map((slot) =>
      slot.startsWith("h")
        ? side.objects[Number(slot.slice(1))]
        : slot.startsWith("it")
        ? this.#iterated.get(slot)
        : side.messages[Number(slot.slice(1))]
    ).filter((object) => object !== undefined);
  }

  /** Stops comparing `slot` and every slot made from it. */
  #fork(slot: string): void {
    if (this.#forked.has(slot)) return;
    this.#forked.add(slot);
    for (const made of this.#madeFrom.get(slot) ?? []) this.#fork(made);
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
  anyKind.perform(side, op, outcomes);
}

/** A JavaScript statement or expression for a resolved step (used as its label too). */
export function renderOp(op: Op): string {
  return anyKind.render(op);
}

/** One JavaScript expression per outcome of a resolved step of a kind that says so. */
export function stepCodesOf(op: Op): string[] {
  return anyKind.codes(op);
}

/** The labels of the outcomes one step produces, before the observations. */
export function stepLabels(op: Op): string[] {
  return anyKind.labels(op);
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

/** The labels of the observations after a step (see `World.#run`). */
function observationLabels(side: Side, ownKeys: boolean, headerLists: boolean): string[] {
  const keys = (name: string) => ownKeys ? [`Reflect.ownKeys(${name})`] : [];
  const list = (i: number) => headerLists ? [`headerListOf(h[${i}])`] : [];
  return [
    ...side.objects.flatMap((_, i) => [`[...h[${i}]]`, ...keys(`h[${i}]`), ...list(i)]),
    ...side.iterators.flatMap((_, i) => [`it[${i}].next()`, ...keys(`it[${i}]`)]),
  ];
}
