/**
 * What the tools need to know of one JavaScript runtime that runs campaigns, workers and
 * reproductions: the shape of a row of the runtimes table (runtime_kinds.ts), one file per runtime
 * in runtime_kinds/.
 *
 * @example
 * ```ts
 * import type { RuntimeKind } from "./runtime_kind.ts";
 * export const script = (kind: RuntimeKind, file: string) => [kind.name, ...kind.scriptArgs, file];
 * ```
 *
 * @module
 */

/** The name of a runtime, as `--runtime name@X` and the divergence classes spell it. */
export type RuntimeName = "deno" | "bun" | "node";

/** One runtime. */
export interface RuntimeKind {
  /** Its name: the command on PATH, the npm package of its releases, `name@X`. */
  readonly name: RuntimeName;
  /** Its name in prose ("Deno"). */
  readonly title: string;
  /** The `./headerproof` task that runs the campaign CLI under it. */
  readonly task: string;
  /** The arguments between the executable and a script it runs (`run -A` for Deno). */
  readonly scriptArgs: readonly string[];
  /** The arguments, after {@link scriptArgs}, that expose the garbage collector as `gc()`. */
  readonly exposeGc: readonly string[];
  /** The arguments that make the executable print its own path (a release's `.bin` entry). */
  readonly printExecPath: readonly string[];
  /**
   * Variables the environment of a worker process needs under it, beyond this process's (Bun:
   * proper tail calls off, see targets/runtime.ts `workerEnvironment`); null when none.
   */
  readonly workerVariables: Readonly<Record<string, string>> | null;
  /**
   * Variables the environment of a process that measures retained memory needs under it (Bun:
   * concurrent JIT off, see targets/runtime.ts `memoryMeasurementEnvironment`); null when none.
   */
  readonly memoryMeasurementVariables: Readonly<Record<string, string>> | null;
}
