/**
 * The one renderer of reproductions: every stage writes what it found as a file a person runs
 * with the runtime alone (or with cargo, for the codec stage), nothing of headerproof imported.
 * {@link renderReproduction} lays each file out the same way, and the stage supplies only its
 * parts:
 *
 * 1. an optional lead, source put before everything else (the codec stage's harness);
 * 2. the header comment ({@link ReproductionHeader}): what was found, how to run the file, the
 *    command that replays the campaign (seed and path), then the stage's notes;
 * 3. the static imports the body needs;
 * 4. the runtime check ({@link runtimeCheck}), when the stage knows the runtime that found it:
 *    run under another runtime the file says so and exits 2 before it loads anything;
 * 5. the stage's body, which loads the candidate ({@link importCandidate}, or the stage's own
 *    lines), replays what was found, and sets the exit status (1 on a divergence).
 *
 * The stages' parts: campaign/snippet.ts (answers), costs/reproduction.ts, wire/reproduction.ts and
 * codec/stage.ts (`writeReproduction`). Where the candidate comes from ({@link CandidateSource}:
 * the runtime's globals, a module, or the standalone copy written beside the file for `deno-src:`
 * and `undici@` targets) is chosen by campaign/replay.ts's `candidateSource`.
 *
 * @example
 * ```ts
 * import { renderReproduction, runOnlyUnder } from "./reproduction.ts";
 * const source = renderReproduction({
 *   header: {
 *     title: ["headerproof counterexample, target ./my_headers.mjs"],
 *     run: runOnlyUnder("node", "repro.mjs"),
 *     replay: "./headerproof fuzz --target ./my_headers.mjs --seed 1 --path 0",
 *   },
 *   foundUnder: { name: "node", version: "22.0.0" },
 *   body: ['console.log("replayed");'],
 * });
 * ```
 *
 * @module
 */
import { runtimeKindOf } from "./runtime_kinds.ts";

/** A runtime by name ("deno", "node" or "bun") and version. */
export interface RuntimeVersion {
  name: string;
  version: string;
}

/**
 * Where the candidate comes from: a module (`specifier` is what the reproduction imports: a path
 * relative to the file, an absolute path or a URL), or the runtime's own globals.
 */
export type CandidateSource =
  | {
    kind: "module";
    specifier: string;
    /**
     * Modules (specifiers, like `specifier`) that stand for the runtime's startup snapshot
     * (deno-src's shims): the candidate imports them itself; a reproduction imports them first
     * where the order matters (before a tampered realm's replacements are installed).
     */
    preload?: readonly string[];
  }
  | { kind: "native" };

/** The comment at the top of a reproduction, one `// ` line each. */
export interface ReproductionHeader {
  /** What was found: the stage, the kind or class, the target. */
  title: readonly string[];
  /** How to run the file (put after `run: `), e.g. {@link runOnlyUnder}'s. */
  run?: string;
  /** The command that replays the campaign, with its seed and path. */
  replay?: string;
  /** The stage's further lines: the message, what was measured, what the exit status means. */
  notes?: readonly string[];
}

/** The parts of a reproduction file, as {@link renderReproduction} lays them out. */
export interface Reproduction {
  /** Source put first, as it is (the codec stage's harness); absent: none. */
  lead?: string;
  /** The header comment. */
  header: ReproductionHeader;
  /** Static import statements the body needs. */
  imports?: readonly string[];
  /** The runtime (and version) that found it: the file runs under it alone ({@link runtimeCheck}). */
  foundUnder?: RuntimeVersion;
  /** The stage's statements: load the candidate, replay, set the exit status. */
  body: readonly string[];
}

/** The source text of a reproduction, ending in a newline. */
export function renderReproduction(reproduction: Reproduction): string {
  const { header } = reproduction;
  return (reproduction.lead ?? "") + [
    ...[
      ...header.title,
      ...(header.run === undefined ? [] : [`run: ${header.run}`]),
      ...(header.replay === undefined ? [] : [`replay the campaign: ${header.replay}`]),
      ...(header.notes ?? []),
    ].map((line) => `// ${line}`),
    ...(reproduction.imports ?? []),
    ...(reproduction.foundUnder === undefined ? [] : runtimeCheck(reproduction.foundUnder)),
    ...reproduction.body,
    "",
  ].join("\n");
}

/** The command that runs a reproduction file under `name` ("deno", "node" or "bun"). */
export function runCommandFor(name: string, file: string): string {
  const kind = runtimeKindOf(name);
  return [kind.name, ...kind.scriptArgs, file].join(" ");
}

/**
 * The `run:` text of a file that runs under runtime `name` alone ({@link runtimeCheck}).
 *
 * @example
 * ```ts
 * import { runOnlyUnder } from "./reproduction.ts";
 * runOnlyUnder("bun", "x.mjs"); // "bun x.mjs  (under bun only: any other runtime exits 2)"
 * ```
 */
export function runOnlyUnder(name: string, file: string): string {
  return `${runCommandFor(name, file)}  (under ${name} only: any other runtime exits 2)`;
}

/** The statement that ends the file now with exit status `code`, under any runtime. */
export function exitNow(code: number): string {
  return `if (typeof Deno !== "undefined") Deno.exit(${code}); else process.exit(${code});`;
}

/**
 * The statement that sets exit status `code` for when the file ends (what it printed is flushed
 * first), under any runtime.
 */
export function exitLater(code: number): string {
  return `if (typeof Deno !== "undefined") Deno.exitCode = ${code}; else process.exitCode = ${code};`;
}

/**
 * The lines that stop the file under any runtime but `foundUnder` (exit 2, before the candidate
 * is loaded) and name the runtime it runs under.
 */
export function runtimeCheck(foundUnder: RuntimeVersion): string[] {
  const found = `${foundUnder.name} ${foundUnder.version}`;
  return [
    `const foundUnder = ${JSON.stringify(foundUnder)};`,
    'const runningUnder = typeof Deno !== "undefined"',
    '  ? { name: "deno", version: Deno.version.deno }',
    '  : typeof Bun !== "undefined"',
    '  ? { name: "bun", version: Bun.version }',
    '  : { name: "node", version: process.versions.node };',
    "if (runningUnder.name !== foundUnder.name) {",
    "  console.error(",
    `    \`this reproduction was found under ${found} and tests that runtime; this is \` +`,
    "      `${runningUnder.name} ${runningUnder.version}: run it with " +
    `${runCommandFor(foundUnder.name, "<this file>")}\`,`,
    "  );",
    `  ${exitNow(2)}`,
    "}",
    "console.log(",
    `  \`found under ${found}, running under \${runningUnder.name} \${runningUnder.version}\` +`,
    '    (runningUnder.version === foundUnder.version ? "" : " (another version: it may not diverge)"),',
    ");",
  ];
}

/**
 * The lines that bind the candidate's exports to `binding`: the global object for native, else
 * the module imported by its specifier (after its preload modules, when `preload` is true).
 *
 * @example
 * ```ts
 * import { importCandidate } from "./reproduction.ts";
 * importCandidate({ kind: "module", specifier: "./h.mjs" }, "candidate", true);
 * // ['const candidate = await import("./h.mjs");']
 * ```
 */
export function importCandidate(
  candidate: CandidateSource,
  binding: string,
  preload: boolean,
): string[] {
  if (candidate.kind === "native") {
    return [`const ${binding} = globalThis; // the runtime's own Headers, Request and Response`];
  }
  return [
    ...(preload ? candidate.preload ?? [] : []).map((specifier) =>
      `await import(${JSON.stringify(specifier)});`
    ),
    `const ${binding} = await import(${JSON.stringify(candidate.specifier)});`,
  ];
}
