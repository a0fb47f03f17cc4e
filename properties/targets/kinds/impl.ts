/**
 * `impl`: headerproof's fast Headers (impl/mod.ts), judged in every stage under any runtime, in
 * both realms by default (it promises to be immune to patched built-ins).
 *
 * @example
 * ```ts
 * import { IMPL } from "./impl.ts";
 * console.log(IMPL.recognizes("impl"), IMPL.defaults.realm);
 * ```
 *
 * @module
 */
import type { TargetKind } from "../kind.ts";

/** headerproof's own implementation. */
export const IMPL: TargetKind = {
  name: "impl",
  forms: ["impl"],
  examples: ["impl"],
  recognizes: (arg) => arg === "impl",
  parse: () => ({}),
  target: (arg) => arg,
  byName: true,
  hostGlobals: false,
  runtime: null,
  headersOf: null,
  prepare: null,
  defaults: { profile: "standard", realm: "both", knownDivergences: "none" },
  stages: ["costs", "wire", "answers"],
  standalone: null,
  revisions: false,
};
