/**
 * `./headerproof docs`: writes every figure a task also checks into the docs, between markers,
 * from the code's own tables, so the docs cannot drift from what the gates enforce.
 * `./headerproof docs --check` (run by `./headerproof check`) writes nothing and fails, naming each
 * stale section and its file, when a section differs from what the tables give now.
 *
 * Each generated section is one row of {@link SECTIONS}: the file, the marker name and the render
 * function. In the file the section sits between `<!-- docs:NAME start -->` and
 * `<!-- docs:NAME end -->`; what is between is replaced whole. A row whose marker is `"whole file"`
 * generates the entire file (a generated document such as properties/NATIVE_DIVERGENCES.md). A new
 * generated figure is one render function and one row.
 *
 * Exit codes: 0 written (or up to date with `--check`); 1 a stale section (`--check`); 2 bad
 * usage, or a file without its markers.
 *
 * @example
 * ```sh
 * ./headerproof docs          # rewrite the generated sections
 * ./headerproof docs --check  # fail on a stale one
 * ```
 *
 * @module
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { BUG_MODELS, CI_MODELS } from "../model/run.ts";
import { TRACE_VARIANTS } from "../model/planted.ts";
import { VARIANTS } from "../properties/mutation/variants.ts";
import { GATE_TIMES_PATH, GATES, type GateTimes } from "./gates.ts";
import {
  NATIVE_DIVERGENCES_PATH,
  renderNativeDivergences,
} from "../properties/classes/native_divergences.ts";

/** One generated section: where it goes and what it holds. */
export interface DocSection {
  /** The file, relative to the project root. */
  file: string;
  /**
   * The marker name: the section sits between `<!-- docs:NAME start/end -->`; or
   * {@link WHOLE_FILE}: the render function gives the entire file.
   */
  marker: string;
  /** The section's Markdown, from the code's tables. */
  render: () => string;
}

const count = (n: number) => n.toLocaleString("en-US");

/** A Markdown table; `right` names the columns aligned right. */
function table(head: readonly string[], rows: readonly string[][], right: number[] = []): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  const rule = head.map((_, k) => (right.includes(k) ? "--:" : "---"));
  return [line(head), line(rule), ...rows.map(line)].join("\n");
}

/** The CI models and their recorded counts (model/run.ts `CI_MODELS`). */
export function renderModelTable(): string {
  return table(
    ["model", "distinct", "depth", "generated"],
    CI_MODELS.map((run) => [
      `\`${run.config}\``,
      count(run.recorded.distinct),
      String(run.recorded.depth),
      count(run.recorded.generated),
    ]),
    [1, 2, 3],
  ) + "\n\n" + CI_MODELS.map((run) => `- \`${run.config}\`: ${run.about}`).join("\n");
}

/** The planted model bugs (model/run.ts `BUG_MODELS`). */
export function renderPlantedModelBugs(): string {
  const runs = BUG_MODELS.length + BUG_MODELS.filter((bug) => bug.onlyThisCatches).length;
  return `${BUG_MODELS.length} planted model bugs, ${runs} TLC runs (a bug only one check sees ` +
    "also runs under every other check, which must pass):\n\n" +
    BUG_MODELS.map((bug) =>
      `- \`${bug.config}\` (on \`${bug.base}\`, must violate \`${bug.mustViolate}\`): ${bug.about}`
    ).join("\n");
}
/** The bugs planted in copies of impl/ for trace validation (model/planted.ts). */
export function renderPlantedImplBugs(): string {
  return `${TRACE_VARIANTS.length} bugs planted in copies of impl/, each rejected by trace ` +
    "validation:\n\n" +
    TRACE_VARIANTS.map((variant) => `- \`${variant.name}\`: ${variant.bug}`).join("\n");
}

/** The kill table's size, by the stage that must kill each variant (properties/mutation/). */
export function renderKillTable(): string {
  const cost = VARIANTS.filter((v) => v.costClass !== undefined && v.module !== "spec").length;
  const wire = VARIANTS.filter((v) => v.killedBy === "wire").length;
  const spec = VARIANTS.filter((v) => v.module === "spec").length;
  const answer =
    VARIANTS.filter((v) =>
      v.costClass === undefined && v.killedBy === undefined && v.module !== "spec"
    ).length;
  return `\`./headerproof fuzz:kill\` runs ${VARIANTS.length} variants: ${answer} answer bugs in ` +
    `impl, ${cost} cost bugs, ${wire} wire bugs and ${spec} bugs in a copy of spec/'s Request, ` +
    "Response and serialization layer; every one must be killed.";
}

/** Reads the committed gate-time record. */
export function readGateTimes(path: string = GATE_TIMES_PATH): GateTimes {
  return JSON.parse(readFileSync(path, "utf8")) as GateTimes;
}

/** The gate list (.ci/gates.ts `GATES`) and the recorded time of each. */
export function renderGates(times: GateTimes = readGateTimes()): string {
  const missing = GATES.filter((gate) => typeof times.gates[gate.name] !== "number");
  if (missing.length > 0) {
    throw new Error(
      `.ci/gate_times.json has no time for ${missing.map((gate) => gate.name).join(", ")}; ` +
        "run ./headerproof test --record-times",
    );
  }
  return table(
    ["gate", "runs", "seconds"],
    GATES.map((gate) => [
      `\`${gate.name}\``,
      gate.alone ? "alone, last" : `beside another (\`--jobs ${times.jobs}\`)`,
      String(times.gates[gate.name]),
    ]),
    [2],
  ) + `\n\nAll gates in ${times.wallSeconds} s on a 2-core Linux machine, measured ` +
    `${times.measured} with \`${times.command}\`. \`./headerproof test --record-times\` ` +
    "rewrites the record (`.ci/gate_times.json`) after a full passing run.";
}

/** The marker of a section that is the entire file. */
export const WHOLE_FILE = "whole file";

/** Every generated section. */
export const SECTIONS: readonly DocSection[] = [
  { file: "README.md", marker: "gates", render: () => renderGates() },
  { file: "model/README.md", marker: "model-regression", render: renderModelTable },
  { file: "model/README.md", marker: "model-planted", render: renderPlantedModelBugs },
  { file: "model/README.md", marker: "impl-planted", render: renderPlantedImplBugs },
  { file: "properties/README.md", marker: "kill-table", render: renderKillTable },
  { file: NATIVE_DIVERGENCES_PATH, marker: WHOLE_FILE, render: renderNativeDivergences },
];

/** The project's root folder. */
export const ROOT: string = fileURLToPath(new URL("..", import.meta.url));

/** A file lacks a section's markers. */
export class MissingMarkerError extends Error {}

/** `text` with the section `marker` replaced by `body`. */
export function replaceSection(text: string, file: string, marker: string, body: string): string {
  const start = `<!-- docs:${marker} start -->`;
  const end = `<!-- docs:${marker} end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to < from) {
    throw new MissingMarkerError(`${file} has no ${start} ... ${end}`);
  }
  return `${text.slice(0, from + start.length)}\n\n${body}\n\n${text.slice(to)}`;
}

/** Each file's text with every section of `sections` rendered into it. */
export function generate(
  sections: readonly DocSection[],
  read: (file: string) => string,
): Map<string, { before: string; after: string; stale: string[] }> {
  const files = new Map<string, { before: string; after: string; stale: string[] }>();
  for (const section of sections) {
    const entry = files.get(section.file) ??
      { before: read(section.file), after: "", stale: [] };
    const current = entry.after === "" ? entry.before : entry.after;
    entry.after = section.marker === WHOLE_FILE
      ? section.render()
      : replaceSection(current, section.file, section.marker, section.render());
    files.set(section.file, entry);
  }
  for (const [file, entry] of files) {
    entry.after = formatMarkdown(entry.after);
    for (const section of sections.filter((s) => s.file === file)) {
      if (sectionText(entry.before, section.marker) !== sectionText(entry.after, section.marker)) {
        entry.stale.push(section.marker);
      }
    }
  }
  return files;
}

function sectionText(text: string, marker: string): string | null {
  if (marker === WHOLE_FILE) return text;
  const from = text.indexOf(`<!-- docs:${marker} start -->`);
  const to = text.indexOf(`<!-- docs:${marker} end -->`);
  return from === -1 || to < from ? null : text.slice(from, to);
}

/** Markdown as `deno fmt` writes it (the project's line width), so a written file stays fmt-clean. */
export function formatMarkdown(text: string): string {
  const path = Deno.makeTempFileSync({ suffix: ".md" });
  try {
    Deno.writeTextFileSync(path, text);
    const run = new Deno.Command(Deno.execPath(), {
      args: ["fmt", "--quiet", "--line-width=100", path],
      stdout: "piped",
      stderr: "piped",
    }).outputSync();
    if (!run.success) throw new Error(`deno fmt failed: ${new TextDecoder().decode(run.stderr)}`);
    return Deno.readTextFileSync(path);
  } finally {
    Deno.removeSync(path);
  }
}

const USAGE = "usage: ./headerproof docs [--check]";

/** Runs the task; its exit code. */
export function main(args: string[], root: string = ROOT): number {
  let check: boolean;
  try {
    const { values } = parseArgs({
      args,
      options: { check: { type: "boolean", default: false } },
      strict: true,
      allowPositionals: false,
    });
    check = values.check;
  } catch (error) {
    console.error(`docs: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  let files;
  try {
    files = generate(SECTIONS, (file) => readFileSync(join(root, file), "utf8"));
  } catch (error) {
    console.error(`docs: ${(error as Error).message}`);
    return 2;
  }
  const stale = [...files].flatMap(([file, entry]) =>
    entry.stale.map((marker) => `${file} (section ${marker})`)
  );
  if (check) {
    if (stale.length === 0) return 0;
    for (const where of stale) console.error(`docs: stale generated section: ${where}`);
    console.error("docs: run ./headerproof docs to rewrite them from the code's tables");
    return 1;
  }
  for (const [file, entry] of files) {
    if (entry.after !== entry.before) writeFileSync(join(root, file), entry.after);
  }
  console.error(
    stale.length === 0 ? "docs: every section up to date" : `docs: rewrote ${stale.join(", ")}`,
  );
  return 0;
}

if (import.meta.main) Deno.exit(main(Deno.args));
