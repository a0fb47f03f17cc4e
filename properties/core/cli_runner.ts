/**
 * Test support: runs the campaign CLI (`properties/campaign/cli.ts`) in a child Deno, as a user's
 * `./headerproof fuzz ...` would, and hands back what it printed; and runs a test script in a
 * child Deno whose coverage the coverage gate counts ({@link runCoveredScript}).
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
import { runtimeKindOf } from "./runtime_kinds.ts";
import { DENO } from "./runtime_kinds/deno.ts";

/** The campaign CLI's path. */
export const CLI: string = fileURLToPath(new URL("../campaign/cli.ts", import.meta.url));

/** What a CLI run printed, and its exit status (null when it was killed at `timeoutMs`). */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI with `args` under this Deno, or under Bun (found on PATH) for `runtime` "bun",
 * killed after `timeoutMs` (default 120 s). The cost stage runs only when `args` name `--costs`,
 * the wire stage only when they name `--wire` or `--wire-path`: the tests that use this judge
 * answers, and those stages have tests of their own (properties/costs/, properties/wire/).
 */
export function runCli(
  args: readonly string[],
  timeoutMs = 120_000,
  runtime: "deno" | "bun" = "deno",
): CliRun {
  const kind = runtimeKindOf(runtime);
  // The tests run under Deno: Deno is this executable, another runtime the one on PATH.
  const command = [kind === DENO ? Deno.execPath() : kind.name, ...kind.scriptArgs];
  const costs = args.includes("--costs") ? [] : ["--costs", "none"];
  const wire = args.some((arg) => arg.startsWith("--wire")) ? [] : ["--wire", "none"];
  const result = spawnSync(command[0], [...command.slice(1), CLI, ...args, ...costs, ...wire], {
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error !== undefined) {
    throw new Error(
      `${runtime} did not run (${result.error.message}); run the tests through ./headerproof test`,
    );
  }
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Runs `script` with `args` in a fresh Deno process (read access only, no type check) and returns
 * what it printed on stdout, parsed as JSON; throws with its stderr unless it exits 0. When
 * `deno task fuzz:coverage` set `HEADERPROOF_COVERAGE_DIR`, the process writes its coverage there,
 * so the gate counts what it ran of impl.
 */
export async function runCoveredScript(script: string, args: readonly string[]): Promise<unknown> {
  const coverageDir = Deno.env.get("HEADERPROOF_COVERAGE_DIR");
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-check",
      "--allow-read",
      ...(coverageDir === undefined ? [] : [`--coverage=${coverageDir}`]),
      script,
      ...args,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  if (code !== 0) throw new Error(`${script} exited ${code}: ${decoder.decode(stderr)}`);
  return JSON.parse(decoder.decode(stdout));
}
