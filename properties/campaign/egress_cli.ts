/**
 * The egress CLI's entry point (properties/egress/cli.ts, the options it takes): the egress
 * property in a process of its own, with the egress classes of properties/classes/ (those of the
 * runtime `--classes-of` names). The campaign's egress stage runs it under the campaign's runtime.
 *
 * @example
 * ```sh
 * deno run -A properties/campaign/egress_cli.ts --runs 100 --seed 3 --time 10
 * ```
 *
 * @module
 */
import { runtime } from "../targets/runtime.ts";
import { exitNow } from "../targets/builtins.ts";
import { egressClasses } from "../classes/classes.ts";
import { egressCli } from "../egress/cli.ts";

// Ends itself with the exit status, whatever timers or sockets the candidate keeps open.
exitNow(await egressCli(runtime.args, egressClasses));
