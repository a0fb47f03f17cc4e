/**
 * How a reproduction names its candidate and how a replay command is quoted: shared by every
 * stage that writes a reproduction or prints a command.
 *
 * @example
 * ```ts
 * import { candidateSource, shellWord } from "./candidate.ts";
 * const native = { target: "native", targetArg: "native" };
 * console.log(shellWord("a b"), candidateSource(native, "/tmp/x.mjs"));
 * ```
 *
 * @module
 */
import { isAbsolute } from "node:path";
import { fileURLToPath } from "node:url";
import type { CandidateSource } from "../core/reproduction.ts";
import { relativeSpecifier } from "./kind.ts";
import { kindOf } from "./kinds.ts";
import { candidateUrlOf } from "./targets.ts";

/** A shell word: kept bare when it is plain, single-quoted otherwise. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:,=@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * How the reproduction at `file` imports the candidate: the native globals (no import); for a
 * `deno-src:` or `undici@`/`undici-src:` target, a copy of the generated module written beside
 * the reproduction that imports nothing of headerproof's folders; the URL or absolute path the
 * person gave; or else a path relative to the reproduction.
 */
export function candidateSource(
  options: { target: string; targetArg: string },
  file: string,
): CandidateSource {
  const kind = kindOf(options.targetArg);
  if (kind.hostGlobals) return { kind: "native" };
  if (kind.standalone !== null) return kind.standalone(options.target, options.targetArg, file);
  const url = candidateUrlOf(options.target)!;
  if (!url.startsWith("file:") || isAbsolute(options.targetArg)) {
    return { kind: "module", specifier: url };
  }
  return { kind: "module", specifier: relativeSpecifier(file, fileURLToPath(url)) };
}
