import assert from "node:assert/strict";
import type { Summary } from "./coordinator.ts";

const CLI = new URL("./cli.ts", import.meta.url).pathname;

/** Runs the CLI against a testdata candidate; returns the exit code and the JSON summary. */
async function fuzz(
  candidate: string,
  ...extra: string[]
): Promise<{ code: number; summary: Summary }> {
  const corpus = await Deno.makeTempDir({ prefix: "headerproof-hostile-" });
  try {
    const output = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        CLI,
        "--target",
        new URL(`./testdata/${candidate}`, import.meta.url).pathname,
        "--runs",
        "300",
        "--seed",
        "1",
        "--workers",
        "1",
        "--case-timeout",
        "3",
        "--corpus",
        corpus,
        "--json",
        ...extra,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const summary = JSON.parse(new TextDecoder().decode(output.stdout)) as Summary;
    if (summary.failure?.corpusFile) {
      assert.ok((await Deno.stat(summary.failure.corpusFile)).isFile, "a corpus entry is written");
    }
    return { code: output.code, summary };
  } finally {
    await Deno.remove(corpus, { recursive: true });
  }
}

Deno.test("a candidate that throws a RangeError is a counterexample", async () => {
  const { code, summary } = await fuzz("throws_range_error.mjs");
  assert.equal(code, 1);
  assert.equal(summary.failure?.kind, "divergence");
  assert.match(summary.failure!.message, /"threw":"RangeError"/);
  assert.match(
    summary.failure!.snippet,
    /import \* as candidateExports from "file:.*throws_range_error\.mjs"/,
  );
});

Deno.test("a candidate that throws a non-Error value is a counterexample", async () => {
  const { code, summary } = await fuzz("throws_non_error.mjs");
  assert.equal(code, 1);
  assert.match(summary.failure!.message, /non-error string/);
});

Deno.test("a candidate that returns the wrong type is a counterexample", async () => {
  const { code, summary } = await fuzz("wrong_type.js");
  assert.equal(code, 1);
  assert.match(summary.failure!.message, /\.has\(/);
});

Deno.test("a candidate whose result throws when read is a counterexample", async () => {
  const { code, summary } = await fuzz("proxy_result.ts");
  assert.equal(code, 1);
  // Read by the observer ("unreadable") or touched by a tamper step (the trap's Error).
  assert.match(summary.failure!.message, /unreadable|"threw":"Error"/);
});

Deno.test("a candidate whose iterators never end is a counterexample, not a hang", async () => {
  const { code, summary } = await fuzz("endless_iterator.mjs");
  assert.equal(code, 1);
  assert.equal(summary.failure?.kind, "divergence");
  assert.match(summary.failure!.message, /more than 1000 items/);
});

Deno.test("a candidate whose constructor crashes is a counterexample", async () => {
  const { code, summary } = await fuzz("constructor_crashes.mjs");
  assert.equal(code, 1);
  assert.match(summary.failure!.message, /"threw":"Error"/);
});

Deno.test("a candidate that hangs is killed after the case timeout and reported with its steps", async () => {
  const { code, summary } = await fuzz("hangs.mjs");
  assert.equal(code, 1);
  assert.equal(summary.failure?.kind, "hang");
  const last = summary.failure!.steps.at(-1);
  assert.ok(last !== undefined, "the hanging step is located by a traced replay");
  assert.match(JSON.stringify(last), /range/i);
});

Deno.test("a candidate that ends the process is reported as a crash", async () => {
  const { code, summary } = await fuzz("exits_process.mjs");
  assert.equal(code, 1);
  assert.equal(summary.failure?.kind, "crash");
  assert.match(summary.failure!.message, /exit code 7/);
  assert.match(JSON.stringify(summary.failure!.steps.at(-1)), /"delete"/);
});

Deno.test("a module that throws while loading is a counterexample", async () => {
  const { code, summary } = await fuzz("load_crashes.mjs");
  assert.equal(code, 1);
  assert.equal(summary.failure?.kind, "load-error");
});

Deno.test("a module without a Headers export is a counterexample", async () => {
  const { code, summary } = await fuzz("no_headers_export.mjs");
  assert.equal(code, 1);
  assert.equal(summary.failure?.kind, "load-error");
  assert.match(summary.failure!.message, /does not export a Headers class/);
});
