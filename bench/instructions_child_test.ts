import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DISTURBANCE_FLAGS, isCollectionTrace, regionTraces } from "./callgrind.ts";

const child = fileURLToPath(new URL("./instructions_child.ts", import.meta.url));
const impl = new URL("../impl/mod.ts", import.meta.url).href;

/** Runs the child without valgrind (its markers and V8's traces are the same). */
function runChild(ops: string, n2: number, semiSpaceMb: number) {
  const directory = mkdtempSync(join(tmpdir(), "headerproof-child-test-"));
  const report = join(directory, "report.json");
  const flags = [
    "--single-threaded",
    "--allow-natives-syntax",
    "--expose-gc",
    `--min-semi-space-size=${semiSpaceMb}`,
    `--max-semi-space-size=${semiSpaceMb}`,
    ...DISTURBANCE_FLAGS,
  ];
  const result = spawnSync(Deno.execPath(), [
    "run",
    "-A",
    `--v8-flags=${flags.join(",")}`,
    child,
    ...["--module", impl, "--ops", ops, "--n1", "100", "--n2", String(n2)],
    ...["--chunk", "50", "--min-warmup", "100", "--region-pairs", "2", "--report", report],
  ], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  try {
    assert.equal(result.status, 0, result.stderr);
    return {
      traces: regionTraces(result.stdout),
      report: JSON.parse(readFileSync(report, "utf8")),
    };
  } finally {
    rmSync(directory, { recursive: true });
  }
}

Deno.test("instructions child", async (t) => {
  await t.step("marks every region, in order, and reports its warm-up", () => {
    const { traces, report } = runChild("get-miss-12,has-miss-12", 300, 16);
    assert.deepEqual(
      traces.map(({ op, region, pair }) => `${op} ${region} ${pair}`),
      [
        "get-miss-12 n1 1",
        "get-miss-12 n2 1",
        "get-miss-12 n1 2",
        "get-miss-12 n2 2",
        "has-miss-12 n1 1",
        "has-miss-12 n2 1",
        "has-miss-12 n1 2",
        "has-miss-12 n2 2",
      ],
    );
    assert.deepEqual(report.ops, ["get-miss-12", "has-miss-12"]);
    assert.deepEqual(report.optimized, [true, true]);
  });

  await t.step("a collection inside a region shows as a disturbance", () => {
    // Construction allocates a few KB per operation: 20,000 of them overflow a 1 MB semi-space.
    const { traces } = runChild("construct-from-record-12", 20000, 1);
    const n2 = traces.filter((trace) => trace.region === "n2");
    assert.ok(
      n2.every((trace) => trace.disturbances.some(isCollectionTrace)),
      JSON.stringify(n2),
    );
  });
});
