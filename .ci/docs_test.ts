import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import {
  type DocSection,
  generate,
  MissingMarkerError,
  renderGates,
  replaceSection,
  ROOT,
  SECTIONS,
  WHOLE_FILE,
} from "./docs.ts";
import { GATES, type GateTimes, gateTimesOf, type Outcome } from "./gates.ts";

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

Deno.test("every generated section of the committed docs is up to date", () => {
  const stale = [...generate(SECTIONS, read)].flatMap(([file, entry]) =>
    entry.stale.map((marker) => `${file} ${marker}`)
  );
  assert.deepEqual(stale, [], "run ./headerproof docs");
});

Deno.test("a planted stale figure is named by its file and section, and only that one", () => {
  const kill = SECTIONS.find((section) => section.marker === "kill-table")!;
  const planted = (file: string) =>
    file === kill.file ? read(file).replace(/runs (\d+) variants/, "runs 1 variants") : read(file);
  assert.notEqual(planted(kill.file), read(kill.file), "the plant must change the file");
  const stale = [...generate(SECTIONS, planted)].flatMap(([file, entry]) =>
    entry.stale.map((marker) => `${file} ${marker}`)
  );
  assert.deepEqual(stale, [`${kill.file} kill-table`]);
});

Deno.test("a section is replaced between its markers; a file without them is named", () => {
  const text = "a\n<!-- docs:x start -->\nold\n<!-- docs:x end -->\nb\n";
  assert.equal(
    replaceSection(text, "f.md", "x", "new"),
    "a\n<!-- docs:x start -->\n\nnew\n\n<!-- docs:x end -->\nb\n",
  );
  assert.throws(() => replaceSection("a\n", "f.md", "x", "new"), MissingMarkerError);
  assert.throws(() => replaceSection("a\n", "f.md", "x", "new"), /f\.md has no <!-- docs:x/);
  const one: DocSection = { file: "f.md", marker: "x", render: () => "new" };
  const [[, entry]] = [...generate([one], () => text)];
  assert.deepEqual(entry.stale, ["x"]);
});

Deno.test("a whole-file section replaces the file and is stale when the file differs", () => {
  const whole: DocSection = { file: "g.md", marker: WHOLE_FILE, render: () => "# G\n\ntext\n" };
  const [[, fresh]] = [...generate([whole], () => "# G\n\ntext\n")];
  assert.deepEqual(fresh.stale, []);
  const [[, stale]] = [...generate([whole], () => "# G\n\nold\n")];
  assert.deepEqual(stale.stale, [WHOLE_FILE]);
  assert.equal(stale.after, "# G\n\ntext\n");
});

Deno.test("the gate section lists every gate with its recorded time, and refuses a missing one", () => {
  const times: GateTimes = {
    command: "./headerproof test --record-times",
    jobs: 2,
    measured: "2026-01-01",
    wallSeconds: 99,
    gates: Object.fromEntries(GATES.map((gate, k) => [gate.name, k + 1])),
  };
  const text = renderGates(times);
  for (const gate of GATES) assert.match(text, new RegExp(`\`${gate.name}\``));
  assert.match(text, /All gates in 99 s/);
  const { check: _, ...rest } = times.gates;
  assert.throws(() => renderGates({ ...times, gates: rest }), /no time for check/);
});

Deno.test("gate times are recorded only from a run of every gate, all passing", () => {
  const outcome = (name: string, status: Outcome["status"]): Outcome => ({
    name,
    status,
    seconds: 10.4,
    code: status === "FAILED" ? 1 : 0,
  });
  const now = new Date("2026-02-03T04:05:06Z");
  const all = GATES.map((gate) => outcome(gate.name, "ok"));
  const record = gateTimesOf(all, 2, 60.6, now)!;
  assert.equal(record.measured, "2026-02-03");
  assert.equal(record.wallSeconds, 61);
  assert.deepEqual(Object.keys(record.gates), GATES.map((gate) => gate.name));
  assert.equal(gateTimesOf(all.slice(1), 2, 60, now), null);
  assert.equal(gateTimesOf([outcome("check", "FAILED"), ...all.slice(1)], 2, 60, now), null);
});

/** Every README*.md of the project (the toolchain and caches left out). */
function readmes(dir = ROOT): string[] {
  const skip = new Set([".git", ".tools", "node_modules", ".cache"]);
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return skip.has(entry.name) ? [] : readmes(join(dir, entry.name));
    return /^README.*\.md$/.test(entry.name) ? [relative(ROOT, join(dir, entry.name))] : [];
  }).sort();
}

/** Words as `wc -w` counts them. */
const words = (text: string) => text.split(/\s+/).filter((word) => word !== "").length;

Deno.test("README.md is at most 2,000 words and all READMEs together at most 12,000", () => {
  const counts = Object.fromEntries(readmes().map((file) => [file, words(read(file))]));
  assert.ok(counts["README.md"] <= 2_000, `README.md has ${counts["README.md"]} words`);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  assert.ok(total <= 12_000, `the READMEs have ${total} words: ${JSON.stringify(counts)}`);
});

Deno.test("no README line outside code blocks is over 100 characters", () => {
  const long: string[] = [];
  for (const file of readmes()) {
    let code = false;
    read(file).split("\n").forEach((line, k) => {
      if (/^\s*(```|~~~)/.test(line)) code = !code;
      else if (!code && [...line].length > 100) long.push(`${file}:${k + 1}`);
    });
  }
  assert.deepEqual(long, []);
});
