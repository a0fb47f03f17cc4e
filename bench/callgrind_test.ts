import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  countsPerOp,
  differencePerOp,
  mainThreadDumps,
  materializeImpl,
  parseDumpTotal,
  valgrindArgs,
} from "./callgrind.ts";

Deno.test("callgrind helpers", async (t) => {
  await t.step(
    "the difference method divides the extra instructions by the extra operations",
    () => {
      assert.equal(
        differencePerOp({ n1: 1000, n2: 3000, count1: 1_500_000, count2: 2_300_000 }),
        400,
      );
      assert.equal(differencePerOp({ n1: 0, n2: 3, count1: 10, count2: 11 }), 0);
      assert.throws(() => differencePerOp({ n1: 5, n2: 5, count1: 0, count2: 0 }), /N2 \(5\)/);
    },
  );

  await t.step("each op uses its smallest N1 and N2 counts", () => {
    const run = { ops: ["a", "b"], n1: 10, n2: 20, regionPairs: 2 };
    // a: N1 counts 100 and 150 (a disturbed region), N2 counts 300 and 200.
    const { perOp, regions } = countsPerOp([100, 300, 150, 200, 0, 50, 0, 50], run);
    assert.equal(perOp.get("a"), 10);
    assert.equal(perOp.get("b"), 5);
    assert.deepEqual(regions.get("a"), { n1: [100, 150], n2: [300, 200] });
    assert.throws(() => countsPerOp([1, 2, 3], run), /expected 8 region counts, got 3/);
  });

  await t.step("dump totals and main-thread dump order", () => {
    assert.equal(parseDumpTotal("events: Ir\nsummary: 123456\n"), 123456);
    assert.equal(parseDumpTotal("totals: 42\n"), 42);
    assert.throws(() => parseDumpTotal("events: Ir\n"), SyntaxError);
    const files = ["cg.7.10-01", "cg.7.2-01", "cg.7.2-02", "cg.7", "cg.7.1-01", "other.7.3-01"];
    assert.deepEqual(mainThreadDumps(files, "cg"), ["cg.7.1-01", "cg.7.2-01", "cg.7.10-01"]);
  });

  await t.step("valgrind arguments bracket regions and keep Deno single-threaded", () => {
    const args = valgrindArgs({
      child: "/b/instructions_child.ts",
      module: "native",
      ops: ["a", "b"],
      n1: 1,
      n2: 2,
      chunk: 3,
      minWarmup: 4,
      regionPairs: 3,
      v8Flags: ["--single-threaded", "--allow-natives-syntax"],
      cwd: "/",
    }, "/tmp/out");
    assert.ok(args.includes("--zero-before=chdir") && args.includes("--dump-before=setenv"));
    assert.ok(args.includes("--v8-flags=--single-threaded,--allow-natives-syntax"));
    assert.deepEqual(args.slice(args.indexOf("--ops"), args.indexOf("--ops") + 2), [
      "--ops",
      "a,b",
    ]);
  });

  await t.step("materializeImpl extracts impl/ as it was at a revision", () => {
    const repo = mkdtempSync(join(tmpdir(), "headerproof-git-test-"));
    const git = (...args: string[]) => {
      const result = spawnSync("git", ["-C", repo, ...args], { encoding: "utf8" });
      assert.equal(result.status, 0, result.stderr);
      return result.stdout.trim();
    };
    try {
      git("init", "-q");
      mkdirSync(join(repo, "impl"));
      writeFileSync(join(repo, "impl", "mod.ts"), "export const version = 1;\n");
      git("add", ".");
      git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one");
      const first = git("rev-parse", "HEAD");
      writeFileSync(join(repo, "impl", "mod.ts"), "export const version = 2;\n");
      git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-am", "two");
      const url = materializeImpl(repo, first);
      const path = fileURLToPath(url);
      assert.equal(readFileSync(path, "utf8"), "export const version = 1;\n");
      rmSync(join(path, "..", ".."), { recursive: true });
      assert.throws(() => materializeImpl(repo, "no-such-rev"), /git archive no-such-rev failed/);
    } finally {
      rmSync(repo, { recursive: true });
    }
  });
});
