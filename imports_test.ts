/**
 * No import circle, between files or between folders (.ci/imports.ts builds the graph): a
 * strongly connected component of more than one file, or of more than one folder in the graph of
 * which folder imports which, is a circle (a folder of properties/ or a top-level folder, its
 * subfolders in it: .ci/imports.ts `folderOf`). The test names the files of each circle and, for a
 * folder circle, the imports that close it.
 *
 * ```sh
 * ./headerproof test:unit imports_test.ts
 * ```
 *
 * @module
 */
import assert from "node:assert/strict";
import type { Graph } from "./.ci/imports.ts";
import { circles, fileGraph, folderGraph, folderOf, importedSpecifiers } from "./.ci/imports.ts";

/** Each circle of `graph` as lines: its members, then for folders the file imports closing it. */
function described(found: string[][], files: Graph | null): string {
  return found.map((members) => {
    const inside = new Set(members);
    const edges = files === null
      ? []
      : [...files].flatMap(([file, targets]) =>
        inside.has(folderOf(file))
          ? [...targets].filter((t) => inside.has(folderOf(t)) && folderOf(t) !== folderOf(file))
            .map((t) => `    ${file} -> ${t}`)
          : []
      );
    return [`  ${members.join(" ")}`, ...edges].join("\n");
  }).join("\n");
}

Deno.test("the import circle finder finds a planted circle of files and of folders", () => {
  const files: Graph = new Map([
    ["a/x.ts", new Set(["b/y.ts"])],
    ["b/y.ts", new Set(["b/z.ts"])],
    ["b/z.ts", new Set(["a/w.ts"])],
    ["a/w.ts", new Set<string>()],
    ["c/v.ts", new Set(["c/u.ts"])],
    ["c/u.ts", new Set(["c/v.ts"])],
    ["properties/d/t.ts", new Set(["properties/d/kinds/s.ts"])],
    ["properties/d/kinds/s.ts", new Set(["properties/d/r.ts"])],
    ["properties/d/r.ts", new Set(["properties/e/q.ts"])],
    ["properties/e/q.ts", new Set(["properties/d/kinds/p.ts"])],
    ["properties/d/kinds/p.ts", new Set<string>()],
  ]);
  assert.deepEqual(circles(files), [["c/u.ts", "c/v.ts"]]);
  assert.deepEqual(circles(folderGraph(files)), [["a", "b"], ["properties/d", "properties/e"]]);
  assert.deepEqual(
    importedSpecifiers(
      'import type {\n  A,\n} from "./a.ts";\n * import { b } from "./b.ts";\n' +
        'export { c } from "../c.ts";\nconst d = await import("./d.ts");\n// import("./e.ts")\n',
    ),
    ["./a.ts", "../c.ts", "./d.ts"],
  );
});

Deno.test("no source file imports itself through others", () => {
  const found = circles(fileGraph());
  assert.equal(found.length, 0, `file import circles:\n${described(found, null)}`);
});

Deno.test("no folder imports itself through others", () => {
  const files = fileGraph();
  const found = circles(folderGraph(files));
  assert.equal(found.length, 0, `folder import circles:\n${described(found, files)}`);
});
