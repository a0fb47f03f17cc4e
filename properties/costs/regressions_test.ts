import assert from "node:assert/strict";
import { REGRESSIONS } from "./regressions.ts";
import { measureOnce } from "./stage.ts";
import { runtime } from "../targets/runtime.ts";

for (const regression of REGRESSIONS) {
  Deno.test(`cost regression on impl: ${regression.name}`, async () => {
    const measured = await measureOnce(runtime, "impl", regression.costCase, 120_000);
    assert.ok("figures" in measured, "impl loads");
    assert.equal(
      measured.figures.over,
      false,
      `${regression.found}; now: ${measured.figures.lines.join(" ")}`,
    );
  });
}
