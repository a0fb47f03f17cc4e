/**
 * The wire CLI's entry point (properties/wire/cli.ts, the options it takes): the wire property in
 * a process of its own, with every wire class of properties/classes/ known to `--known-classes`.
 * The campaign's wire stage runs it under the campaign's runtime.
 *
 * @example
 * ```sh
 * node properties/campaign/wire_cli.ts --runs 200 --seed 3 --time 20
 * deno run -A properties/campaign/wire_cli.ts --target impl --seed 3 --path 12:0
 * ```
 *
 * @module
 */
import { runtime } from "../targets/runtime.ts";
import { exitNow } from "../targets/builtins.ts";
import { wireClasses } from "../classes/classes.ts";
import { wireCli } from "../wire/cli.ts";

// Ends itself with the exit status, whatever timers or sockets the candidate keeps open.
exitNow(await wireCli(runtime.args, wireClasses()));
