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

const script = new URL("./testdata/tampered_import.ts", import.meta.url).pathname;

Deno.test("impl's guards, values and TypeErrors hold with a built-in it never calls patched before import", async (t) => {
  for (const patch of PATCHES) {
    if (!patch.beforeImport) continue;
    await t.step(patch.name, async () => {
      const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
        args: ["run", "--no-check", "--allow-read", script, patch.name],
        stdout: "piped",
        stderr: "piped",
      }).output();
      const decoder = new TextDecoder();
      assert.equal(code, 0, decoder.decode(stderr));
      assert.deepStrictEqual(
        JSON.parse(decoder.decode(stdout)),
        JSON.parse(JSON.stringify(expected)),
      );
    });
  }
});
