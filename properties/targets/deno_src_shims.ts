/**
 * What Deno's runtime gives the JavaScript of its extensions, rebuilt for `--target deno-src:PATH`
 * (deno_src_target.ts) so that `ext/fetch/20_headers.js` and the `ext/webidl` and `ext/web` files
 * it needs run unchanged under the Deno the wrapper runs: `primordials` (built-ins captured when
 * this module loads, uncurried), `core` (only the members those files touch), `internals`, the
 * stand-ins for the two `ext/web` modules whose exports `20_headers.js` and `00_infra.js` import
 * but a Headers never uses, and `core.loadExtScript` for the lazy-loaded script form.
 *
 * Also the contract module's functions (spec/contract.ts) over the loaded file's own internals
 * ({@link contractOf}). This file is headerproof's, not Deno's: in a tampered realm it is not the
 * candidate's code (the copies of Deno's files under `.cache/deno-src/` are).
 *
 * @example
 * ```ts
 * import { primordials } from "./deno_src_shims.ts";
 * const { ArrayPrototypePush } = primordials as Record<string, (...a: unknown[]) => unknown>;
 * const list: string[] = [];
 * ArrayPrototypePush(list, "a"); // calls the push captured when the module loaded
 * ```
 *
 * @module
 */
import { readFileSync } from "node:fs";
import process from "node:process";
import { types } from "node:util";
import { HEADERS_GUARDS, PROFILES } from "../../spec/contract.ts";
import type { GuardOptions, HeadersGuard, Profile } from "../../spec/contract.ts";
import { headersFromRawList as checkedByTheReference } from "../../spec/headers.ts";
import type { FormDataFile } from "./deno_src_fetch_shims.ts";
import {
  FETCH_STAND_INS,
  formDataBridge,
  registerHostBodyConverters,
} from "./deno_src_fetch_shims.ts";

export * from "./deno_src_fetch_shims.ts";

type Fn = (...args: unknown[]) => unknown;

// The originals this module needs itself, captured before anything can replace them.
const apply = Reflect.apply;
const ownKeys = Reflect.ownKeys;
const getOwnPropertyDescriptor = Reflect.getOwnPropertyDescriptor;
const defineProperty = Reflect.defineProperty;
const getPrototypeOf = Reflect.getPrototypeOf;
const bind = Function.prototype.bind;
const call = Function.prototype.call;

/** `fn` as a function taking its receiver first, as Deno's `uncurryThis`. */
function uncurryThis(fn: Fn): Fn {
  return apply(bind, call, [fn]) as Fn;
}

/** `fn` as a function taking its receiver and an arguments array, as Deno's `applyBind`. */
function applyBind(fn: Fn): Fn {
  return apply(bind, apply, [fn]) as Fn;
}

/** The name part of `key`: `isArray` → `IsArray`, `Symbol.iterator` → `SymbolIterator`. */
function keyName(key: string | symbol): string {
  if (typeof key === "symbol") {
    const description = key.description ?? "";
    const bare = description.startsWith("Symbol.") ? description.slice(7) : description;
    return `Symbol${bare.charAt(0).toUpperCase()}${bare.slice(1)}`;
  }
  return `${key.charAt(0).toUpperCase()}${key.slice(1)}`;
}

/**
 * Copies `source`'s own properties to `target` as `prefix + Key`: functions as they are (bound to
 * `source` when `bound`) or uncurried (`uncurried`), accessors as `prefixGetKey`/`prefixSetKey`
 * (uncurried), data as they are.
 */
function copyRenamed(
  target: Record<string, unknown>,
  source: object,
  prefix: string,
  how: "bound" | "uncurried",
): void {
  for (const key of ownKeys(source)) {
    if (how === "bound" && (key === "prototype" || key === "length" || key === "name")) continue;
    if (how === "uncurried" && key === "constructor") continue;
    const descriptor = getOwnPropertyDescriptor(source, key)!;
    const name = `${prefix}${keyName(key)}`;
    if (descriptor.get !== undefined || descriptor.set !== undefined) {
      if (descriptor.get !== undefined) {
        target[`${prefix}Get${keyName(key)}`] = uncurryThis(descriptor.get as Fn);
      }
      if (descriptor.set !== undefined) {
        target[`${prefix}Set${keyName(key)}`] = uncurryThis(descriptor.set as Fn);
      }
    } else if (typeof descriptor.value === "function") {
      target[name] = how === "bound"
        ? apply(bind, descriptor.value, [source])
        : uncurryThis(descriptor.value);
    } else {
      target[name] = descriptor.value;
    }
  }
}

/**
 * A subclass of `base` whose prototype holds its own copies of `base.prototype`'s methods, so
 * replacing `Map.prototype.get` (say) does not change a `SafeMap`, as Deno's `makeSafe` does.
 */
function makeSafe(base: new (...args: never[]) => object): new (...args: unknown[]) => object {
  const safe = class extends (base as new (...args: unknown[]) => object) {};
  for (const key of ownKeys(base.prototype)) {
    if (key === "constructor") continue;
    defineProperty(safe.prototype, key, getOwnPropertyDescriptor(base.prototype, key)!);
  }
  return safe;
}

const ArrayIteratorPrototype = getPrototypeOf([][Symbol.iterator]()) as object;

/**
 * An iterator class over what `prototype[Symbol.iterator]` iterates, with that method and its
 * iterator's `next` captured at load (Deno's `createSafeIterator`).
 */
function safeIterator(prototype: object): new (iterable: unknown) => Iterator<unknown> {
  const open = uncurryThis((prototype as Record<symbol, Fn>)[Symbol.iterator]);
  const step = uncurryThis(
    (getPrototypeOf(open(
      prototype === String.prototype ? "" : new (prototype.constructor as new () => object)(),
    ) as object) as { next: Fn }).next,
  );
  return class {
    #iterator: unknown;
    /** Iterates `iterable`. */
    constructor(iterable: unknown) {
      this.#iterator = open(iterable);
    }
    /** The next step of the captured iterator. */
    next(): IteratorResult<unknown> {
      return step(this.#iterator) as IteratorResult<unknown>;
    }
    /** This iterator. */
    [Symbol.iterator](): this {
      return this;
    }
  };
}

/** Iterates an array with the iterator built-ins captured at load (Deno's `SafeArrayIterator`). */
const SafeArrayIterator = safeIterator(Array.prototype);

/** The global constructors and namespaces whose members become primordials. */
const INTRINSICS: readonly string[] = [
  "AggregateError",
  "Array",
  "ArrayBuffer",
  "Atomics",
  "BigInt",
  "BigInt64Array",
  "BigUint64Array",
  "Boolean",
  "DataView",
  "Date",
  "Error",
  "EvalError",
  "FinalizationRegistry",
  "Float32Array",
  "Float64Array",
  "Function",
  "Int16Array",
  "Int32Array",
  "Int8Array",
  "JSON",
  "Map",
  "Math",
  "Number",
  "Object",
  "Promise",
  "Proxy",
  "RangeError",
  "ReferenceError",
  "Reflect",
  "RegExp",
  "Set",
  "String",
  "Symbol",
  "SyntaxError",
  "TypeError",
  "URIError",
  "Uint16Array",
  "Uint32Array",
  "Uint8Array",
  "Uint8ClampedArray",
  "WeakMap",
  "WeakRef",
  "WeakSet",
];

/** Global functions Deno's primordials carry under their own names. */
const GLOBAL_FUNCTIONS: readonly string[] = [
  "decodeURI",
  "decodeURIComponent",
  "encodeURI",
  "encodeURIComponent",
  "isFinite",
  "isNaN",
  "parseFloat",
  "parseInt",
];

/**
 * Deno's `primordials`, derived here from this realm as Deno's core does: for each intrinsic
 * `X`, `X` itself, its static members as `XMember` (functions bound to `X`), `XPrototype`, and its
 * prototype's methods uncurried as `XPrototypeMethod` (accessors as `XPrototypeGetName`);
 * `TypedArray` and the iterator prototypes likewise; `SafeMap`, `SafeSet`, `SafeWeakMap`,
 * `SafeWeakSet`, `SafeRegExp` (subclasses with their own copies of the prototype methods),
 * `SafeArrayIterator`, `uncurryThis`, `applyBind`. Reading a name it does not have throws, naming
 * it, instead of handing the file `undefined`.
 */
function buildPrimordials(): Record<string, unknown> {
  const table: Record<string, unknown> = { __proto__: null } as Record<string, unknown>;
  const add = (name: string, value: object) => {
    table[name] = value;
    copyRenamed(table, value, name, "bound");
    const prototype = (value as { prototype?: unknown }).prototype;
    if ((typeof prototype === "object" && prototype !== null) || typeof prototype === "function") {
      table[`${name}Prototype`] = prototype;
      copyRenamed(table, prototype, `${name}Prototype`, "uncurried");
    }
  };
  const global = globalThis as unknown as Record<string, object>;
  for (const name of INTRINSICS) add(name, global[name]);
  add("TypedArray", getPrototypeOf(Uint8Array) as object);
  const iteratorPrototypes: [string, object][] = [
    ["ArrayIteratorPrototype", ArrayIteratorPrototype],
    ["StringIteratorPrototype", getPrototypeOf(""[Symbol.iterator]()) as object],
    ["MapIteratorPrototype", getPrototypeOf(new Map()[Symbol.iterator]()) as object],
    ["SetIteratorPrototype", getPrototypeOf(new Set()[Symbol.iterator]()) as object],
    ["IteratorPrototype", getPrototypeOf(ArrayIteratorPrototype) as object],
    [
      "AsyncIteratorPrototype",
      getPrototypeOf((getPrototypeOf(async function* () {}) as { prototype: object }).prototype)!,
    ],
  ];
  for (const [name, prototype] of iteratorPrototypes) {
    table[name] = prototype;
    copyRenamed(table, prototype, name, "uncurried");
  }
  for (const name of GLOBAL_FUNCTIONS) table[name] = global[name];
  table.globalThis = globalThis;
  table.SafeMap = makeSafe(Map);
  table.SafeSet = makeSafe(Set);
  table.SafeWeakMap = makeSafe(WeakMap);
  table.SafeWeakSet = makeSafe(WeakSet);
  table.SafeRegExp = makeSafe(RegExp);
  table.SafeArrayIterator = SafeArrayIterator;
  table.SafeMapIterator = safeIterator(Map.prototype);
  table.SafeSetIterator = safeIterator(Set.prototype);
  table.SafeStringIterator = safeIterator(String.prototype);
  table.SafeFinalizationRegistry = makeSafe(FinalizationRegistry);
  table.SafeWeakRef = makeSafe(WeakRef);
  table.uncurryThis = uncurryThis;
  table.applyBind = applyBind;
  return new Proxy(table, {
    get(target, key) {
      if (typeof key === "string" && !(key in target)) {
        throw new Error(`primordials.${key} is not shimmed by headerproof (deno_src_shims.ts)`);
      }
      return target[key as string];
    },
  });
}

/** Deno's `primordials`, built from this realm when this module loaded. */
export const primordials: Record<string, unknown> = buildPrimordials();

/** Deno's `internals`: none of the loaded files reads a member of it. */
export const internals: Record<string, unknown> = {};

/**
 * A stand-in for `URLPrototype` of `ext:deno_url/00_url.js` / `ext:deno_web/00_url.js`, which
 * `00_infra.js` imports for its path helpers (no Headers code reaches them): an object nothing
 * else is an instance of.
 */
export const URLPrototype: object = Object.freeze({ __proto__: null });

/**
 * A stand-in for `markNotSerializable` of `ext:deno_web/13_message_port.js`, which marks a
 * prototype so that Deno's `structuredClone` (V8's serializer in Deno's core) refuses its
 * instances: a deno-src target has no structuredClone to fuzz ({@link fetchContractOf}), so it does
 * nothing.
 */
export function markNotSerializable(_prototype: object): void {}

/** An op no Headers code calls: it throws, naming itself. */
function missingOp(name: string): Fn {
  return () => {
    throw new Error(`core.ops.${name} is not shimmed by headerproof (deno_src_shims.ts)`);
  };
}

/**
 * Ops that `23_response.js` checks for before it calls them (`op === undefined`, `op?.()`): they
 * feed `Deno.serve` a native copy of a response to write, never `response.headers`, so they are
 * absent here, as the file allows.
 */
const ABSENT_OPS: readonly string[] = [
  "op_http_drop_response_native",
  "op_http_new_response_native_headers",
];

/** The stand-ins `core.loadExtScript` returns for the modules that are not loaded. */
const STUBS: Record<string, Record<string, unknown>> = {
  ...FETCH_STAND_INS,
  "ext:deno_url/00_url.js": { ...FETCH_STAND_INS["ext:deno_url/00_url.js"], URLPrototype },
  "ext:deno_web/00_url.js": { ...FETCH_STAND_INS["ext:deno_web/00_url.js"], URLPrototype },
  "ext:deno_web/13_message_port.js": { markNotSerializable },
};

/** The files of a Headers, loaded from the checkout, by the specifier Deno knows them by. */
export const LOADED_FILES: Readonly<Record<string, string>> = {
  "ext:deno_fetch/20_headers.js": "ext/fetch/20_headers.js",
  "ext:deno_webidl/00_webidl.js": "ext/webidl/00_webidl.js",
  "ext:deno_web/00_infra.js": "ext/web/00_infra.js",
};

/**
 * The files of Request and Response, loaded from the checkout when it has them all: `Request`
 * and `Response` are then fuzzed through `fetchClasses()` ({@link fetchContractOf}).
 */
export const FETCH_FILES: Readonly<Record<string, string>> = {
  "ext:deno_fetch/23_request.js": "ext/fetch/23_request.js",
  "ext:deno_fetch/23_response.js": "ext/fetch/23_response.js",
  "ext:deno_fetch/22_body.js": "ext/fetch/22_body.js",
  "ext:deno_fetch/21_formdata.js": "ext/fetch/21_formdata.js",
  "ext:deno_web/01_mimesniff.js": "ext/web/01_mimesniff.js",
};

/** Specifiers an ES-module file may import that resolve to this module. */
export const SHIMMED_SPECIFIERS: readonly string[] = [
  "ext:core/mod.js",
  ...Object.keys(STUBS),
];

let scriptRoot: string | null = null;
const scripts = new Map<string, unknown>();

/**
 * `core.loadExtScript(specifier)`: evaluates a lazy-loaded script once (from the copy under the
 * root {@link useScriptRoot} set, named by its file URL in stack traces) with `__bootstrap` in
 * scope, and returns what it returns; a stand-in for the modules in {@link STUBS}.
 */
function loadExtScript(specifier: string): unknown {
  if (scripts.has(specifier)) return scripts.get(specifier);
  const stub = STUBS[specifier];
  if (stub !== undefined) return stub;
  const path = LOADED_FILES[specifier] ?? FETCH_FILES[specifier];
  if (path === undefined || scriptRoot === null) {
    throw new Error(
      `core.loadExtScript(${JSON.stringify(specifier)}): not a file headerproof loads or shims`,
    );
  }
  const url = new URL(path, scriptRoot);
  const source = `${readFileSync(url, "utf8")}\n//# sourceURL=${url.href}\n`;
  const evaluate = new Function("__bootstrap", "return eval(arguments[1]);") as Fn;
  const evaluated = evaluate(bootstrap, source);
  const exports = specifier === "ext:deno_fetch/21_formdata.js"
    ? formDataBridge(evaluated as FormDataFile)
    : evaluated;
  scripts.set(specifier, exports);
  return exports;
}

/** Where {@link loadExtScript} finds the copies of the scripts (a folder's file URL). */
export function useScriptRoot(folderUrl: string): void {
  scriptRoot = folderUrl;
}

const coreMembers: Record<string, unknown> = {
  /** V8's type checks, as Node's `util.types` exposes them (`00_webidl.js` reads these five). */
  isProxy: (value: unknown) => types.isProxy(value),
  isArrayBuffer: (value: unknown) => types.isArrayBuffer(value),
  isDataView: (value: unknown) => types.isDataView(value),
  isSharedArrayBuffer: (value: unknown) => types.isSharedArrayBuffer(value),
  isTypedArray: (value: unknown) => types.isTypedArray(value),
  loadExtScript,
  /**
   * Ops are Rust functions; `00_infra.js`'s base64 helpers name some, and none runs; those of
   * {@link ABSENT_OPS} are undefined.
   */
  ops: new Proxy({}, {
    get: (_target, key) => ABSENT_OPS.includes(String(key)) ? undefined : missingOp(String(key)),
  }),
  /** UTF-8 encoding and decoding, as the host's TextEncoder and TextDecoder do them. */
  encode: (text: string) => new TextEncoder().encode(text),
  decode: (bytes: Uint8Array) => new TextDecoder().decode(bytes),
  isAnyArrayBuffer: (value: unknown) => types.isAnyArrayBuffer(value),
  isStringObject: (value: unknown) => types.isStringObject(value),
  /**
   * V8's serializer, which 2023's `22_body.js` runs a body's source through when it clones a
   * body: the host's structuredClone, wrapped.
   */
  serialize: (value: unknown) => ({ copy: structuredClone(value) }),
  deserialize: (serialized: { copy: unknown }) => serialized.copy,
  /** A prototype no campaign error inherits from (bodies that a resource backs are never read). */
  BadResourcePrototype: Object.freeze({ __proto__: null }),
  /** The key of a resource id: no campaign object has one. */
  internalRidSymbol: Symbol("Deno.internal.rid"),
  /** Read by `00_infra.js`'s path helpers only. */
  build: { os: process.platform === "win32" ? "windows" : process.platform },
};
coreMembers.ensureFastOps = () => coreMembers.ops;

/** Deno's `core`, with only the members the loaded files touch; any other read throws. */
export const core: Record<string, unknown> = new Proxy(coreMembers, {
  get(target, key) {
    if (typeof key === "string" && !(key in target)) {
      throw new Error(`core.${key} is not shimmed by headerproof (deno_src_shims.ts)`);
    }
    return target[key as string];
  },
});

/** `__bootstrap`, as the files read it (`globalThis.__bootstrap` in the 2023 form). */
export const bootstrap: Record<string, unknown> = { core, primordials, internals };

/** The internals of `20_headers.js` the contract module is built from. */
export interface HeadersInternals {
  Headers: new (...args: unknown[]) => object;
  headersFromHeaderList(list: unknown[][], guard: string): object;
  headerListFromHeaders(headers: object): unknown[][];
  guardFromHeaders(headers: object): string;
  fillHeaders: (headers: object, object: unknown) => void;
  fillHeaderList?: (list: unknown[][], object: unknown, prefix: string, context: string) => void;
}

/** The contract module's functions over {@link HeadersInternals}. */
export interface DenoContract {
  Headers: new (...args: unknown[]) => object;
  headersWithGuard(guard: string, init?: unknown, options?: { profile?: string }): object;
  headersFromRawList(flat: unknown, guard?: string, options?: { profile?: string }): object;
  headerListOf(headers: object): unknown[];
}

function checkOptions(operation: string, guard: unknown, options: { profile?: string }): void {
  if (!HEADERS_GUARDS.includes(guard as HeadersGuard)) {
    throw new TypeError(`${operation}: unknown guard ${String(guard)}`);
  }
  if (!PROFILES.includes((options.profile ?? "standard") as Profile)) {
    throw new TypeError(`${operation}: unknown profile ${String(options.profile)}`);
  }
}

/**
 * spec/contract.ts over `20_headers.js`'s internals, each guard reached as Deno's own callers
 * reach it:
 *
 * - `headersWithGuard("request" | "request-no-cors", init)`: as the `Request` constructor,
 *   `webidl.converters.HeadersInit(init)` (the `RequestInit` member's conversion), then
 *   `fillHeaders` on `headersFromHeaderList([], guard)`.
 * - `headersWithGuard("response", init)`: as the `Response` constructor. With `fillHeaderList`
 *   (Deno 92a7dae813, 2026-06-05, on): `fillHeaderList(list, init)` on a fresh list (it converts
 *   the init itself), then `headersFromHeaderList(list, "response")`; before, as `Request`.
 * - `headersWithGuard("immutable", init)`: filled as `new Headers(init)` is (guard "none"), then
 *   its list handed to `headersFromHeaderList(list, "immutable")`, as `fetch` and
 *   `Response.error()` make their immutable headers.
 * - `headersFromRawList(flat, guard)`: `headersFromHeaderList(pairs, guard)`, as Deno's HTTP
 *   server hands over a request's list. Deno's HTTP parser (Rust) validates the names and values
 *   first; this adapter has the reference's `headersFromRawList` check the list in its place, so
 *   the invalid-raw-list property checks this adapter, not Deno.
 * - `headerListOf(headers)`: `headerListFromHeaders(headers)`, flattened.
 * - No `freezeHeaders`: Deno never makes an existing Headers immutable in place.
 *
 * `guardFromHeaders` checks that a guard was set as asked (an internal that stopped doing so
 * would otherwise go unnoticed).
 */
export function contractOf(
  file: HeadersInternals,
  webidl: { converters: Record<string, Fn> },
): DenoContract {
  for (
    const name of [
      "Headers",
      "headersFromHeaderList",
      "headerListFromHeaders",
      "guardFromHeaders",
      "fillHeaders",
    ]
  ) {
    if (typeof (file as unknown as Record<string, unknown>)[name] !== "function") {
      throw new TypeError(`20_headers.js does not provide ${name}`);
    }
  }
  const { Headers, headersFromHeaderList, headerListFromHeaders, guardFromHeaders } = file;
  const withGuard = (list: unknown[][], guard: string) => {
    const headers = headersFromHeaderList(list, guard);
    if (guardFromHeaders(headers) !== guard) {
      throw new Error(`headersFromHeaderList did not set the guard ${guard}`);
    }
    return headers;
  };
  // As the Request constructor (and, before fillHeaderList, the Response constructor) fills:
  // the init converted as its dictionary member is, then fillHeaders.
  const convertAndFill = (guard: string, init: unknown) => {
    const converted = init === undefined
      ? undefined
      : webidl.converters.HeadersInit(init, "headersWithGuard", "init");
    const headers = withGuard([], guard);
    if (converted !== undefined) file.fillHeaders(headers, converted);
    return headers;
  };
  return {
    Headers,
    headersWithGuard(guard, init, options = {}) {
      checkOptions("headersWithGuard", guard, options);
      if (guard === "response" && file.fillHeaderList !== undefined) {
        const list: unknown[][] = [];
        if (init !== undefined) file.fillHeaderList(list, init, "headersWithGuard", "init");
        return withGuard(list, guard);
      }
      if (guard === "immutable") {
        return withGuard(headerListFromHeaders(convertAndFill("none", init)), guard);
      }
      return convertAndFill(guard, init);
    },
    headersFromRawList(flat, guard = "request", options = {}) {
      checkedByTheReference(flat as string[], guard as HeadersGuard, options as GuardOptions);
      const pairs: unknown[][] = [];
      for (let i = 0; i < (flat as string[]).length; i += 2) {
        pairs[pairs.length] = [(flat as string[])[i], (flat as string[])[i + 1]];
      }
      return withGuard(pairs, guard);
    },
    headerListOf(headers) {
      const flat: unknown[] = [];
      for (const [name, value] of headerListFromHeaders(headers)) {
        flat[flat.length] = name;
        flat[flat.length] = value;
      }
      return flat;
    },
  };
}

/** The internals of `23_request.js` and `23_response.js` the contract module reaches. */
export interface FetchInternals {
  Request: new (...args: unknown[]) => object;
  Response: new (...args: unknown[]) => object;
  /** 23_request.js's accessor of a Request's inner request. */
  toInnerRequest?: (request: object) => { headerList: [string, string][] };
  /** 23_response.js's accessor of a Response's inner response. */
  toInnerResponse?: (response: object) => { headerList: [string, string][] };
}

/** Why a deno-src target has no structuredClone to fuzz. */
export const NO_STRUCTURED_CLONE = "not in ext/: Deno's structuredClone is V8's serializer in " +
  "Deno's core (Rust), which the checkout's markNotSerializable marks prototypes for";

/**
 * The contract's optional `fetchClasses` over the checkout's own `Request` (of `23_request.js`)
 * and `Response` (of `23_response.js`), whatever the profile (Deno has one rule set, the "server"
 * profile's), with the tree's WebIDL converters for the body classes registered on the host's
 * (deno_src_fetch_shims.ts `registerHostBodyConverters`), and the entry-points line's notes (properties/targets/targets.ts
 * `FetchEntryPointNotes`). No `structuredClone`: see {@link NO_STRUCTURED_CLONE}.
 */
export function fetchContractOf(
  request: FetchInternals,
  response: FetchInternals,
  webidl: Parameters<typeof registerHostBodyConverters>[0],
): {
  fetchClasses(options?: { profile?: string }): { Request: unknown; Response: unknown };
  fetchEntryPointNotes: Record<string, string>;
} {
  if (typeof request.Request !== "function") {
    throw new TypeError("23_request.js does not provide Request");
  }
  if (typeof response.Response !== "function") {
    throw new TypeError("23_response.js does not provide Response");
  }
  registerHostBodyConverters(webidl);
  const classes = { Request: request.Request, Response: response.Response };
  return {
    fetchClasses(options = {}) {
      if (!PROFILES.includes((options.profile ?? "standard") as Profile)) {
        throw new TypeError(`fetchClasses: unknown profile ${String(options.profile)}`);
      }
      return classes;
    },
    fetchEntryPointNotes: {
      Request: "the checkout's ext/fetch/23_request.js",
      Response: "the checkout's ext/fetch/23_response.js",
      structuredClone: NO_STRUCTURED_CLONE,
    },
  };
}

/**
 * The `egressHeaderList` entry point of a deno-src target: the header list ext/http writes for a
 * Response (`toInnerResponse(response).headerList`) and ext/fetch for a Request
 * (`toInnerRequest(request).headerList`), flat, read through the checkout's own internals without
 * its `headers` getter; null when the checkout's files do not export those accessors.
 */
export function egressOf(
  request: FetchInternals,
  response: FetchInternals,
): ((message: object) => string[]) | null {
  const { toInnerRequest } = request;
  const { toInnerResponse } = response;
  if (typeof toInnerRequest !== "function" || typeof toInnerResponse !== "function") return null;
  return (message) => {
    const inner = message instanceof response.Response
      ? toInnerResponse(message)
      : toInnerRequest(message);
    return inner.headerList.flatMap(([name, value]) => [name, value]);
  };
}
