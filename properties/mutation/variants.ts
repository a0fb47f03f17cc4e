/**
 * Deliberately broken variants of impl/, the proof that a campaign has teeth. Each variant is a
 * named source patch (file, exact search text, replacement) applied to a fresh copy of impl/'s
 * sources at run time, so there is no second copy of impl to drift: when impl changes so that a
 * search text no longer occurs exactly once, {@link applyVariant} fails with "variant X no longer
 * applies to impl — update it".
 *
 * @example
 * ```ts
 * import { applyVariant, VARIANTS } from "./variants.ts";
 * const modulePath = applyVariant(VARIANTS[0], "/tmp/variant");
 * // run the campaign with --target modulePath
 * ```
 *
 * @module
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Patch, Variant } from "./variant.ts";
import { SPEC_VARIANTS } from "./spec_variants.ts";
import { WIRE_VARIANTS } from "./wire_variants.ts";
import { EGRESS_VARIANTS } from "./egress_variants.ts";

export type { Variant } from "./variant.ts";

/** The project's impl/ folder. */
export const IMPL_DIR: string = fileURLToPath(new URL("../../impl/", import.meta.url));
/** The project's spec/ folder (impl imports the contract's types from it). */
export const SPEC_DIR: string = fileURLToPath(new URL("../../spec/", import.meta.url));

/** Keeps the view cached across the write that follows `#writable()` at `anchor`. */
function keepView(anchor: string): Patch {
  return {
    file: "headers.ts",
    search: `const combined = this.#writable();\n    ${anchor}`,
    replace:
      `const kept = this.#view;\n    const combined = this.#writable();\n    this.#view = kept;\n    ${anchor}`,
  };
}

/** Every variant. */
export const VARIANTS: readonly Variant[] = [
  {
    name: "stale-view-after-delete",
    bug: "delete() leaves the cached sort-and-combine view in place",
    patches: [{
      file: "headers.ts",
      search: "if (!this.#remove(combined, lower)) return;\n    this.#view = null;",
      replace: "if (!this.#remove(combined, lower)) return;",
    }],
  },
  {
    name: "stale-view-after-set",
    bug: "set() leaves the cached sort-and-combine view in place",
    patches: [keepView("if (this.#listInIndexOrder && nameText !== lower")],
  },
  {
    name: "stale-view-after-append",
    bug: "append() leaves the cached sort-and-combine view in place",
    patches: [keepView("const existing = combined.get(lower);")],
  },
  {
    name: "cow-leaks-writes",
    bug: "copy-on-write only detaches when set-cookie values exist, so writes leak to the copy",
    patches: [{
      file: "headers.ts",
      search: "if (this.#shared) {\n      if (combined.size === 0)",
      replace: "if (this.#shared && this.#setCookies !== null) {\n      if (combined.size === 0)",
    }],
  },
  {
    name: "cow-delete-in-place",
    bug: "delete() detaches a shared index only before it is materialized, so it deletes from " +
      "storage another Headers shares",
    patches: [{
      file: "headers.ts",
      search: "if (this.#shared) {\n      // A miss must not detach",
      replace: "if (this.#combined === null) {\n      // A miss must not detach",
    }],
  },
  {
    name: "cow-shares-set-cookie-array",
    bug: "copy-on-write detach copies the index but keeps sharing the set-cookie array",
    patches: [{
      file: "headers.ts",
      search: "if (this.#setCookies !== null) this.#setCookies = copyArray(this.#setCookies);",
      replace: "",
    }],
  },
  {
    name: "share-ignores-response-guard",
    bug: "a copy under guard response shares storage although the source holds set-cookie",
    patches: [{
      file: "headers.ts",
      search: 'if (!this.#server && (guard === "request" || guard === "response")) {',
      replace: 'if (!this.#server && guard === "request") {',
    }],
  },
  {
    name: "share-ignores-method-override",
    bug: "the request-guard share check ignores values, so x-http-method-override: TRACE leaks",
    patches: [{
      file: "headers.ts",
      search: "if (forbiddenByGuard(guard, name, value)) forbidden = true;",
      replace: 'if (forbiddenByGuard(guard, name, "")) forbidden = true;',
    }],
  },
  {
    name: "share-keeps-trailing-comma-space",
    bug: 'a copy shares a joined value ending in ", " that iteration would normalize',
    patches: [{
      file: "headers.ts",
      search: "if (source.#joinedMayEndInSpace) return false;",
      replace: "",
    }],
  },
  {
    name: "name-cache-stores-raw-case",
    realm: "both",
    bug: "the validated-name table stores the name as given, so a repeated name is not lowercased",
    patches: [{
      file: "predicates.ts",
      search: "bucket[bucket.length] = lower;",
      replace: "bucket[bucket.length] = name;",
    }],
  },
  {
    name: "set-cookie-combined-in-iteration",
    bug: "sort-and-combine (insertion-sorted small lists) joins set-cookie values like any other",
    patches: [{
      file: "headers.ts",
      search: 'if (name !== "set-cookie") {',
      replace: 'if (name !== "Set-Cookie") {',
    }],
  },
  {
    name: "large-list-set-cookie-combined",
    bug: "sort-and-combine of lists with many names joins set-cookie values like any other",
    patches: [{
      file: "headers.ts",
      search: 'if (name === "set-cookie") {',
      replace: 'if (name === "Set-Cookie") {',
    }],
  },
  {
    name: "get-set-cookie-joined",
    realm: "both",
    bug: "getSetCookie() returns the joined value as one item",
    patches: [{
      file: "headers.ts",
      search: "return setCookies === null ? [] : copyArray(setCookies);",
      replace: 'return setCookies === null ? [] : [setCookies.join(", ")];',
    }],
  },
  {
    name: "set-keeps-old-cookies",
    bug: 'set("set-cookie", v) replaces the joined value but not the separate cookies',
    patches: [{
      file: "headers.ts",
      search: 'if (lower === "set-cookie") this.#setCookies = [normalized];',
      replace: "",
    }],
  },
  {
    name: "delete-keeps-cookies",
    bug: 'delete("set-cookie") leaves the separate cookies behind',
    patches: [{
      file: "headers.ts",
      search: 'if (lower === "set-cookie") this.#setCookies = null;',
      replace: "",
    }],
  },
  {
    name: "set-skips-request-guard",
    bug: "set() under guard request does not check forbidden request-headers",
    patches: [{
      file: "headers.ts",
      search: 'if (guard !== "none" && !this.#guardAllows("Headers.set", lower, normalized',
      replace: 'if (guard !== "none" && guard !== "request" &&\n' +
        '      !this.#guardAllows("Headers.set", lower, normalized',
    }],
  },
  {
    name: "delete-ignores-immutable",
    bug: "delete() on an immutable Headers removes the header instead of throwing",
    patches: [{
      file: "headers.ts",
      search:
        'if (guard !== "none" && !this.#guardAllows("Headers.delete", lower, "", WRITE_DELETE))',
      replace: "if (\n" +
        '      guard !== "none" && guard !== "immutable" &&\n' +
        '      !this.#guardAllows("Headers.delete", lower, "", WRITE_DELETE)\n' +
        "    )",
    }],
  },
  {
    name: "append-skips-response-guard",
    bug: "append() under guard response keeps set-cookie",
    patches: [{
      file: "headers.ts",
      search: 'if (guard !== "none" && !this.#guardAllows(context, lower, value, WRITE_APPEND))',
      replace: "if (\n" +
        '      guard !== "none" && guard !== "response" &&\n' +
        "      !this.#guardAllows(context, lower, value, WRITE_APPEND)\n" +
        "    )",
    }],
  },
  {
    name: "normalize-keeps-lf",
    bug: "value normalization does not strip LF (one whitespace kind too few)",
    patches: [{
      file: "predicates.ts",
      search: "return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;",
      replace: "return code === 0x20 || code === 0x09 || code === 0x0d;",
    }],
  },
  {
    name: "no-cors-append-keeps-range",
    bug: "append() under request-no-cors does not remove range afterwards",
    patches: [{
      file: "headers.ts",
      search: "this.#listWrite(lower, name, value, false);\n" +
        '    if (guard === "request-no-cors") this.#remove(combined, "range");',
      replace: "this.#listWrite(lower, name, value, false);",
    }],
  },
  {
    name: "no-cors-checks-value-alone",
    bug: "append() under request-no-cors checks the new value, not the combined one",
    patches: [{
      file: "headers.ts",
      search: "return isNoCorsSafelistedRequestHeader(lower, `${existing}, ${value}`);",
      replace: "return isNoCorsSafelistedRequestHeader(lower, value);",
    }],
  },
  {
    name: "value-cache-stores-untrimmed",
    realm: "both",
    bug: "the validated-value cache also stores values that normalization changed",
    patches: [{
      file: "predicates.ts",
      search: "if (normalized === value && length <= VALUE_CACHE_MAX_LENGTH) {",
      replace: "if (length <= VALUE_CACHE_MAX_LENGTH) {",
    }, {
      file: "predicates.ts",
      search: "    normalizedValueCache.set(kept, kept);\n",
      replace: "    normalizedValueCache.set(detachedCopy(value), detachedCopy(value));\n",
    }],
  },
  {
    name: "cors-limit-off-by-one",
    bug: "the CORS-safelisted length limit accepts 129 bytes",
    patches: [{
      file: "predicates.ts",
      search: "if (value.length > 128) return false;",
      replace: "if (value.length > 129) return false;",
    }],
  },
  {
    name: "mime-subtype-untrimmed",
    bug: 'MIME essence parsing keeps whitespace before ";" in the subtype',
    patches: [{
      file: "predicates.ts",
      search: "subtypeEnd > slash + 1 && isHttpWhitespace(",
      replace: "subtypeEnd < slash && isHttpWhitespace(",
    }],
  },
  {
    name: "method-override-case-sensitive",
    bug: "forbidden methods in x-http-method-override are matched case-sensitively",
    patches: [{
      file: "predicates.ts",
      search: "const FORBIDDEN_METHOD = /^(?:connect|trace|track)$/i;",
      replace: "const FORBIDDEN_METHOD = /^(?:CONNECT|TRACE|TRACK)$/;",
    }],
  },
  {
    name: "iterator-snapshots",
    realm: "both",
    bug: "an iterator reads the view once when first advanced instead of staying live",
    patches: [
      {
        file: "headers.ts",
        search: "  #index = 0;\n",
        replace: "  #index = 0;\n  #snapshot: string[] | null = null;\n",
      },
      {
        file: "headers.ts",
        search: "const found = entryAt(this.#target, index);",
        replace: "if (this.#snapshot === null) {\n" +
          "      const snapshot: string[] = [];\n" +
          "      for (let at = 0; entryAt(this.#target, at); at++) snapshot.push(entryName, entryValue);\n" +
          "      this.#snapshot = snapshot;\n    }\n" +
          "    const found = 2 * index < this.#snapshot.length;\n" +
          "    if (found) [entryName, entryValue] = this.#snapshot.slice(2 * index, 2 * index + 2);",
      },
    ],
  },
  {
    name: "iterator-done-latch",
    bug: "an iterator that returned done stays done even if the list grows",
    patches: [{
      file: "headers.ts",
      search: "if (!found) return { value: undefined, done: true };",
      replace: "if (!found) {\n" +
        "      this.#index = Infinity;\n      return { value: undefined, done: true };\n    }",
    }],
  },
  {
    name: "for-each-stale-view",
    realm: "both",
    bug: "forEach() does not re-read the view after a callback that mutates",
    patches: [{
      file: "headers.ts",
      search: "for (let index = 0; this.#entryAt(index); index++) {\n" +
        "      const name = entryName, value = entryValue;\n" +
        '      entryName = entryValue = "";\n' +
        "      callFunction(callback, thisArg, value, name, this);",
      replace: "const snapshot: string[] = [];\n" +
        "    for (let at = 0; this.#entryAt(at); at++) snapshot.push(entryName, entryValue);\n" +
        "    for (let index = 0; 2 * index < snapshot.length; index++) {\n" +
        "      callFunction(callback, thisArg, snapshot[2 * index + 1], snapshot[2 * index], this);",
    }],
  },
  {
    name: "raw-list-value-unchecked",
    bug: "lazy raw-list materialization does not validate values",
    patches: [{
      file: "headers.ts",
      search: 'const kept = typeof value === "string" ? normalizeHeaderValue(value) : null;\n' +
        "  if (kept !== value) throw",
      replace: "const kept = value;\n" + '  if (typeof kept !== "string") throw',
    }],
  },
  {
    name: "raw-list-name-not-lowercased",
    bug: "lazy raw-list materialization indexes names in their original casing",
    patches: [{
      file: "headers.ts",
      search: 'const lower = typeof name === "string" ? lowercaseHeaderName(name) : null;',
      replace:
        'const lower = typeof name === "string" && lowercaseHeaderName(name) !== null ? name : null;',
    }],
  },
  {
    name: "has-without-arity-check",
    bug: "has() with no argument converts undefined instead of throwing",
    patches: [{
      file: "headers.ts",
      search: 'Headers.#enter(this, "Headers.has", arguments.length, 1);',
      replace: 'Headers.#enter(this, "Headers.has", 1, 1);',
    }],
  },
  // Variants for the observers of returned values, own keys, shape, interaction logs, exotic
  // inits, the observation schedule and the tampered realm, each modelled on a bug an upstream
  // tracker records.
  {
    name: "get-set-cookie-hands-out-its-array",
    bug: "getSetCookie() returns its internal array, so a caller's push adds a cookie (as " +
      "nodejs/undici#1915 returned this[kHeadersList].cookies)",
    patches: [{
      file: "headers.ts",
      search: "return setCookies === null ? [] : copyArray(setCookies);",
      replace: "return setCookies === null ? [] : setCookies;",
    }],
  },
  {
    name: "iterator-hands-out-cached-pairs",
    bug: "iterators hand out [name, value] arrays from a per-Headers cache, so a caller's write " +
      "to one changes later iterations (the cached entries of denoland/deno#32728, handed out)",
    patches: [
      {
        file: "headers.ts",
        search: "if (kind === KIND_KEY_AND_VALUE) return { value: [name, value], done: false };",
        replace: "if (kind === KIND_KEY_AND_VALUE) {\n" +
          '      const key = name + "\\n" + value;\n' +
          "      let pairs = PAIR_CACHES.get(this.#target);\n" +
          "      if (pairs === undefined) PAIR_CACHES.set(this.#target, pairs = {});\n" +
          "      return { value: (pairs[key] ??= [name, value]), done: false };\n" +
          "    }",
      },
      {
        file: "headers.ts",
        search: "// Declaration merge: `[Symbol.iterator]` is installed below",
        replace: "const PAIR_CACHES = new WeakMap<object, Record<string, [string, string]>>();\n" +
          "// Declaration merge: `[Symbol.iterator]` is installed below",
      },
    ],
  },
  {
    name: "own-symbol-key-holds-state",
    bug: "every Headers carries an own Symbol-keyed property, reachable by Reflect.ownKeys (as " +
      "node-fetch/node-fetch#458's enumerable `map`, and Deno's symbol slots)",
    patches: [{
      file: "headers.ts",
      search: "    if (init !== undefined) this.#fill(init);\n  }",
      replace:
        '    ObjectDefineProperty(this, Symbol("header list"), { value: null, writable: true });\n' +
        "    if (init !== undefined) this.#fill(init);\n  }",
    }],
  },
  {
    name: "prototype-has-to-json",
    bug: "Headers.prototype has a non-standard toJSON (as oven-sh/bun#9412 lists Bun's toJSON, " +
      "count and getAll)",
    patches: [{
      file: "headers.ts",
      search: "defineHidden(headersPrototype, SymbolIterator, headersEntries);",
      replace: 'ObjectDefineProperty(headersPrototype, "toJSON", {\n' +
        "  value: function toJSON(this: Headers) {\n" +
        "    const out: Record<string, string> = {};\n" +
        "    this.forEach((value, name) => (out[name] = value));\n" +
        "    return out;\n  },\n" +
        "  writable: true,\n  enumerable: true,\n  configurable: true,\n});\n" +
        "defineHidden(headersPrototype, SymbolIterator, headersEntries);",
    }],
  },
  {
    name: "record-keys-read-by-object-keys",
    bug: "a record init's keys are read with Object.keys, which reads every descriptor before " +
      "any value, out of WebIDL's order (the Object.keys record conversion nodejs/undici#2784 " +
      "replaced)",
    patches: [
      {
        file: "headers.ts",
        search: "      keys = ReflectOwnKeys(init);",
        replace: "      keys = objectKeys(init);",
      },
      {
        // Captured at load like every primordial, so only the order of reads is wrong.
        file: "headers.ts",
        search: "// Declaration merge: `[Symbol.iterator]` is installed below",
        replace: "const objectKeys = Object.keys;\n" +
          "// Declaration merge: `[Symbol.iterator]` is installed below",
      },
    ],
  },
  {
    name: "sequence-reads-next-every-step",
    bug: "converting an iterator init reads its next method on every step instead of once (as " +
      "Node 22's undici does; NATIVE_DIVERGENCES.md iterator-protocol-extra-reads)",
    patches: [{
      file: "headers.ts",
      search: "const result = callFunction(this.next, this.iterator);",
      replace: "const result = callFunction(\n" +
        "      (this.iterator as Record<PropertyKey, unknown>).next,\n" +
        "      this.iterator,\n" +
        "    );",
    }],
  },
  {
    name: "headers-init-ignores-overridden-iterator",
    bug: "a Headers init is copied from its index even when a subclass or the object overrides " +
      "@@iterator (oven-sh/bun#43023)",
    patches: [{
      file: "headers.ts",
      search: "if (method === headersEntries && isHeaders(init)) {",
      replace: "if (isHeaders(init)) {",
    }],
  },
  {
    name: "view-refreshed-only-by-new-iterators",
    bug: "writes keep the cached view and reads drop it when they start (opening an iterator, " +
      "each forEach step), so an open iterator serves stale pairs until someone reads afresh: " +
      "found only when nothing reads between the write and next() (the cached iteration " +
      "entries of WebKit/WebKit#5437 and denoland/deno#33681, invalidated in the wrong place)",
    patches: [
      {
        file: "headers.ts",
        search: "    this.#view = null;\n    this.#orderReads = 0;\n    return combined;",
        replace: "    this.#orderReads = 0;\n    return combined;",
      },
      {
        file: "headers.ts",
        search: '    Headers.#enter(this, "Headers.entries", 0, 0);\n',
        replace: '    Headers.#enter(this, "Headers.entries", 0, 0);\n    this.#view = null;\n',
      },
      {
        file: "headers.ts",
        search: "for (let index = 0; this.#entryAt(index); index++) {\n" +
          "      const name = entryName, value = entryValue;",
        replace: "for (let index = 0; (this.#view = null, this.#entryAt(index)); index++) {\n" +
          "      const name = entryName, value = entryValue;",
      },
    ],
  },
  {
    name: "delete-ignores-request-guard",
    bug: "delete() under guard request removes a forbidden request-header its guard keeps",
    patches: [{
      file: "headers.ts",
      search:
        'if (guard !== "none" && !this.#guardAllows("Headers.delete", lower, "", WRITE_DELETE))',
      replace: "if (\n" +
        '      guard !== "none" && guard !== "request" &&\n' +
        '      !this.#guardAllows("Headers.delete", lower, "", WRITE_DELETE)\n' +
        "    )",
    }],
  },
  {
    name: "delete-writes-shared-index",
    bug: "delete() removes the name from an index shared with a copy instead of detaching " +
      "first, so the copy loses the header too",
    patches: [{
      file: "headers.ts",
      search: "if (!combined.has(lower)) return;\n      combined = this.#writable();",
      replace: "if (!combined.has(lower)) return;\n      this.#view = null;",
    }],
  },
  {
    name: "lone-delete-ignores-raw-name",
    bug: "delete() of any name empties a pending raw list of one header, as if it were the " +
      "header's name",
    patches: [{
      file: "headers.ts",
      search: "return pending.length === 2 && rawListName(pending, 0) === lower;",
      replace: "return pending.length === 2 && rawListName(pending, 0) !== null;",
    }],
  },
  {
    name: "lone-delete-ignores-length",
    bug: "delete() of the first header of a fill's pending list empties the whole list, as if it " +
      "held that header alone",
    patches: [{
      file: "headers.ts",
      search: "if (this.#rawListAppends) return pending.length === 3 && pending[2] === lower;",
      replace: "if (this.#rawListAppends) return pending[2] === lower;",
    }],
  },
  {
    name: "lone-copy-ignores-source-change",
    bug: "a copy of a one-entry Headers shares it although user code wrote to it during the " +
      "walk's reads, so the copy misses what the walk went on to read",
    patches: [{
      file: "headers.ts",
      search: "if (result.done && read === 2 && source.#view === view) {",
      replace: "if (result.done && read === 2) {",
    }],
  },
  {
    name: "lone-copy-restarts-walk",
    bug: "a copy of a one-entry Headers handed back to the walk (its pairs' iterator or next " +
      "replaced) leaves the source's iterator at its first entry, so that entry is read twice",
    patches: [{
      file: "headers.ts",
      search: "    moveIterator(iterator, 1);\n",
      replace: "",
    }],
  },
  {
    name: "known-key-ignores-guard",
    bug: "delete() of a name that is a key skips the guard, so an immutable or request " +
      "Headers loses a header instead of throwing or keeping it",
    patches: [{
      file: "headers.ts",
      search: 'if (guard === "none" && typeof name === "string") {',
      replace: 'if (typeof name === "string") {',
    }],
  },
  {
    name: "index-order-keeps-given-case",
    bug: "the header list stays in index order (named by the index's lowercase keys) after an " +
      "append of a new name not spelled in lowercase, so headerListOf loses the name as given",
    patches: [{
      file: "headers.ts",
      search: "if (this.#listInIndexOrder && (existing !== undefined || name !== lower)) {",
      replace: "if (this.#listInIndexOrder && existing !== undefined) {",
    }],
  },
  {
    name: "index-order-after-repeat-append",
    bug: "the header list stays in index order after an append of a name already in it, so " +
      "headerListOf shows one header with the joined value instead of two",
    patches: [{
      file: "headers.ts",
      search: "if (this.#listInIndexOrder && (existing !== undefined || name !== lower)) {",
      replace: "if (this.#listInIndexOrder && name !== lower) {",
    }],
  },
  {
    name: "lookup-scan-keeps-first-value",
    bug: "the first get on a constructor's pending list answers a repeated name with its first " +
      "value instead of the values joined",
    patches: [{
      file: "headers.ts",
      search: "found = found === undefined ? flat[index - 1] : `${found}, ${flat[index - 1]}`;",
      replace: "found = found === undefined ? flat[index - 1] : found;",
    }],
  },
  {
    name: "get-set-cookie-copies-with-slice",
    realm: "both",
    bug: "getSetCookie() copies with the Array.prototype.slice user code can replace, so a " +
      "patched slice decides what it returns (as Node 22's undici calls patchable built-ins; " +
      "NATIVE_DIVERGENCES.md uses-patchable-builtins)",
    patches: [{
      file: "headers.ts",
      search: "return setCookies === null ? [] : copyArray(setCookies);",
      replace: "return setCookies === null ? [] : setCookies.slice();",
    }],
  },
  {
    name: "iterators-kept-by-their-headers",
    bug: "every iterator a Headers opens is remembered by it, so iterators opened and dropped " +
      "are never collected",
    costClass: "memory-grows-with-operations",
    patches: [{
      file: "headers.ts",
      search: 'Headers.#enter(this, "Headers.entries", 0, 0);\n' +
        "    return new HeadersIterator(this, KIND_KEY_AND_VALUE) as unknown as IterableIterator<",
      replace: 'Headers.#enter(this, "Headers.entries", 0, 0);\n' +
        "    const opened = new HeadersIterator(this, KIND_KEY_AND_VALUE);\n" +
        "    ((this as unknown as { opened?: unknown[] }).opened ??= []).push(opened);\n" +
        "    return opened as unknown as IterableIterator<",
    }],
  },
  {
    name: "get-cache-outlives-delete",
    bug: "get() remembers its last answer for a repeated get of the same name; a write marks it " +
      "stale but keeps the value, so a deleted value stays alive until the next get",
    costClass: "memory-grows-with-operations",
    patches: [
      {
        file: "headers.ts",
        search: "  #joinedMayEndInSpace = false;\n",
        replace: "  #joinedMayEndInSpace = false;\n" +
          "  #lastGet: { lower: string; value: string | undefined; fresh: boolean } | null = null;\n",
      },
      {
        file: "headers.ts",
        search: '    Headers.#enter(this, "Headers.get", arguments.length, 1);\n' +
          '    const value = this.#lookup(nameArgument("Headers.get", name));\n',
        replace: '    Headers.#enter(this, "Headers.get", arguments.length, 1);\n' +
          '    const lower = nameArgument("Headers.get", name);\n' +
          "    const last = this.#lastGet;\n" +
          "    if (last !== null && last.fresh && last.lower === lower) {\n" +
          "      return last.value === undefined ? null : last.value;\n" +
          "    }\n" +
          "    const value = this.#lookup(lower);\n" +
          "    this.#lastGet = { lower, value, fresh: true };\n",
      },
      ...[["append", 2], ["delete", 1], ["set", 2]].map(([method, count]) => ({
        file: "headers.ts",
        search: `    Headers.#enter(this, "Headers.${method}", arguments.length, ${count});\n`,
        replace: `    Headers.#enter(this, "Headers.${method}", arguments.length, ${count});\n` +
          "    if (this.#lastGet !== null) this.#lastGet.fresh = false;\n",
      })),
    ],
  },
  {
    name: "iteration-keeps-last-entry",
    bug: "the module slots an iteration reads its entries through keep the last entry visited, " +
      "so a deleted large value stays alive until the next iteration of any Headers",
    costClass: "memory-grows-with-operations",
    patches: [
      {
        file: "headers.ts",
        search: "      const name = entryName, value = entryValue;\n" +
          '      entryName = entryValue = "";\n' +
          "      callFunction(callback, thisArg, value, name, this);",
        replace: "      callFunction(callback, thisArg, entryValue, entryName, this);",
      },
      {
        file: "headers.ts",
        search: "if (2 * index >= view.length) {\n" +
          '      entryName = entryValue = "";\n' +
          "      return false;\n    }",
        replace: "if (2 * index >= view.length) return false;",
      },
    ],
  },
  {
    name: "value-cache-not-consulted",
    bug: "normalizeHeaderValue no longer looks a value up in its cache, so a value is kept as " +
      "given: a slice keeps its whole parent string alive (under Deno only if the cache does " +
      "not store it either: V8 internalizes a string a Map hashes, which drops the parent)",
    costClass: "retains-parent-strings",
    patches: [
      {
        file: "predicates.ts",
        search: "  const known = normalizedValueCache.get(value);\n" +
          "  if (known !== undefined) return known;\n",
        replace: "",
      },
      {
        file: "predicates.ts",
        search: "  const kept = detachedCopy(normalized);\n",
        replace: "  const kept = normalized;\n",
      },
      {
        file: "predicates.ts",
        search: "    normalizedValueCache.set(kept, kept);\n",
        replace: "",
      },
    ],
  },
  {
    name: "name-caches-never-evict",
    bug: "the validated-name caches keep every distinct name ever seen (no bucket or size limit)",
    costClass: "module-grows-with-distinct-names",
    patches: [
      {
        file: "predicates.ts",
        search: "if (bucket === undefined || bucket.length >= 2 * NAMES_PER_BUCKET) {",
        replace: "if (bucket === undefined) {",
      },
      {
        file: "predicates.ts",
        search: "  if (validatedNameMap.size >= NAME_MAP_LIMIT) validatedNameMap.clear();\n",
        replace: "",
      },
    ],
  },
  {
    name: "has-scans-every-name",
    bug: "has() copies the index's names into an array and searches it: O(n) per call",
    costClass: "superlinear-steps",
    patches: [{
      file: "headers.ts",
      search:
        "    return combined !== null ? combined.has(lower) : this.#lookup(lower) !== undefined;",
      replace: "    return [...this.#read().keys()].includes(lower);",
    }],
  },
  {
    name: "lookup-scans-every-read",
    bug: "get and has answer every call by a pass over a constructor's pending list and never " +
      "index it: O(n) per call",
    costClass: "superlinear-steps",
    patches: [{ file: "headers.ts", search: "    this.#rawListScanned = true;\n", replace: "" }],
  },
  {
    name: "get-set-cookie-index-wraps",
    bug: "getSetCookie copies with a 15-bit index, which wraps past 32,767 values: it never ends",
    costClass: "aborts-under-legal-load",
    patches: [{
      file: "headers.ts",
      search: "    return setCookies === null ? [] : copyArray(setCookies);",
      replace: "    if (setCookies === null) return [];\n" +
        "    const copy = newArray<string>(setCookies.length);\n" +
        "    for (let i = 0; i < setCookies.length; i = (i + 1) & 0x7fff) copy[i] = setCookies[i];\n" +
        "    return copy;",
    }],
  },
  {
    name: "value-length-limit",
    bug: "values longer than 4 MiB throw a RangeError, a limit the standard does not set",
    costClass: "limit-under-legal-load",
    patches: [{
      file: "headers.ts",
      search:
        "  const valueText = toText(value);\n  const normalized = valueOrNull(context, valueText);",
      replace: "  const valueText = toText(value);\n" +
        "  if (valueText.length > 4 << 20) throw new RangeError(`${context}: value too long`);\n" +
        "  const normalized = valueOrNull(context, valueText);",
    }],
  },
  {
    name: "set-cookie-last-and-delete-drops-cookie",
    bug: "iteration of small lists puts set-cookie last (the known class set-cookie-sorted-last, " +
      "as Bun does), and a delete that removes another name also drops the second set-cookie",
    knownDivergences: ["set-cookie-sorted-last"],
    patches: [
      {
        file: "headers.ts",
        search:
          "      for (let cookie = 0; cookie < (setCookies as string[]).length; cookie++) {\n" +
          "        insertPair(view, name, (setCookies as string[])[cookie]);\n" +
          "      }\n    });\n    this.#view = view;",
        replace: "    });\n" +
          '    if (combined.has("set-cookie")) {\n' +
          "      for (let cookie = 0; cookie < (setCookies as string[]).length; cookie++) {\n" +
          '        view[view.length] = "set-cookie";\n' +
          "        view[view.length] = (setCookies as string[])[cookie];\n" +
          "      }\n    }\n    this.#view = view;",
      },
      {
        file: "headers.ts",
        search: '    if (lower === "set-cookie") this.#setCookies = null;\n' +
          '    if (guard === "request-no-cors") this.#remove(combined, "range");',
        replace: '    if (lower === "set-cookie") this.#setCookies = null;\n' +
          "    const cookies = this.#setCookies;\n" +
          "    if (cookies !== null && cookies.length > 1) {\n" +
          "      for (let i = 1; i + 1 < cookies.length; i++) cookies[i] = cookies[i + 1];\n" +
          "      cookies.length = cookies.length - 1;\n" +
          "      this.#order = NO_ORDER;\n" +
          "    }\n" +
          '    if (guard === "request-no-cors") this.#remove(combined, "range");',
      },
    ],
  },
  ...SPEC_VARIANTS,
  ...WIRE_VARIANTS,
  ...EGRESS_VARIANTS,
];

/** A patch does not apply: impl changed under it. */
export class StaleVariantError extends Error {
  /** `variant` no longer applies; `detail` says which patch and why. */
  constructor(variant: string, detail: string) {
    super(`variant ${variant} no longer applies to impl — update it (${detail})`);
    this.name = "StaleVariantError";
  }
}

/** How often `search` occurs in `text`. */
function occurrences(text: string, search: string): number {
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + 1)) count++;
  return count;
}

/**
 * Copies impl/ and spec/ into `dir` (emptied first), applies `variant` to the copies and returns
 * the path of the mod.ts the variant names (impl's by default). Throws {@link StaleVariantError}
 * when a search text does not occur exactly once.
 */
export function applyVariant(variant: Variant, dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const implCopy = join(dir, "impl");
  cpSync(IMPL_DIR, implCopy, { recursive: true });
  cpSync(SPEC_DIR, join(dir, "spec"), { recursive: true });
  for (const patch of variant.patches) {
    const file = join(dir, patch.folder ?? "impl", patch.file);
    const text = readFileSync(file, "utf8");
    const count = occurrences(text, patch.search);
    if (count !== 1) {
      throw new StaleVariantError(
        variant.name,
        `${patch.file}: ${JSON.stringify(patch.search)} occurs ${count} times`,
      );
    }
    writeFileSync(file, text.replace(patch.search, () => patch.replace));
  }
  return join(dir, variant.module ?? "impl", "mod.ts");
}

/** A planted copy of impl (or spec): its mod.ts, and how to remove it. */
export interface PlantedImpl {
  modulePath: string;
  remove(): Promise<void>;
}

/** {@link applyVariant} into a fresh temporary directory, which `remove` deletes. */
export async function plantVariant(variant: Variant): Promise<PlantedImpl> {
  const dir = await Deno.makeTempDir({ prefix: `headerproof-${variant.name}-` });
  return {
    modulePath: applyVariant(variant, dir),
    remove: () => Deno.remove(dir, { recursive: true }),
  };
}
