/**
 * The operations a campaign performs, as plain JSON data (so a counterexample can be stored in the
 * corpus and replayed), and how each one is written as JavaScript in a counterexample snippet.
 *
 * Object and iterator references in a generated {@link Op} are abstract numbers; the executor
 * resolves them against the live objects when the step runs (modulo their count) and records the
 * resolved step, whose slots are concrete. Rendering always works on resolved steps.
 *
 * @example
 * ```ts
 * import { renderOp } from "./ops.ts";
 * renderOp({ op: "append", target: 0, args: ["Accept", " text/plain"] });
 * // 'h[0].append("Accept", " text/plain")'
 * ```
 *
 * @module
 */

import type { Subject } from "./observe.ts";
import {
  brokenInit,
  exoticInit,
  iterableOf,
  proxiedArray,
  recordedInit,
  recordWith,
} from "./observe.ts";

/** An argument: a string (the usual case) or a value WebIDL must convert (or reject). */
export type Arg =
  | string
  | null
  | boolean
  | { $: "undefined" }
  | { $: "symbol" }
  | { $: "number"; v: number }
  | { $: "object with toString"; v: string };

/** The guards, as the contract names them. */
export type Guard = "immutable" | "request" | "request-no-cors" | "response" | "none";

/** What a constructor receives. `headers` copies a live object (resolved to its slot). */
export type Init =
  | { kind: "none" }
  | { kind: "undefined" }
  | { kind: "sequence"; items: (Arg[] | string)[] }
  | { kind: "map"; entries: [string, string][] }
  | { kind: "iterable"; items: (Arg[] | string)[]; innerIterables: boolean }
  | { kind: "record"; entries: [string, Arg][]; extra: RecordExtra | null }
  | { kind: "headers"; source: number }
  | { kind: "broken"; how: BrokenHow; items: Arg[][] }
  | { kind: "proxied array"; items: Arg[][]; length: "string" | "fraction" | "negative" }
  | { kind: "invalid"; value: Arg }
  | { kind: "exotic"; how: ExoticHow; items: Arg[][] }
  | { kind: "recorded"; how: RecordedHow; items: Arg[][] };

/**
 * An init that logs every interaction with it (see observe.ts `recordedInit`); the log is an
 * observation of its own, right after the construction.
 */
export type RecordedHow = "record" | "array" | "iterator";

/** An init of an unusual shape (see observe.ts `exoticInit`). */
export type ExoticHow =
  | "callable record"
  | "array with a hole"
  | "array with getters"
  | "iterable throws midway"
  | "subclass overrides @@iterator"
  | "instance overrides @@iterator"
  | "foreign Headers";

/** An extra own key of a record init, or a Proxy around it (see observe.ts `recordWith`). */
export type RecordExtra =
  | "enumerable symbol"
  | "hidden symbol"
  | "hidden string"
  | "proxy"
  | "proxy with enumerable symbol";

/** How an init breaks sequence conversion (see observe.ts `brokenInit`). */
export type BrokenHow =
  | "iterator not callable"
  | "iterator returns a primitive"
  | "next returns a primitive"
  | "pair is a primitive"
  | "pair is a plain object"
  | "pair iterator not callable"
  | "pair iterator returns a primitive"
  | "pair next returns a primitive";

/** Calls that misuse the API and must throw a TypeError (see {@link renderOp}). */
export type Misuse =
  | "forEach without callback"
  | "forEach with a non-callable"
  | "unknown guard"
  | "unknown profile"
  | "raw list not an array"
  | "freeze a plain object";

/** A Headers method called with `args` (fewer than its arity is allowed: WebIDL must throw). */
export type CallOp = {
  op: "append" | "set" | "delete" | "get" | "has" | "getSetCookie";
  target: number;
  args: Arg[];
};

/** Every operation. */
export type Op =
  | CallOp
  | { op: "construct"; slot: number; guard: Guard; init: Init }
  | {
    op: "copy";
    slot: number;
    source: number;
    via: Guard | "constructor";
    wrapNext: boolean;
    then: CallOp | null;
  }
  | { op: "rawList"; slot: number; flat: string[]; guard: Guard; first: Op | null }
  | { op: "copyChain"; slot: number; source: number; links: (Guard | "constructor")[] }
  | { op: "iterOpen"; slot: number; target: number; kind: IteratorKind }
  | { op: "iterNext"; iterator: number }
  | { op: "forEach"; target: number; mutations: CallOp[] }
  | { op: "freeze"; target: number }
  | { op: "batch"; ops: BatchedOp[] }
  | { op: "shape"; target: number }
  | { op: "tamper"; target: number; what: Tamper }
  | { op: "brand"; method: BrandMethod; args: Arg[] }
  | { op: "misuse"; what: Misuse; target: number };

/**
 * A step a batch may hold: one that neither makes an object nor opens an iterator, so every
 * reference in a batch resolves before it runs (the batch is recorded whole for a hang trace).
 */
export type BatchedOp =
  | CallOp
  | { op: "iterNext"; iterator: number }
  | { op: "forEach"; target: number; mutations: CallOp[] }
  | { op: "tamper"; target: number; what: Tamper };

/**
 * What the API hands out that a `tamper` step mutates before it looks again (observe.ts
 * `tamperReturned`): the array getSetCookie() returns, an iterator result object and its `value`
 * pair, the pairs a spread of the Headers yields.
 */
export type Tamper = "getSetCookie array" | "iterator result" | "spread pairs";

/** How an iterator is opened. */
export type IteratorKind = "entries" | "keys" | "values" | "@@iterator";

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

/** The most objects alive at once; a construct beyond it replaces the oldest slot. */
export const MAX_OBJECTS = 4;
/** The most iterators open at once. */
export const MAX_ITERATORS = 3;

/** A JavaScript expression for `arg`. */
export function renderArg(arg: Arg): string {
  if (typeof arg === "string" || typeof arg === "boolean" || arg === null) {
    return JSON.stringify(arg);
  }
  switch (arg.$) {
    case "undefined":
      return "undefined";
    case "symbol":
      return 'Symbol("s")';
    case "number":
      return String(arg.v);
    case "object with toString":
      return `{ toString: () => ${JSON.stringify(arg.v)} }`;
  }
}

/** The JavaScript value `arg` stands for. */
export function argValue(arg: Arg): unknown {
  if (typeof arg === "string" || typeof arg === "boolean" || arg === null) return arg;
  switch (arg.$) {
    case "undefined":
      return undefined;
    case "symbol":
      return Symbol("s");
    case "number":
      return arg.v;
    case "object with toString": {
      const text = arg.v;
      return { toString: () => text };
    }
  }
}

/** A JavaScript expression for `init` (a fresh value each time it is evaluated). */
export function renderInit(init: Init): string {
  switch (init.kind) {
    case "none":
    case "undefined":
      return "undefined";
    case "sequence":
      return "[" +
        init.items.map((item) =>
          typeof item === "string" ? JSON.stringify(item) : `[${item.map(renderArg).join(", ")}]`
        ).join(", ") + "]";
    case "iterable":
      return "iterableOf([" +
        init.items.map((item) =>
          typeof item === "string"
            ? JSON.stringify(item)
            : init.innerIterables
            ? `iterableOf([${item.map(renderArg).join(", ")}])`
            : `[${item.map(renderArg).join(", ")}]`
        ).join(", ") + "])";
    case "map":
      return `new Map(${JSON.stringify(init.entries)})`;
    case "record": {
      const record = "{ " +
        init.entries.map(([key, value]) => `${JSON.stringify(key)}: ${renderArg(value)}`).join(
          ", ",
        ) + " }";
      return init.extra === null ? record : `recordWith(${record}, ${JSON.stringify(init.extra)})`;
    }
    case "headers":
      return `h[${init.source}]`;
    case "broken":
      return `brokenInit(${JSON.stringify(init.how)}, [${
        init.items.map((item) => `[${item.map(renderArg).join(", ")}]`).join(", ")
      }])`;
    case "proxied array":
      return `proxiedArray([${
        init.items.map((item) => `[${item.map(renderArg).join(", ")}]`).join(", ")
      }], ${JSON.stringify(init.length)})`;
    case "invalid":
      return renderArg(init.value);
    case "exotic":
      return `exoticInit(subject, ${JSON.stringify(init.how)}, [${
        init.items.map((item) => `[${item.map(renderArg).join(", ")}]`).join(", ")
      }])`;
    case "recorded":
      return `recordedInit(${JSON.stringify(init.how)}, [${
        init.items.map((item) => `[${item.map(renderArg).join(", ")}]`).join(", ")
      }], log = [])`;
  }
}

/**
 * The JavaScript value `init` stands for; `objects` are the side's live Headers, `subject` the
 * side (exotic inits derive from its Headers), `log` where a recorded init writes.
 */
export function initValue(
  init: Init,
  objects: readonly unknown[],
  subject: Subject,
  log: string[] = [],
): unknown {
  switch (init.kind) {
    case "none":
    case "undefined":
      return undefined;
    case "sequence":
      return init.items.map((item) => typeof item === "string" ? item : item.map(argValue));
    case "iterable":
      return iterableOf(
        init.items.map((item) =>
          typeof item === "string"
            ? item
            : init.innerIterables
            ? iterableOf(item.map(argValue))
            : item.map(argValue)
        ),
      );
    case "map":
      return new Map(init.entries);
    case "record": {
      const record: Record<string, unknown> = {};
      for (const [key, value] of init.entries) record[key] = argValue(value);
      return init.extra === null ? record : recordWith(record, init.extra);
    }
    case "headers":
      return objects[init.source];
    case "broken":
      return brokenInit(init.how, init.items.map((item) => item.map(argValue)));
    case "proxied array":
      return proxiedArray(init.items.map((item) => item.map(argValue)), init.length);
    case "invalid":
      return argValue(init.value);
    case "exotic":
      return exoticInit(subject, init.how, init.items.map((item) => item.map(argValue)));
    case "recorded":
      return recordedInit(init.how, init.items.map((item) => item.map(argValue)), log);
  }
}

/** The JavaScript call of a resolved {@link CallOp} on `h[target]`. */
export function renderCall(call: CallOp, receiver = `h[${call.target}]`): string {
  return `${receiver}.${call.op}(${call.args.map(renderArg).join(", ")})`;
}

/** The JavaScript call of a {@link Misuse} (on `h[target]` for the forEach ones). */
export function renderMisuse(what: Misuse, target: number): string {
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

/** A JavaScript statement or expression for a resolved step (used as its label too). */
export function renderOp(op: Op): string {
  switch (op.op) {
    case "append":
    case "set":
    case "delete":
    case "get":
    case "has":
    case "getSetCookie":
      return renderCall(op);
    case "construct": {
      const init = op.init.kind === "none" ? "" : renderInit(op.init);
      return `h[${op.slot}] = make(${JSON.stringify(op.guard)}${init ? ", " + init : ""})`;
    }
    case "copy": {
      const make = op.via === "constructor"
        ? `new subject.Headers(h[${op.source}])`
        : `make(${JSON.stringify(op.via)}, h[${op.source}])`;
      return op.wrapNext
        ? `h[${op.slot}] = withWrappedIteratorNext(h[${op.source}], () => ${make})`
        : `h[${op.slot}] = ${make}`;
    }
    case "copyChain":
      return `h[${op.slot}] = ` +
        op.links.reduce(
          (inner, via) =>
            via === "constructor"
              ? `new subject.Headers(${inner})`
              : `make(${JSON.stringify(via)}, ${inner})`,
          `h[${op.source}]`,
        );
    case "rawList":
      return `h[${op.slot}] = subject.fromRaw(${JSON.stringify(op.flat)}, ${
        JSON.stringify(op.guard)
      })`;
    case "iterOpen":
      return op.kind === "@@iterator"
        ? `it[${op.slot}] = h[${op.target}][Symbol.iterator]()`
        : `it[${op.slot}] = h[${op.target}].${op.kind}()`;
    case "iterNext":
      return `it[${op.iterator}].next()`;
    case "forEach":
      return `forEachObserved(h[${op.target}], [${
        op.mutations.map((m) => "() => " + renderCall(m)).join(", ")
      }])`;
    case "freeze":
      return `subject.freeze(h[${op.target}])`;
    case "batch":
      return op.ops.map((inner) => renderOp(inner)).join("; ");
    case "shape":
      return `shapeOf(h[${op.target}])`;
    case "tamper":
      return `tamperReturned(h[${op.target}], ${JSON.stringify(op.what)})`;
    case "misuse":
      return renderMisuse(op.what, op.target);
    case "brand":
      return op.method === "iterator.next"
        ? "Object.getPrototypeOf(new subject.Headers().entries()).next.call({})"
        : `subject.Headers.prototype.${op.method}.call({}${
          op.args.map((a) => ", " + renderArg(a)).join("")
        })`;
  }
}
