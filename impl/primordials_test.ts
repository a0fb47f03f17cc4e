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

Deno.test("impl extends the engine's Map and Set, and ignores patches to them, when the globals were subclassed before it loaded", async () => {
  const script = new URL("./testdata/subclassed_collections.ts", import.meta.url).pathname;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  const { batteries, extendsEngine } = JSON.parse(new TextDecoder().decode(stdout));
  assert.equal(extendsEngine, true);
  const clean = JSON.parse(JSON.stringify(expected));
  assert.equal(batteries.length, 4);
  for (const outcomes of batteries) assert.deepStrictEqual(outcomes, clean);
});
