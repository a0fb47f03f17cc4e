/**
 * Bun: runs a script as its first argument; its workers run with JavaScriptCore's proper tail
 * calls off, so that a tampered realm sees the frame of every caller, and a process that measures
 * retained memory with its concurrent JIT off, so that a pending compilation keeps no input alive.
 *
 * @example
 * ```ts
 * import { BUN } from "./bun.ts";
 * console.log(BUN.task, BUN.workerVariables);
 * ```
 *
 * @module
 */
import type { RuntimeKind } from "../runtime_kind.ts";

/** Bun. */
export const BUN: RuntimeKind = {
  name: "bun",
  title: "Bun",
  task: "fuzz:bun",
  scriptArgs: [],
  exposeGc: [],
  printExecPath: ["-e", "console.log(process.execPath)"],
  workerVariables: { BUN_JSC_useTailCalls: "false" },
  memoryMeasurementVariables: { BUN_JSC_useConcurrentJIT: "false" },
};
