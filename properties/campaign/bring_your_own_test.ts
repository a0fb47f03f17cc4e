import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = new URL("../..", import.meta.url).pathname;
const WRAPPER = join(ROOT, "headerproof");
const IMPL = pathToFileURL(join(ROOT, "impl", "mod.ts")).href;

/** The README's walkthrough candidate: impl with a has() that accepts the empty name. */
const CANDIDATE = `import { Headers } from ${JSON.stringify(IMPL)};

// The bug: "" is not a header name, so has("") must throw a TypeError.
const has = Headers.prototype.has;
Headers.prototype.has = {
  has(name) {
    return name === "" ? false : has.apply(this, arguments);
  },
}.has;

export { Headers };
`;

/** Runs `command` through bash in `cwd`; returns the exit status and the output. */
function sh(command: string, cwd: string): { code: number; stdout: string; stderr: string } {
  const run = spawnSync("bash", ["-c", command], { cwd, encoding: "utf8", timeout: 300_000 });
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

/** `git status --porcelain` of the checkout (null outside a git checkout). */
function gitStatus(): string | null {
  const run = spawnSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" });
  return run.status === 0 ? run.stdout : null;
}

Deno.test("bring your own Headers: fuzz it from its folder, read the report, run the reproduction, replay", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "headerproof-byo-" });
  const before = gitStatus();
  try {
    await Deno.writeTextFile(join(dir, "my_headers.mjs"), CANDIDATE);
    const fuzz = sh(
      `${WRAPPER} fuzz --target ./my_headers.mjs --runs 2000 --workers 1 --seed 1`,
      dir,
    );
    let reproduction = "";
    let replay = "";
    await t.step("the campaign finds the bug, steps first, and names its files", () => {
      assert.equal(fuzz.code, 1, fuzz.stdout + fuzz.stderr);
      assert.match(fuzz.stderr, /seeds 1 \(--seed 1 repeats this campaign\)/);
      const lines = fuzz.stdout.split("\n");
      const header = lines.findIndex((line) => line.startsWith("COUNTEREXAMPLE: divergence"));
      assert.ok(header !== -1, fuzz.stdout);
      assert.match(lines[header + 1], /^ +1\. /, "the numbered steps come right after");
      assert.match(
        fuzz.stdout,
        /\.has\(""\)\n +candidate: \{"ok":false\}\n +reference: \{"threw":"TypeError"\}/,
      );
      reproduction = /^reproduction [^:]*: (.+)$/m.exec(fuzz.stdout)![1];
      replay = /^replay: (.+)$/m.exec(fuzz.stdout)![1];
      assert.ok(replay.startsWith(`${WRAPPER} fuzz --target ./my_headers.mjs `), replay);
    });
    await t.step("the reproduction runs on its own and fails the same way", () => {
      const source = Deno.readTextFileSync(reproduction);
      assert.match(source, /^const candidateExports = await import\("[^"]*my_headers\.mjs"\);$/m);
      assert.equal(
        source.match(/^import |\bimport\(/gm)?.length,
        1,
        "it imports the candidate only",
      );
      const run = sh(`deno run -A ${reproduction}`, dir);
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(run.stdout, /divergence at .*\.has\(""\)/);
    });
    await t.step("the printed replay command replays the counterexample", () => {
      const run = sh(replay, dir);
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(run.stdout, /COUNTEREXAMPLE: divergence/);
      assert.match(run.stdout, /\.has\(""\)/);
    });
    await t.step("a missing candidate is a usage error that names the file it looked for", () => {
      const run = sh(`${WRAPPER} fuzz --target ./nothing_here.mjs --runs 10 --workers 1`, dir);
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.ok(run.stderr.includes(join(dir, "nothing_here.mjs")), run.stderr);
    });
    await t.step("nothing the user ran changed the checkout", () => {
      assert.equal(gitStatus(), before);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
