import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { caseKey, costCases } from "../costs/cases.ts";
import { measureOnce } from "../costs/stage.ts";
import { runtime } from "../targets/runtime.ts";
import { applyVariant, plantVariant, StaleVariantError, VARIANTS } from "./variants.ts";

Deno.test("every broken variant still applies to impl, each to a different spot", () => {
  assert.ok(VARIANTS.length >= 20);
  assert.equal(new Set(VARIANTS.map((v) => v.name)).size, VARIANTS.length);
  const dir = mkdtempSync(join(tmpdir(), "headerproof-variants-"));
  try {
    for (const variant of VARIANTS) {
      const modulePath = applyVariant(variant, join(dir, variant.name));
      const patched = readFileSync(join(modulePath, "..", variant.patches[0].file), "utf8");
      const original = readFileSync(
        new URL(
          `../../${variant.patches[0].folder ?? "impl"}/${variant.patches[0].file}`,
          import.meta.url,
        ),
        "utf8",
      );
      assert.notEqual(patched, original, `${variant.name} changes nothing`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("a variant whose search text is gone is a hard error naming it", () => {
  const dir = mkdtempSync(join(tmpdir(), "headerproof-variants-"));
  try {
    const stale = {
      name: "stale",
      bug: "",
      patches: [{ file: "headers.ts", search: "no such text in impl", replace: "" }],
    };
    assert.throws(() => applyVariant(stale, dir), (error: unknown) => {
      assert.ok(error instanceof StaleVariantError);
      assert.match(error.message, /variant stale no longer applies to impl — update it/);
      return true;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("the churn with 2 MiB values read between writes catches a get cache that outlives a delete; impl passes it", async () => {
  const large = costCases({ sections: ["retained"], factor: 10 }, 1).find((costCase) =>
    caseKey(costCase) === "churn: every read kind between writes of 2 MiB values"
  )!;
  const figuresOn = async (side: string) => {
    const result = await measureOnce(runtime, side, large, 30_000);
    assert.ok("figures" in result, JSON.stringify(result));
    return result.figures;
  };
  const planted = await plantVariant(VARIANTS.find((v) => v.name === "get-cache-outlives-delete")!);
  try {
    const variant = await figuresOn(planted.modulePath);
    assert.equal(variant.over, true, variant.lines.join("\n"));
  } finally {
    await planted.remove();
  }
  const impl = await figuresOn("impl");
  assert.equal(impl.over, false, impl.lines.join("\n"));
});

Deno.test("only answer variants of impl are fuzzed in a tampered realm too", () => {
  const tampered = VARIANTS.filter((variant) => variant.realm === "both");
  assert.ok(tampered.length > 0);
  for (const variant of tampered) {
    // The reference's layer calls built-ins user code can replace; a cost, wire or egress variant
    // runs no answer stage.
    assert.equal(variant.module ?? "impl", "impl", variant.name);
    assert.equal(variant.costClass, undefined, variant.name);
    assert.equal(variant.killedBy, undefined, variant.name);
  }
});
