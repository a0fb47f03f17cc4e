import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

// The gate's command line only: --help prints the usage and runs nothing (a run takes minutes).

const COVERAGE = fileURLToPath(new URL("./coverage.ts", import.meta.url));

/** Runs coverage.ts with `args`, stopped after 30 s (a run that started would take longer). */
function coverage(...args: string[]): { status: number | null; out: string; err: string } {
  const run = spawnSync(Deno.execPath(), ["run", "-A", COVERAGE, ...args], {
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

Deno.test("fuzz:coverage --help prints the usage and starts nothing; a bad option exits 2", () => {
  const help = coverage("--help");
  assert.equal(help.status, 0, help.err);
  assert.match(help.out, /^usage: \.\/headerproof fuzz:coverage/);
  assert.doesNotMatch(help.err, /running the property suite/);
  const bad = coverage("--runs", "5");
  assert.equal(bad.status, 2);
  assert.match(bad.err, /Unknown option '--runs'/);
});
