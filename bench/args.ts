/**
 * A small command-line parser shared by every bench entry point, portable across Deno, Node and
 * Bun: `--name value`, `--name=value` and boolean `--name`; anything else is an error that names
 * the offending argument.
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

/** Which flags a command accepts. */
export interface FlagSpec {
  booleans: readonly string[];
  strings: readonly string[];
}

/** Parsed flags. */
export interface ParsedArgs {
  booleans: Set<string>;
  strings: Map<string, string>;
}

/** The arguments after the script path, in every runtime. */
export function commandLine(): string[] {
  return process.argv.slice(2);
}

/** Parses `argv` against `spec`; throws a TypeError naming an unknown flag or a missing value. */
export function parseArgs(argv: readonly string[], spec: FlagSpec): ParsedArgs {
  const booleans = new Set<string>();
  const strings = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const match = /^--([a-z0-9-]+)(?:=(.*))?$/.exec(arg);
    if (match === null) throw new TypeError(`unexpected argument "${arg}"`);
    const [, name, inline] = match;
    if (spec.booleans.includes(name) && inline === undefined) {
      booleans.add(name);
    } else if (spec.strings.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new TypeError(`flag --${name} needs a value`);
      strings.set(name, value);
    } else {
      const known = [...spec.booleans, ...spec.strings].map((flag) => `--${flag}`).join(", ");
      throw new TypeError(`unknown flag "${arg}" (known: ${known})`);
    }
  }
  return { booleans, strings };
}

/** The integer value of flag `name`, or `fallback`; throws a TypeError on a non-integer. */
export function integerFlag(args: ParsedArgs, name: string, fallback: number): number {
  const text = args.strings.get(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    throw new TypeError(`--${name} must be a non-negative integer, got "${text}"`);
  }
  return value;
}
