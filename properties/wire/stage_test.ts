import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseCliArgs } from "../campaign/cli_args.ts";
import { runCli } from "../core/cli_runner.ts";
import type { Summary } from "../campaign/fuzz_report.ts";
import { shownBytes } from "./reproduction.ts";
import { runWireStage, wireCorpusEntry, WireLoadError, wireReportLines } from "./stage.ts";
import type { WireDivergence } from "./wire_property.ts";
import { loadTarget } from "../targets/targets.ts";
import { World } from "../oracle/world.ts";
import { existsSync } from "node:fs";

const ROOT = new URL("../..", import.meta.url).pathname;
const IMPL = pathToFileURL(join(ROOT, "impl", "mod.ts")).href;

/**
 * impl with a planted wire bug: `headersFromRawList` drops every field after the first of a
 * repeated name (the materialization bug the brief names), the rest of impl untouched.
 */
const DROPS_REPEATED = `import * as impl from ${JSON.stringify(IMPL)};
export const { Headers, headersWithGuard, freezeHeaders } = impl;
export function headersFromRawList(flat, guard, options) {
  const seen = new Set();
  const kept = [];
  for (let i = 0; i < flat.length; i += 2) {
    const lower = flat[i].toLowerCase();
    if (!seen.has(lower)) kept.push(flat[i], flat[i + 1]);
    seen.add(lower);
  }
  return impl.headersFromRawList(kept, guard, options);
}
`;

/**
 * impl with a planted bug only field lines reach: `headersFromRawList` drops a trailing byte 0xA0
 * (no-break space) from each value; the model stage's raw lists never end a value with it.
 */
const DROPS_TRAILING_NBSP = `import * as impl from ${JSON.stringify(IMPL)};
export const { Headers, headersWithGuard, freezeHeaders } = impl;
export function headersFromRawList(flat, guard, options) {
  return impl.headersFromRawList(
    flat.map((item, i) => i % 2 === 1 ? item.replace(/\u00a0$/, "") : item),
    guard,
    options,
  );
}
`;

/**
 * impl with a planted bug that shows in one process only: the first process to load it (the one
 * that finds no marker file beside it, and writes one) drops every field after the first of a
 * repeated name; every later process is impl itself. A replay in a fresh process passes.
 */
const DROPS_REPEATED_ONCE = `import * as impl from ${JSON.stringify(IMPL)};
import { existsSync, writeFileSync } from "node:fs";
export const { Headers, headersWithGuard, freezeHeaders } = impl;
const marker = new URL("./loaded-once", import.meta.url);
const broken = !existsSync(marker);
writeFileSync(marker, "");
export function headersFromRawList(flat, guard, options) {
  if (!Array.isArray(flat)) return impl.headersFromRawList(flat, guard, options);
  const seen = new Set();
  const kept = [];
  for (let i = 0; i < flat.length; i += 2) {
    const lower = flat[i].toLowerCase();
    if (!broken || !seen.has(lower)) kept.push(flat[i], flat[i + 1]);
    seen.add(lower);
  }
  return impl.headersFromRawList(kept, guard, options);
}
`;

/**
 * impl whose `headersFromRawList` never returns on a raw list that repeats a name (a case the
 * generator makes only after some runs), and is impl's otherwise.
 */
const LOOPS_ON_REPEATED = `import * as impl from ${JSON.stringify(IMPL)};
export const { Headers, headersWithGuard, freezeHeaders } = impl;
export function headersFromRawList(flat, guard, options) {
  const names = flat.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
  if (new Set(names).size < names.length) for (;;);
  return impl.headersFromRawList(flat, guard, options);
}
`;

/**
 * impl whose `headersFromRawList` ends the process as an abort does (exit status 134) when a value
 * reaches 16,000 characters: only the h2 blocks near a peer's header-list limit have those.
 */
const ABORTS_ON_LARGE = `import * as impl from ${JSON.stringify(IMPL)};
export const { Headers, headersWithGuard, freezeHeaders } = impl;
export function headersFromRawList(flat, guard, options) {
  if (flat.some((item) => item.length >= 16000)) Deno.exit(134);
  return impl.headersFromRawList(flat, guard, options);
}
`;

/**
 * Runs the reproduction `file` under this Deno in a fresh process, stopped after `timeout` ms
 * (status null then).
 */
function runReproductionFile(
  file: string,
  timeout = 60_000,
): { status: number | null; stdout: string } {
  const run = spawnSync(Deno.execPath(), ["run", "-A", file], { encoding: "utf8", timeout });
  return { status: run.status, stdout: run.stdout + run.stderr };
}

/** Writes `files` into a new temporary folder; returns its path. */
async function folderWith(files: Record<string, string>): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "headerproof-wire-" });
  for (const [name, text] of Object.entries(files)) await Deno.writeTextFile(join(dir, name), text);
  return dir;
}

Deno.test("the wire stage feeds impl's headersFromRawList the field lines and finds nothing", async () => {
  const out = join(await folderWith({}), "out");
  try {
    const report = await runWireStage(
      parseCliArgs(["--target", "impl", "--seed", "3", "--out", out]),
      [],
    );
    assert.equal(report.notFuzzed, null);
    assert.match(report.entryPoint, /^wire: headersFromRawList/);
    assert.equal(report.divergence, null, JSON.stringify(report.divergence));
    assert.equal(report.runs, 500);
    assert.equal(report.parserDivergenceCount, 0);
    // Without a divergence, nothing is replayed and nothing is written.
    assert.equal(existsSync(out), false);
  } finally {
    await Deno.remove(join(out, ".."), { recursive: true });
  }
});

Deno.test("a module whose raw list drops repeated fields is a wire counterexample that replays in a fresh process", async () => {
  const dir = await folderWith({ "drops.mjs": DROPS_REPEATED });
  try {
    const options = parseCliArgs([
      "--target",
      join(dir, "drops.mjs"),
      "--seed",
      "5",
      "--out",
      join(dir, "out"),
    ]);
    const report = await runWireStage(options, []);
    const divergence = report.divergence;
    assert.ok(divergence !== null, "the planted bug was not caught");
    assert.equal(divergence.replays, "alone");
    const names = divergence.fieldLines.map((line) => line.split(":")[0].toLowerCase());
    assert.equal(names.length, 2, `not minimized: ${JSON.stringify(divergence.fieldLines)}`);
    assert.equal(names[0], names[1]);
    assert.ok(divergence.path.length > 0);
    assert.match(divergence.replay, / --seed 5 --wire-path /);
    const text = wireReportLines(report, () => null).join("\n");
    assert.match(text, /WIRE COUNTEREXAMPLE/);
    assert.ok(text.includes(`replay: ${divergence.replay}`));
    // The printed command, run as printed (outside the wrapper: the runtime on cli.ts).
    const replay = spawnSync("bash", ["-c", divergence.replay], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 120_000,
      env: { ...Deno.env.toObject(), HEADERPROOF_COMMAND: "" },
    });
    assert.equal(replay.status, 1, replay.stderr);
    assert.ok(replay.stdout.includes(shownBytes(divergence.fieldLines[0])), replay.stdout);
    assert.ok(text.includes(`reproduction (self-contained; run it under deno `));
    assert.ok(text.includes(divergence.reproduction));
    const source = await Deno.readTextFile(divergence.reproduction);
    const module = pathToFileURL(join(dir, "drops.mjs")).href;
    // Its one import is the candidate module (the replay comment may name the CLI's path).
    const imports = [...source.matchAll(/\bimport\b[^"']*["']([^"']+)["']/g)].map((m) => m[1]);
    assert.deepEqual(imports, [module], "it imports nothing of headerproof");
    const reproduced = runReproductionFile(divergence.reproduction);
    assert.equal(reproduced.status, 1, reproduced.stdout);
    assert.match(reproduced.stdout, /expected: .*\nactual: {3}.*\ndiverges from the reference/);
    // The same file pointed at impl (the fix) agrees.
    const fixed = join(dir, "fixed.mjs");
    assert.ok(source.includes(JSON.stringify(module)));
    await Deno.writeTextFile(fixed, source.replace(JSON.stringify(module), JSON.stringify(IMPL)));
    const agrees = runReproductionFile(fixed);
    assert.equal(agrees.status, 0, agrees.stdout);
    assert.match(agrees.stdout, /no divergence: it agrees/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a module call that never returns on the wire is a hang finding of the exchange in progress, with its path", async () => {
  const dir = await folderWith({ "loops.mjs": LOOPS_ON_REPEATED });
  try {
    const report = await runWireStage(
      parseCliArgs(["--target", join(dir, "loops.mjs"), "--seed", "5", "--out", join(dir, "out")]),
      [],
    );
    const hang = report.divergence;
    assert.equal(report.stopped, null);
    assert.ok(hang !== null, "the hang was not reported as a finding");
    assert.equal(hang.kind, "hang");
    // The exchange that hung, not the last one that returned: its raw list repeats a name.
    const names = JSON.parse(hang.bytes).filter((_: string, i: number) => i % 2 === 0)
      .map((name: string) => name.toLowerCase());
    assert.ok(new Set(names).size < names.length, hang.bytes);
    // Not the first run: the path counts the runs before it, and replays it alone.
    assert.notEqual(hang.path, "0");
    assert.equal(hang.replays, "alone");
    assert.match(
      wireReportLines(report, () => null).join("\n"),
      /WIRE COUNTEREXAMPLE \(server side, hang; /,
    );
    // The reproduction hangs on it; pointed at impl (the fix), the call returns.
    const source = await Deno.readTextFile(hang.reproduction);
    const hung = runReproductionFile(hang.reproduction, 5_000);
    assert.equal(hung.status, null, hung.stdout);
    assert.match(hung.stdout, /calling: headersFromRawList\(/);
    const fixed = join(dir, "fixed.mjs");
    const module = JSON.stringify(pathToFileURL(join(dir, "loops.mjs")).href);
    await Deno.writeTextFile(fixed, source.replace(module, JSON.stringify(IMPL)));
    const returns = runReproductionFile(fixed);
    assert.equal(returns.status, 0, returns.stdout);
    assert.match(returns.stdout, /the hang is not reproduced/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a process that ends during an h2 exchange of a large block is a crash finding of that exchange, with its path", async () => {
  const dir = await folderWith({ "aborts.mjs": ABORTS_ON_LARGE });
  try {
    const report = await runWireStage(
      parseCliArgs(["--target", join(dir, "aborts.mjs"), "--seed", "5", "--out", join(dir, "out")]),
      [],
    );
    const crash = report.divergence;
    assert.equal(report.stopped, null);
    assert.ok(crash !== null, "the crash was not reported as a finding");
    assert.equal(crash.kind, "crash");
    assert.match(crash.side, /^h2-/);
    assert.ok(crash.path.startsWith("h2:"), crash.path);
    assert.ok(crash.fieldLines.some((line) => line.length >= 16_000));
    assert.match(crash.detail ?? "", /exit code 134.*an abort/);
    assert.equal(crash.replays, "alone");
    assert.match(wireReportLines(report, () => null).join("\n"), /: a crash, /);
    // The reproduction ends the same way.
    const ended = runReproductionFile(crash.reproduction);
    assert.equal(ended.status, 134, ended.stdout);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a wire divergence that does not replay in a fresh process is reported as unconfirmed", async () => {
  const dir = await folderWith({ "once.mjs": DROPS_REPEATED_ONCE });
  try {
    const report = await runWireStage(
      parseCliArgs(["--target", join(dir, "once.mjs"), "--seed", "5", "--out", join(dir, "out")]),
      [],
    );
    const divergence = report.divergence;
    assert.ok(divergence !== null, "the planted bug was not caught in the first process");
    assert.equal(divergence.replays, "never");
    const text = wireReportLines(report, () => null).join("\n");
    assert.match(text, /^UNCONFIRMED WIRE COUNTEREXAMPLE \(server side, reference; seed 5, path /m);
    assert.match(text, /flaky \/ not reproduced/);
    assert.ok(text.includes(`replay: ${divergence.replay}`));
    // Its reproduction does not diverge either: the module is not deterministic.
    assert.equal(runReproductionFile(divergence.reproduction).status, 0);
    // In a campaign (the wire stage is the first to load it without --costs): exit 1 as an
    // answer stage's unconfirmed counterexample, and the JUnit failure says it is unconfirmed.
    await Deno.remove(join(dir, "loaded-once"));
    const junit = join(dir, "junit.xml");
    const run = runCli([
      ...["--target", join(dir, "once.mjs"), "--seed", "5", "--runs", "5", "--workers", "1"],
      ...["--costs", "none", "--wire", "on", "--json", "--junit", junit, "--out", join(dir, "out")],
    ]);
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /not reproduced in a fresh process: unconfirmed/);
    assert.equal((JSON.parse(run.stdout) as Summary).wire?.divergence?.replays, "never");
    assert.match(await Deno.readTextFile(junit), /<failure message="wire \(unconfirmed: /);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a module without headersFromRawList is not fuzzed on the wire, and says so", async () => {
  const dir = await folderWith({
    "plain.mjs": `export { Headers } from ${JSON.stringify(IMPL)};\n`,
    "broken.mjs": "export const Headers = ;\n",
  });
  try {
    const report = await runWireStage(parseCliArgs(["--target", join(dir, "plain.mjs")]), []);
    assert.equal(
      report.entryPoint,
      "wire: not fuzzed (the module does not export headersFromRawList)",
    );
    assert.equal(report.divergence, null);
    await assert.rejects(
      runWireStage(parseCliArgs(["--target", join(dir, "broken.mjs")]), []),
      WireLoadError,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a wire stage that cannot run is a harness error with its cause", async () => {
  const options = parseCliArgs(["--target", "impl"]);
  options.runtime = { name: "deno", version: "0", execPath: "/nonexistent/deno" };
  await assert.rejects(
    runWireStage(options, []),
    /the wire stage .*cannot start \/nonexistent\/deno/s,
  );
});

Deno.test("the report shows bytes 0x7F-0xFF escaped", () => {
  assert.equal(shownBytes(["X: a\u00a0", "Y: \u0085"]), '["X: a\\u00a0","Y: \\u0085"]');
});

Deno.test("the campaign carries the wire stage: exit 1, the summary and JUnit; --wire none skips it", async () => {
  const dir = await folderWith({ "drops.mjs": DROPS_TRAILING_NBSP });
  try {
    const target = join(dir, "drops.mjs");
    const junit = join(dir, "junit.xml");
    const common = [
      "--target",
      target,
      "--runs",
      "20",
      "--workers",
      "1",
      "--seed",
      "5",
      "--json",
      "--out",
      join(dir, "out"),
    ];
    const run = runCli([...common, "--wire", "on", "--junit", junit]);
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /wire stage: \d+ heads in [\d.]+ s, 1 Headers divergence/);
    const summary = JSON.parse(run.stdout) as Summary;
    assert.equal(summary.ok, false);
    assert.equal(summary.failure, null);
    const divergence = summary.wire?.divergence;
    assert.ok(divergence != null);
    assert.equal(divergence.replays, "alone");
    assert.ok(divergence.reproduction.startsWith(join(dir, "out")), divergence.reproduction);
    assert.ok(existsSync(divergence.reproduction));
    assert.match(run.stderr, /1 Headers divergence\(s\) \(replayed in a fresh process\)/);
    assert.ok(summary.entryPoints.some((line) => line.startsWith("wire: headersFromRawList")));
    assert.match(await Deno.readTextFile(junit), /<failure message="wire: /);
    // The model stage alone does not see this bug: the wire stage is what kills it.
    const skipped = runCli([...common, "--wire", "none"]);
    assert.equal(skipped.status, 0, skipped.stderr);
    assert.equal((JSON.parse(skipped.stdout) as Summary).wire, null);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a wire divergence's corpus entry replays its head as a raw list: it fails on the bug, passes on impl", async () => {
  const dir = await folderWith({ "drops.mjs": DROPS_REPEATED });
  try {
    const options = parseCliArgs(["--target", join(dir, "drops.mjs"), "--seed", "5"]);
    const divergence: WireDivergence = {
      side: "client",
      kind: "reference",
      bytes: "",
      fieldLines: ["X-A: 1 ", "x-a:2"],
      expected: null,
      actual: null,
    };
    const entry = wireCorpusEntry(options, divergence, "7:1", "replay command")!;
    assert.equal(entry.property, "wire");
    assert.equal(entry.profile, "server");
    assert.deepEqual(entry.steps[0], {
      op: "rawList",
      slot: 0,
      flat: ["X-A", "1", "x-a", "2"],
      guard: "immutable",
      first: null,
    });
    const replay = async (target: string) => {
      const loaded = await loadTarget({ target, profile: entry.profile });
      const world = new World(loaded.candidate, loaded.reference, { realm: null });
      for (const step of entry.steps) world.step(step);
    };
    await assert.rejects(() => replay(join(dir, "drops.mjs")));
    await replay("impl");
    // A head a conforming parser rejects is a parser divergence: no entry.
    assert.equal(wireCorpusEntry(options, { ...divergence, fieldLines: ["X A: 1"] }, "", ""), null);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
