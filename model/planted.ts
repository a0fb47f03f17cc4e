/**
 * Bugs planted in real copies of impl/, to prove that trace validation over impl's internals
 * catches them. Each is a {@link Variant} of `properties/mutation/variants.ts` (a named source patch
 * applied to a fresh copy of impl/ and spec/ at run time, so there is no second copy of impl to
 * drift); variants.ts's `plantVariant` writes the broken copy into a temporary directory.
 *
 * @example
 * ```ts
 * import { plantVariant } from "../properties/mutation/variants.ts";
 * import { TRACE_VARIANTS } from "./planted.ts";
 *
 * const planted = await plantVariant(TRACE_VARIANTS[0]);
 * const broken = await import(planted.modulePath);
 * console.log(typeof broken.Headers); // "function"
 * await planted.remove();
 * ```
 *
 * @module
 */

import { type Variant, VARIANTS } from "../properties/mutation/variants.ts";

function kill(name: string): Variant {
  const variant = VARIANTS.find((candidate) => candidate.name === name);
  if (!variant) throw new Error(`properties/mutation/variants.ts has no variant ${name}`);
  return variant;
}

/** The bugs trace validation must catch (issue 12), planted in copies of impl/headers.ts. */
export const TRACE_VARIANTS: readonly Variant[] = [
  {
    name: "iterator-skips-after-delete",
    bug: "a live iterator that finds another name before its position than the one it yielded " +
      "last assumes a pair before it was removed, and skips one",
    patches: [
      {
        file: "headers.ts",
        search: "  #index = 0;\n",
        replace: '  #index = 0;\n  #lastName = "";\n',
      },
      {
        file: "headers.ts",
        search: "    const index = this.#index;\n    const found = entryAt(this.#target, index);",
        replace: "    let index = this.#index;\n" +
          "    if (index > 0 && entryAt(this.#target, index - 1) && entryName !== this.#lastName) {\n" +
          "      index++;\n    }\n    const found = entryAt(this.#target, index);",
      },
      {
        file: "headers.ts",
        search: "    this.#index = index + 1;\n    const name = entryName, value = entryValue;",
        replace: "    this.#index = index + 1;\n    this.#lastName = entryName;\n" +
          "    const name = entryName, value = entryValue;",
      },
    ],
  },
  {
    name: "no-cors-append-on-unread-raw-list",
    bug: "append under request-no-cors checks the value alone when the raw list was never read " +
      "(the combined-value check skips materialization)",
    patches: [{
      file: "headers.ts",
      search: "const existing = this.#read().get(lower);",
      replace: "const existing = this.#combined === null ? undefined : this.#combined.get(lower);",
    }],
  },
  kill("stale-view-after-delete"),
  {
    name: "copy-source-not-marked-shared",
    bug: "a sharing copy marks only the copy shared, so the source's next write is in place, " +
      "into storage the copy reads",
    patches: [{ file: "headers.ts", search: "    source.#shared = true;\n", replace: "" }],
  },
  {
    name: "lone-delete-leaves-unshared",
    bug: "deleting a pending list's one header puts the object on the shared empty index " +
      "with its shared flag clear, breaking the copy-on-write invariant every object on that " +
      "index keeps (the model's BlankIsSharedAndEmpty)",
    patches: [{
      file: "headers.ts",
      search: "    this.#combined = EMPTY_INDEX;\n    this.#shared = true;\n",
      replace: "    this.#combined = EMPTY_INDEX;\n    this.#shared = false;\n",
    }],
  },
  {
    name: "get-set-cookie-hands-out-its-array",
    bug: "getSetCookie returns its internal set-cookie array, so a caller's push shows up in the " +
      "next getSetCookie (only a read sees it: no write goes through the array)",
    patches: [{
      file: "headers.ts",
      search: "return setCookies === null ? [] : copyArray(setCookies);",
      replace: "return setCookies === null ? [] : setCookies;",
    }],
  },
  {
    name: "has-skips-unread-raw-list",
    bug: "has() answers from the index without materializing a raw list nobody read yet, so it " +
      "answers false for every name of a fresh headersFromRawList",
    patches: [{
      file: "headers.ts",
      search: "return combined !== null ? combined.has(lower) : this.#lookup(lower) !== undefined;",
      replace: "return (combined ?? new Map<string, string>()).has(lower);",
    }],
  },
];
