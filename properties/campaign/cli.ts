/**
 * Entry point of the differential campaign: `./headerproof fuzz [options]` (`deno run -A
 * properties/campaign/cli.ts`), `./headerproof fuzz:node` or `./headerproof fuzz:bun`. The work is split by
 * job: cli_args.ts reads the options, worker_pool.ts runs the worker processes, replay.ts writes
 * the reproduction and the replay command, fuzz_report.ts reports, coordinator.ts ties them
 * together. `--help` lists the options and the exit codes.
 *
 * @example
 * ```sh
 * ./headerproof fuzz --target native --time 20
 * ```
 *
 * @module
 */
import { main } from "./coordinator.ts";
import { exit, runtime } from "../targets/runtime.ts";

exit(await main(runtime.args));
