/**
 * impl with a built-in replaced before it loads (issue 10's "before the candidate loads"): each
 * patch of the battery is installed in a fresh Deno process, then impl is imported for the first
 * time and the battery run (`impl/testdata/tampered_import.ts`). Outcomes must equal a clean
 * realm's. Part of the property suite, so the coverage gate counts what these processes run of
 * impl: `deno task fuzz:coverage` sets `HEADERPROOF_COVERAGE_DIR`, and each process writes its
 * coverage there.
 */
import assert from "node:assert/strict";
import * as impl from "../../impl/mod.ts";
import { runCoveredScript } from "../core/cli_runner.ts";
import { type BatteryModule, PATCHES, runBattery } from "../../impl/testdata/tamper_battery.ts";

const expected = JSON.parse(JSON.stringify(runBattery(impl as unknown as BatteryModule)));
const script = new URL("../../impl/testdata/tampered_import.ts", import.meta.url).pathname;

Deno.test("impl's guards, values and TypeErrors hold with a built-in replaced before impl loads", async (t) => {
  for (const patch of PATCHES) {
    await t.step(patch.name, async () => {
      assert.deepStrictEqual(await runCoveredScript(script, [patch.name]), expected);
    });
  }
});
