/**
 * The command-line options the answer stage reads (properties/campaign/answers.ts), with the
 * worker pool and the replay files it writes: the coordinator passes it these and no other.
 *
 * @example
 * ```ts
 * import { ANSWER_READS } from "./answer_options.ts";
 * console.log(ANSWER_READS.includes("seed"));
 * ```
 *
 * @module
 */
import type { CliOptions } from "./cli_args.ts";

/** The keys of the options the answer stage reads. */
export const ANSWER_READS = [
  "target",
  "targetArg",
  "runs",
  "timeSeconds",
  "seed",
  "profile",
  "workers",
  "knownDivergences",
  "knownDivergencesAuto",
  "excludeKnown",
  "caseTimeoutSeconds",
  "maxCommands",
  "out",
  "record",
  "reference",
  "referenceArg",
  "path",
  "replayPath",
  "property",
  "realm",
  "phases",
  "runtimeArg",
  "runtime",
  "deadline",
  "headersRuntime",
  "wirePath",
] as const satisfies readonly (keyof CliOptions)[];

/** The options the answer stage reads. */
export type AnswerOptions = Pick<CliOptions, (typeof ANSWER_READS)[number]>;
