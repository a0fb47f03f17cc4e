/**
 * Runs the wire property against the runtime it runs in and prints the result as JSON:
 * `deno run -A properties/wire/cli.ts`, `node properties/wire/cli.ts`, `bun properties/wire/cli.ts`.
 * Exit status: 0 no Headers divergence (parser divergences are reported, not counted), 1 a
 * Headers divergence, 2 a harness error or bad options. `--help` lists the options.
 *
 * @example
 * ```sh
 * node properties/wire/cli.ts --runs 200 --seed 3 --time 20
 * ```
 *
 * @module
 */
import { exit, parseCommandLine, runtime, writeErr, writeOut } from "../targets/runtime.ts";
import { KNOWN_WIRE_CLASSES, runWireProperty } from "./wire_property.ts";

const USAGE =
  `usage: properties/wire/cli.ts [--runs N] [--seed N] [--time SECONDS] [--no-known-classes]
  --runs N             generated heads at most (default 100)
  --seed N             fast-check seed (default 1)
  --time SECONDS       time limit, shrinking included (default 30)
  --no-known-classes   count every known wire divergence class as a divergence
exit status: 0 no Headers divergence, 1 a Headers divergence, 2 a harness error or bad options`;

/** Parses the options and runs the property; returns the exit status. */
async function main(args: readonly string[]): Promise<number> {
  const parsed = parseCommandLine(args, {
    help: { type: "boolean", short: "h" },
    runs: { type: "string" },
    seed: { type: "string" },
    time: { type: "string" },
    "no-known-classes": { type: "boolean" },
  }, USAGE);
  if (typeof parsed === "number") return parsed;
  const number = (text: string | undefined, fallback: number, name: string): number => {
    const value = text === undefined ? fallback : Number(text);
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`--${name}: ${text}`);
    return value;
  };
  try {
    const result = await runWireProperty({
      runs: number(parsed.values.runs, 100, "runs"),
      seed: number(parsed.values.seed, 1, "seed"),
      timeLimitMs: number(parsed.values.time, 30, "time") * 1000,
      knownClasses: parsed.values["no-known-classes"] ? [] : KNOWN_WIRE_CLASSES,
    });
    writeOut(JSON.stringify({ runtime: `${runtime.name} ${runtime.version}`, ...result }) + "\n");
    return result.divergence === null ? 0 : 1;
  } catch (error) {
    writeErr(`wire property: harness error: ${error instanceof Error ? error.stack : error}\n`);
    if (error instanceof Error && error.cause !== undefined) writeErr(`cause: ${error.cause}\n`);
    return 2;
  }
}

exit(await main(runtime.args));
