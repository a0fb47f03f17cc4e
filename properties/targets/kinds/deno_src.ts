/**
 * `deno-src:PATH`: Deno's Headers from a Deno checkout, no build: deno_src_target.ts copies the
 * files it needs into .cache/deno-src/ and generates a contract module run under shims (a
 * malformed or empty PATH is a usage error from there). Runs under Deno, in both realms, with
 * the server profile and the classes known for Deno. A reproduction gets a copy of the module
 * and the shims bundled beside it. `sweep` and `bisect` walk its commits
 * (`deno-src:REPO@A..B`).
 *
 * @example
 * ```ts
 * import { DENO_SRC } from "./deno_src.ts";
 * console.log(DENO_SRC.recognizes("deno-src:../deno"), DENO_SRC.runtime);
 * ```
 *
 * @module
 */
import { dirname } from "node:path";
import { denoSrcTargetModule, standaloneDenoSrc } from "../deno_src_target.ts";
import type { TargetKind } from "../kind.ts";
import { relativeSpecifier } from "../kind.ts";

/** A Deno checkout. */
export const DENO_SRC: TargetKind = {
  name: "deno_src",
  forms: ["deno-src:PATH"],
  examples: ["deno-src:../deno", "deno-src:/src/deno", "deno-src:"],
  recognizes: (arg) => arg.startsWith("deno-src:"),
  parse: (arg) => ({ path: arg.slice("deno-src:".length) }),
  target: (arg) => arg,
  byName: false,
  hostGlobals: false,
  runtime: "deno",
  headersOf: "deno",
  prepare: denoSrcTargetModule,
  defaults: { profile: "server", realm: "both", knownDivergences: "auto" },
  stages: ["costs", "wire", "egress", "answers"],
  standalone: (module, _arg, file) => {
    const copy = standaloneDenoSrc(module, dirname(file));
    return {
      kind: "module",
      specifier: relativeSpecifier(file, copy.module),
      preload: [relativeSpecifier(file, copy.shims)],
    };
  },
  revisions: true,
};
