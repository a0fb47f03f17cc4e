import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  measureCampaign,
  modelsToMeasure,
  moduleForConfig,
  parseFuzzOutput,
  parseTlcOutput,
} from "./campaign_throughput.ts";

Deno.test("campaign numbers", async (t) => {
  await t.step("the fuzz summary is found in pretty-printed JSON after other output", () => {
    const stdout = 'progress line\n{\n "ok": true,\n "commands": 5000,\n "elapsedMs": 2000,\n' +
      ' "commandsPerSecond": 2500\n}\n';
    assert.equal(parseFuzzOutput(stdout)?.commandsPerSecond, 2500);
    assert.equal(parseFuzzOutput('{"commands": 300, "elapsedMs": 1500}')?.commandsPerSecond, 200);
    assert.equal(parseFuzzOutput("no json here"), null);
    assert.equal(parseFuzzOutput('{"runs": 3}'), null);
  });

  await t.step("TLC's final state counts and depth", () => {
    const output = "Progress(3) at 2026: 100 states generated, 50 distinct states found, 9 left\n" +
      "Model checking completed. No error has been found.\n" +
      "1,234,567 states generated, 89,012 distinct states found, 0 states left on queue.\n" +
      "The depth of the complete state graph search is 17.\n";
    assert.deepEqual(parseTlcOutput(output), {
      generated: 1234567,
      distinct: 89012,
      depth: 17,
      partial: false,
    });
    assert.equal(parseTlcOutput("Error: parse failed"), null);
  });

  await t.step("a stopped TLC run gives its last progress counts, marked partial", () => {
    const output = "Progress(5) at 2026-11-21 09:40:01: 2,000 states generated (900 s/min), " +
      "300 distinct states found (100 ds/min), 40 states left on queue.\n" +
      "Progress(6) at 2026-11-21 09:41:01: 5,000 states generated (3,000 s/min), " +
      "700 distinct states found (400 ds/min), 90 states left on queue.\n";
    assert.deepEqual(parseTlcOutput(output), {
      generated: 5000,
      distinct: 700,
      depth: null,
      partial: true,
    });
  });

  await t.step("a config belongs to the longest module name that prefixes it", () => {
    const modules = ["MCHeaders.tla", "MCHeadersImpl.tla", "Headers.tla"];
    assert.equal(moduleForConfig("MCHeadersImplShared.cfg", modules), "MCHeadersImpl.tla");
    assert.equal(moduleForConfig("MCHeaders.cfg", modules), "MCHeaders.tla");
    assert.equal(moduleForConfig("Other.cfg", modules), null);
  });

  await t.step("the models are CI_MODELS of model/run.ts when it exports them", async () => {
    const models = await modelsToMeasure(new URL("../model/", import.meta.url).pathname);
    assert.ok(models.length > 0);
    for (const { config, module } of models) {
      assert.match(config, /\.cfg$/);
      assert.match(module, /\.tla$/);
    }
  });

  await t.step("missing sources are reported as not available", async () => {
    const root = mkdtempSync(join(tmpdir(), "headerproof-campaign-test-"));
    try {
      const { entries } = await measureCampaign({ root, fuzzSeconds: 1, tlcTimeoutSeconds: 1 });
      assert.deepEqual(entries.map((e) => e.result), [
        "not available: properties/campaign/cli.ts does not exist",
        "not available: properties/campaign/cli.ts does not exist",
        "not available: no model/MC*.cfg",
      ]);
    } finally {
      rmSync(root, { recursive: true });
    }
  });
});
