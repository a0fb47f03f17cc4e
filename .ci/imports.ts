/**
 * The import graph of the repository: every relative import of every non-test .ts/.mjs/.js file
 * (outside .tools/, node_modules/, .cache/ and testdata/ folders), value and type-only imports,
 * re-exports and literal dynamic `import("...")` alike; the folder graph it makes; and its
 * circles. imports_test.ts fails on a circle; properties/campaign/stages_test.ts keeps the stage
 * modules clear of properties/campaign/.
 *
 * @example
 * ```ts
 * import { circles, fileGraph, folderGraph } from "./imports.ts";
 * console.log(circles(folderGraph(fileGraph())));
 * ```
 *
 * @module
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** The repository root. */
export const ROOT: string = new URL("..", import.meta.url).pathname;
const SKIPPED_FOLDERS = new Set([".tools", "node_modules", ".cache", "testdata", ".git"]);

/** Every non-test source file under `dir`, relative to {@link ROOT}, sorted. */
function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) files.push(...sourceFiles(path));
    } else if (/\.(ts|mjs|js)$/.test(entry.name) && !/_test\.(ts|mjs|js)$/.test(entry.name)) {
      files.push(relative(ROOT, path));
    }
  }
  return files.sort();
}

/**
 * The relative specifiers `source` imports: the `from "..."` of every `import`/`export` statement
 * that starts a line, a side-effect `import "..."`, and a literal `import("...")` outside a
 * comment line. Statements inside JSDoc examples (lines starting with `*`) are not imports.
 */
export function importedSpecifiers(source: string): string[] {
  const found: string[] = [];
  const statement = /^(?:import|export)\b[^;]*?\bfrom\s*["'](\.{1,2}\/[^"']+)["']/gm;
  for (const match of source.matchAll(statement)) found.push(match[1]);
  for (const match of source.matchAll(/^import\s*["'](\.{1,2}\/[^"']+)["']/gm)) {
    found.push(match[1]);
  }
  for (const line of source.split("\n")) {
    if (/^\s*(\*|\/\/|\/\*)/.test(line)) continue;
    for (const match of line.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)) {
      found.push(match[1]);
    }
  }
  return found;
}

/** A directed graph: each node with the nodes it imports. */
export type Graph = Map<string, Set<string>>;

/** The file graph of {@link ROOT}: each source file with the source files it imports. */
export function fileGraph(): Graph {
  const files = sourceFiles(ROOT);
  const known = new Set(files);
  const graph: Graph = new Map();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of importedSpecifiers(readFileSync(join(ROOT, file), "utf8"))) {
      const target = relative(ROOT, resolve(ROOT, dirname(file), specifier));
      if (known.has(target)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * The folder a file belongs to in the folder graph: a folder of properties/ (`properties/core`),
 * else a top-level folder of the repository (`impl`, `model`), else the root (`.`). A subfolder
 * counts as its folder: a typed table's entries (`targets/kinds/`, `classes/answers/`) import the
 * row type that sits beside the table, and the operation kinds import the executor's base.
 */
export function folderOf(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "properties" && parts.length > 2) return parts.slice(0, 2).join("/");
  return parts.length > 1 ? parts[0] : ".";
}

/** The folder graph of a file graph: an edge wherever a file imports a file in another folder. */
export function folderGraph(files: Graph): Graph {
  const graph: Graph = new Map();
  for (const [file, targets] of files) {
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of targets) {
      if (folderOf(target) !== from) graph.get(from)!.add(folderOf(target));
    }
  }
  return graph;
}

/** The circles of `graph`: its strongly connected components of more than one node (Tarjan). */
export function circles(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}
