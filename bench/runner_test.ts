import assert from "node:assert/strict";
import { QUICK_OPTIONS, runSuite } from "./runner.ts";
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

  await t.step("a filter matching nothing is an error naming the filter", async () => {
    await assert.rejects(runSuite({ ...QUICK_OPTIONS, filter: "no such op" }), /"no such op"/);
  });
});
