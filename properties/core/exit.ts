/**
 * The exit statuses of a campaign, one meaning each, for every stage and every command.
 *
 * @example
 * ```ts
 * import { EXIT_OK, EXIT_USAGE } from "./exit.ts";
 * console.log(EXIT_OK, EXIT_USAGE);
 * ```
 *
 * @module
 */

/** Exit status of a campaign with no divergence. */
export const EXIT_OK = 0;
/** Exit status of a campaign that found a counterexample. */
export const EXIT_COUNTEREXAMPLE = 1;
/** Exit status of bad usage: a wrong option, a candidate that cannot load, a harness error. */
export const EXIT_USAGE = 2;
/** Exit status after Ctrl-C (128 + SIGINT). */
export const EXIT_INTERRUPTED = 130;
