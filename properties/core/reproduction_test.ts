import assert from "node:assert/strict";
import { importCandidate, renderReproduction, runOnlyUnder, runtimeCheck } from "./reproduction.ts";

Deno.test("a reproduction is laid out lead, header comment, imports, runtime check, body, newline", () => {
  const foundUnder = { name: "node", version: "22.0.0" };
  const source = renderReproduction({
    lead: "fn harness() {}\n",
    header: {
      title: ["what was found"],
      run: runOnlyUnder("node", "x.mjs"),
      replay: "./headerproof fuzz --seed 1 --path 0",
      notes: ["a note"],
    },
    imports: ['import * as net from "node:net";'],
    foundUnder,
    body: ["body();"],
  });
  assert.equal(
    source,
    [
      "fn harness() {}",
      "// what was found",
      "// run: node x.mjs  (under node only: any other runtime exits 2)",
      "// replay the campaign: ./headerproof fuzz --seed 1 --path 0",
      "// a note",
      'import * as net from "node:net";',
      ...runtimeCheck(foundUnder),
      "body();",
      "",
    ].join("\n"),
  );
  assert.equal(
    renderReproduction({ header: { title: ["t"] }, body: ["b();"] }),
    "// t\nb();\n",
  );
});

Deno.test("the runtime check names the command of the runtime that found it and exits 2 elsewhere", () => {
  const check = runtimeCheck({ name: "deno", version: "2.9.6" }).join("\n");
  assert.match(check, /run it with deno run -A <this file>/);
  assert.match(check, /Deno\.exit\(2\); else process\.exit\(2\);/);
});

Deno.test("a candidate is the global object for native, else its module after its preloads", () => {
  assert.deepEqual(importCandidate({ kind: "native" }, "c", true), [
    "const c = globalThis; // the runtime's own Headers, Request and Response",
  ]);
  const module = { kind: "module" as const, specifier: "./m.mjs", preload: ["./shims.mjs"] };
  assert.deepEqual(importCandidate(module, "c", true), [
    'await import("./shims.mjs");',
    'const c = await import("./m.mjs");',
  ]);
  assert.deepEqual(importCandidate(module, "c", false), ['const c = await import("./m.mjs");']);
});
