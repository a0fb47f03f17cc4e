import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { wireClasses } from "../classes/classes.ts";
import { runWireProperty, type WireCandidate } from "../wire/wire_property.ts";
import { applyVariant } from "./variants.ts";
import type { Variant } from "./variant.ts";
import { H2_READER_UNPLANTED, WIRE_VARIANTS } from "./wire_variants.ts";

/** The h2 variants: those whose patch gives the copy's mod.ts a headersFromH2Fields. */
const H2_VARIANTS = WIRE_VARIANTS.filter((variant) =>
  variant.patches.some((patch) => patch.replace.includes("export function headersFromH2Fields"))
);

/** The module hook of a copy of impl with `variant` applied, as the wire property calls it. */
async function candidateOf(variant: Variant, dir: string): Promise<WireCandidate> {
  const exports = await import(pathToFileURL(applyVariant(variant, join(dir, variant.name))).href);
  return {
    name: variant.name,
    headersFromRawList: exports.headersFromRawList,
    headersFromH2Fields: exports.headersFromH2Fields,
  };
}

Deno.test("a module's headersFromH2Fields is judged on both h2 sides: the plain reader passes, each planted h2 bug is caught", async () => {
  assert.equal(H2_VARIANTS.length, 6);
  const dir = mkdtempSync(join(tmpdir(), "headerproof-h2-reader-"));
  const options = { runs: 40, seed: 1, timeLimitMs: 20_000, knownClasses: wireClasses() };
  try {
    const unplanted = await runWireProperty({
      ...options,
      candidate: await candidateOf({
        name: "h2-reader-unplanted",
        bug: "none",
        patches: [{ ...H2_VARIANTS[0].patches[0], replace: H2_READER_UNPLANTED }],
      }, dir),
    });
    assert.equal(unplanted.divergence, null, JSON.stringify(unplanted.divergence));
    for (const variant of H2_VARIANTS) {
      const result = await runWireProperty({
        ...options,
        candidate: await candidateOf(variant, dir),
      });
      const divergence = result.divergence;
      assert.ok(divergence !== null, `${variant.name} was not caught`);
      assert.equal(divergence.h2Fields, true, variant.name);
      assert.match(divergence.side, /^h2-/, variant.name);
      assert.ok(result.path?.startsWith("h2:"), `${variant.name}: ${result.path}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
