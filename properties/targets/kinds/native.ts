/**
 * `native`: the Headers of the runtime the workers run under (its guards reached through Request
 * and Response, its own server and fetch() on the wire), judged with the server profile and every
 * class known for that runtime. A published release is `--target native --runtime deno@X` (or
 * `bun@X`, `node@X`): installed by runtimes.ts, its runtime a row of the runtimes table
 * (properties/core/runtime_kinds.ts), not a target kind of its own.
 *
 * @example
 * ```ts
 * import { NATIVE } from "./native.ts";
 * console.log(NATIVE.hostGlobals, NATIVE.headersOf);
 * ```
 *
 * @module
 */
import type { TargetKind } from "../kind.ts";

/** The host runtime's own Headers. */
export const NATIVE: TargetKind = {
  name: "native",
  forms: ["native"],
  examples: ["native"],
  recognizes: (arg) => arg === "native",
  parse: () => ({}),
  target: (arg) => arg,
  byName: true,
  hostGlobals: true,
  runtime: null,
  headersOf: "workers",
  prepare: null,
  defaults: { profile: "server", realm: "both", knownDivergences: "auto" },
  stages: ["costs", "wire", "egress", "answers"],
  standalone: null,
  revisions: false,
};
