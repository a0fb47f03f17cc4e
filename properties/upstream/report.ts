/**
 * Upstream-ready reports: `./headerproof report CLASS [--runtime R]` prints a Markdown issue body
 * for a divergence class (title, a minimal self-contained reproduction, the standard's algorithm
 * and step with its link, expected versus actual as measured by running the reproduction on R,
 * and the affected releases from properties/NATIVE_HISTORY.md); `--wpt FILE` also writes a
 * web-platform-tests test (testharness.js, `.any.js`) that fails on an affected runtime and passes
 * where the standard is followed. `--all --out DIR` writes both for every answer class with a
 * report (properties/classes/), and the issue body alone for every wire class, each run on the
 * first runtime the class was seen in, at the release pinned by the toolchain.
 *
 * @example
 * ```sh
 * ./headerproof report for-each-iterates-snapshot --runtime deno@2.0.0
 * ```
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { classNamed, reportCases } from "../classes/classes.ts";
import type { ReportCase } from "../classes/class.ts";
import type { RuntimeBinary } from "../targets/runtime.ts";
import {
  callerPath,
  exit,
  parseCommandLine,
  runtime,
  selfCommand,
  writeErr,
  writeOut,
} from "../targets/runtime.ts";
import { installPackage, resolveRuntime, RuntimeChoiceError } from "../targets/runtimes.ts";
import { PACKAGE_CACHE } from "../targets/undici_target.ts";

/** The committed release history the reports cite. */
export const HISTORY = new URL("../NATIVE_HISTORY.md", import.meta.url).pathname;

/** The runtime each class is reported against with `--all`: the toolchain's pinned releases. */
const PINNED: Record<string, string> = {
  deno: "deno@2.9.6",
  node: "node@22.23.3",
  bun: "bun@1.3.14",
};

/** The observation as a self-contained script: prints actual and expected, exits 1 if they differ. */
export function reproduction(c: ReportCase): string {
  const run = c.package === undefined
    ? "// Run: deno run -A FILE, node FILE or bun FILE."
    : `// Run: node FILE, with ${c.package} installed beside it (npm install ${c.package}).
const packageRequire = (await import("node:module")).createRequire(process.cwd() + "/");
const { Headers, Request, Response } = packageRequire("${packageName(c.package)}");`;
  return `// ${c.title}
// Standard: ${c.standard.algorithm}: ${c.standard.step} (${c.standard.url})
${run}
${c.network ? "async " : ""}function observe() {
  ${c.observe}
}
let actual;
try {
  actual = { ok: ${c.network ? "await " : ""}observe() };
} catch (error) {
  actual = { threw: error?.constructor?.name ?? String(error) };
}
const expected = ${JSON.stringify(c.expected)};
console.log(JSON.stringify({ actual, expected }));
if (JSON.stringify(actual) !== JSON.stringify(expected)) {
  console.log("diverges from the standard");
  if (globalThis.process) globalThis.process.exitCode = 1;
}
`;
}

/** `undici` of `undici@8.13.1`. */
function packageName(release: string): string {
  return release.slice(0, release.lastIndexOf("@"));
}

/** What a report names as where it ran `c`: the runtime, and the package it ran in, if any. */
export function measuredOn(c: ReportCase, binary: RuntimeBinary): string {
  const runtime = `${binary.name} ${binary.version}`;
  return c.package === undefined ? runtime : `${c.package} under ${runtime}`;
}

/** The web-platform-tests test of `c` (testharness.js, for every global: `.any.js`). */
export function wptTest(c: ReportCase): string {
  const check = "threw" in c.expected
    ? `assert_throws_js(${c.expected.threw}, observe);`
    : `assert_equals(JSON.stringify(observe()), ${JSON.stringify(JSON.stringify(c.expected.ok))});`;
  return `// META: title=Headers: ${c.title.replaceAll("\n", " ")}
// ${c.standard.url}
"use strict";

test(() => {
  function observe() {
    ${c.observe.replaceAll("\n", "\n  ")}
  }
  ${check}
}, ${JSON.stringify(`${c.standard.algorithm}: ${c.standard.step}`)});
`;
}

/** What the reproduction gave on `binary` (or why it gave nothing). */
export function runReproduction(
  c: ReportCase,
  binary: RuntimeBinary,
): { actual: unknown; diverges: boolean } | { note: string } {
  if (c.hangs) return { note: "not run: it never returns on an affected runtime" };
  const dir = mkdtempSync(join(tmpdir(), "headerproof-report-"));
  try {
    const file = join(dir, `${c.name}.mjs`);
    writeFileSync(file, reproduction(c));
    if (c.package !== undefined) {
      const name = packageName(c.package);
      const version = c.package.slice(name.length + 1);
      const installed = installPackage(
        PACKAGE_CACHE,
        name,
        version,
        `node_modules/${name}/package.json`,
      );
      mkdirSync(join(dir, "node_modules"));
      symlinkSync(join(installed, "node_modules", name), join(dir, "node_modules", name), "dir");
    }
    const [command, ...args] = selfCommand(file, [], binary);
    const result = spawnSync(command, args, { cwd: dir, encoding: "utf8", timeout: 20_000 });
    const first = result.stdout?.split("\n")[0] ?? "";
    if (!first.startsWith("{")) {
      return { note: `no result (exit ${result.status}): ${result.stderr?.trim().slice(0, 300)}` };
    }
    return { actual: JSON.parse(first).actual, diverges: result.status === 1 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The releases NATIVE_HISTORY.md shows class `name` in ("x" cells of either matrix), once each. */
export function affectedReleases(name: string, history: string): string[] {
  const found: string[] = [];
  let header: string[] = [];
  for (const line of history.split("\n")) {
    if (!line.startsWith("|")) continue;
    const cells = line.split("|").slice(1, -1).map((cell) => cell.trim());
    if (cells[0] === "class") header = cells;
    else if (cells[0] === `\`${name}\``) {
      cells.forEach((cell, i) => {
        if (cell === "x" && !found.includes(header[i])) found.push(header[i]);
      });
    }
  }
  return found;
}

/** The Markdown issue body of `c`. */
export function issueBody(
  c: ReportCase,
  measured: { runtime: string; outcome: ReturnType<typeof runReproduction> },
  history: string,
): string {
  const releases = affectedReleases(c.name, history);
  const outcome = measured.outcome;
  const actual = "note" in outcome
    ? outcome.note
    : `\`${JSON.stringify(outcome.actual)}\`${
      outcome.diverges ? "" : " (the same as expected: this runtime follows the standard here)"
    }`;
  return `# ${c.title}

## Reproduction

${
    c.package === undefined
      ? "Self-contained; run it with `deno run -A repro.mjs`, `node repro.mjs` or `bun repro.mjs`."
      : `Run it with \`node repro.mjs\` in a folder where \`npm install ${c.package}\` was run.`
  } It prints the
outcome as \`{ ok: value }\` or \`{ threw: "ErrorName" }\` next to the standard's, and exits 1 when they differ.

\`\`\`js
${reproduction(c)}\`\`\`

## Standard

${c.standard.algorithm}: ${c.standard.step}.
<${c.standard.url}>

## Expected

\`${JSON.stringify(c.expected)}\`

## Actual (${measured.runtime})

${actual}

## Affected releases

${
    releases.length > 0
      ? releases.join(", ") +
        " (from properties/NATIVE_HISTORY.md; a release not listed was either not swept or did " +
        "not show it)"
      : "none in properties/NATIVE_HISTORY.md (the sweep did not reach this class)"
  }

Found by a headerproof differential campaign (class \`${c.name}\`); ${
    c.network
      ? "no web-platform-tests test: the reproduction needs a raw TCP peer on 127.0.0.1, which " +
        "testharness.js cannot provide."
      : `a web-platform-tests test is\nattached as \`${c.name}.any.js\`.`
  }
`;
}

/**
 * Every class `--all` reports, with the runtime it was first seen in (the one it is run on): the
 * answer classes, then the wire classes (properties/classes/); a class of an npm release is run
 * under Node.
 */
export function casesToReport(): { report: ReportCase; seenIn: string }[] {
  return reportCases().map((report) => ({
    report,
    seenIn: report.package !== undefined ? "node" : classNamed(report.name)?.runtimes[0] ?? "deno",
  }));
}

/**
 * Writes `CLASS.md` for `c`, its reproduction run on `binary`, into `out`, and `CLASS.any.js`
 * unless the case needs the network (no web-platform-tests test for those); returns what the
 * reproduction showed there ("deno 2.9.6: diverges").
 */
export function writeClassReport(
  c: ReportCase,
  binary: RuntimeBinary,
  out: string,
  history: string,
): string {
  const outcome = runReproduction(c, binary);
  const label = measuredOn(c, binary);
  writeFileSync(join(out, `${c.name}.md`), issueBody(c, { runtime: label, outcome }, history));
  if (!c.network) writeFileSync(join(out, `${c.name}.any.js`), wptTest(c));
  return `${label}: ${"note" in outcome ? outcome.note : outcome.diverges ? "diverges" : "agrees"}`;
}

/** The report case of `name` (a campaign class, or a wire class), or a usage error. */
function caseOf(name: string): ReportCase {
  const cases = reportCases();
  const found = cases.find((c) => c.name === name);
  if (found === undefined) {
    throw new RuntimeChoiceError(
      `unknown divergence class "${name}"; known: ${cases.map((c) => c.name).join(", ")}`,
    );
  }
  return found;
}

const USAGE = `usage: ./headerproof report CLASS [--runtime R] [--wpt FILE]
       ./headerproof report --all --out DIR

  CLASS          a divergence class of properties/NATIVE_DIVERGENCES.md, or a wire class of
                 properties/wire/README.md (no --wpt for those)
  --runtime R    run the reproduction on deno@X, bun@X, node@X or a binary (default: this runtime)
  --wpt FILE     also write the web-platform-tests test there
  --all --out D  write CLASS.md (and CLASS.any.js, but for wire classes) for every class into
                 D, each run on the first runtime the class was seen in, at the toolchain's
                 pinned release
exit status: 0 done, 2 bad usage`;

/** Runs the report CLI; returns the exit status. */
export function main(args: readonly string[]): number {
  const parsed = parseCommandLine(args, {
    runtime: { type: "string" },
    wpt: { type: "string" },
    all: { type: "boolean" },
    out: { type: "string" },
    help: { type: "boolean", short: "h" },
  }, USAGE);
  if (typeof parsed === "number") return parsed;
  const { values, positionals } = parsed;
  let history = "";
  try {
    history = readFileSync(HISTORY, "utf8");
  } catch {
    history = "";
  }
  try {
    if (values.all) {
      if (values.out === undefined) throw new RuntimeChoiceError("--all needs --out DIR");
      const out = callerPath(values.out);
      mkdirSync(out, { recursive: true });
      for (const { report, seenIn } of casesToReport()) {
        const binary = resolveRuntime(PINNED[seenIn]);
        writeErr(`${report.name}: ${writeClassReport(report, binary, out, history)}\n`);
      }
      return 0;
    }
    if (positionals.length !== 1) throw new RuntimeChoiceError("name one divergence class");
    const c = caseOf(positionals[0]);
    const binary = values.runtime === undefined ? runtime : resolveRuntime(values.runtime);
    const outcome = runReproduction(c, binary);
    writeOut(issueBody(c, { runtime: measuredOn(c, binary), outcome }, history));
    if (values.wpt !== undefined) {
      if (c.network) throw new RuntimeChoiceError(`${c.name} has no web-platform-tests test`);
      writeFileSync(callerPath(values.wpt), wptTest(c));
    }
    return 0;
  } catch (error) {
    if (!(error instanceof RuntimeChoiceError)) throw error;
    writeErr(`${error.message}\n${USAGE}\n`);
    return 2;
  }
}

if (import.meta.main) exit(main(runtime.args));
