/**
 * How the harness looks at a Headers implementation without trusting it, whatever the operation:
 * every call goes through {@link attempt}, which turns it into a tagged outcome (`{ ok: value }` or
 * `{ threw: name }`), and every value the candidate hands back is read defensively by
 * {@link encode} into plain data that can be compared as a string. Also here: the observations
 * made after every step ({@link drain}, {@link nextResult}, {@link ownKeysOf}), a side as a
 * {@link Subject} ({@link openSubject}), and the refusing patches of a tampered realm. What one
 * kind of operation observes lives with that kind in `operations/`.
 *
 * Each function here, and each observation function of a kind, is self-contained (it refers to
 * nothing outside itself except the other embedded functions), because the counterexample
 * snippets embed their source text with `Function.prototype.toString`: the snippet a person runs
 * observes exactly the way the campaign did, with no second copy of this code to drift. This
 * module imports only core/outcome.ts (the outcome type and {@link errorName}, which imports
 * nothing), so that every module of the oracle may import it.
 *
 * @example
 * ```ts
 * import { attempt } from "./observe.ts";
 * attempt(() => new Headers().get("a b")); // { threw: "TypeError" }
 * ```
 *
 * @module
 */
import type { Outcome as TaggedOutcome } from "../../core/outcome.ts";
import { errorName } from "../../core/outcome.ts";

/** Plain data describing a value; equal values encode to equal JSON text. */
export type Encoded =
  | string
  | boolean
  | null
  | Encoded[]
  | { $: string; v?: string; tag?: string; error?: string };

/** A tagged outcome of one call, its value encoded (core/outcome.ts). */
export type Outcome = TaggedOutcome<Encoded>;

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
  /**
   * The side's Request and Response classes and its structuredClone (each undefined when the side
   * lacks it): the runtime's globals for native, the contract's optional `fetchClasses` and
   * `structuredClone` for a module.
   */
  fetch?: FetchSurface;
}

/** What a side hands a user a Headers through, besides its Headers constructor. */
export interface FetchSurface {
  Request?: new (input: unknown, init?: unknown) => { headers: unknown; clone(): unknown };
  Response?: {
    new (body?: unknown, init?: unknown): { headers: unknown; clone(): unknown };
    error(): { headers: unknown };
    redirect(url: unknown, status?: unknown): { headers: unknown };
    json(data: unknown, init?: unknown): { headers: unknown };
  };
  structuredClone?: (value: unknown) => unknown;
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
    fetchClasses?: (options?: unknown) => FetchSurface;
    structuredClone?: (value: unknown) => unknown;
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
      fetch: {
        Request: api.Request as FetchSurface["Request"],
        Response: api.Response as FetchSurface["Response"],
        structuredClone: api.structuredClone,
      },
    };
  }
  const withGuard = api.headersWithGuard;
  const fromRaw = api.headersFromRawList;
  const freeze = api.freezeHeaders;
  const classes: FetchSurface = typeof api.fetchClasses !== "function"
    ? {}
    : profile === "standard"
    ? api.fetchClasses()
    : api.fetchClasses({ profile });
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
    fetch: {
      Request: classes.Request,
      Response: classes.Response,
      structuredClone: api.structuredClone,
    },
  };
}
