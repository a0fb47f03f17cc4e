/**
 * What an operation kind is (one module per kind in ../operations/, the table of them in
 * ../world.ts `KINDS`) and the side of a run its steps act on. This module imports no kind and no
 * step type: a kind's step type is its own, and a kind whose step holds other steps names their
 * union as a type parameter, so no module below the table imports the table.
 *
 * @example
 * ```ts
 * import type { OperationKind } from "./kind.ts";
 * type NoOp = { op: "noop" };
 * const noop: OperationKind<NoOp> = {
 *   resolve: (op) => op,
 *   perform: (_side, _op, outcomes) => outcomes.push({ ok: null }),
 *   render: () => "void 0",
 *   labels: () => ["void 0"],
 * };
 * console.log(noop.render({ op: "noop" }, null!));
 * ```
 *
 * @module
 */
import type { Outcome, Subject } from "./observe.ts";
import { MAX_ITERATORS, MAX_OBJECTS } from "./arguments.ts";

/** The live objects and open iterators of one side, and how many of each were ever made. */
export class Side {
  /** Live Headers objects, by slot. */
  readonly objects: unknown[] = [];
  /** Open iterators, by slot. */
  readonly iterators: unknown[] = [];
  /** Live Requests and Responses, by slot (their headers join the objects when a step reads them). */
  readonly messages: unknown[] = [];
  /** Per message slot: whether a read step has read the message's headers. */
  readonly read: boolean[] = [];
  /** Objects made so far (the next one replaces slot `made % MAX_OBJECTS` once all are used). */
  made = 0;
  /** Iterators opened so far. */
  opened = 0;
  /** Requests and Responses made so far. */
  messagesMade = 0;
  /** An empty side of `subject`. */
  readonly subject: Subject;
  constructor(subject: Subject) {
    this.subject = subject;
  }

  /** The slot the next object made goes to: the next free one, else the oldest. */
  nextSlot(): number {
    const count = this.objects.length;
    return count < MAX_OBJECTS ? count : this.made % MAX_OBJECTS;
  }

  /** The slot the next iterator opened goes to: the next free one, else the oldest. */
  nextIteratorSlot(): number {
    const open = this.iterators.length;
    return open < MAX_ITERATORS ? open : this.opened % MAX_ITERATORS;
  }

  /** The slot the next Request or Response made goes to: the next free one, else the oldest. */
  nextMessageSlot(): number {
    const count = this.messages.length;
    return count < MAX_OBJECTS ? count : this.messagesMade % MAX_OBJECTS;
  }

  /** Stores a new Request or Response in `slot` (chosen by a kind's `resolve`) and returns it. */
  keep(slot: number, message: unknown): unknown {
    this.messages[slot] = message;
    this.read[slot] = false;
    this.messagesMade++;
    return message;
  }

  /**
   * The live message a step takes: the first from `ref` (modulo their count) on, cyclically, whose
   * headers were never read if `unread`, else one read; with `recent`, the newest in that state
   * instead; when none is in that state, the one at `ref` (the newest with `recent`). Returns its
   * slot and whether it is unread; null when there is no message. On the same state, a resolved
   * reference resolves to itself.
   */
  messageRef(
    ref: number,
    unread: boolean,
    recent = false,
  ): { slot: number; unread: boolean } | null {
    const count = this.messages.length;
    if (count === 0) return null;
    // The slots are filled in order, then reused from the oldest: the newest is the last made.
    const newest = (this.messagesMade - 1) % count;
    const start = recent ? newest : ref % count;
    const direction = recent ? -1 : 1;
    for (let i = 0; i < count; i++) {
      const slot = (start + direction * i + count) % count;
      if (this.read[slot] !== unread) return { slot, unread };
    }
    return { slot: start, unread: !this.read[start] };
  }

  /** Stores a new object in `slot` (chosen by a kind's `resolve`) and returns it. */
  place(slot: number, headers: unknown): unknown {
    this.objects[slot] = headers;
    this.made++;
    return headers;
  }
}

/**
 * One kind of operation, everything the executor needs of it; `O` is its step. A kind whose step
 * holds other steps (copy, raw list, batch) hands them to `any`, which dispatches on their kind;
 * `Step` is the union of the steps it hands over (default: its own).
 */
export interface OperationKind<O, Step = O> {
  /**
   * `op` with its abstract references resolved against the live objects and open iterators of
   * `reference` (the reference's side; both sides hold as many); null when it needs one that does
   * not exist.
   */
  resolve(op: O, reference: Side, any: AnyKind<Step>): O | null;
  /** Runs resolved `op` on `side` and appends one tagged outcome per call it makes. */
  perform(side: Side, op: O, outcomes: Outcome[], any: AnyKind<Step>): void;
  /** A JavaScript statement or expression for resolved `op` (its label too). */
  render(op: O, any: AnyKind<Step>): string;
  /** The labels of the outcomes `perform` appends, in order. */
  labels(op: O, any: AnyKind<Step>): string[];
  /**
   * One JavaScript expression per outcome `perform` appends, for reproductions (default: the
   * {@link render} of the step alone).
   */
  codes?(op: O, any: AnyKind<Step>): string[];
}

/**
 * The methods of {@link OperationKind} for a step of any kind, dispatched on its `op`; `Step` is
 * the union of the steps it takes (ops.ts `Op` for the executor's, world.ts `anyKind`).
 */
export interface AnyKind<Step> {
  /** See {@link OperationKind.resolve}. */
  resolve(op: Step, reference: Side): Step | null;
  /** See {@link OperationKind.perform}. */
  perform(side: Side, op: Step, outcomes: Outcome[]): void;
  /** See {@link OperationKind.render}. */
  render(op: Step): string;
  /** See {@link OperationKind.labels}. */
  labels(op: Step): string[];
  /** See {@link OperationKind.codes}. */
  codes(op: Step): string[];
}
