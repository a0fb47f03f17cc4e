/**
 * `construct`: `new Headers(init)` for guard "none", `headersWithGuard(guard, init)` otherwise (a
 * native side reaches the guards through Request and Response), into the next object slot. Most of
 * this kind is its {@link Init}: what a constructor receives, from nothing through arrays, maps and
 * records to inits that break sequence conversion, inits of unusual shapes, and recorded inits
 * whose log of every interaction is an outcome of its own, after the construction's.
 *
 * The init builders ({@link iterableOf}, {@link proxiedArray}, {@link recordWith},
 * {@link brokenInit}, {@link exoticInit}, {@link recordedInit}) are embedded in counterexample
 * snippets with `Function.prototype.toString` (see observe.ts): each refers to nothing outside
 * itself but its arguments.
 *
 * @example
 * ```ts
 * import { renderInit } from "./construct.ts";
 * renderInit({ kind: "map", entries: [["a", "1"]] }); // 'new Map([["a","1"]])'
 * ```
 *
 * @module
 */
import fc from "fast-check";
import type { Arg, Guard } from "../base/arguments.ts";
import {
  argValue,
  casedFrom,
  flipCase,
  guard,
  headerName,
  headerValue,
  objectRef,
  pair,
  renderArg,
  valueArg,
} from "../base/arguments.ts";
import type { Subject } from "../base/observe.ts";
import { attempt } from "../base/observe.ts";
import type { CallOp } from "./call.ts";
import { callOn, renderCall } from "./call.ts";
import type { OperationKind } from "../base/kind.ts";

/**
 * Makes a Headers with `guard` from `init` into object slot `slot`, then calls `lookups` (get,
 * has or delete) on it before anything else reads it: the first read or delete of a fresh
 * Headers, which the full read after every step would otherwise always precede. Absent in steps
 * recorded before lookups.
 */
export type ConstructOp = {
  op: "construct";
  slot: number;
  guard: Guard;
  init: Init;
  lookups?: CallOp[];
};

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
 * An init that logs every interaction with it (see {@link recordedInit}); the log is an
 * observation of its own, right after the construction.
 */
export type RecordedHow = "record" | "array" | "iterator";

/** An init of an unusual shape (see {@link exoticInit}). */
export type ExoticHow =
  | "callable record"
  | "array with a hole"
  | "array with getters"
  | "array shrinks midway"
  | "iterable throws midway"
  | "subclass overrides @@iterator"
  | "instance overrides @@iterator"
  | "array overrides @@iterator"
  | "foreign Headers";

/** An extra own key of a record init, or a Proxy around it (see {@link recordWith}). */
export type RecordExtra =
  | "enumerable symbol"
  | "hidden symbol"
  | "hidden string"
  | "proxy"
  | "proxy with enumerable symbol";

/** How an init breaks sequence conversion (see {@link brokenInit}). */
export type BrokenHow =
  | "iterator not callable"
  | "iterator returns a primitive"
  | "next returns a primitive"
  | "pair is a primitive"
  | "pair is a plain object"
  | "pair iterator not callable"
  | "pair iterator returns a primitive"
  | "pair next returns a primitive";

/** The items of a sequence init: pairs, with a pair of the wrong size or a bare string 1 in 12. */
const sequenceItems = fc.array(
  fc.oneof(
    { weight: 11, arbitrary: pair as fc.Arbitrary<Arg[] | string> },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constant([] as Arg[]),
        fc.tuple(headerName).map((t): Arg[] => t),
        fc.tuple(headerName, headerValue, fc.constantFrom<Arg>("c", "\u0100")).map((t): Arg[] => t),
        fc.constant("ab"),
      ),
    },
  ),
  { maxLength: 5 },
);

/**
 * Constructor inputs, weights out of 114: none 8, explicit undefined 3, array of pairs 25, 30-40
 * distinct names (h0, H1, ...) plus a few pairs (half of them set-cookie) 3, an iterable that is
 * not an array (its pairs arrays or iterables too) 8, Map 6, record 13, record with an extra
 * symbol / non-enumerable key or behind a Proxy 6, another live Headers 15, a recorded init (a
 * record, an array or an iterator that logs every interaction, see {@link recordedInit}) 6,
 * an exotic init (callable record, array with a hole or getters, array that shrinks midway,
 * iterable that throws midway, Headers whose `@@iterator` a subclass or the instance overrides, a
 * foreign class named Headers) 8, an init that breaks sequence conversion 5, an array behind a Proxy whose length is a string, a fraction
 * or negative 3, null or a primitive 5.
 */
export const init: fc.Arbitrary<Init> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ kind: "none" as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: "undefined" as const }) },
  {
    weight: 25,
    arbitrary: fc.record({ kind: fc.constant("sequence" as const), items: sequenceItems }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant("iterable" as const),
      items: sequenceItems,
      innerIterables: fc.boolean(),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("map" as const),
      entries: fc.array(pair, { maxLength: 4 }),
    }),
  },
  {
    weight: 13,
    arbitrary: fc.record({
      kind: fc.constant("record" as const),
      entries: fc.array(fc.tuple(headerName, valueArg), { maxLength: 5 }),
      extra: fc.constant(null),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("record" as const),
      entries: fc.array(fc.tuple(headerName, valueArg), { maxLength: 3 }),
      extra: fc.constantFrom<RecordExtra | null>(
        "enumerable symbol",
        "hidden symbol",
        "hidden string",
        "proxy",
        "proxy with enumerable symbol",
      ),
    }),
  },
  {
    weight: 15,
    arbitrary: fc.record({ kind: fc.constant("headers" as const), source: objectRef }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("recorded" as const),
      how: fc.constantFrom<RecordedHow>("record", "array", "iterator"),
      items: fc.array(pair.map((p): Arg[] => p), { maxLength: 3 }),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant("exotic" as const),
      how: fc.constantFrom<ExoticHow>(
        "callable record",
        "array with a hole",
        "array with getters",
        "array shrinks midway",
        "iterable throws midway",
        "subclass overrides @@iterator",
        "instance overrides @@iterator",
        "foreign Headers",
      ),
      items: fc.array(pair.map((p): Arg[] => p), { maxLength: 3 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("broken" as const),
      how: fc.constantFrom<BrokenHow>(
        "iterator not callable",
        "iterator returns a primitive",
        "next returns a primitive",
        "pair is a primitive",
        "pair is a plain object",
        "pair iterator not callable",
        "pair iterator returns a primitive",
        "pair next returns a primitive",
      ),
      items: fc.array(pair.map((p): Arg[] => p), { maxLength: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.tuple(
      fc.integer({ min: 30, max: 40 }),
      fc.nat(),
      fc.array(fc.oneof(pair, fc.tuple(casedFrom(["set-cookie"]), headerValue)), { maxLength: 4 }),
    )
      .map(([count, mask, extra]): Init => ({
        kind: "sequence",
        items: [
          ...Array.from({ length: count }, (_, i) => [flipCase(`h${i}`, mask >>> i), "v"]),
          ...extra,
        ],
      })),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("proxied array" as const),
      items: fc.array(pair.map((p): Arg[] => p), { maxLength: 3 }),
      length: fc.constantFrom("string" as const, "fraction" as const, "negative" as const),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("invalid" as const),
      value: fc.constantFrom<Arg>(null, "a", { $: "number", v: 1 }, true),
    }),
  },
);

/** The names an init spells out as strings (the lookups after it favour them). */
function namesOf(init: Init): string[] {
  const items = init.kind === "record" || init.kind === "map"
    ? init.entries
    : "items" in init
    ? init.items
    : [];
  const names: string[] = [];
  for (const item of items) {
    if (typeof item !== "string" && typeof item[0] === "string") names.push(item[0]);
  }
  return names;
}

/**
 * A construct step (its slot and its lookups' target are filled in when it runs): up to 2
 * lookups, each a get, has or delete of one of the init's names in any case 3 times in 4.
 */
export const constructOp: fc.Arbitrary<ConstructOp> = fc.record({ guard, init }).chain((
  { guard, init },
) => {
  const names = namesOf(init);
  const name = names.length === 0
    ? headerName
    : fc.oneof({ weight: 1, arbitrary: headerName }, { weight: 3, arbitrary: casedFrom(names) });
  const lookup = fc.record({
    op: fc.constantFrom("get" as const, "has" as const, "delete" as const),
    target: fc.constant(0),
    args: fc.tuple(name),
  });
  return fc.array(lookup, { maxLength: 2 }).map((lookups): ConstructOp => ({
    op: "construct",
    slot: 0,
    guard,
    init,
    lookups,
  }));
});

/** The construct steps: see the module doc. */
export const construct: OperationKind<ConstructOp> = {
  resolve(op, reference) {
    const count = reference.objects.length;
    const slot = reference.nextSlot();
    const lookups = op.lookups?.map((lookup) => ({ ...lookup, target: slot }));
    const resolved: ConstructOp = lookups === undefined
      ? { ...op, slot }
      : { ...op, slot, lookups };
    if (op.init.kind !== "headers") return resolved;
    return count === 0
      ? { ...resolved, init: { kind: "none" } }
      : { ...resolved, init: { kind: "headers", source: op.init.source % count } };
  },
  perform(side, op, outcomes) {
    const { subject, objects } = side;
    const hasInit = op.init.kind !== "none";
    const init = op.init;
    const log: string[] = [];
    outcomes.push(
      attempt(() =>
        side.place(
          op.slot,
          subject.make(op.guard, initValue(init, objects, subject, log), hasInit),
        )
      ),
    );
    if (init.kind === "recorded") outcomes.push(attempt(() => log));
    for (const lookup of op.lookups ?? []) outcomes.push(attempt(() => callOn(objects, lookup)));
  },
  render: (op) => renderConstruct(op),
  labels: (op) => [
    renderConstruct(op),
    ...(op.init.kind === "recorded" ? [`the log of h[${op.slot}]'s init`] : []),
    ...(op.lookups ?? []).map((lookup) => renderCall(lookup)),
  ],
};

/**
 * The JavaScript of a resolved construct step without its lookups (`make` is the snippet's guard
 * dispatch).
 */
function renderConstruct(op: ConstructOp): string {
  const init = op.init.kind === "none" ? "" : renderInit(op.init);
  return `h[${op.slot}] = make(${JSON.stringify(op.guard)}${init ? ", " + init : ""})`;
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

/**
 * An iterable that is not an array: its `@@iterator` is a generator over `items`, so WebIDL
 * conversion must walk the iterator protocol.
 */
export function iterableOf(items: unknown[]): Iterable<unknown> {
  return {
    *[Symbol.iterator]() {
      for (let i = 0; i < items.length; i++) yield items[i];
    },
  };
}

/**
 * `items` behind a Proxy whose `length` reads as a numeric string ("string"), a fraction
 * ("fraction") or -1 ("negative"): still an array to `Array.isArray`, so fast paths that read
 * arrays by index must apply ToLength exactly as the array iterator does.
 */
export function proxiedArray(items: unknown[], length: string): unknown[] {
  return new Proxy(items, {
    get(target, key) {
      // A property read, not Reflect.get: see recordedInit on why a trap does not end in a call.
      if (key !== "length") return (target as unknown as Record<PropertyKey, unknown>)[key];
      if (length === "string") return String(target.length);
      return length === "fraction" ? target.length + 0.5 : -1;
    },
  });
}

/**
 * A record init with an extra own key of the given kind: "enumerable symbol" (WebIDL must throw),
 * "hidden symbol" or "hidden string" (non-enumerable: skipped); or the record behind a Proxy with
 * no traps ("proxy", "proxy with enumerable symbol").
 */
export function recordWith(record: Record<string, unknown>, extra: string): object {
  if (extra === "proxy") return new Proxy(record, {});
  const key = extra === "hidden string" ? "x-hidden" : Symbol("extra");
  Object.defineProperty(record, key, {
    value: "1",
    enumerable: extra === "enumerable symbol" || extra === "proxy with enumerable symbol",
    configurable: true,
  });
  return extra === "proxy with enumerable symbol" ? new Proxy(record, {}) : record;
}

/**
 * An init that breaks WebIDL's sequence conversion in the way `how` names, around `pairs`: its
 * @@iterator not callable, returning a primitive, its `next()` returning a primitive; or a pair
 * that is a primitive, a plain object, has a non-callable @@iterator, an @@iterator returning a
 * primitive, or a `next()` returning a primitive.
 */
export function brokenInit(how: string, pairs: unknown[]): unknown {
  const items = pairs.slice();
  if (how === "iterator not callable") return { [Symbol.iterator]: 1 };
  if (how === "iterator returns a primitive") return { [Symbol.iterator]: () => 1 };
  if (how === "next returns a primitive") {
    return { [Symbol.iterator]: () => ({ next: () => 1 }) };
  }
  if (how === "pair is a primitive") items.push(1);
  else if (how === "pair is a plain object") items.push({ 0: "a", 1: "b", length: 2 });
  else if (how === "pair iterator returns a primitive") items.push({ [Symbol.iterator]: () => 1 });
  else if (how === "pair next returns a primitive") {
    items.push({ [Symbol.iterator]: () => ({ next: () => 1 }) });
  } else items.push({ [Symbol.iterator]: "no" });
  return items;
}

/**
 * An init of an unusual shape around `pairs`, for `subject`'s side:
 * - "callable record": a function whose own enumerable properties are the entries (a record: a
 *   function is an object without `@@iterator`);
 * - "array with a hole": the pairs with a hole after the first (the hole reads as `undefined`);
 * - "array with getters": every pair behind a getter, and reading the first appends a pair;
 * - "array shrinks midway": the pairs, the first behind a getter that cuts the array to one item
 *   (a conversion that sized its result by the length it read first must not keep the rest);
 * - "iterable throws midway": yields the first pair, then throws a SyntaxError;
 * - "subclass overrides @@iterator": an instance of a subclass of the side's Headers holding the
 *   pairs whose `@@iterator` yields `["x-overridden", "1"]`, then the pairs in reverse (WebIDL
 *   converts through `@@iterator`, never through the object's own storage);
 * - "instance overrides @@iterator": a Headers of the side holding the pairs, with an own
 *   `@@iterator` that yields the same;
 * - "array overrides @@iterator": an array of the pairs with an own `@@iterator` that yields the
 *   same (a fast path that reads an array by index must not skip it; generated only as the
 *   `headers` member of a Request or Response init, see fetch_init.ts);
 * - "foreign Headers": a class of another implementation named Headers, with `get`,
 *   `getSetCookie` and `forEach` that answer nothing useful; only its iteration (the pairs as
 *   given) is what WebIDL reads.
 */
export function exoticInit(subject: Subject, how: string, pairs: unknown[][]): unknown {
  if (how === "callable record") {
    const record = function () {} as unknown as Record<string, unknown>;
    for (const [name, value] of pairs) record[String(name)] = value;
    return record;
  }
  if (how === "array with a hole") {
    const items: unknown[] = [];
    pairs.forEach((pair, i) => (items[i === 0 ? 0 : i + 1] = pair));
    return items;
  }
  if (how === "array with getters") {
    const items: unknown[] = [];
    pairs.forEach((pair, i) =>
      Object.defineProperty(items, i, {
        get() {
          if (i === 0) items.push(["x-added", "1"]);
          return pair;
        },
        enumerable: true,
        configurable: true,
      })
    );
    return items;
  }
  if (how === "array shrinks midway") {
    const items: unknown[] = pairs.slice();
    if (pairs.length > 0) {
      Object.defineProperty(items, 0, {
        get() {
          items.length = 1;
          return pairs[0];
        },
        enumerable: true,
        configurable: true,
      });
    }
    return items;
  }
  if (how === "iterable throws midway") {
    return {
      *[Symbol.iterator]() {
        if (pairs.length > 0) yield pairs[0];
        throw new SyntaxError("the init's iterator throws midway");
      },
    };
  }
  const overriding = function* () {
    yield ["x-overridden", "1"];
    for (let i = pairs.length - 1; i >= 0; i--) yield pairs[i];
  };
  if (how === "subclass overrides @@iterator") {
    const Base = subject.Headers as new (init?: unknown) => object;
    class Subclass extends Base {}
    Object.defineProperty(Subclass.prototype, Symbol.iterator, { value: overriding });
    return new Subclass(pairs);
  }
  if (how === "array overrides @@iterator") {
    const items = pairs.slice();
    Object.defineProperty(items, Symbol.iterator, { value: overriding });
    return items;
  }
  if (how === "instance overrides @@iterator") {
    const headers = new subject.Headers(pairs) as object;
    Object.defineProperty(headers, Symbol.iterator, { value: overriding });
    return headers;
  }
  class Headers {
    #pairs = pairs;
    get(): string {
      return "foreign";
    }
    getSetCookie(): string[] {
      return ["foreign=1"];
    }
    forEach(): void {}
    *[Symbol.iterator]() {
      yield* this.#pairs;
    }
  }
  return new Headers();
}

/**
 * An init that writes every interaction with it into `log`, one line per interaction
 * (`"<trap> <object> <key>"`), so the order and count of what a conversion touches can be
 * compared: every object is a Proxy that logs `get`, `has`, `ownKeys` and
 * `getOwnPropertyDescriptor`; every name and value is an object whose `toString` logs its call;
 * iterator methods log their calls.
 * - "record": a record of the pairs; converting the first value adds the key `x-late` to the
 *   record, which a conversion that already read the keys must not visit;
 * - "array": an array of pair arrays; converting the first name appends `["x-late", "1"]`, which
 *   the array iterator must still visit;
 * - "iterator": an iterable whose iterator yields pairs that are iterables of their own; its
 *   results are logged objects, and `return()` logs a call (WebIDL never closes the iterator).
 * Arguments that are not strings are passed as they are.
 */
export function recordedInit(how: string, pairs: unknown[][], log: string[]): unknown {
  const keyName = (key: string | symbol) =>
    typeof key === "symbol" ? "Symbol(" + (key.description ?? "") + ")" : key;
  const logged = <T extends object>(label: string, target: T): T =>
    new Proxy(target, {
      // Each trap logs after it has read the target (the targets have no accessors, so the
      // read logs nothing itself): no trap ends in a call, which JavaScriptCore would make a
      // tail call, leaving no frame of the trap, so that a tampered realm would see the
      // candidate that triggered the trap call the Reflect method.
      get(t, key, receiver) {
        const value = Reflect.get(t, key, receiver);
        log.push("get " + label + " " + keyName(key));
        return value;
      },
      has(t, key) {
        const found = Reflect.has(t, key);
        log.push("has " + label + " " + keyName(key));
        return found;
      },
      ownKeys(t) {
        const keys = Reflect.ownKeys(t);
        log.push("ownKeys " + label);
        return keys;
      },
      getOwnPropertyDescriptor(t, key) {
        const descriptor = Reflect.getOwnPropertyDescriptor(t, key);
        log.push("getOwnPropertyDescriptor " + label + " " + keyName(key));
        return descriptor;
      },
    });
  const text = (label: string, value: unknown, onConvert: () => void) =>
    typeof value !== "string" ? value : logged(label, {
      toString() {
        log.push("call toString " + label);
        onConvert();
        return value;
      },
    });
  const nothing = () => {};
  const iteratorOver = (label: string, items: unknown[]) => {
    let index = 0;
    return logged(label, {
      next() {
        log.push("call next " + label);
        const done = index >= items.length;
        return logged(label + " result", { done, value: done ? undefined : items[index++] });
      },
      return() {
        log.push("call return " + label);
        return { done: true, value: undefined };
      },
    });
  };
  if (how === "record") {
    const record: Record<string, unknown> = {};
    pairs.forEach(([name, value], i) => {
      record[String(name)] = text(
        "value" + i,
        value,
        i === 0 ? () => (record["x-late"] = "1") : nothing,
      );
    });
    return logged("init", record);
  }
  if (how === "array") {
    const items: unknown[] = [];
    pairs.forEach((pair, i) => {
      const late = i === 0 ? () => items.push(["x-late", "1"]) : nothing;
      items.push(
        logged(
          "pair" + i,
          pair.map((part, j) =>
            text((j === 0 ? "name" : "value") + i, part, j === 0 ? late : nothing)
          ),
        ),
      );
    });
    return logged("init", items);
  }
  const wrapped = pairs.map((pair, i) => {
    const parts = pair.map((part, j) => text((j === 0 ? "name" : "value") + i, part, nothing));
    return logged("pair" + i, {
      [Symbol.iterator]() {
        log.push("call @@iterator pair" + i);
        return iteratorOver("pair" + i + " iterator", parts);
      },
    });
  });
  return logged("init", {
    [Symbol.iterator]() {
      log.push("call @@iterator init");
      return iteratorOver("init iterator", wrapped);
    },
  });
}
