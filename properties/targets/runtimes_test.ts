import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { type CliRun, runCli } from "../core/cli_runner.ts";
import {
  identify,
  nodeRunsTypeScript,
  parseRelease,
  resolveRuntime,
  RUNTIME_CACHE,
  versionBefore,
} from "./runtimes.ts";
import { memoryMeasurementEnvironment, selfCommand, workerEnvironment } from "./runtime.ts";

/** Runs the campaign CLI under this Deno with `args`. */
function fuzz(args: string[]): CliRun {
  return runCli(args, 240_000);
}

Deno.test("--runtime", async (t) => {
  await t.step("release names, versions and Node's TypeScript floor are read right", () => {
    assert.deepEqual(parseRelease("deno@2.0.0"), { name: "deno", version: "2.0.0" });
    assert.equal(parseRelease("./deno"), null);
    assert.ok(versionBefore("2.9.6", "2.10.0"));
    assert.ok(!versionBefore("2.10.0", "2.9.6"));
    assert.deepEqual(
      ["20.19.0", "22.17.1", "22.18.0", "23.5.0", "23.6.0", "24.0.0"].map(nodeRunsTypeScript),
      [false, false, true, false, true, true],
    );
    assert.deepEqual(identify(Deno.execPath()), { name: "deno", version: Deno.version.deno });
  });

  await t.step("the release running this is used as it is, not installed again", () => {
    const binary = resolveRuntime(`deno@${Deno.version.deno}`);
    assert.equal(binary.execPath, Deno.execPath());
    assert.equal(binary.version, Deno.version.deno);
  });

  await t.step("deno@2.0.0 is installed once and runs the workers", () => {
    const run = fuzz([
      "--runtime",
      "deno@2.0.0",
      "--target",
      "native",
      "--runs",
      "5",
      "--workers",
      "1",
      "--seed",
      "1",
      "--known-divergences",
      "all",
      "--costs",
      "none",
      "--wire",
      "none",
      "--egress",
      "none",
      "--json",
    ]);
    // Its answers are not the point (Deno 2.0.0 has divergences no class of today's Deno
    // explains): the workers ran under it, and the campaign ended with a verdict.
    assert.ok(run.status === 0 || run.status === 1, `exit ${run.status}: ${run.stderr}`);
    const summary = JSON.parse(run.stdout);
    assert.equal(summary.runtime, "deno 2.0.0");
    assert.ok(summary.runs > 0, `${summary.runs} runs`);
  });

  const dir = mkdtempSync(join(tmpdir(), "headerproof-runtime-"));
  try {
    await t.step("a path runs that binary", () => {
      const marker = join(dir, "ran");
      const own = join(dir, "my-deno");
      writeFileSync(
        own,
        `#!/bin/sh\n[ "$1" = --version ] || touch '${marker}'\nexec '${Deno.execPath()}' "$@"\n`,
      );
      chmodSync(own, 0o755);
      const run = fuzz(["--runtime", own, "--runs", "3", "--workers", "1", "--seed", "1"]);
      assert.equal(run.status, 0, run.stderr);
      assert.ok(existsSync(marker), "the workers did not run the given binary");
    });

    await t.step("a binary that is no runtime, a missing path, an unknown release exit 2", () => {
      const fake = join(dir, "fake");
      writeFileSync(fake, "#!/bin/sh\necho 'not a runtime'\n");
      chmodSync(fake, 0o755);
      // A Deno 1.x binary: its --version, and nothing else (it is never run further).
      const deno1 = join(dir, "deno1");
      writeFileSync(deno1, "#!/bin/sh\necho 'deno 1.46.3 (stable, release, x86_64)'\n");
      chmodSync(deno1, 0o755);
      const cases: [string, RegExp][] = [
        [fake, /does not name a Deno, Node or Bun release/],
        [
          deno1,
          /is Deno 1\.46\.3, which cannot run the campaign's workers \(they need Deno 2\.0\.0/,
        ],
        ["deno@1.46.3", /is Deno 1\.46\.3, which cannot run .*; nothing was installed/],
        [join(dir, "missing"), /is not a file/],
        ["deno@2.0.99", /deno@2\.0\.99 is not a published release of deno/],
        ["node@20.19.0", /Node 20\.19\.0, which cannot run/],
        ["python@3", /a release is deno@X, bun@X or node@X/],
      ];
      for (const [runtime, message] of cases) {
        const run = fuzz(["--runtime", runtime, "--runs", "1", "--workers", "1"]);
        assert.equal(run.status, 2, `${runtime}: ${run.stderr}`);
        assert.match(run.stderr, message);
      }
      assert.ok(!existsSync(join(RUNTIME_CACHE, "deno@1.46.3")), "deno@1.46.3 was downloaded");
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("commands and environments, memory-measuring too, come from the runtime's row", () => {
  const binary = (name: "deno" | "node" | "bun") => ({
    name,
    version: "1.0.0",
    execPath: `/x/${name}`,
  });
  assert.deepEqual(selfCommand("w.ts", ["a"], binary("deno")), [
    "/x/deno",
    "run",
    "-A",
    "w.ts",
    "a",
  ]);
  assert.deepEqual(selfCommand("w.ts", ["a"], binary("node")), ["/x/node", "w.ts", "a"]);
  assert.equal(workerEnvironment(binary("bun"))?.BUN_JSC_useTailCalls, "false");
  assert.equal(workerEnvironment(binary("bun"))?.BUN_JSC_useConcurrentJIT, undefined);
  assert.equal(workerEnvironment(binary("node")), undefined);
  const measuring = memoryMeasurementEnvironment(binary("bun"));
  assert.equal(measuring?.BUN_JSC_useConcurrentJIT, "false");
  assert.equal(measuring?.PATH, process.env.PATH);
  assert.equal(measuring?.BUN_JSC_useTailCalls, undefined);
  for (const name of ["deno", "node"] as const) {
    assert.equal(memoryMeasurementEnvironment(binary(name)), undefined);
  }
});
