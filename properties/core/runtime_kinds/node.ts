/**
 * Node: runs a script as its first argument (types stripped from 22.18 and 23.6).
 *
 * @example
 * ```ts
 * import { NODE } from "./node.ts";
 * console.log([NODE.name, ...NODE.exposeGc, "worker.ts"].join(" "));
 * ```
 *
 * @module
 */
import type { RuntimeKind } from "../runtime_kind.ts";

/** Node. */
export const NODE: RuntimeKind = {
  name: "node",
  title: "Node",
  task: "fuzz:node",
  scriptArgs: [],
  exposeGc: ["--expose-gc"],
  printExecPath: ["-p", "process.execPath"],
  workerVariables: null,
  memoryMeasurementVariables: null,
};
