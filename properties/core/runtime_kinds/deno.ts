/**
 * Deno: runs a script with `deno run -A`, reaches V8's collector through `--v8-flags`.
 *
 * @example
 * ```ts
 * import { DENO } from "./deno.ts";
 * console.log([DENO.name, ...DENO.scriptArgs, "cli.ts"].join(" "));
 * ```
 *
 * @module
 */
import type { RuntimeKind } from "../runtime_kind.ts";

/** Deno. */
export const DENO: RuntimeKind = {
  name: "deno",
  title: "Deno",
  task: "fuzz",
  scriptArgs: ["run", "-A"],
  exposeGc: ["--v8-flags=--expose-gc"],
  printExecPath: ["eval", "console.log(Deno.execPath())"],
  workerVariables: null,
  memoryMeasurementVariables: null,
};
