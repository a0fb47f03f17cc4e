/**
 * `undici-src:PATH`: the Headers of an undici checkout (a PATH that does not exist is a usage
 * error), reached through a generated contract module (undici_target.ts). Runs under Node, with
 * the server profile and the classes known for Node; a reproduction gets a copy of the module,
 * which names only the checkout.
 *
 * @example
 * ```ts
 * import { UNDICI_SRC } from "./undici_src.ts";
 * console.log(UNDICI_SRC.recognizes("undici-src:../undici"));
 * ```
 *
 * @module
 */
import { dirname } from "node:path";
import type { TargetKind } from "../kind.ts";
import { relativeSpecifier } from "../kind.ts";
import { standaloneUndiciModule, undiciTargetModule } from "../undici_target.ts";

/** An undici checkout. */
export const UNDICI_SRC: TargetKind = {
  name: "undici_src",
  forms: ["undici-src:PATH"],
  examples: ["undici-src:../undici", "undici-src:/src/undici"],
  recognizes: (arg) => arg.startsWith("undici-src:"),
  parse: (arg) => ({ path: arg.slice("undici-src:".length) }),
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
