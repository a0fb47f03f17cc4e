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
import { dirname, isAbsolute, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { CandidateSource } from "./snippet.ts";
import { isDenoSrcTarget, standaloneDenoSrc } from "../targets/deno_src_target.ts";
import { isUndiciTarget, standaloneUndiciModule } from "../targets/undici_target.ts";
import { IMPL_URL, moduleUrl } from "../targets/targets.ts";

/** A shell word: kept bare when it is plain, single-quoted otherwise. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:,=@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** `to` as a specifier relative to the file `from` (`./x.mjs`, `../y/z.mjs`). */
function relativeSpecifier(from: string, to: string): string {
  const path = relative(dirname(from), to).split(sep).join("/");
  return path.startsWith(".") ? path : `./${path}`;
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
  if (options.target === "native") return { kind: "native" };
  if (isDenoSrcTarget(options.targetArg)) {
    const copy = standaloneDenoSrc(options.target, dirname(file));
    return {
      kind: "module",
      specifier: relativeSpecifier(file, copy.module),
      preload: [relativeSpecifier(file, copy.shims)],
    };
  }
  if (isUndiciTarget(options.targetArg)) {
    const copy = standaloneUndiciModule(options.targetArg, dirname(file));
    return { kind: "module", specifier: relativeSpecifier(file, copy) };
  }
  const url = options.target === "impl" ? IMPL_URL : moduleUrl(options.target);
  if (!url.startsWith("file:") || isAbsolute(options.targetArg)) {
    return { kind: "module", specifier: url };
  }
  return { kind: "module", specifier: relativeSpecifier(file, fileURLToPath(url)) };
}
