/**
 * A module PATH (or URL) following spec/contract.ts, relative to the directory the command was run
 * from: whatever no other kind claims, so its row stays last in the table. Judged in the clean
 * realm by default (a module that is not a runtime built-in rarely needs to be immune to patched
 * built-ins), with no known class.
 *
 * @example
 * ```ts
 * import { MODULE } from "./module.ts";
 * console.log(MODULE.target("./my_headers.ts"));
 * ```
 *
 * @module
 */
import type { TargetKind } from "../kind.ts";
import { callerPath } from "../runtime.ts";

/** A module of the person's own. */
export const MODULE: TargetKind = {
  name: "module",
  forms: ["PATH"],
  examples: ["./my_headers.ts", "/tmp/candidate.mjs", "file:///tmp/h.js", "undici", "x@1.0.0"],
  recognizes: () => true,
  parse: (arg) => ({ path: arg }),
  target: (arg) => callerPath(arg),
  byName: false,
  hostGlobals: false,
  runtime: null,
  headersOf: null,
  prepare: null,
  defaults: { profile: "standard", realm: "clean", knownDivergences: "none" },
  stages: ["costs", "wire", "egress", "answers"],
  standalone: null,
  revisions: false,
};
