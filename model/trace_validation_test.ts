/**
 * Trace validation in `deno test`: seeded random traces of impl, recorded through its test-only
 * introspection hook (internal state at every step), are checked by TLC in one run to be
 * behaviors of HeadersImpl; a trace of the reference spec/mod.ts (no lazy raw list, no cache,
 * no sharing) is rejected; and each bug planted in a copy of impl (model/planted.ts) is
 * rejected.
 */

import assert from "node:assert/strict";
import type { HeadersModule } from "../spec/contract.ts";
import { plantVariant } from "../properties/mutation/variants.ts";
import { TRACE_VARIANTS } from "./planted.ts";
import { type ObjectName } from "./mapping.ts";
import { probeFor, recordTrace, type TraceEntry } from "./record.ts";
import { validateTraces } from "./trace_validation.ts";

/** Traces per batch and operations per trace. */
const TRACES = 40;
const STEPS = 30;

/**
 * First seed of the batch: fixed so a failure reproduces, or HEADERPROOF_TRACE_SEED to explore
 * other traces (the failure message names the trace; its seed is first seed + index).
 */
const FIRST_SEED = Number(Deno.env.get("HEADERPROOF_TRACE_SEED") ?? "1000");

const IMPL_PATH = new URL("../impl/mod.ts", import.meta.url).pathname;
const SPEC_PATH = new URL("../spec/mod.ts", import.meta.url).pathname;

async function traces(path: string, count: number): Promise<TraceEntry[][]> {
  const mod = (await import(path)) as HeadersModule;
  let guards: () => Record<ObjectName, string> = () => ({ a: "none", b: "none" });
  const probe = await probeFor(path, () => guards());
  return Array.from({ length: count }, (_, i) =>
    recordTrace(mod, (recorded) => {
      guards = recorded;
      return probe;
    }, { seed: FIRST_SEED + i, steps: STEPS }));
}

Deno.test("TLC accepts random traces of impl, internal state included, as HeadersImpl behaviors", async () => {
  const batch = await traces(IMPL_PATH, TRACES);
  const verdict = await validateTraces(batch);
  assert.equal(
    verdict.accepted,
    true,
    `trace ${verdict.rejection?.trace} (seed ${
      FIRST_SEED + (verdict.rejection?.trace ?? 1) - 1
    }) ` +
      `rejected at entry ${verdict.rejection?.entry}: ${JSON.stringify(verdict.rejection?.call)}`,
  );
  // Every entry became one state: the whole batch was consumed.
  const entries = batch.reduce((sum, trace) => sum + trace.length, 0);
  assert.equal(verdict.report.distinctStates, entries);
  // Some trace wrote to a raw list before anything read it: the first entry after init shows
  // a write (append or set accepted) on an object that was still pending at init.
  assert.ok(
    batch.some((trace) =>
      trace.slice(1).some((entry, k) => {
        const before = trace[k].objects[entry.call.obj as ObjectName];
        const after = entry.objects[entry.call.obj as ObjectName];
        return (entry.call.op === "append" || entry.call.op === "set") && before?.pending &&
          !after.pending && !after.valid;
      })
    ),
    "no trace wrote first to a never-read raw list",
  );
  // Some trace deleted the one header of a pending list (impl's #deleteLonePending).
  assert.ok(
    batch.some((trace) =>
      trace.slice(1).some((entry, k) => {
        const before = trace[k].objects[entry.call.obj as ObjectName];
        return entry.call.op === "delete" && before?.pending && before.raw.length === 1 &&
          before.raw[0][0].toLowerCase() === entry.call.name.toLowerCase();
      })
    ),
    "no trace deleted a pending list's one header",
  );
});

Deno.test("trace validation checks the invariants: a no-CORS raw list over 128 bytes breaks StdGuardsHold", async () => {
  // The recorder once drew such lists (accept: l, e, e is 130 bytes); TLC with the invariants
  // found it. A one-entry trace: object a made from that list under request-no-cors.
  const [init] = (await traces(IMPL_PATH, 1))[0];
  const raw: [string, string][] = [["accept", "l"], ["accept", "e"], ["accept", "e"]];
  const index = Object.fromEntries(Object.keys(init.objects.a.index).map((name) => [name, []]));
  const entry: TraceEntry = {
    ...init,
    lists: { ...init.lists, a: raw },
    objects: {
      ...init.objects,
      a: {
        guard: "request-no-cors",
        pending: true,
        raw,
        index,
        valid: false,
        view: [],
        shared: true,
        peers: ["a"],
      },
    },
  };
  const verdict = await validateTraces([[entry]]);
  assert.equal(verdict.accepted, false);
  assert.deepEqual(verdict.rejection && [verdict.rejection.entry, verdict.rejection.violated], [
    1,
    "StdGuardsHold",
  ]);
});

Deno.test("a trace of the reference spec/mod.ts is rejected as a HeadersImpl behavior", async () => {
  const verdict = await validateTraces(await traces(SPEC_PATH, 3));
  assert.equal(verdict.accepted, false, "a module without raw list, cache or sharing passed");
  assert.equal(verdict.rejection?.entry, 1);
});

/** The planted bugs in reads: the read that must be the first entry the model rejects. */
const REJECTED_AT_A_READ: Record<string, string> = {
  "get-set-cookie-hands-out-its-array": "getSetCookie",
  "has-skips-unread-raw-list": "has",
};

for (const variant of TRACE_VARIANTS) {
  Deno.test(`trace validation rejects impl with the planted bug ${variant.name}`, async () => {
    const planted = await plantVariant(variant);
    try {
      const verdict = await validateTraces(await traces(planted.modulePath, TRACES));
      assert.equal(verdict.accepted, false, `${variant.bug}: went unnoticed`);
      assert.equal(verdict.report.outcome, "deadlock");
      if (variant.name in REJECTED_AT_A_READ) {
        assert.equal(verdict.rejection?.call.op, REJECTED_AT_A_READ[variant.name]);
      }
    } finally {
      await planted.remove();
    }
  });
}
