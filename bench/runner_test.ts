import assert from "node:assert/strict";
import type { Case } from "./runner.ts";
import { calibrateBatch, QUICK_OPTIONS, runSuite } from "./runner.ts";
import { SanityError } from "./scenarios.ts";

const testdata = new URL("./testdata/", import.meta.url);

Deno.test("bench runner", async (t) => {
  await t.step("a quick run of native times each selected task and records how", async () => {
    const result = await runSuite({ ...QUICK_OPTIONS, impls: ["native"], filter: "get miss (12)" });
    assert.equal(result.runtime, "deno");
    assert.equal(result.quick, true);
    assert.deepEqual(result.tasks.map((task) => task.name), ["get miss (12) — native"]);
    const [task] = result.tasks;
    assert.ok(task.nsPerOp > 0 && Number.isFinite(task.nsPerOp));
    assert.ok(task.samples >= 1 && task.batch >= 1);
  });

  await t.step("a missing implementation is listed, the others still run", async () => {
    const result = await runSuite({
      ...QUICK_OPTIONS,
      impls: ["impl", "native"],
      modules: { impl: new URL("does_not_exist.ts", testdata).href },
      filter: "has hit (12)",
    });
    assert.deepEqual(result.missing.map((m) => m.name), ["impl"]);
    assert.deepEqual(result.tasks.map((task) => task.impl), ["native"]);
  });

  await t.step("a module answering wrong stops the run before timing", async () => {
    await assert.rejects(
      runSuite({
        ...QUICK_OPTIONS,
        impls: ["impl"],
        modules: { impl: new URL("wrong_get.ts", testdata).href },
        filter: "get hit, same case (12)",
      }),
      (error: unknown) =>
        error instanceof SanityError && /expected \["application\/json"\]/.test(error.message),
    );
  });

  await t.step("an answer that goes wrong during timing fails the digest check", async () => {
    await assert.rejects(
      runSuite({
        ...QUICK_OPTIONS,
        impls: ["impl"],
        modules: { impl: new URL("wrong_after_warmup.ts", testdata).href },
        filter: "get hit, same case (12)",
        timeMs: 20,
      }),
      (error: unknown) =>
        error instanceof SanityError && /digest over \d+ timed batches/.test(error.message),
    );
  });

  await t.step("a stall in the last warm-up batch does not shrink the batch to one", () => {
    // A clock that batches advance: 1 µs an operation, and the batch that ends the 30 ms warm-up
    // stalls 5 ms, as a compile can.
    let clockMs = 0;
    let stalls = 0;
    const timeOf = (_c: Case, count: number) => {
      const stall = clockMs + count / 1000 >= 30 && stalls++ === 0;
      const ns = count * 1000 + (stall ? 5e6 : 0);
      clockMs += ns / 1e6;
      return ns;
    };
    const { batch } = calibrateBatch({} as Case, 10_000, 30, timeOf, () => clockMs);
    assert.equal(stalls > 0, true);
    assert.equal(batch, 10);
  });

  await t.step("a filter matching nothing is an error naming the filter", async () => {
    await assert.rejects(runSuite({ ...QUICK_OPTIONS, filter: "no such op" }), /"no such op"/);
  });
});
