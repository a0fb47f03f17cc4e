import assert from "node:assert/strict";
import { renderJunit } from "./junit.ts";
import type { Summary } from "../campaign/fuzz_report.ts";
import { humanSummary, junitCase } from "../campaign/fuzz_report.ts";

Deno.test("renderJunit counts failures and escapes what XML cannot hold", () => {
  const xml = renderJunit("suite <1>", [
    { name: "passes", seconds: 1 },
    { name: 'fails "here"', seconds: 2.5, failure: { message: "a & b", detail: "x\u0000<y>" } },
  ]);
  assert.match(xml, /<testsuite name="suite &lt;1&gt;" tests="2" failures="1" time="3\.500">/);
  assert.match(xml, /<testcase name="passes" classname="suite &lt;1&gt;" time="1\.000"\/>/);
  assert.match(
    xml,
    /<testcase name="fails &quot;here&quot;"[^>]*>\n +<failure message="a &amp; b">x&lt;y&gt;<\/failure>/,
  );
  assert.ok(!xml.includes("\u0000"), "NUL is dropped");
});

Deno.test("a campaign's JUnit case carries the known classes it went on past", () => {
  const hit = {
    name: "set-cookie-sorted-last",
    summary: "s",
    seenIn: ["bun"],
    seeds: [1],
    runs: 2,
    steps: 3,
    replay: "./headerproof fuzz --seed 1 --path 4",
  };
  const summary: Summary = {
    ok: true,
    interrupted: false,
    target: "native",
    runtime: "bun 1.3.14",
    profile: "server",
    entryPoints: [],
    knownDivergences: ["set-cookie-sorted-last"],
    knownDivergencesAuto: false,
    classesHit: [hit],
    exclusion: { classes: [], generated: 10, dropped: 0 },
    seeds: [1],
    workers: 1,
    runs: 5,
    commands: 20,
    elapsedMs: 1000,
    commandsPerSecond: 20,
    failure: null,
    costs: null,
    wire: null,
    egress: null,
    partial: [],
  };
  const xml = renderJunit("fuzz", [junitCase(summary)]);
  assert.match(xml, /<system-out>known classes hit, expected; [^<]*set-cookie-sorted-last \(seen/);
  assert.match(
    xml,
    /2 run\(s\), 3 step\(s\)[^<]*replay \(the first run[^<]*--path 4<\/system-out>/,
  );
  assert.match(humanSummary(summary, false), /^no new divergence: every difference found/m);
  assert.doesNotMatch(
    renderJunit("fuzz", [junitCase({ ...summary, classesHit: [] })]),
    /system-out/,
  );
});
