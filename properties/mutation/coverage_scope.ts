/**
 * Which tests the coverage gate (coverage.ts, `fuzz:coverage`) leaves out, as a module of its own
 * that runs nothing when imported (.ci/gates.ts reads it too).
 *
 * @example
 * ```ts
 * import { NOT_IMPL_TESTS } from "./coverage_scope.ts";
 * console.log(NOT_IMPL_TESTS.join(","));
 * ```
 *
 * @module
 */

/**
 * The folders of properties/ whose tests never load impl/ (a Rust crate's codec; the egress stage,
 * which does not apply to impl): the coverage gate leaves them to `test:unit`, so `./headerproof
 * test` runs them beside it rather than after it.
 */
export const NOT_IMPL_TESTS: readonly string[] = ["properties/codec/", "properties/egress/"];
