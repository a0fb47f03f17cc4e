/**
 * The Headers implementations the benchmark compares: the spec-literal reference (`spec/mod.ts`),
 * the fast one (`impl/mod.ts`), the runtime's own `globalThis.Headers` (native, the baseline) and
 * the floor (`floor.ts`: a Map and a cached sorted view, none of the standard's other work). Modules are imported dynamically, so a missing or broken one is reported with the
 * reason instead of stopping the other two.
 *
 * @example
 * ```ts
 * import { loadImplementations } from "./implementations.ts";
 * const { available, missing } = await loadImplementations(["impl", "native"], {});
 * for (const { name, reason } of missing) console.error(`${name}: ${reason}`);
 * ```
 *
 * @module
 */

import type { HeadersConstructor, HeadersLike, HeadersModule } from "../spec/contract.ts";

/** Which implementation a task measures. */
export type ImplName = "spec" | "impl" | "native" | "floor";

/** Every implementation, in the order tasks are run and columns are printed. */
export const IMPL_NAMES: readonly ImplName[] = ["spec", "impl", "native", "floor"];

/** The implementations that come from a module file (all but native). */
export type ModuleImplName = Exclude<ImplName, "native">;

/** An implementation ready to benchmark. */
export interface Implementation {
  name: ImplName;
  /** Its Headers class. */
  Headers: HeadersConstructor;
  /**
   * Its `headersFromRawList` (default guard "request": a server's request headers as its HTTP
   * parser hands them over), or null where the module has none (native).
   */
  fromRawList: ((flat: string[]) => HeadersLike) | null;
  /** Where it came from: a module URL, or `globalThis.Headers`. */
  source: string;
}

/** An implementation that could not be loaded, and why. */
export interface MissingImplementation {
  name: ImplName;
  reason: string;
}

/** Where the project's modules live, relative to this file. */
export const DEFAULT_MODULES: Readonly<Record<ModuleImplName, string>> = {
  spec: new URL("../spec/mod.ts", import.meta.url).href,
  impl: new URL("../impl/mod.ts", import.meta.url).href,
  floor: new URL("./floor.ts", import.meta.url).href,
};

/** Parses an ImplName, throwing a TypeError that names the bad input. */
export function parseImplName(text: string): ImplName {
  if ((IMPL_NAMES as readonly string[]).includes(text)) return text as ImplName;
  throw new TypeError(
    `unknown implementation "${text}" (expected one of ${IMPL_NAMES.join(", ")})`,
  );
}

/** A module path or URL as an importable URL string (plain paths are taken from the cwd). */
export function moduleUrl(pathOrUrl: string, cwd: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(pathOrUrl) && !/^[a-z]:[\\/]/i.test(pathOrUrl)) return pathOrUrl;
  const base = new URL(cwd.endsWith("/") ? cwd : cwd + "/", "file:///");
  return new URL(pathOrUrl, base).href;
}

/**
 * Loads the named implementations. `overrides` maps "spec"/"impl" to another module URL (a
 * stub, or impl/ materialized at another commit).
 */
export async function loadImplementations(
  names: readonly ImplName[],
  overrides: Partial<Record<ModuleImplName, string>>,
): Promise<{ available: Implementation[]; missing: MissingImplementation[] }> {
  const available: Implementation[] = [];
  const missing: MissingImplementation[] = [];
  for (const name of names) {
    if (name === "native") {
      const NativeHeaders = (globalThis as { Headers?: unknown }).Headers;
      if (typeof NativeHeaders === "function") {
        available.push({
          name,
          Headers: NativeHeaders as HeadersConstructor,
          fromRawList: null,
          source: "globalThis.Headers",
        });
      } else {
        missing.push({ name, reason: "this runtime has no globalThis.Headers" });
      }
      continue;
    }
    const url = overrides[name] ?? DEFAULT_MODULES[name];
    try {
      const module = (await import(url)) as Partial<HeadersModule>;
      if (typeof module.Headers !== "function") {
        missing.push({ name, reason: `${url} does not export a Headers class` });
      } else {
        available.push({
          name,
          Headers: module.Headers,
          fromRawList: rawListOf(module),
          source: url,
        });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
      missing.push({ name, reason: `could not import ${url}: ${message}` });
    }
  }
  return { available, missing };
}

/** A module's `headersFromRawList`, or null where it has none. */
export function rawListOf(
  module: Partial<HeadersModule>,
): ((flat: string[]) => HeadersLike) | null {
  const fromRawList = module.headersFromRawList;
  return typeof fromRawList === "function" ? fromRawList : null;
}
