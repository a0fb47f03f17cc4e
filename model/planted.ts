/**
 * Bugs planted in real copies of impl/, to prove that trace validation over impl's internals
 * catches them. Each is a {@link Variant} of `properties/variants.ts` (a named source patch
 * applied to a fresh copy of impl/ and spec/ at run time, so there is no second copy of impl to
 * drift); `plantVariant` writes the broken copy into a temporary directory.
 *
 * @example
 * ```ts
 * import { plantVariant, TRACE_VARIANTS } from "./planted.ts";
 *
 * const planted = await plantVariant(TRACE_VARIANTS[0]);
 * const broken = await import(planted.modulePath);
 * console.log(typeof broken.Headers); // "function"
 * await planted.remove();
 * ```
 *
 * @module
 */

import { applyVariant, type Variant, VARIANTS } from "../properties/variants.ts";

function kill(name: string): Variant {
  const variant = VARIANTS.find((candidate) => candidate.name === name);
  if (!variant) throw new Error(`properties/variants.ts has no variant ${name}`);
  return variant;
}

/** The bugs trace validation must catch (issue 12), planted in copies of impl/headers.ts. */
export const TRACE_VARIANTS: readonly Variant[] = [
  {
    name: "iterator-skips-after-delete",
    bug: "a live iterator that sees the view shrink assumes the removed pair was before it and " +
      "skips one",
    patches: [
      {
        file: "headers.ts",
        search: "  #index = 0;\n",
        replace: "  #index = 0;\n  #seenLength = 0;\n",
      },
      {
        file: "headers.ts",
        search: "const view = currentView(this.#target);\n    const index = this.#index;",
        replace: "const view = currentView(this.#target);\n" +
          "    if (view.length < this.#seenLength && this.#index > 0) this.#index++;\n" +
          "    this.#seenLength = view.length;\n    const index = this.#index;",
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
];

/** A planted copy of impl: its mod.ts, and how to remove it. */
export interface PlantedImpl {
  modulePath: string;
  remove(): Promise<void>;
}

/** Writes impl/ with `variant` applied into a fresh temporary directory. */
export async function plantVariant(variant: Variant): Promise<PlantedImpl> {
  const dir = await Deno.makeTempDir({ prefix: `headerproof-${variant.name}-` });
  return {
    modulePath: applyVariant(variant, dir),
    remove: () => Deno.remove(dir, { recursive: true }),
  };
}
