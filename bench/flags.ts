/**
 * Parsed bench flags and reading an integer from them, without imports: the callgrind child
 * (`instructions_child.ts`) reads its flags with these and loads no `node:` module (see
 * regions.ts); `args.ts` parses a command line into a {@link ParsedArgs}.
 *
 * @example
 * ```ts
 * import { integerFlag } from "./flags.ts";
 * integerFlag({ booleans: new Set(), strings: new Map([["n1", "50"]]) }, "n1", 2000); // 50
 * ```
 *
 * @module
 */

/** Parsed flags. */
export interface ParsedArgs {
  booleans: Set<string>;
  strings: Map<string, string>;
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
