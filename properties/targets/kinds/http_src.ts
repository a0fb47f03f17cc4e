/**
 * `http-src:PATH`: the header codec of a checkout of the Rust http crate, judged by the codec
 * stage alone, which builds its harness (codec/build.ts; a PATH without the crate's files is a
 * usage error there) under any runtime, with every codec class known (`auto`).
 *
 * @example
 * ```ts
 * import { HTTP_SRC } from "./http_src.ts";
 * console.log(HTTP_SRC.recognizes("http-src:../http"), HTTP_SRC.stages);
 * ```
 *
 * @module
 */
import type { TargetKind } from "../kind.ts";

/** A checkout of the http crate. */
export const HTTP_SRC: TargetKind = {
  name: "http_src",
  forms: ["http-src:PATH"],
  examples: ["http-src:../http", "http-src:/tmp/http-pr804"],
  recognizes: (arg) => arg.startsWith("http-src:"),
  parse: (arg) => ({ path: arg.slice("http-src:".length) }),
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
