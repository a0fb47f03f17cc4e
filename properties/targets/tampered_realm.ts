/**
 * A tampered realm: the built-ins user code can reach (methods of Array, Map, Set, String, RegExp,
 * Object, Function, JSON and Reflect; see `builtinsToReplace` for what is left out and why)
 * replaced by patches that refuse
 * the candidate. While {@link TamperedRealm.install} is in force, a patch called from the
 * candidate's own code throws an `EvalError` naming it and records the call; called from anywhere
 * else (the harness, the reference, the runtime) it does what the original does. So the reference
 * runs as in a clean realm, and a candidate that calls a built-in user code has replaced, instead
 * of the original it captured when it loaded (as a runtime's own Headers does with its
 * primordials), shows it in its outcomes.
 *
 * Before and after the candidate loads: {@link TamperedRealm.installForLoad} puts the same patches
 * in place, unarmed (they act as the originals), while the candidate is imported, so whatever it
 * captures then is a patch. Each patch is one function for the realm's life, and it refuses the
 * candidate whenever the realm is installed, whether the candidate reaches it through its owner
 * (patched after load) or through what it captured (patched before load). A worker process whose
 * phases hold the tampered-realm property loads its candidate this way (worker.ts).
 *
 * Which code is the candidate's is decided by the source URL of the patch's caller, read from a
 * stack trace taken with the original `Error` (`isCandidateCode`): impl's folder for impl, the
 * candidate module's folder for a module, the runtime's internal code (`ext:`, `node:`) for
 * native.
 *
 * @example
 * ```ts
 * import { TamperedRealm } from "./tampered_realm.ts";
 * const realm = new TamperedRealm((url) => url.includes("/my_headers/"));
 * realm.install();
 * try {
 *   // run the candidate's step
 * } finally {
 *   realm.uninstall();
 * }
 * console.log(realm.takeCalls()); // the patches the candidate called, by name
 * ```
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { patchCallerSource, refusingPatch } from "../oracle/base/observe.ts";

// The originals this module itself needs, captured before any patch exists.
const OriginalError = Error;
const apply = Reflect.apply;
const defineProperty = Reflect.defineProperty;
const getOwnPropertyDescriptor = Reflect.getOwnPropertyDescriptor;
const getPrototypeOf = Reflect.getPrototypeOf;
const stringIndexOf = String.prototype.indexOf;
const setAdd = Set.prototype.add;
const setClear = Set.prototype.clear;
const setValues = Set.prototype.values;
const setIteratorNext = (getPrototypeOf(new Set().values()) as { next(): IteratorResult<string> })
  .next;

/** A built-in a tampered realm replaces: its owner object and key, and its name in reports. */
interface Replaced {
  owner: object;
  key: PropertyKey;
  name: string;
}

/**
 * The owners and keys of every patch, listed by owner. Left out on purpose: what WebIDL's
 * conversion of an init must call when user code has replaced it, so that replacing it is
 * observable by the standard and not a way to tamper with an implementation: `@@iterator` of
 * Array, Map, Set and String objects and `next` of their iterator prototypes (converting a
 * sequence walks them), and `Object.prototype.toString` (ToString of an object calls it).
 */
function builtinsToReplace(): Replaced[] {
  const owners: [object, string, PropertyKey[]][] = [
    [Array.prototype, "Array.prototype", [
      "push",
      "pop",
      "shift",
      "unshift",
      "slice",
      "splice",
      "sort",
      "indexOf",
      "includes",
      "join",
      "map",
      "filter",
      "forEach",
      "concat",
      "reverse",
      "fill",
      "at",
      "find",
      "findIndex",
      "some",
      "every",
      "keys",
      "values",
      "entries",
    ]],
    [Array, "Array", ["from", "isArray", "of"]],
    [Map.prototype, "Map.prototype", [
      "get",
      "set",
      "has",
      "delete",
      "clear",
      "forEach",
      "keys",
      "values",
      "entries",
    ]],
    [Set.prototype, "Set.prototype", [
      "has",
      "add",
      "delete",
      "clear",
      "forEach",
      "values",
    ]],
    [String.prototype, "String.prototype", [
      "toLowerCase",
      "toUpperCase",
      "slice",
      "substring",
      "trim",
      "trimStart",
      "trimEnd",
      "indexOf",
      "lastIndexOf",
      "includes",
      "charCodeAt",
      "codePointAt",
      "charAt",
      "split",
      "replace",
      "replaceAll",
      "startsWith",
      "endsWith",
      "repeat",
      "localeCompare",
      "normalize",
      "concat",
    ]],
    [String, "String", ["fromCharCode"]],
    [RegExp.prototype, "RegExp.prototype", [
      "exec",
      "test",
      Symbol.match,
      Symbol.matchAll,
      Symbol.replace,
      Symbol.search,
      Symbol.split,
    ]],
    [Object, "Object", [
      "keys",
      "values",
      "entries",
      "assign",
      "create",
      "defineProperty",
      "defineProperties",
      "freeze",
      "fromEntries",
      "getOwnPropertyDescriptor",
      "getOwnPropertyNames",
      "getOwnPropertySymbols",
      "getPrototypeOf",
      "hasOwn",
      "setPrototypeOf",
    ]],
    [Object.prototype, "Object.prototype", ["hasOwnProperty", "propertyIsEnumerable"]],
    [Function.prototype, "Function.prototype", ["apply", "bind", "call"]],
    [JSON, "JSON", ["parse", "stringify"]],
    [Reflect, "Reflect", [
      "apply",
      "construct",
      "defineProperty",
      "get",
      "getOwnPropertyDescriptor",
      "getPrototypeOf",
      "has",
      "ownKeys",
      "set",
    ]],
  ];
  const replaced: Replaced[] = [];
  for (const [owner, ownerName, keys] of owners) {
    for (const key of keys) {
      const keyName = typeof key === "symbol" ? `[${key.description}]` : `.${key}`;
      replaced[replaced.length] = { owner, key, name: ownerName + keyName };
    }
  }
  return replaced;
}

/** Replaces built-ins with patches that refuse the candidate; see the module doc. */
export class TamperedRealm {
  readonly #isCandidateCode: (url: string) => boolean;
  readonly #replaced: Replaced[] = builtinsToReplace();
  readonly #originals: PropertyDescriptor[] = [];
  readonly #patches: ((...args: unknown[]) => unknown)[] = [];
  readonly #calls = new Set<string>();
  /** Whether the patches are on their owners. */
  #placed = false;
  /** Whether the patches refuse the candidate (else they act as the originals). */
  #armed = false;
  #checking = false;

  /** A realm that treats code whose source URL satisfies `isCandidateCode` as the candidate's. */
  constructor(isCandidateCode: (url: string) => boolean) {
    this.#isCandidateCode = isCandidateCode;
    for (const { owner, key, name } of this.#replaced) {
      const descriptor = getOwnPropertyDescriptor(owner, key)!;
      this.#originals[this.#originals.length] = descriptor;
      this.#patches[this.#patches.length] = this.#patch(
        name,
        descriptor.value as (...args: unknown[]) => unknown,
      );
    }
  }

  /** The one patch of the built-in `original`, called `name` in reports. */
  #patch(
    name: string,
    original: (...args: unknown[]) => unknown,
  ): (...args: unknown[]) => unknown {
    return refusingPatch(name, original, () => {
      if (!this.#armed || !this.#calledByCandidate()) return false;
      apply(setAdd, this.#calls, [name]);
      return true;
    });
  }

  /** How many built-ins the realm replaces. */
  get size(): number {
    return this.#replaced.length;
  }

  /** Puts every patch in place, armed. */
  install(): void {
    this.#place();
    this.#armed = true;
  }

  /**
   * Puts every patch in place unarmed, for the candidate to load under (see the module doc);
   * {@link TamperedRealm.uninstall} once it has loaded.
   */
  installForLoad(): void {
    this.#place();
    this.#armed = false;
  }

  /** Restores every original and disarms the patches (a candidate may still hold some). */
  uninstall(): void {
    this.#armed = false;
    if (!this.#placed) return;
    for (let i = 0; i < this.#replaced.length; i++) {
      const { owner, key } = this.#replaced[i];
      defineProperty(owner, key, this.#originals[i]);
    }
    this.#placed = false;
  }

  #place(): void {
    if (this.#placed) return;
    for (let i = 0; i < this.#replaced.length; i++) {
      const { owner, key } = this.#replaced[i];
      defineProperty(owner, key, { ...this.#originals[i], value: this.#patches[i] });
    }
    this.#placed = true;
  }

  /** The names of the patches the candidate called since the last call, and forgets them. */
  takeCalls(): string[] {
    const names: string[] = [];
    const iterator = apply(setValues, this.#calls, []) as Iterator<string>;
    for (;;) {
      const step = apply(setIteratorNext, iterator, []) as IteratorResult<string>;
      if (step.done) break;
      names[names.length] = step.value;
    }
    apply(setClear, this.#calls, []);
    return names;
  }

  /** Whether the function that called the patch is the candidate's code. */
  #calledByCandidate(): boolean {
    if (this.#checking) return false;
    this.#checking = true;
    try {
      return this.#isCandidateCode(patchCallerSource(OriginalError));
    } finally {
      this.#checking = false;
    }
  }
}

/**
 * Whether a frame's source (a URL, or a path for a local file, as V8 reports it) is code of the
 * candidate named `target` whose module is at `moduleUrl`: the runtime's internal code for
 * "native", the folder of the module otherwise (impl's folder for "impl").
 */
export function candidateCode(
  target: string,
  moduleUrl: string | null,
): (source: string) => boolean {
  const starts = (source: string, prefix: string) =>
    apply(stringIndexOf, source, [prefix]) as number === 0;
  if (target === "native" || moduleUrl === null) {
    return (source) => starts(source, "ext:") || starts(source, "node:");
  }
  const folderUrl = new URL(".", moduleUrl).href;
  const folderPath = folderUrl.startsWith("file:") ? fileURLToPath(folderUrl) : folderUrl;
  return (source) => starts(source, folderUrl) || starts(source, folderPath);
}
