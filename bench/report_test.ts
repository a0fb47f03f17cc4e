import assert from "node:assert/strict";
import type { ImplName } from "./implementations.ts";
import { aggregate, cellOf, checkBars, formatNs, median, ratio, renderTable } from "./report.ts";
import type { SuiteResult, TaskResult } from "./runner.ts";
import type { Bar } from "./scenarios.ts";

function task(scenario: string, impl: ImplName, nsPerOp: number, bar: Bar = "3x"): TaskResult {
  return {
    name: `${scenario} — ${impl}`,
    scenario,
    label: scenario,
    op: scenario,
    size: 12,
    freshNames: false,
    impl,
    bar,
    nsPerOp,
    meanNsPerOp: nsPerOp,
    rmePercent: 1,
    samples: 10,
    batch: 100,
  };
}

function run(runtime: string, tasks: TaskResult[]): SuiteResult {
  return {
    runtime,
    runtimeVersion: "1.0",
    startedAt: "2026-11-21T00:00:00Z",
    quick: false,
    options: { timeMs: 100, warmupMs: 30, minSamples: 10, batchTargetNs: 10000 },
    implementations: [{ name: "native", source: "globalThis.Headers" }],
    missing: runtime === "node" ? [{ name: "impl", reason: "could not import impl/mod.ts" }] : [],
    tasks,
  };
}

Deno.test("bench report", async (t) => {
  await t.step("median and spread", () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.throws(() => median([]), RangeError);
    assert.deepEqual(cellOf([10, 12, 8]), { reps: [10, 12, 8], median: 10, spreadPercent: 40 });
    assert.equal(cellOf([5]).spreadPercent, 0);
  });

  await t.step("aggregate takes the median of repetitions per runtime, deno first", () => {
    const summary = aggregate([
      run("bun", [task("get", "native", 30)]),
      run("deno", [task("get", "impl", 10), task("get", "native", 100)]),
      run("deno", [task("get", "impl", 14), task("get", "native", 90)]),
      run("deno", [task("get", "impl", 12), task("get", "native", 95)]),
    ]);
    assert.deepEqual(summary.runtimes.map((r) => r.runtime), ["deno", "bun"]);
    const [deno] = summary.runtimes;
    assert.equal(deno.repetitions, 3);
    assert.equal(deno.rows[0].cells.impl?.median, 12);
    assert.equal(deno.rows[0].cells.native?.median, 95);
    assert.equal(ratio(deno.rows[0].cells.impl, deno.rows[0].cells.native), 12 / 95);
    assert.equal(ratio(deno.rows[0].cells.impl, deno.rows[0].cells.spec), null);
  });

  await t.step("bars: 3x and 50x against Deno native, 1x against Bun native", () => {
    const summary = aggregate([
      run("deno", [
        task("get", "impl", 10),
        task("get", "native", 31),
        task("iterate", "impl", 10, "50x"),
        task("iterate", "native", 400, "50x"),
        task("response", "native", 1000, "none"),
      ]),
      run("bun", [task("get", "native", 9), task("iterate", "native", 11, "50x")]),
    ]);
    const bars = checkBars(summary);
    assert.deepEqual(bars.deno.map((b) => [b.label, b.holds]), [["get", true], ["iterate", false]]);
    assert.deepEqual(bars.bun.map((b) => [b.label, b.holds]), [["get", false], ["iterate", true]]);
    assert.deepEqual(bars.unmeasured, []);
  });

  await t.step("the table has every row, ratios, bars and the missing implementations", () => {
    const markdown = renderTable(
      aggregate([
        run("deno", [
          task("get miss (12)", "impl", 10),
          task("get miss (12)", "native", 40),
          task("get miss (12)", "floor", 4),
        ]),
        run("node", [task("get miss (12)", "native", 50)]),
        run("bun", [task("get miss (12)", "native", 20)]),
      ]),
      { generatedAt: "now", machine: "test machine" },
    );
    // spec, impl, native, floor; impl/native, impl/floor, impl/spec, impl/Bun native.
    assert.match(
      markdown,
      /\| get miss \(12\) \| — \| 10\.0 \| 40\.0 \| 4\.00 \| 0\.25 \| 2\.50 \| — \| 0\.50 \|/,
    );
    assert.match(markdown, /\*\*impl not available\*\* in node: could not import impl\/mod\.ts/);
    assert.match(markdown, /same Deno process \(native ns \/ impl ns\): 1 of 1 hold/);
    assert.match(markdown, /Not measured in this run/);
  });

  await t.step("ns formatting", () => {
    assert.equal(formatNs(12.345), "12.3");
    assert.equal(formatNs(1234.5), "1,235");
  });
});
