import assert from "node:assert/strict";
import { runCli } from "../core/cli_runner.ts";
import type { Summary } from "./coordinator.ts";

/** Runs the CLI against `target` (a testdata file name or a path); returns its outcome. */
async function fuzz(
  candidate: string,
  ...extra: string[]
): Promise<{ code: number | null; summary: Summary | null; stderr: string; out: string[] }> {
  const out = await Deno.makeTempDir({ prefix: "headerproof-hostile-" });
  try {
    const run = runCli([
      "--target",
      candidate.includes("/") ? candidate : new URL(`../testdata/${candidate}`, import.meta.url)
        .pathname,
      "--runs",
      "300",
      "--seed",
      "1",
      "--workers",
      "1",
      "--case-timeout",
      "3",
      "--out",
      out,
      "--json",
      ...extra,
    ]);
    const summary = run.stdout.trim() === "" ? null : JSON.parse(run.stdout) as Summary;
    if (summary?.failure) {
      assert.ok((await Deno.stat(summary.failure.corpusFile)).isFile, "a corpus entry is written");
    }
    const files = [...Deno.readDirSync(out)].map((entry) => entry.name);
    return { code: run.status, summary, stderr: run.stderr, out: files };
  } finally {
    await Deno.remove(out, { recursive: true });
  }
}

Deno.test("a candidate that throws a RangeError is a counterexample, also in JUnit", async () => {
  const junit = `${await Deno.makeTempDir({ prefix: "headerproof-junit-" })}/fuzz.xml`;
  const { code, summary } = await fuzz("throws_range_error.mjs", "--junit", junit);
  assert.equal(code, 1);
  assert.equal(summary?.failure?.kind, "divergence");
  assert.match(summary!.failure!.message, /"threw":"RangeError"/);
  assert.match(summary!.failure!.reproduction!, /\.mjs$/);
  const xml = await Deno.readTextFile(junit);
  assert.match(xml, /tests="1" failures="1"/);
  assert.match(xml, /<failure message="divergence: step \d+: /);
});

Deno.test("a candidate that throws a non-Error value is a counterexample", async () => {
  const { code, summary } = await fuzz("throws_non_error.mjs");
  assert.equal(code, 1);
  assert.match(summary!.failure!.message, /non-error string/);
});

Deno.test("a candidate that returns the wrong type is a counterexample", async () => {
  const { code, summary } = await fuzz("wrong_type.js");
  assert.equal(code, 1);
  assert.match(summary!.failure!.message, /\.has\(/);
});

Deno.test("a candidate whose result throws when read is a counterexample", async () => {
  const { code, summary } = await fuzz("proxy_result.ts");
  assert.equal(code, 1);
  // Read by the observer ("unreadable") or touched by a tamper step (the trap's Error).
  assert.match(summary!.failure!.message, /unreadable|"threw":"Error"/);
});

Deno.test("a candidate whose iterators never end is a counterexample, not a hang", async () => {
  const { code, summary } = await fuzz("endless_iterator.mjs");
  assert.equal(code, 1);
  assert.equal(summary?.failure?.kind, "divergence");
  assert.match(summary!.failure!.message, /more than 1000 items/);
});

Deno.test("a candidate whose constructor crashes is a counterexample", async () => {
  const { code, summary } = await fuzz("constructor_crashes.mjs");
  assert.equal(code, 1);
  assert.match(summary!.failure!.message, /"threw":"Error"/);
});

Deno.test("a candidate that hangs is killed, located and shrunk to the steps the hang needs", async () => {
  const { code, summary } = await fuzz("hangs.mjs");
  assert.equal(code, 1);
  assert.equal(summary?.failure?.kind, "hang");
  const steps = summary!.failure!.steps;
  assert.match(JSON.stringify(steps.at(-1)), /range/i, "the last step is the one that hangs");
  assert.ok(steps.length <= 2, `a hang needs a Headers and the append: ${JSON.stringify(steps)}`);
});

Deno.test("a candidate that ends the process is reported as a crash", async () => {
  const { code, summary } = await fuzz("exits_process.mjs");
  assert.equal(code, 1);
  assert.equal(summary?.failure?.kind, "crash");
  assert.match(summary!.failure!.message, /exit code 7/);
  assert.match(JSON.stringify(summary!.failure!.steps.at(-1)), /"delete"/);
  assert.ok(summary!.failure!.steps.length <= 2, JSON.stringify(summary!.failure!.steps));
});

/** A module with a syntax error on line 3 (the constructor is never closed), in a temp folder. */
function syntaxErrorModule(): string {
  const dir = Deno.makeTempDirSync({ prefix: "headerproof-syntax-" });
  const file = `${dir}/syntax_error.mjs`;
  Deno.writeTextFileSync(file, "export class Headers {\n  constructor(init) {\n}\n");
  return file;
}

for (
  const [what, candidate, message] of [
    ["throws while loading", "load_crashes.mjs", /Error: this candidate cannot even be loaded/],
    ["has no Headers export", "no_headers_export.mjs", /does not export a Headers class/],
    ["has a syntax error", syntaxErrorModule(), /syntax_error\.mjs:3:\d+/],
    ["does not exist", "/nonexistent/headerproof/candidate.mjs", /not found|Cannot find/i],
  ] as const
) {
  Deno.test(`a module that ${what} is a usage error: exit 2, its message, no counterexample`, async () => {
    const { code, summary, stderr, out } = await fuzz(candidate);
    assert.equal(code, 2, stderr);
    assert.equal(summary, null, "nothing on standard output");
    assert.match(stderr, message);
    assert.deepEqual(out, [], "no reproduction and no corpus entry");
  });
}
