import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  coveredTestFolders,
  exitStatus,
  gateArguments,
  GATES,
  type Outcome,
  START_ORDER,
} from "./gates.ts";
import { NOT_IMPL_TESTS } from "../properties/mutation/coverage_scope.ts";

const ALL = GATES.map((gate) => gate.name);

Deno.test("each gate gets only its own JUnit flag, and none without --junit", () => {
  const routed = Object.fromEntries(
    GATES.map((gate) => [gate.name, gateArguments(gate, "/r", ["model"])]),
  );
  assert.deepEqual(routed, {
    "check": [],
    "test:unit": ["--junit-path=/r/deno-test.xml"],
    "model": ["--junit", "/r/model.xml"],
    "fuzz:kill": ["--junit", "/r/kill-table.xml"],
    "fuzz:kill:timed": ["--junit", "/r/kill-table-timed.xml"],
    "fuzz:coverage": ["--junit", "/r/properties-test.xml"],
    "bench:repeatable": [],
  });
  for (const gate of GATES) assert.deepEqual(gateArguments(gate, undefined, ["model"]), []);
});

Deno.test("the gates that run deno test skip its type check only when check runs", () => {
  const noCheck = (selected: string[]) =>
    GATES.filter((gate) => gateArguments(gate, undefined, selected).includes("--no-check"))
      .map((gate) => gate.name);
  assert.deepEqual(noCheck(ALL), ["test:unit", "fuzz:coverage"]);
  assert.deepEqual(noCheck(ALL.filter((name) => name !== "check")), []);
});

Deno.test("test:unit leaves properties/ to fuzz:coverage only when that gate runs too", () => {
  const unit = GATES.find((gate) => gate.name === "test:unit")!;
  const ignore = `--ignore=${coveredTestFolders().join(",")}`;
  assert.deepEqual(gateArguments(unit, undefined, ALL.filter((name) => name !== "check")), [
    ignore,
  ]);
  assert.deepEqual(gateArguments(unit, "/r", ["test:unit", "fuzz:coverage"]), [
    "--junit-path=/r/deno-test.xml",
    ignore,
  ]);
  // Every folder of properties/ runs in exactly one of the two gates.
  assert.ok(coveredTestFolders().includes("properties/campaign/"));
  for (const folder of NOT_IMPL_TESTS) assert.ok(!coveredTestFolders().includes(folder));
  assert.deepEqual(gateArguments(unit, undefined, ["test:unit", "model"]), []);
});

Deno.test("every gate has a start position, and only the kill table's timed part runs alone", () => {
  assert.deepEqual([...START_ORDER].sort(), [...ALL].sort());
  assert.deepEqual(GATES.filter((gate) => gate.alone).map((gate) => gate.name), [
    "fuzz:kill:timed",
  ]);
  // The two parts of the kill table together are the whole table.
  const parts = GATES.filter((gate) => gate.task === "fuzz:kill").map((gate) => gate.args);
  assert.deepEqual(parts.map((args) => args?.[args.indexOf("--part") + 1]).sort(), [
    "timed",
    "untimed",
  ]);
});

Deno.test("the exit status is the first failing gate's in GATES order, whatever ended first", () => {
  const outcome = (name: string, code: number): Outcome => ({
    name,
    status: code === 0 ? "ok" : "FAILED",
    seconds: 1,
    code,
  });
  assert.equal(exitStatus([outcome("check", 0), outcome("model", 0)]), 0);
  assert.equal(exitStatus([outcome("fuzz:coverage", 2), outcome("test:unit", 1)]), 1);
  assert.equal(exitStatus([outcome("bench:repeatable", 1), outcome("model", 3)]), 3);
  assert.equal(
    exitStatus([outcome("check", 0), { name: "model", status: "not run", seconds: 0, code: 0 }]),
    0,
  );
});

Deno.test("bad usage exits 2 and runs no gate", () => {
  const gates = fileURLToPath(new URL("./gates.ts", import.meta.url));
  for (const args of [["--only", "nope"], ["--jobs", "0"], ["--frobnicate"]]) {
    const run = spawnSync(Deno.execPath(), ["run", "-A", gates, ...args], { encoding: "utf8" });
    assert.equal(run.status, 2, `${args.join(" ")}: ${run.stderr}`);
    assert.doesNotMatch(run.stderr, /===/);
  }
});
