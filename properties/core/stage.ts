/**
 * The stages of a campaign, by name. A stage judges one side of a candidate (its answers, its
 * costs, what it parses off the wire, a native codec's answers); a target kind says which of them
 * apply to it.
 *
 * @example
 * ```ts
 * import type { StageName } from "./stage.ts";
 * const stages: StageName[] = ["costs", "wire", "answers"];
 * ```
 *
 * @module
 */

/** The name of one stage of a campaign. */
export type StageName = "answers" | "costs" | "wire" | "codec";
