/**
 * Trace validation in `deno test`: seeded random traces of the target module (impl/mod.ts, or
 * spec/mod.ts before impl exists, or HEADERPROOF_MODEL_TARGET) and of the reference are checked
 * by TLC, in one run, to be behaviors of the implementation spec HeadersImpl; and a bug planted
 * in a real module (a view cache delete forgets) makes trace validation fail.
 */

import assert from "node:assert/strict";
import * as referenceModule from "../spec/mod.ts";
import type { HeadersModule } from "../spec/contract.ts";
import { withViewCache } from "./planted.ts";
import { defaultTargetPath, recordTrace, type TraceEntry, validateTraces } from "./trace.ts";

/** Traces per module per CI run, and operations per trace. */
const TARGET_TRACES = 40;
const REFERENCE_TRACES = 20;
const STEPS = 30;

/**
 * First seed of the batch: fixed so a failure reproduces, or HEADERPROOF_TRACE_SEED to explore
 * other traces (the failure message names the trace; its seed is first seed + index).
 */
const FIRST_SEED = Number(Deno.env.get("HEADERPROOF_TRACE_SEED") ?? "1000");

// The reference's freezeHeaders takes its own Headers class, narrower than the contract's
// HeadersLike; every call here passes it one of its own objects.
const reference = referenceModule as unknown as HeadersModule;

function traces(mod: HeadersModule, count: number, firstSeed: number): TraceEntry[][] {
  return Array.from(
    { length: count },
    (_, i) => recordTrace(mod, { seed: firstSeed + i, steps: STEPS }),
  );
}

Deno.test("TLC accepts random traces of the target and the reference as HeadersImpl behaviors", async () => {
  const targetPath = defaultTargetPath();
  const target = (await import(targetPath)) as HeadersModule;
  const batch = [
    ...traces(target, TARGET_TRACES, FIRST_SEED),
    ...traces(reference, REFERENCE_TRACES, FIRST_SEED + TARGET_TRACES),
  ];
  const verdict = await validateTraces(batch);
  assert.equal(
    verdict.accepted,
    true,
    `trace ${verdict.rejection?.trace} (of ${targetPath} when <= ${TARGET_TRACES}, else the ` +
      `reference) rejected at entry ${verdict.rejection?.entry}: ${
        JSON.stringify(verdict.rejection?.call)
      }`,
  );
  // Every entry became one state: the whole batch was consumed.
  const entries = batch.reduce((sum, trace) => sum + trace.length, 0);
  assert.equal(verdict.report.distinctStates, entries);
});

Deno.test("trace validation rejects a Headers whose view cache survives delete", async (t) => {
  const target = (await import(defaultTargetPath())) as HeadersModule;
  const seeds = 12;
  await t.step("the view cache wrapper itself is faithful when delete invalidates", async () => {
    const faithful = withViewCache(target, { invalidateOnDelete: true });
    const verdict = await validateTraces(traces(faithful, seeds, 1));
    assert.equal(verdict.accepted, true, JSON.stringify(verdict.rejection));
  });
  await t.step("with the invalidation dropped, TLC rejects the trace at a delete", async () => {
    const stale = withViewCache(target, { invalidateOnDelete: false });
    const verdict = await validateTraces(traces(stale, seeds, 1));
    assert.equal(verdict.accepted, false, "the stale view after delete went unnoticed");
    assert.equal(verdict.report.outcome, "deadlock");
    assert.equal(verdict.rejection?.call.op, "delete");
  });
});
