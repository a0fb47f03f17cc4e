/**
 * `deno task bench`: the suite in this Deno process — reference, impl and Deno's native Headers
 * — printed as a markdown table with ratios and the Deno performance bars (one repetition; the
 * cross-runtime command gives medians over several). `--json` prints the raw result instead.
 *
 *     deno task bench [--quick] [--json] [--filter TEXT] [--impls LIST] ...
 *
 * @module
 */

import { cpus } from "node:os";
import process from "node:process";
import { commandLine, parseArgs } from "./args.ts";
import { SUITE_FLAGS, SUITE_USAGE, suiteOptions } from "./options.ts";
import { aggregate, renderTable } from "./report.ts";
import { runSuite } from "./runner.ts";
import { SanityError } from "./scenarios.ts";

try {
  const argv = commandLine();
  const args = parseArgs(argv, { ...SUITE_FLAGS, booleans: [...SUITE_FLAGS.booleans, "json"] });
  const result = await runSuite(
    suiteOptions(args, process.cwd()),
    (line) => process.stderr.write(line + "\n"),
  );
  if (args.booleans.has("json")) {
    process.stdout.write(JSON.stringify(result, null, 1) + "\n");
  } else {
    process.stdout.write(renderTable(aggregate([result]), {
      generatedAt: result.startedAt,
      machine: `${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}`,
      command: `deno task bench${argv.length > 0 ? " " + argv.join(" ") : ""}`,
    }));
  }
} catch (error) {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : error}\n`);
  if (error instanceof TypeError) process.stderr.write(SUITE_USAGE + "\n");
  process.exitCode = error instanceof SanityError ? 2 : 1;
}
