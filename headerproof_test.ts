import assert from "node:assert/strict";
import process from "node:process";
import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";

const ROOT = new URL(".", import.meta.url).pathname;
const WRAPPER = join(ROOT, "headerproof");

/** The real binary `name` on PATH now (symlinks resolved). */
function realBinary(name: string): string {
  const found = spawnSync("bash", ["-c", `command -v ${name}`], { encoding: "utf8" });
  return realpathSync(found.stdout.trim());
}

/** Runs the wrapper with `args` and extra environment; returns the exit status and output. */
function wrapper(args: string[], env: Record<string, string>, cwd = ROOT) {
  const run = spawnSync(WRAPPER, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: run.status ?? -1, out: run.stdout + run.stderr };
}

Deno.test("HEADERPROOF_DENO, HEADERPROOF_NODE and HEADERPROOF_BUN select your own binaries", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "headerproof-own-" });
  try {
    // Each stand-in leaves a mark, then runs the script with this Deno (so neither Node nor Bun
    // need be installed): `deno` as is, `node SCRIPT` and `bun SCRIPT` as `deno run -A SCRIPT`.
    const deno = realBinary("deno");
    for (
      const [name, task, body] of [
        ["deno", "fuzz", `exec ${deno} "$@"`],
        ["node", "fuzz:node", `exec ${deno} run -A "$@"`],
        ["bun", "fuzz:bun", `exec ${deno} run -A "$@"`],
      ]
    ) {
      await t.step(`HEADERPROOF_${name.toUpperCase()} runs ${task} on the given ${name}`, () => {
        const marker = join(dir, `${name}-ran`);
        const fake = join(dir, `my-${name}`);
        Deno.writeTextFileSync(fake, `#!/usr/bin/env bash\ntouch ${marker}\n${body}\n`, {
          mode: 0o755,
        });
        const run = wrapper([task, "--help"], { [`HEADERPROOF_${name.toUpperCase()}`]: fake });
        assert.equal(run.code, 0, run.out);
        assert.match(run.out, /exit status: 0 no divergence/);
        assert.ok(existsSync(marker), `${fake} was not run:\n${run.out}`);
      });
    }
    await t.step("a HEADERPROOF_DENO older than 2.1.0 exits 2 naming the minimum and why", () => {
      const old = join(dir, "deno-2.0.0");
      Deno.writeTextFileSync(old, "#!/usr/bin/env bash\necho 'deno 2.0.0 (stable, release)'\n", {
        mode: 0o755,
      });
      const run = wrapper(["fuzz", "--help"], { HEADERPROOF_DENO: old });
      assert.equal(run.code, 2, run.out);
      assert.match(run.out, /is Deno 2\.0\.0; the tasks need Deno 2\.1\.0 or later \(deno\.json's/);
    });
    await t.step("output to a pipe carries no colour codes", () => {
      const env: Record<string, string> = { ...process.env } as Record<string, string>;
      delete env.NO_COLOR;
      const run = spawnSync(WRAPPER, ["fuzz", "--help"], { cwd: ROOT, env, encoding: "utf8" });
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stderr, /Task fuzz/);
      assert.ok(!(run.stdout + run.stderr).includes("\x1b["), "a colour code in the output");
    });
    await t.step("a HEADERPROOF_DENO that is not an executable is an error naming it", () => {
      const run = wrapper(["fuzz", "--help"], { HEADERPROOF_DENO: join(dir, "missing") });
      assert.equal(run.code, 2);
      assert.match(run.out, /HEADERPROOF_DENO=.*missing is not an executable/);
    });
  } finally {
    wrapper(["fuzz", "--help"], {});
    await Deno.remove(dir, { recursive: true });
  }
});
