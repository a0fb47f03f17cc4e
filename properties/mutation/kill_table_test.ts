import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { VARIANTS } from "./variants.ts";

const KILL_TABLE = fileURLToPath(new URL("./kill_table.ts", import.meta.url));

/** The kill table's exit status and standard error with `args` (every run here is a usage error). */
function killTable(...args: string[]) {
  const run = spawnSync(Deno.execPath(), ["run", "-A", KILL_TABLE, ...args], { encoding: "utf8" });
  return { status: run.status, stderr: run.stderr };
}

Deno.test("--part splits the table: a step-cost variant is timed, every other one untimed", () => {
  const timed = VARIANTS.filter((variant) => variant.costClass === "superlinear-steps");
  const untimed = VARIANTS.filter((variant) => variant.costClass !== "superlinear-steps");
  assert.ok(timed.length > 0 && untimed.length > 0);
  // A variant outside the part it is asked in leaves nothing to run: exit 2, before any campaign.
  const outside = killTable("--part", "timed", "--only", untimed[0].name);
  assert.equal(outside.status, 2, outside.stderr);
  assert.match(outside.stderr, new RegExp(`no variant of ${untimed[0].name} is in --part timed`));
  const other = killTable("--part", "untimed", "--only", timed[0].name);
  assert.equal(other.status, 2, other.stderr);
  const bad = killTable("--part", "some");
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--part takes all, timed, untimed, not "some"/);
});
