/**
 * Entry point of the differential campaign: `deno task fuzz [options]`, `node properties/cli.ts
 * [options]` or `bun properties/cli.ts [options]`. Everything happens in coordinator.ts; `--help`
 * lists the options.
 *
 * @example
 * ```sh
 * deno task fuzz --target native --time 20
 * ```
 *
 * @module
 */
import { main } from "./coordinator.ts";
import { exit, runtime } from "./runtime.ts";

exit(await main(runtime.args));
