/**
 * The command line of every bench entry point, read with `node:util` `parseArgs` (the parser every
 * headerproof tool uses; Deno, Node and Bun all provide it): `--name value`, `--name=value` and
 * boolean `--name`; anything else is a TypeError that names the offending argument.
 *
 * @example
 * ```ts
 * import { parseArgs } from "./args.ts";
 * const args = parseArgs(["--quick", "--time", "50"], { booleans: ["quick"], strings: ["time"] });
 * args.booleans.has("quick"); // true
 * args.strings.get("time"); // "50"
 * ```
 *
 * @module
 */

import process from "node:process";
import { parseArgs as parseFlags } from "node:util";
import type { ParsedArgs } from "./flags.ts";

export { integerFlag, type ParsedArgs } from "./flags.ts";

/** Which flags a command accepts. */
export interface FlagSpec {
  booleans: readonly string[];
  strings: readonly string[];
}

/** The arguments after the script path, in every runtime. */
export function commandLine(): string[] {
  return process.argv.slice(2);
}

/** Parses `argv` against `spec`; throws a TypeError naming an unknown flag or a missing value. */
export function parseArgs(argv: readonly string[], spec: FlagSpec): ParsedArgs {
  const options: Record<string, { type: "boolean" | "string" }> = {};
  for (const name of spec.booleans) options[name] = { type: "boolean" };
  for (const name of spec.strings) options[name] = { type: "string" };
  let parsed;
  try {
    parsed = parseFlags({ args: [...argv], options, strict: true, allowPositionals: false });
  } catch (error) {
    const known = [...spec.booleans, ...spec.strings].map((flag) => `--${flag}`).join(", ");
    throw new TypeError(`${(error as Error).message} (known: ${known})`);
  }
  const booleans = new Set<string>();
  const strings = new Map<string, string>();
  for (const [name, value] of Object.entries(parsed.values)) {
    if (typeof value === "string") strings.set(name, value);
    else if (value === true) booleans.add(name);
  }
  return { booleans, strings };
}
