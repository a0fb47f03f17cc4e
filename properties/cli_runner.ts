/**
 * Test support: runs the campaign CLI (`properties/cli.ts`) in a child Deno, as a user's
 * `./headerproof fuzz ...` would, and hands back what it printed.
 *
 * @example
 * ```ts
 * import { runCli } from "./cli_runner.ts";
 * const { status, stdout } = runCli(["--target", "impl", "--runs", "10", "--json"]);
 * ```
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The campaign CLI's path. */
export const CLI: string = fileURLToPath(new URL("./cli.ts", import.meta.url));

/** What a CLI run printed, and its exit status (null when it was killed at `timeoutMs`). */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with `args` under this Deno, killed after `timeoutMs` (default 120 s). */
export function runCli(args: readonly string[], timeoutMs = 120_000): CliRun {
  const result = spawnSync(Deno.execPath(), ["run", "-A", CLI, ...args], {
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
