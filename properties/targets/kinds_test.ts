import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TargetKind } from "./kind.ts";
import { headersRuntimeOf, kindOf, preparedTarget, TARGET_KINDS } from "./kinds.ts";
import { MODULE } from "./kinds/module.ts";
import { RuntimeChoiceError } from "./runtimes.ts";

/** The rows the files of `folder` export, by file name (without `.ts`). */
async function rowsOfFiles(folder: URL): Promise<Map<string, unknown[]>> {
  const rows = new Map<string, unknown[]>();
  for (const file of readdirSync(fileURLToPath(folder)).sort()) {
    if (!file.endsWith(".ts") || file.endsWith("_test.ts")) continue;
    rows.set(file.slice(0, -3), Object.values(await import(new URL(file, folder).href)));
  }
  return rows;
}

Deno.test("every file in kinds/ is one row of TARGET_KINDS, named after its file", async () => {
  const files = await rowsOfFiles(new URL("./kinds/", import.meta.url));
  assert.deepEqual(
    [...files.keys()],
    TARGET_KINDS.map((kind) => kind.name).sort(),
    "a kind's file without its row in kinds.ts, or a row without its file",
  );
  for (const [name, exports] of files) {
    assert.equal(exports.length, 1, `kinds/${name}.ts exports one row`);
    assert.ok(TARGET_KINDS.includes(exports[0] as TargetKind), `kinds/${name}.ts has its row`);
  }
});

Deno.test("each kind claims its own example arguments, and no other kind claims them", () => {
  const specific = TARGET_KINDS.filter((kind) => kind !== MODULE);
  for (const kind of TARGET_KINDS) {
    assert.ok(kind.examples.length > 0, `${kind.name} gives examples`);
    for (const example of kind.examples) {
      const claimants = specific.filter((other) => other.recognizes(example)).map((k) => k.name);
      assert.deepEqual(
        claimants,
        kind === MODULE ? [] : [kind.name],
        `${JSON.stringify(example)} is claimed by ${claimants.join(", ") || "no kind but MODULE"}`,
      );
      assert.equal(kindOf(example), kind, `kindOf(${JSON.stringify(example)})`);
    }
  }
});

Deno.test("the module kind comes last and takes whatever no other kind claims", () => {
  assert.equal(TARGET_KINDS.at(-1), MODULE);
  assert.equal(new Set(TARGET_KINDS.map((kind) => kind.name)).size, TARGET_KINDS.length);
  for (const arg of ["./impl", "native.ts", "deno-src", "undici", "http-src", "deno@2.0.0"]) {
    assert.equal(kindOf(arg), MODULE, arg);
  }
  assert.equal(MODULE.target("/tmp/x.mjs"), "/tmp/x.mjs");
});

Deno.test("a kind parses the version or the path out of its arguments", () => {
  const parsed = (arg: string) => kindOf(arg).parse(arg);
  assert.deepEqual(parsed("impl"), {});
  assert.deepEqual(parsed("native"), {});
  assert.deepEqual(parsed("./mine.ts"), { path: "./mine.ts" });
  assert.deepEqual(parsed("deno-src:../deno"), { path: "../deno" });
  assert.deepEqual(parsed("undici@8.13.1"), { version: "8.13.1" });
  assert.deepEqual(parsed("undici-src:../undici"), { path: "../undici" });
  assert.deepEqual(parsed("http@1.4.0"), { version: "1.4.0" });
  assert.deepEqual(parsed("http-src:/tmp/http"), { path: "/tmp/http" });
});

Deno.test("the kinds' defaults are those the usage text states", () => {
  // name: profile, realm, known classes, stages, host globals, by name, prepared, standalone
  const expected: Record<string, string> = {
    impl: "standard both none costs,wire,answers host:false name:true prepare:false copy:false",
    native:
      "server both auto costs,wire,egress,answers host:true name:true prepare:false copy:false",
    module:
      "standard clean none costs,wire,egress,answers host:false name:false prepare:false copy:false",
    deno_src:
      "server both auto costs,wire,egress,answers host:false name:false prepare:true copy:true",
    undici: "server clean auto costs,wire,answers host:false name:false prepare:true copy:true",
    undici_src: "server clean auto costs,wire,answers host:false name:false prepare:true copy:true",
    http: "standard clean auto codec host:false name:false prepare:false copy:false",
    http_src: "standard clean auto codec host:false name:false prepare:false copy:false",
  };
  for (const [name, line] of Object.entries(expected)) {
    const kind = TARGET_KINDS.find((k) => k.name === name);
    assert.ok(kind !== undefined, `a row named ${name}`);
    const { profile, realm, knownDivergences } = kind.defaults;
    assert.equal(
      `${profile} ${realm} ${knownDivergences} ${kind.stages} host:${kind.hostGlobals} ` +
        `name:${kind.byName} prepare:${kind.prepare !== null} copy:${kind.standalone !== null}`,
      line,
      name,
    );
  }
  assert.deepEqual(TARGET_KINDS.filter((k) => k.revisions).map((k) => k.name), ["deno_src"]);
  const row = (arg: string) => kindOf(arg);
  assert.equal(headersRuntimeOf(row("native"), "bun"), "bun");
  assert.equal(headersRuntimeOf(row("deno-src:x"), "bun"), "deno");
  assert.equal(headersRuntimeOf(row("undici@8.13.1"), "node"), "node");
  assert.equal(headersRuntimeOf(row("impl"), "deno"), null);
});

Deno.test("a kind run under another runtime is refused before anything is prepared", () => {
  assert.throws(
    () => preparedTarget(kindOf("undici@8.13.1"), "undici@8.13.1", "deno"),
    new RuntimeChoiceError(
      "--target undici@8.13.1 runs under Node: use fuzz:node, or --runtime node@X",
    ),
  );
  assert.throws(
    () => preparedTarget(kindOf("deno-src:/nowhere"), "deno-src:/nowhere", "bun"),
    new RuntimeChoiceError(
      "--target deno-src:/nowhere runs under Deno: use fuzz, or --runtime deno@X",
    ),
  );
  // A kind with nothing to prepare is loaded as it is, under any runtime.
  assert.equal(preparedTarget(kindOf("impl"), "impl", "bun"), "impl");
  // The Deno checkout's own usage error comes from its loader.
  assert.throws(
    () => preparedTarget(kindOf("deno-src:"), "deno-src:", "deno"),
    new RuntimeChoiceError("--target deno-src:: give the checkout, deno-src:PATH"),
  );
});
