/**
 * `http@X`: the header codec of release X of the Rust http crate, judged by the codec stage alone.
 * The stage builds its harness with the machine's cargo into .tools/codec/ (codec/build.ts
 * `codecTargetOf`, `buildHarness`; a version that is not MAJOR.MINOR.PATCH is a usage error
 * there) under any runtime, with every codec class known (`auto`).
 *
 * @example
 * ```ts
 * import { HTTP } from "./http.ts";
 * console.log(HTTP.recognizes("http@1.4.0"), HTTP.stages);
 * ```
 *
 * @module
 */
import type { TargetKind } from "../kind.ts";

/** A release of the http crate. */
export const HTTP: TargetKind = {
  name: "http",
  forms: ["http@X"],
  examples: ["http@1.4.0", "http@1"],
  recognizes: (arg) => arg.startsWith("http@"),
  parse: (arg) => ({ version: arg.slice("http@".length) }),
  target: (arg) => arg,
  byName: false,
  hostGlobals: false,
  runtime: null,
  headersOf: null,
  prepare: null,
  defaults: { profile: "standard", realm: "clean", knownDivergences: "auto" },
  stages: ["codec"],
  standalone: null,
  revisions: false,
};
