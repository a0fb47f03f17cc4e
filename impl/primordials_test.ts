import assert from "node:assert/strict";
import * as impl from "./mod.ts";
import { type BatteryModule, PATCHES, runBattery } from "./testdata/tamper_battery.ts";

const module = impl as unknown as BatteryModule;
const expected = runBattery(module);

Deno.test("impl's guards, values and TypeErrors hold with a built-in patched after import", async (t) => {
  for (const patch of PATCHES) {
    await t.step(patch.name, () => {
      const restore = patch.install();
      let outcomes;
      try {
        outcomes = runBattery(module);
      } finally {
        restore();
      }
      assert.deepStrictEqual(outcomes, expected);
    });
  }
});
