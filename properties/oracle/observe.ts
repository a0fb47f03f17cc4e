/**
 * How the harness looks at a Headers implementation without trusting it: every call goes through
 * {@link attempt}, which turns it into a tagged outcome (`{ ok: value }` or `{ threw: name }`), and
 * every value the candidate hands back is read defensively by {@link encode} into plain data that
 * can be compared as a string.
 *
 * Each function here is self-contained (it refers to nothing outside itself except the other
 * functions of this file), because the counterexample snippets embed their source text with
 * `Function.prototype.toString`: the snippet a person runs observes exactly the way the campaign
 * did, with no second copy of this code to drift.
 *
 * @example
 * ```ts
 * import { attempt } from "./observe.ts";
 * attempt(() => new Headers().get("a b")); // { threw: "TypeError" }
 * ```
 *
 * @module
 */

/** Plain data describing a value; equal values encode to equal JSON text. */
export type Encoded =
  | string
  | boolean
  | null
  | Encoded[]
  | { $: string; v?: string; tag?: string; error?: string };

/** A tagged outcome of one call. */
export type Outcome = { ok: Encoded } | { threw: string };

/** The operations the harness needs from one side (the candidate or the reference). */
export interface Subject {
  /** The module's exports (the global object for native), for contract misuse calls. */
  exports: Record<string, (...args: unknown[]) => unknown>;
  /** The side's Headers constructor (for brand checks). */
  Headers: new (init?: unknown) => unknown;
  /** A Headers object with `guard`, filled from `init` (`undefined`: no init at all). */
  make(guard: string, init: unknown, hasInit: boolean): unknown;
  /** `headersFromRawList`, when the side has it. */
  fromRaw: ((flat: string[], guard: string) => unknown) | null;
  /** `freezeHeaders`, when the side has it. */
  freeze: ((headers: unknown) => void) | null;
  /**
   * What {@link drain} returns for this side's Headers, computed without the iterator (the
   * reference's value pairs in one sort-and-combine; see targets.ts); absent: {@link drain}.
   */
  readAll?: (headers: unknown) => unknown[];
}

/**
 * The name of what a call threw: the constructor name of an object, `non-error <typeof>` for a
 * thrown primitive, `unreadable` when even reading that name throws.
 */
export function errorName(thrown: unknown): string {
  if ((typeof thrown !== "object" || thrown === null) && typeof thrown !== "function") {
    return "non-error " + (thrown === null ? "null" : typeof thrown);
  }
  try {
    const ctor = (thrown as { constructor?: { name?: unknown } }).constructor;
    const name = ctor === undefined || ctor === null ? undefined : ctor.name;
    return typeof name === "string" ? name : "anonymous error";
  } catch {
    return "unreadable";
  }
}

/**
 * Reads `value` into plain data: primitives as themselves (or `{ $: type, v }`), arrays element by
 * element (at most 1000, nested at most 6 deep), any other object as `{ $: "object", tag }` with
 * its `Object.prototype.toString` tag. Getters and proxies that throw become `{ $: "unreadable" }`.
 */
export function encode(value: unknown, depth?: number): Encoded {
  const level = depth === undefined ? 0 : depth;
  if (typeof value === "string" || typeof value === "boolean" || value === null) return value;
  if (value === undefined) return { $: "undefined" };
  if (typeof value === "number" || typeof value === "bigint") {
    return { $: typeof value, v: String(value) };
  }
  if (typeof value === "symbol") return { $: "symbol" };
  try {
    if (Array.isArray(value) && level < 6) {
      const length = value.length;
      if (typeof length !== "number" || length > 2000) return { $: "array too long" };
      const items: Encoded[] = [];
      for (let i = 0; i < length; i++) items.push(encode(value[i], level + 1));
      return items;
    }
    return { $: typeof value, tag: Object.prototype.toString.call(value) };
  } catch (error) {
    return { $: "unreadable", error: errorName(error) };
  }
}

/** Runs `call` and tags what happened; nothing the call does escapes. */
export function attempt(call: () => unknown): Outcome {
  let result: unknown;
  try {
    result = call();
  } catch (error) {
    return { threw: errorName(error) };
  }
  return { ok: encode(result) };
}

/**
 * One `next()` of a candidate iterator, read defensively: `[done, value]` of the result object
 * (raw, for {@link attempt} to encode), or `["next() returned", typeof result]` when the result is
 * not an object.
 */
export function nextResult(iterator: unknown): unknown[] {
  const result = (iterator as { next(): unknown }).next();
  if (typeof result !== "object" || result === null) {
    return ["next() returned", result === null ? "null" : typeof result];
  }
  const record = result as { done: unknown; value: unknown };
  return [record.done, record.value];
}

/**
 * The full iteration of a Headers object through its own `@@iterator`: the list of values (raw,
 * for {@link attempt} to encode). A result that is not an object, or whose `done` is not a
 * boolean, ends the list with `[marker]`; so does an iterator that goes past 1000 items (one that
 * never ends is a bug, not a hang).
 */
export function drain(headers: unknown): unknown[] {
  const iterable = headers as { [Symbol.iterator](): unknown };
  const iterator = iterable[Symbol.iterator]();
  const items: unknown[] = [];
  while (items.length < 1000) {
    const [done, value] = nextResult(iterator);
    if (done === true) return items;
    if (done !== false) return [...items, ["unexpected next() result", done, value]];
    items.push(value);
  }
  return [...items, ["more than 1000 items"]];
}

/**
 * The own property keys of `value` (what `Reflect.ownKeys` or `{ ...value }` can reach), in
 * order, a Symbol as `Symbol(description)`. The standard's objects have none: a Headers object or
 * iterator that shows keys leaks internal state to user code.
 */
export function ownKeysOf(value: unknown): string[] {
  return Reflect.ownKeys(value as object).map((key) =>
    typeof key === "symbol" ? "Symbol(" + (key.description ?? "") + ")" : key
  );
}

/**
 * What idlharness checks of the interface `headers` belongs to, as plain data: the constructor's
 * name and length and its `prototype` property's attributes; for the prototype and for the
 * prototype of `headers.entries()`, every own property (sorted by key) with its attributes and,
 * for a function, its name and length; their class strings; whether `@@iterator` is `entries`;
 * whether the iterator prototype inherits from %IteratorPrototype%. The two registered inspection
 * symbols (`Symbol.for("Deno.customInspect")`, `Symbol.for("nodejs.util.inspect.custom")`) are left
 * out: they are how a host's console shows an object, outside WebIDL, and every runtime defines
 * one of them.
 */
export function shapeOf(headers: unknown): unknown[] {
  const inspectKeys = [Symbol.for("Deno.customInspect"), Symbol.for("nodejs.util.inspect.custom")];
  const callable = (fn: unknown) =>
    typeof fn === "function" ? [(fn as { name: unknown }).name, fn.length] : null;
  const keyName = (key: string | symbol) =>
    typeof key === "symbol" ? "Symbol(" + (key.description ?? "") + ")" : key;
  const describe = (object: object) =>
    Reflect.ownKeys(object)
      .filter((key) => !inspectKeys.includes(key as symbol))
      .sort((a, b) => (keyName(a) < keyName(b) ? -1 : keyName(a) > keyName(b) ? 1 : 0))
      .map((key) => {
        const d = Object.getOwnPropertyDescriptor(object, key)!;
        const attributes = [d.enumerable === true, d.configurable === true];
        return "value" in d
          ? [
            keyName(key),
            "data",
            d.writable === true,
            ...attributes,
            typeof d.value,
            callable(d.value),
          ]
          : [keyName(key), "accessor", ...attributes, callable(d.get), callable(d.set)];
      });
  const proto = Object.getPrototypeOf(headers) as Record<string | symbol, unknown> | null;
  if (proto === null) return ["no prototype"];
  const ctor = proto.constructor as { name: unknown; length: unknown } | undefined;
  const ctorPrototype = typeof ctor === "function"
    ? Object.getOwnPropertyDescriptor(ctor, "prototype")
    : undefined;
  const iterator = (headers as { entries(): object }).entries();
  const iteratorProto = Object.getPrototypeOf(iterator) as object;
  const arrayIteratorProto = Object.getPrototypeOf([][Symbol.iterator]());
  return [
    typeof ctor === "function" ? [ctor.name, ctor.length] : typeof ctor,
    ctorPrototype === undefined
      ? null
      : [ctorPrototype.writable, ctorPrototype.enumerable, ctorPrototype.configurable],
    Object.prototype.toString.call(headers),
    proto[Symbol.iterator] === proto.entries,
    describe(proto),
    Object.prototype.toString.call(iterator),
    Object.getPrototypeOf(iteratorProto) === Object.getPrototypeOf(arrayIteratorProto),
    describe(iteratorProto),
  ];
}

/**
 * The source (a URL, or a path for a local file) of the function that called the innermost
 * {@link refusingPatch} patch on the current stack, or "": read from the call sites of a stack
 * trace, which Deno, Node and Bun all offer through `ErrorConstructor`'s V8 stack hooks (pass the
 * `Error` captured before user code ran). The patch is found by its function name, not by a
 * count of frames: JavaScriptCore (Bun) has proper tail calls, so a function that ends in
 * `return f()` leaves no frame, and how many frames lie between here and the patch depends on
 * the engine.
 */
export function patchCallerSource(ErrorConstructor: ErrorConstructor): string {
  const hooks = ErrorConstructor as unknown as {
    stackTraceLimit: number;
    prepareStackTrace?: (error: Error, frames: unknown[]) => unknown;
  };
  const limit = hooks.stackTraceLimit;
  const prepare = hooks.prepareStackTrace;
  // The patch lies at most four frames down: this function, the realm's test of its caller,
  // the patch's test, the patch.
  hooks.stackTraceLimit = 8;
  // Structured call sites instead of formatted text (cheaper).
  hooks.prepareStackTrace = (_error, frames) => frames;
  const frames = new ErrorConstructor().stack as unknown as
    | { getFileName(): string | null | undefined; getFunctionName(): string | null }[]
    | undefined;
  hooks.prepareStackTrace = prepare;
  hooks.stackTraceLimit = limit;
  if (frames === undefined) return "";
  for (let i = 0; i + 1 < frames.length; i++) {
    if (frames[i].getFunctionName() === "headerproofRefusingPatch") {
      return frames[i + 1].getFileName() ?? "";
    }
  }
  return "";
}

/**
 * The patch of a tampered realm for the built-in `original`, called `name` in reports: it throws
 * an `EvalError` naming itself whenever `refuses()` says so (its caller is the candidate's code
 * while the realm is armed), and otherwise does what `original` does, called or constructed. Make
 * every patch before putting any in place: this captures `Reflect.apply` and `Reflect.construct`.
 * The patch's function is named `headerproofRefusingPatch`, which {@link patchCallerSource} looks
 * for on the stack.
 */
export function refusingPatch(
  name: string,
  original: (...args: unknown[]) => unknown,
  refuses: () => boolean,
): (...args: unknown[]) => unknown {
  const apply = Reflect.apply;
  const construct = Reflect.construct;
  const OriginalEvalError = EvalError;
  return function headerproofRefusingPatch(this: unknown, ...args: unknown[]): unknown {
    if (refuses()) throw new OriginalEvalError(`tampered realm: the candidate called ${name}`);
    return new.target === undefined
      ? apply(original, this, args)
      : construct(original, args, new.target);
  };
}

/**
 * A tampered realm for a reproduction file (tampered_realm.ts does it for campaigns, with the same
 * {@link refusingPatch} and {@link patchCallerSource}): replaces each built-in `names` lists, named as
 * the campaign names them ("Reflect.apply", "String.prototype.slice",
 * "RegExp.prototype[Symbol.match]"), with a patch that acts as the original until the returned
 * switch is `armed`, and from then on refuses code whose source `isCandidateSource` accepts. Made
 * before the candidate is imported, so a candidate that captures built-ins when it loads captures
 * these.
 */
export function refuseBuiltins(
  names: readonly string[],
  isCandidateSource: (source: string) => boolean,
): { armed: boolean } {
  const refusal = { armed: false };
  const OriginalError = Error;
  let checking = false;
  const calledByCandidate = (): boolean => {
    if (checking) return false;
    checking = true;
    const answer = isCandidateSource(patchCallerSource(OriginalError));
    checking = false;
    return answer;
  };
  const places: [Record<PropertyKey, unknown>, PropertyKey, PropertyDescriptor][] = [];
  for (const name of names) {
    const bracket = name.indexOf("[Symbol.");
    const dot = name.lastIndexOf(".", bracket === -1 ? name.length : bracket);
    const ownerPath = name.slice(0, bracket === -1 ? dot : bracket);
    const key: PropertyKey = bracket === -1
      ? name.slice(dot + 1)
      : (Symbol as unknown as Record<string, symbol>)[name.slice(bracket + 8, -1)];
    let owner = globalThis as unknown as Record<PropertyKey, unknown>;
    for (const part of ownerPath.split(".")) {
      owner = owner[part] as Record<PropertyKey, unknown>;
    }
    const descriptor = Object.getOwnPropertyDescriptor(owner, key) as PropertyDescriptor;
    const patch = refusingPatch(
      name,
      descriptor.value as (...args: unknown[]) => unknown,
      () => refusal.armed && calledByCandidate(),
    );
    places.push([owner, key, { ...descriptor, value: patch }]);
  }
  for (const [owner, key, patched] of places) Object.defineProperty(owner, key, patched);
  return refusal;
}

/**
 * Mutates what the API just handed out, then asks again, so a candidate that gives user code its
 * internal arrays shows it: "getSetCookie array" pushes, reorders and overwrites the returned
 * array; "iterator result" overwrites `done` and `value` of a `next()` result and the pair inside
 * it; "spread pairs" overwrites the pairs a spread yields. Returns what was handed out (copied
 * before the mutation) and what a second request returns.
 */
export function tamperReturned(headers: unknown, what: string): unknown[] {
  const h = headers as {
    getSetCookie(): unknown[];
    entries(): { next(): { done: unknown; value: unknown } };
    [Symbol.iterator](): Iterator<unknown>;
  };
  const copy = (value: unknown) => (Array.isArray(value) ? value.slice() : value);
  if (what === "getSetCookie array") {
    const first = h.getSetCookie();
    const before = copy(first);
    first.push("tampered=1");
    first.reverse();
    first[0] = "tampered=2";
    return [before, h.getSetCookie()];
  }
  if (what === "iterator result") {
    const result = h.entries().next();
    const before = [result.done, copy(result.value)];
    if (Array.isArray(result.value)) {
      result.value[0] = "tampered";
      result.value[1] = "tampered";
      result.value.push("tampered");
    }
    result.done = "tampered";
    result.value = "tampered";
    const again = h.entries().next();
    return [before, [again.done, again.value]];
  }
  const pairs = [...(h as Iterable<unknown>)];
  const before = pairs.map(copy);
  for (const pair of pairs) {
    if (Array.isArray(pair)) {
      pair[0] = "tampered";
      pair.length = 1;
    }
  }
  return [before, [...(h as Iterable<unknown>)]];
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

/**
 * `headers.forEach` with a callback that records each call (value, name, whether `parent` is
 * `headers`, whether `this` is the thisArg) and, on its n-th call, runs `mutations[n]` and records
 * that outcome too. A callback called more than 64 times throws a RangeError (a forEach that never
 * ends is a bug, not a hang). Returns `[forEach's return value, calls]`.
 */
export function forEachObserved(headers: unknown, mutations: (() => unknown)[]): unknown[] {
  const calls: unknown[] = [];
  const marker = {};
  let count = 0;
  const result = (headers as { forEach(callback: unknown, thisArg: unknown): unknown }).forEach(
    function (this: unknown, value: unknown, name: unknown, parent: unknown) {
      const index = count++;
      if (index >= 64) throw new RangeError("forEach called back more than 64 times");
      const outcome = index < mutations.length ? attempt(mutations[index]) : null;
      const tagged = outcome === null
        ? null
        : "ok" in outcome
        ? ["ok", outcome.ok]
        : ["threw", outcome.threw];
      calls.push([value, name, parent === headers, this === marker, tagged]);
    },
    marker,
  );
  return [result, calls];
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
 * - "iterable throws midway": yields the first pair, then throws a SyntaxError;
 * - "subclass overrides @@iterator": an instance of a subclass of the side's Headers holding the
 *   pairs whose `@@iterator` yields `["x-overridden", "1"]`, then the pairs in reverse (WebIDL
 *   converts through `@@iterator`, never through the object's own storage);
 * - "instance overrides @@iterator": a Headers of the side holding the pairs, with an own
 *   `@@iterator` that yields the same;
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

/**
 * Runs `make` while the iterator prototype of `headers`' side has its `next` replaced by a
 * wrapper that calls the original: user code that a copy-on-write fast path must notice (the copy
 * has to iterate for real), yet with the same result.
 */
export function withWrappedIteratorNext(headers: unknown, make: () => unknown): unknown {
  const proto = Object.getPrototypeOf((headers as { entries(): object }).entries());
  const original = proto.next;
  // The wrapper calls the original as a method under a symbol, not through
  // Function.prototype.call: a tampered realm patches `call`, and JavaScriptCore's tail call
  // would leave no frame of the wrapper, so the candidate would seem to be calling it.
  const originalNext = Symbol("next before wrapping");
  Object.defineProperty(proto, originalNext, { value: original, configurable: true });
  proto.next = function next(this: Record<symbol, () => unknown>) {
    return this[originalNext]();
  };
  try {
    return make();
  } finally {
    proto.next = original;
    delete proto[originalNext];
  }
}

/**
 * The {@link Subject} of one side. `kind` "module" uses the contract's exports (`Headers` for guard
 * "none", `headersWithGuard` for the others, with `profile`); "native" reaches the guards the way a
 * program must: request via `new Request(url, { headers })`, request-no-cors with `mode:
 * "no-cors"`, response via `new Response(null, { headers })`, immutable via `Response.error()`
 * (empty only).
 */
export function openSubject(exports: unknown, kind: string, profile: string): Subject {
  const api = exports as {
    Headers: new (init?: unknown) => unknown;
    headersWithGuard?: (guard: string, init: unknown, options?: unknown) => unknown;
    headersFromRawList?: (flat: string[], guard: string, options: unknown) => unknown;
    freezeHeaders?: (headers: unknown) => void;
    Request: new (url: string, init: unknown) => { headers: unknown };
    Response: {
      new (body: null, init: unknown): { headers: unknown };
      error(): { headers: unknown };
    };
  };
  const H = api.Headers;
  if (kind === "native") {
    const url = "http://headerproof.test/";
    return {
      exports: exports as Subject["exports"],
      Headers: H,
      make(guard, init, hasInit) {
        const options = hasInit ? { headers: init } : {};
        if (guard === "request") return new api.Request(url, options).headers;
        if (guard === "request-no-cors") {
          return new api.Request(url, { ...options, mode: "no-cors" }).headers;
        }
        if (guard === "response") return new api.Response(null, options).headers;
        if (guard === "immutable") return api.Response.error().headers;
        return hasInit ? new H(init) : new H();
      },
      fromRaw: null,
      freeze: null,
    };
  }
  const withGuard = api.headersWithGuard;
  const fromRaw = api.headersFromRawList;
  const freeze = api.freezeHeaders;
  return {
    exports: exports as Subject["exports"],
    Headers: H,
    make(guard, init, hasInit) {
      if (guard === "none") return hasInit ? new H(init) : new H();
      if (typeof withGuard !== "function") throw new Error("no headersWithGuard");
      // The standard profile is the default: passing no options at all must mean it too.
      return profile === "standard"
        ? withGuard(guard, hasInit ? init : undefined)
        : withGuard(guard, hasInit ? init : undefined, { profile });
    },
    fromRaw: typeof fromRaw === "function"
      ? (flat, guard) => fromRaw(flat, guard, { profile })
      : null,
    freeze: typeof freeze === "function" ? (headers) => freeze(headers) : null,
  };
}
