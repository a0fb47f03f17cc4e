import assert from "node:assert/strict";
import { runCli } from "../core/cli_runner.ts";
import type { Summary } from "./fuzz_report.ts";

const CANDIDATE = new URL("../testdata/lowercases_header_list.mjs", import.meta.url).pathname;

Deno.test("a wrong header list is a counterexample whose reproduction shows it", async () => {
  const out = await Deno.makeTempDir({ prefix: "headerproof-header-list-" });
  try {
    const campaign = runCli([
      "--target",
      CANDIDATE,
      "--runs",
      "300",
      "--workers",
      "1",
      "--seed",
      "1",
      "--out",
      out,
      "--json",
    ]);
    const summary = JSON.parse(campaign.stdout) as Summary;
    assert.equal(campaign.status, 1);
    assert.match(summary.failure!.message, /headerListOf\(h\[\d\]\)/);
    assert.ok(summary.entryPoints.some((line) => line.startsWith("headerListOf")));
    const reproduction = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", summary.failure!.reproduction!],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(reproduction.code, 1);
    assert.match(new TextDecoder().decode(reproduction.stdout), /headerListOf\(h\[\d\]\)/);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});
