/** Unit tests of model/tlc.ts (reading TLC's report) and model/run.ts (judging it). */

import assert from "node:assert/strict";
import { integerOption, parseErrorTrace, parseTlcOutput, workersOption } from "./tlc.ts";
import { renderJunit } from "../properties/core/junit.ts";
import {
  BUG_MODELS,
  CI_MODELS,
  type Expectation,
  isSmallModel,
  jobs,
  judge,
  junitCases,
  type ModelResult,
  plantedConfig,
  violatedName,
} from "./run.ts";
import { deepConfig, judgeSimulation } from "./nightly.ts";

const PASSED = `Model checking completed. No error has been found.
165,278 states generated, 4,589 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 8.
Finished in 24s at (2026-11-21 08:48:47)`;

const INVARIANT = `Error: Invariant CacheCoherent is violated.
Error: The behavior up to this point is:
State 1: <Initial predicate>
/\\ guard = (a :> "none" @@ b :> "none")
/\\ valid = (a :> FALSE @@ b :> FALSE)

State 2: <DeleteHeader line 290, col 3 to line 312, col 40 of module HeadersImpl>
/\\ guard = (a :> "none" @@ b :> "none")
/\\ valid = (a :> TRUE @@ b :> FALSE)

7,028 states generated, 1,136 distinct states found, 864 states left on queue.
The depth of the complete state graph search is 4.`;

Deno.test("parseTlcOutput reads a passing run's statistics", () => {
  const report = parseTlcOutput(PASSED, 0);
  assert.equal(report.outcome, "passed");
  assert.equal(report.statesGenerated, 165278);
  assert.equal(report.distinctStates, 4589);
  assert.equal(report.depth, 8);
});

Deno.test("parseTlcOutput names the violated invariant", () => {
  const report = parseTlcOutput(INVARIANT, 12);
  assert.equal(report.outcome, "invariant");
  assert.equal(report.violated, "CacheCoherent");
});

Deno.test("parseTlcOutput tells action properties, deadlocks and parse errors apart", () => {
  const property = parseTlcOutput(
    "Error: Action property line 345, col 17 to line 345, col 29 of module Headers is violated.",
    13,
  );
  assert.equal(property.outcome, "property");
  assert.match(property.violated ?? "", /module Headers/);
  assert.equal(parseTlcOutput("Error: Deadlock reached.", 11).outcome, "deadlock");
  const parseError = parseTlcOutput(
    "*** Errors: 1\nUnknown operator: `o'.\nError: Parsing or semantic analysis failed.",
    150,
  );
  assert.equal(parseError.outcome, "failed");
});

Deno.test("judge accepts only the intended invariant for a planted-bug model", () => {
  const report = { ...parseTlcOutput(INVARIANT, 12), wallMs: 1 };
  const cache: Expectation = { kind: "violated", name: "CacheCoherent" };
  assert.equal(judge("MCHeadersImplBugs", cache, report).ok, true);
  const other: Expectation = { kind: "violated", name: "TypeOK" };
  assert.equal(judge("MCHeadersImplBugs", other, report).ok, false);
  assert.equal(
    judge("MCHeadersImplBugs", cache, { ...parseTlcOutput(PASSED, 0), wallMs: 1 }).ok,
    false,
  );
  assert.equal(
    judge("MCHeadersImplBugs", cache, {
      ...parseTlcOutput("Error: Parsing failed", 150),
      wallMs: 1,
    })
      .ok,
    false,
  );
});

Deno.test("violatedName names an action property by the definition at TLC's location", () => {
  const source = Deno.readTextFileSync(new URL("./Headers.tla", import.meta.url)).split("\n");
  const line = source.findIndex((text) => text.startsWith("Spec ==")) + 1;
  const output = `Error: Action property line ${line}, col 9 to line ${line}, col 25 of module ` +
    "Headers is violated.";
  const report = { ...parseTlcOutput(output, 13), wallMs: 1 };
  assert.equal(violatedName("MCHeadersImplBugs", report), "StdSpec");
  assert.equal(violatedName("MCHeaders", report), "Spec");
});

const RECORDED = { generated: 165278, distinct: 4589, depth: 8 };

Deno.test("judge fails a CI model on any violation and on counts other than recorded", () => {
  const counts = (recorded?: typeof RECORDED): Expectation => ({ kind: "counts", recorded });
  const report = { ...parseTlcOutput(INVARIANT, 12), wallMs: 1 };
  assert.equal(judge("MCHeaders", counts(RECORDED), report).ok, false);
  const passed = { ...parseTlcOutput(PASSED, 0), wallMs: 1 };
  assert.equal(judge("MCHeaders", counts(RECORDED), passed).ok, true);
  assert.equal(judge("MCHeaders", counts({ ...RECORDED, distinct: 4590 }), passed).ok, false);
  assert.equal(judge("MCHeaders", counts({ ...RECORDED, depth: 9 }), passed).ok, false);
  assert.equal(judge("MCHeaders", counts(), passed).ok, false);
  assert.equal(judge("MCHeaders", { kind: "passes" }, passed).ok, true);
});

const BASE = `\\* the base model
CONSTANTS
  Names <- MCNames
  Profile = "standard"
SPECIFICATION Spec
\\* type
INVARIANT TypeOK
\\* sharers
INVARIANT SharersSeeNoForeignWrite
\\* refinement
PROPERTY StdSpec
CHECK_DEADLOCK TRUE`;

Deno.test("plantedConfig plants the bug in the base's constants and keeps the target check alone, or all but it", () => {
  const bug = BUG_MODELS.find((run) => run.mustViolate === "SharersSeeNoForeignWrite")!;
  const target = plantedConfig(BASE, bug, "target");
  assert.match(target, new RegExp(`Profile = "standard"\\n.*\\n {2}${bug.plant}\\n`));
  assert.match(target, /\nINVARIANT SharersSeeNoForeignWrite\n/);
  assert.doesNotMatch(target, /TypeOK|StdSpec|\* type|the base model/);
  assert.match(target, /SPECIFICATION Spec[\s\S]*CHECK_DEADLOCK TRUE$/);
  const others = plantedConfig(BASE, bug, "others");
  assert.match(others, /INVARIANT TypeOK\n[\s\S]*PROPERTY StdSpec/);
  assert.doesNotMatch(others, /INVARIANT SharersSeeNoForeignWrite|\* sharers/);
  assert.throws(() => plantedConfig("CONSTANTS\n  Names <- X", bug, "target"), /does not check/);
});

/** The text of model/NAME.cfg. */
const readConfig = (name: string) =>
  Deno.readTextFileSync(new URL(`./${name}.cfg`, import.meta.url));

Deno.test("every invariant and property of every CI model has a planted bug that must violate it", () => {
  const checked = new Set(
    CI_MODELS.flatMap((run) =>
      [...readConfig(run.config).matchAll(/^(?:INVARIANT|PROPERTY) (\w+)$/gm)].map((m) => m[1])
    ),
  );
  const planted = new Set(BUG_MODELS.map((bug) => bug.mustViolate));
  assert.deepEqual([...checked].filter((name) => !planted.has(name)), []);
  // Every planted config generates from its base (the base checks the target).
  const all = jobs(readConfig);
  assert.equal(all.filter((job) => job.generated !== null).length, BUG_MODELS.length + 1);
});

Deno.test("the CI models recorded with fewer than 5,000 distinct states run as short runs", () => {
  const small = jobs(readConfig).filter(isSmallModel).map((job) => job.name);
  assert.deepEqual(small, ["MCHeaders", "MCHeadersImplIter"]);
});

Deno.test("every CI model records its counts", () => {
  for (const run of CI_MODELS) {
    const { generated, distinct, depth } = run.recorded;
    assert.ok(generated >= distinct && distinct > 0 && depth > 0, run.config);
  }
});

Deno.test("parseErrorTrace reads TLC's error trace state by state", () => {
  const trace = parseErrorTrace(INVARIANT);
  assert.equal(trace.length, 2);
  assert.equal(trace[0].action, "<Initial predicate>");
  assert.match(trace[1].action, /^<DeleteHeader /);
  assert.deepEqual(trace[1].values.valid, { a: true, b: false });
  assert.deepEqual(parseErrorTrace(PASSED), []);
});

Deno.test("junitCases: one case per model and a failure, with where TLC's output was kept, for an unexpected result", () => {
  const result: ModelResult = {
    config: "MCHeaders",
    module: "MCHeaders",
    about: "a <b>",
    mustViolate: null,
    ok: true,
    why: "no error",
    outcome: "passed",
    violated: null,
    statesGenerated: 1,
    distinctStates: 1,
    depth: 1,
    wallSeconds: 1.5,
    keptIn: null,
  };
  const cases = junitCases([result, {
    ...result,
    config: "MCBug",
    ok: false,
    why: 'expected "X" & <Y>',
    keptIn: "/tmp/x",
  }]);
  assert.deepEqual(cases, [
    { name: "MCHeaders", seconds: 1.5 },
    {
      name: "MCBug",
      seconds: 1.5,
      failure: {
        message: 'expected "X" & <Y>',
        detail: 'expected "X" & <Y>\nTLC output and trace: /tmp/x',
      },
    },
  ]);
  assert.match(renderJunit("model", cases), /failures="1"/);
});

Deno.test("judgeSimulation wants nothing of the correct spec and the planted violation of a bug", () => {
  const passed = { ...parseTlcOutput("Finished in 06s at (2026-11-23 19:34:19)", 0), wallMs: 1 };
  const violation = { ...parseTlcOutput(INVARIANT, 12), wallMs: 1 };
  const bug = BUG_MODELS.find((run) => run.mustViolate === "CacheCoherent")!;
  assert.equal(judgeSimulation(null, passed, false), null);
  assert.match(judgeSimulation(null, violation, false) ?? "", /correct spec/);
  assert.equal(judgeSimulation(bug, violation, false), null);
  assert.match(judgeSimulation(bug, passed, true) ?? "", /stopped at the budget/);
});

Deno.test("model --json: the JSON document alone on stdout, the table row by row on stderr", async () => {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      new URL("./run.ts", import.meta.url).pathname,
      "--only",
      "MCBugDeleteKeepsView",
      "--json",
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const [out, err] = [new TextDecoder().decode(stdout), new TextDecoder().decode(stderr)];
  assert.equal(code, 0, err);
  assert.equal(JSON.parse(out).results[0].config, "MCBugDeleteKeepsView");
  assert.match(err, /^MCBugDeleteKeepsView +[\d,]+ +[\d,]+ +\d+ +[\d.]+ +ok: /m);
});

Deno.test("parseTlcOutput reads distributed TLC: an unnamed error trace, and a stopped run's last progress", () => {
  const distributed = parseTlcOutput(
    `TLC server at vm is ready (2026-11-25 02:04:29)
Error: The behavior up to this point is:
State 1: <Initial predicate>
/\\ clock = 4

State 2: <NextPairSkipsAfterRebuild line 100, col 7 to line 111, col 49 of module MCHeadersImplBugs>
/\\ clock = 5

1485 states generated, 164 distinct states found, 39 states left on queue.
Finished in 19s at (2026-11-25 02:04:48)`,
    0,
  );
  assert.equal(distributed.outcome, "violation");
  assert.equal(distributed.violated, null);
  assert.equal(distributed.distinctStates, 164);
  assert.equal(distributed.depth, null);
  const stopped = parseTlcOutput(
    "Progress(4) at 2026-11-25 02:00:12: 44,449 states generated (44,174 s/min), 5,413 distinct " +
      "states found (5,296 ds/min), 4,154 states left on queue.\nProgress(5) at 2026-11-25 " +
      "02:01:12: 102,114 states generated (50,265 s/min), 10,568 distinct states found (4,345 " +
      "ds/min), 6,719 states left on queue.",
    143,
  );
  assert.equal(stopped.outcome, "failed");
  assert.equal(stopped.statesGenerated, 102114);
  assert.equal(stopped.distinctStates, 10568);
});

Deno.test("deepConfig raises MCHeadersImplShared's MaxListLen to 3 and adds an iterator, and fails without them", () => {
  const shared = Deno.readTextFileSync(new URL("./MCHeadersImplShared.cfg", import.meta.url));
  assert.match(deepConfig(shared), /^ {2}MaxListLen = 3$/m);
  assert.match(deepConfig(shared), /^ {2}Iterators = \{i1\}$/m);
  assert.throws(() => deepConfig("CONSTANTS\n  MaxListLen = 4"), /MaxListLen = 2/);
  assert.throws(() => deepConfig("CONSTANTS\n  MaxListLen = 2\n  Iterators = {i1}"), /Iterators/);
});

Deno.test("integerOption takes decimal digits at or above its minimum, workersOption also auto", () => {
  assert.equal(integerOption("seed", "0", 0), 0);
  assert.equal(integerOption("traces", "2000", 1), 2000);
  for (const text of ["", " 3", "3 ", "1e3", "0x10", "-1", "2.5", "99999999999999999999"]) {
    assert.throws(() => integerOption("traces", text, 0), {
      message: `--traces takes an integer >= 0, not ${JSON.stringify(text)}`,
    }, text);
  }
  assert.throws(
    () => integerOption("local-workers", "0", 1),
    /--local-workers takes an integer >= 1/,
  );
  assert.equal(workersOption("auto"), "auto");
  assert.equal(workersOption("2"), 2);
  assert.throws(() => workersOption("0"), {
    message: '--workers takes "auto" or an integer >= 1, not "0"',
  });
});
