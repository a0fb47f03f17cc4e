import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { fixtureRepository } from "../testdata/deno_src_repository.ts";

// A small Deno-like repository (testdata/deno_src_repository.ts, no Deno code): five commits, the
// fourth plants a bug.

const BISECT = fileURLToPath(new URL("./bisect.ts", import.meta.url));

/** Runs the bisect CLI with `args`; exit status and output. */
function bisect(...args: string[]): { status: number | null; out: string; err: string } {
  const result = spawnSync(Deno.execPath(), ["run", "-A", BISECT, ...args], {
    encoding: "utf8",
    timeout: 300_000,
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

Deno.test("bisect finds the commit that introduced a divergence", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "headerproof-bisect-"));
  try {
    const repo = join(dir, "deno");
    const commits = fixtureRepository(repo);
    const range = `${commits[0].slice(0, 10)}..${commits[4]}`;
    const common = ["--deno-src", repo, "--seed", "1", "--runs", "300", "--out", join(dir, "out")];

    await t.step("any divergence not known at the good end", () => {
      const run = bisect(...common, range);
      assert.equal(run.status, 0, run.err);
      assert.match(
        run.out,
        new RegExp(
          `^first commit showing a divergence not known at the good end: ${
            commits[3].slice(0, 10)
          } has accepts the empty name$`,
          "m",
        ),
      );
      assert.match(run.out, new RegExp(`the one before it, ${commits[2].slice(0, 10)}, does not`));
      assert.match(run.out, /^step \d+: h\[\d\]\.has\(/m);
      const reproduction = /^reproduction: (.+)$/m.exec(run.out)![1];
      const replayed = spawnSync(Deno.execPath(), ["run", "-A", reproduction], {
        encoding: "utf8",
      });
      assert.equal(replayed.status, 1, replayed.stdout + replayed.stderr);
      assert.match(replayed.stdout, /divergence at h\[\d\]\.has\(/);
    });

    await t.step("a named class", () => {
      const run = bisect(...common, "--class", "iteration-drops-leading-empty-value", range);
      assert.equal(run.status, 0, run.err);
      assert.match(
        run.out,
        new RegExp(
          `^first commit showing iteration-drops-leading-empty-value: ${commits[3].slice(0, 10)}`,
          "m",
        ),
      );
    });

    await t.step("nothing to bisect: exit 2 with the cause", () => {
      const clean = bisect(...common, `${commits[0]}..${commits[2]}`);
      assert.equal(clean.status, 2);
      assert.match(clean.err, /the bad end [0-9a-f]{10} does not show/);
      const backwards = bisect(...common, `${commits[4]}..${commits[0]}`);
      assert.equal(backwards.status, 2);
      assert.match(backwards.err, /is not an ancestor of/);
      const unknown = bisect(...common, "--class", "nope", range);
      assert.equal(unknown.status, 2);
      assert.match(unknown.err, /unknown divergence class "nope"/);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
