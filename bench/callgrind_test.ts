import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  batchedOps,
  countsPerOp,
  differencePerOp,
  DISTURBANCE_FLAGS,
  DisturbedRegionsError,
  isCollectionTrace,
  mainThreadDumps,
  materializeImpl,
  parseDumpTotal,
  parseExpectedCounts,
  type RegionTrace,
  regionTraces,
  valgrindArgs,
} from "./callgrind.ts";
import { REGION_END, regionStartMarker } from "./regions.ts";

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

  const clean = (op: string, region: "n1" | "n2", pair: number): RegionTrace => ({
    op,
    region,
    pair,
    disturbances: [],
  });

  await t.step("regionTraces: what V8 printed between each region's markers", () => {
    const stdout = [
      "[marking 0x1 <JSFunction f> for optimization to TURBOFAN_JS]",
      `0x2 <String[30]: c"${regionStartMarker("get-miss-12", "n1", 1)}">`,
      `0x3 <String[22]: #${REGION_END}>`,
      "[7:0x5]  84 ms: Scavenge 2.3 (2.8) -> 2.3 (3.0) MB, testing;",
      `0x2 <String[30]: c"${regionStartMarker("get-miss-12", "n2", 1)}">`,
      "[7:0x5]  85 ms: Scavenge 9.1 (9.8) -> 2.3 (3.0) MB, allocation failure;",
      "[bailout (kind: deopt-eager): begin. deoptimizing f]",
      `0x3 <String[22]: #${REGION_END}>`,
      "",
    ].join("\n");
    assert.deepEqual(regionTraces(stdout), [
      clean("get-miss-12", "n1", 1),
      {
        ...clean("get-miss-12", "n2", 1),
        disturbances: [
          "[7:0x5]  85 ms: Scavenge 9.1 (9.8) -> 2.3 (3.0) MB, allocation failure;",
          "[bailout (kind: deopt-eager): begin. deoptimizing f]",
        ],
      },
    ]);
    assert.throws(() => regionTraces(`${REGION_END}\n`), /ended that never started/);
    assert.ok(isCollectionTrace("[7:0x5]  85 ms: Scavenge 9.1 (9.8) -> 2.3 (3.0) MB"));
    assert.ok(isCollectionTrace("[7:0x55ffed075000:0]  83 ms: Mark-Compact 9.1 -> 2.3 MB"));
    assert.ok(!isCollectionTrace("[bailout (kind: deopt-eager): begin. deoptimizing f]"));
    assert.throws(
      () =>
        regionTraces(`${regionStartMarker("a", "n1", 1)}\n${regionStartMarker("a", "n2", 1)}\n`),
      /region a N1 #1 never ended/,
    );
  });

  await t.step("batchedOps: every operation once, in order, at most `batch` per process", () => {
    const ops = ["a", "b", "c", "d", "e"];
    assert.deepEqual(batchedOps(ops, 2), [["a", "b"], ["c", "d"], ["e"]]);
    assert.deepEqual(batchedOps(ops, 5), [ops]);
    assert.deepEqual(batchedOps(ops, 32), [ops]);
    assert.deepEqual(batchedOps(ops, 1), ops.map((op) => [op]));
    assert.deepEqual(batchedOps(ops, 0), ops.map((op) => [op]));
    assert.deepEqual(batchedOps([], 3), []);
  });

  await t.step("countsPerOp counts only the regions nothing disturbed", () => {
    const run = { ops: ["a", "b"], n1: 10, n2: 20, regionPairs: 2 };
    const traces = [
      { ...clean("a", "n1", 1), disturbances: ["[compiling method f]"] },
      clean("a", "n2", 1),
      clean("a", "n1", 2),
      clean("a", "n2", 2),
      clean("b", "n1", 1),
      clean("b", "n2", 1),
      clean("b", "n1", 2),
      { ...clean("b", "n2", 2), disturbances: ["[7:0x5] Scavenge"] },
    ];
    // a: the disturbed N1 region counted 150, the clean one 100; b's disturbed N2 region is
    // smaller than the clean one and still not used (a minimum alone would have taken it).
    const { perOp, regions } = countsPerOp([150, 300, 100, 300, 0, 50, 0, 40], traces, run);
    assert.equal(perOp.get("a"), 20);
    assert.equal(perOp.get("b"), 5);
    assert.deepEqual(regions.get("a"), {
      n1: [150, 100],
      n2: [300, 300],
      n1Disturbances: [["[compiling method f]"], []],
      n2Disturbances: [[], []],
    });
    assert.throws(() => countsPerOp([1, 2, 3], traces, run), /expected 8 region counts/);
    const swapped = [traces[1], traces[0], ...traces.slice(2)];
    assert.throws(
      () => countsPerOp([150, 300, 100, 300, 0, 50, 0, 40], swapped, run),
      /region 1 of a is a N2 #1/,
    );
  });

  await t.step("countsPerOp refuses when every region of a kind was disturbed", () => {
    const run = { ops: ["a"], n1: 10, n2: 20, regionPairs: 2 };
    const disturbedN2 = [
      clean("a", "n1", 1),
      { ...clean("a", "n2", 1), disturbances: ["[7:0x5] Scavenge ... allocation failure"] },
      clean("a", "n1", 2),
      { ...clean("a", "n2", 2), disturbances: ["[compiling method g]"] },
    ];
    assert.throws(
      () => countsPerOp([100, 300, 100, 300], disturbedN2, run),
      (error) =>
        error instanceof DisturbedRegionsError && !error.byCollection &&
        /every N2 region of a had V8 collect or compile inside it[^]*#1: \[7:0x5\] Scavenge[^]*#2: \[compiling method g\]/
          .test(error.message),
    );
    const collectedN2 = disturbedN2.map((trace) =>
      trace.region === "n2"
        ? {
          ...trace,
          disturbances: ["[7:0x5]  85 ms: Scavenge 9.1 -> 2.3 MB, allocation failure;"],
        }
        : trace
    );
    assert.throws(
      () => countsPerOp([100, 300, 100, 300], collectedN2, run),
      (error) => error instanceof DisturbedRegionsError && error.byCollection,
    );
    const allClean = disturbedN2.map((trace) => ({ ...trace, disturbances: [] }));
    assert.equal(countsPerOp([101, 300, 100, 300], allClean, run).perOp.get("a"), 20);
  });

  await t.step("dump totals and main-thread dump order", () => {
    assert.equal(parseDumpTotal("events: Ir\nsummary: 123456\n"), 123456);
    assert.equal(parseDumpTotal("totals: 42\n"), 42);
    assert.throws(() => parseDumpTotal("events: Ir\n"), SyntaxError);
    const files = ["cg.7.10-01", "cg.7.2-01", "cg.7.2-02", "cg.7", "cg.7.1-01", "other.7.3-01"];
    assert.deepEqual(mainThreadDumps(files, "cg"), ["cg.7.1-01", "cg.7.2-01", "cg.7.10-01"]);
  });

  await t.step(
    "valgrind arguments bracket regions, keep Deno single-threaded and trace disturbances",
    () => {
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
      assert.ok(
        args.includes(
          `--v8-flags=--single-threaded,--allow-natives-syntax,${DISTURBANCE_FLAGS.join(",")}`,
        ),
      );
      assert.deepEqual(args.slice(-2), ["--report", "/tmp/out.report.json"]);
      assert.deepEqual(args.slice(args.indexOf("--ops"), args.indexOf("--ops") + 2), [
        "--ops",
        "a,b",
      ]);
    },
  );

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

Deno.test("--expect takes op=count items of the measured operations, and names a bad one", () => {
  const ops = ["for-of-12", "get-hit-same-case-12"];
  assert.deepEqual(
    parseExpectedCounts("for-of-12=1778,get-hit-same-case-12=295", ops),
    new Map([["for-of-12", 1778], ["get-hit-same-case-12", 295]]),
  );
  assert.throws(() => parseExpectedCounts("for-of-12=1,778", ops), /"778" is not op=count/);
  assert.throws(() => parseExpectedCounts("for-of-12", ops), /"for-of-12" is not op=count/);
  assert.throws(() => parseExpectedCounts("for-of-12=1778x", ops), /"for-of-12=1778x" is not/);
  assert.throws(() => parseExpectedCounts("has-miss-12=274", ops), /has-miss-12 is not among/);
});
