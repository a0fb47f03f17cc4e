import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../core/cli_runner.ts";
import type { Summary } from "../campaign/coordinator.ts";
import { runtime } from "../targets/runtime.ts";
import { moduleUrl, REFERENCE_URL } from "../targets/targets.ts";
import { NO_MESSAGES } from "./cases.ts";
import type { CostCase } from "./probes.ts";
import { measureOnce } from "./stage.ts";

const testdata = (name: string) => new URL(`./testdata/${name}`, import.meta.url).pathname;

/** The campaign's cost stage alone (one answer run in a clean realm) with `args`. */
function costCampaign(out: string, ...args: string[]) {
  const run = runCli(
    [
      "--runs",
      "1",
      "--realm",
      "clean",
      "--workers",
      "1",
      "--seed",
      "1",
      "--out",
      out,
      "--json",
      ...args,
    ],
    300_000,
  );
  return { status: run.status, stderr: run.stderr, summary: JSON.parse(run.stdout) as Summary };
}

Deno.test("a Headers whose memory grows with operations is a cost counterexample with a reproduction", async () => {
  const out = await Deno.makeTempDir({ prefix: "headerproof-costs-" });
  try {
    const { status, summary, stderr } = costCampaign(
      out,
      "--target",
      testdata("leaky_headers.mjs"),
      "--costs",
      "retained",
    );
    assert.equal(status, 1, stderr);
    const findings = summary.costs?.findings ?? [];
    assert.ok(findings.length > 0);
    const [finding] = findings;
    assert.equal(finding.costClass, "memory-grows-with-operations");
    assert.ok((finding.figures.retainedBytes ?? 0) > (finding.figures.boundBytes ?? Infinity));
    assert.match(finding.context.side, /^native deno/);
    assert.ok(finding.steps.some((step) => step.startsWith("repeat ")));
    assert.match(
      readFileSync(finding.reproduction, "utf8"),
      /^\/\/ headerproof cost counterexample/,
    );
    const repro = spawnSync(Deno.execPath(), ["run", "-A", finding.reproduction], {
      encoding: "utf8",
    });
    assert.equal(repro.status, 1, repro.stderr);
    assert.match(repro.stdout, /^retained .* MiB after 100000 cycles/);
    // The module exports only Headers: its message cases are named, not measured.
    assert.deepEqual(
      summary.costs?.notApplicable.map((entry) => [entry.key.split(":")[0], entry.why]),
      Array(5).fill(["unread", NO_MESSAGES]),
    );
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("the runtime's own Headers keeps churn within the bound", async () => {
  const out = await Deno.makeTempDir({ prefix: "headerproof-costs-" });
  try {
    const { status, summary, stderr } = costCampaign(
      out,
      "--target",
      "native",
      "--costs",
      "retained",
      "--known-divergences",
      "all",
    );
    assert.equal(status, 0, `${stderr}\n${summary.failure?.message}`);
    assert.deepEqual(summary.costs?.findings, []);
    assert.ok((summary.costs?.cases ?? 0) >= 6);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("an unread Response that keeps its init is over its bound; the reference's is not; a module without Request and Response has none to measure", async () => {
  const unread: CostCase = {
    probe: "unread",
    message: "response",
    init: "init-record",
    count: 64,
    entries: 16,
  };
  const measured = async (side: string) => {
    const result = await measureOnce(runtime, side, unread, 30_000);
    assert.ok("figures" in result, JSON.stringify(result));
    return result.figures;
  };
  const keeping = await measured(moduleUrl(testdata("init_keeping_messages.mjs")));
  assert.equal(keeping.over, true, keeping.lines.join("\n"));
  assert.ok((keeping.retainedBytes ?? 0) > (keeping.boundBytes ?? Infinity));
  const reference = await measured(`reference:${REFERENCE_URL}`);
  assert.equal(reference.over, false, reference.lines.join("\n"));
  const impl = await measured("impl");
  assert.deepEqual([impl.over, impl.notApplicable], [false, NO_MESSAGES]);
});

Deno.test("a process that ends under large legal input is an abort finding", async () => {
  const out = await Deno.makeTempDir({ prefix: "headerproof-costs-" });
  try {
    const { status, summary, stderr } = costCampaign(
      out,
      "--target",
      testdata("aborting_headers.mjs"),
      "--costs",
      "large",
    );
    assert.equal(status, 1, stderr);
    const [finding] = summary.costs?.findings ?? [];
    assert.equal(finding?.costClass, "aborts-under-legal-load");
    assert.match(finding.figures.lines[0], /exit code 134.*an abort/);
    assert.equal(finding.key, "large: value-8-mib");
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

/**
 * The large section on stalling_headers.mjs, stalling as `stall` says, with a 6 s timeout (impl
 * needs at most 1.3 s of CPU time for a large input; the 18 s of wall time leave room for a busy
 * machine).
 */
async function stallingCampaign(stall: "compute" | "wait") {
  const out = await Deno.makeTempDir({ prefix: "headerproof-costs-" });
  const log = join(out, "stalls.log");
  Deno.env.set("HEADERPROOF_STALL", stall);
  Deno.env.set("HEADERPROOF_STALL_LOG", log);
  try {
    const run = costCampaign(
      out,
      "--target",
      testdata("stalling_headers.mjs"),
      "--costs",
      "large",
      "--cost-timeout",
      "6",
    );
    return { ...run, stalls: readFileSync(log, "utf8").split("\n").length - 1 };
  } finally {
    Deno.env.delete("HEADERPROOF_STALL");
    Deno.env.delete("HEADERPROOF_STALL_LOG");
    await Deno.remove(out, { recursive: true });
  }
}

Deno.test("a case that computes its timeout's CPU seconds without a result is a hang, counted without a second run", async () => {
  const { status, summary, stderr, stalls } = await stallingCampaign("compute");
  assert.equal(status, 1, stderr);
  const findings = summary.costs?.findings ?? [];
  assert.deepEqual(findings.map((f) => f.key), ["large: value-8-mib"]);
  assert.equal(findings[0].costClass, "aborts-under-legal-load");
  // Computing (the CPU bound), or not run enough by a busy machine within 3 times the timeout.
  assert.match(
    findings[0].figures.lines[0],
    /^no result (after 6 s of CPU time|within 18 s) \(a hang\)$/,
  );
  // Stopped by its CPU time, the case is not run again to confirm it (a busy machine that stopped
  // it by wall time has it run once more).
  assert.equal(stalls, findings[0].figures.lines[0].includes("CPU") ? 1 : 2);
});

Deno.test("a case that waits longer than its timeout without computing it, then answers, is no hang", async () => {
  const { status, summary, stderr } = await stallingCampaign("wait");
  assert.equal(status, 0, `${stderr}\n${JSON.stringify(summary.costs?.findings)}`);
  assert.deepEqual(summary.costs?.findings, []);
  assert.deepEqual(summary.costs?.unconfirmed, []);
});

Deno.test("--costs names sections; an unknown one is a usage error", () => {
  const run = runCli(["--costs", "retained,speed"]);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /--costs is all, none or a list of/);
});
