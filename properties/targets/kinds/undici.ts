/**
 * `undici@X`: the Headers of undici release X, installed on first use into .tools/packages/
 * (an unknown version is a usage error) and reached through a generated contract module
 * (undici_target.ts). Runs under Node, with the server profile and the classes known for Node.
 * A reproduction gets a copy of the module that finds undici by its package name.
 *
 * @example
 * ```ts
 * import { UNDICI } from "./undici.ts";
 * console.log(UNDICI.recognizes("undici@8.13.1"), UNDICI.runtime);
 * ```
 *
 * @module
 */
import { dirname } from "node:path";
import type { TargetKind } from "../kind.ts";
import { relativeSpecifier } from "../kind.ts";
import { standaloneUndiciModule, undiciTargetModule } from "../undici_target.ts";

/** An undici release. */
export const UNDICI: TargetKind = {
  name: "undici",
  forms: ["undici@X"],
  examples: ["undici@8.13.1", "undici@6.0.0", "undici@"],
  recognizes: (arg) => arg.startsWith("undici@"),
  parse: (arg) => ({ version: arg.slice("undici@".length) }),
  target: (arg) => arg,
  byName: false,
  hostGlobals: false,
  runtime: "node",
  headersOf: "node",
  prepare: undiciTargetModule,
  defaults: { profile: "server", realm: "clean", knownDivergences: "auto" },
  stages: ["costs", "wire", "answers"],
  standalone: (_module, arg, file) => ({
    kind: "module",
    specifier: relativeSpecifier(file, standaloneUndiciModule(arg, dirname(file))),
  }),
  revisions: false,
};
