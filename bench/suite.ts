/**
 * The benchmark suite entry point for every runtime: runs the sanity pass and all tasks, writes
 * one JSON {@link SuiteResult} to stdout and progress to stderr. Exit code 2 means a sanity check
 * failed (a wrong answer; nothing was timed), 1 any other error.
 *
 *     deno run -A bench/suite.ts [--quick] [--filter TEXT] ...
 *     node bench/suite.ts [--quick] ...
 *     bun bench/suite.ts [--quick] ...
 *
 * @module
 */

import process from "node:process";
import { commandLine, parseArgs } from "./args.ts";
import { SUITE_FLAGS, SUITE_USAGE, suiteOptions } from "./options.ts";
import { runSuite } from "./runner.ts";
import { SanityError } from "./scenarios.ts";

try {
  const options = suiteOptions(parseArgs(commandLine(), SUITE_FLAGS), process.cwd());
  const result = await runSuite(options, (line) => process.stderr.write(line + "\n"));
  process.stdout.write(JSON.stringify(result) + "\n");
} catch (error) {
  if (error instanceof SanityError) {
    process.stderr.write(`bench: ${error.message}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : error}\n`);
    if (error instanceof TypeError) process.stderr.write(SUITE_USAGE + "\n");
    process.exitCode = 1;
  }
}
