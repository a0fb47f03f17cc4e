/**
 * `./headerproof test` (`deno task test`): every gate CI runs, one after the other, stopping at the
 * first that fails, then a summary with each gate's result and time. Exits with the failing gate's
 * status (0 when all pass, 2 on bad usage).
 *
 * Gates: `check` (fmt, lint, type check), `test:unit` (`deno test -A`), `model` (TLC), `fuzz:kill`
 * (the kill table), `fuzz:coverage` (the coverage gate), `bench:repeatable` (instruction counts).
 *
 * Options: `--junit DIR` writes JUnit XML reports into DIR (relative to the caller's directory):
 * `deno-test.xml`, `model.xml` and `kill-table.xml`, each flag handed only to the gate it is for.
 * `--only NAME[,NAME]` runs only the named gates, in the same order.
 *
 * @example
 * ```sh
 * ./headerproof test --junit reports
 * ```
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import process from "node:process";
import { parseArgs } from "node:util";

/** One gate: the task it runs and the arguments that make it write a JUnit report into `dir`. */
export interface Gate {
  task: string;
  junit?: (dir: string) => string[];
}

/** The gates, in the order they run. */
export const GATES: readonly Gate[] = [
  { task: "check" },
  { task: "test:unit", junit: (dir) => [`--junit-path=${join(dir, "deno-test.xml")}`] },
  { task: "model", junit: (dir) => ["--junit", join(dir, "model.xml")] },
  { task: "fuzz:kill", junit: (dir) => ["--junit", join(dir, "kill-table.xml")] },
  { task: "fuzz:coverage" },
  { task: "bench:repeatable" },
];

/** The arguments `gate` gets: its JUnit flag when a JUnit folder is asked for, nothing else. */
export function gateArguments(gate: Gate, junitDir: string | undefined): string[] {
  return junitDir !== undefined && gate.junit !== undefined ? gate.junit(junitDir) : [];
}

/** How one gate ended. */
interface Outcome {
  task: string;
  status: "ok" | "FAILED" | "not run";
  seconds: number;
  code: number;
}

function main(args: string[]): number {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { junit: { type: "string" }, only: { type: "string" } },
      strict: true,
    }));
  } catch (error) {
    console.error(
      `${(error as Error).message}\nusage: ./headerproof test [--junit DIR] [--only A,B]`,
    );
    return 2;
  }
  const only = values.only?.split(",");
  const unknown = (only ?? []).filter((name) => !GATES.some((gate) => gate.task === name));
  if (unknown.length > 0) {
    console.error(`unknown gate(s) ${unknown.join(", ")}; gates: ${GATES.map((g) => g.task)}`);
    return 2;
  }
  const caller = process.env.HEADERPROOF_CALLER_DIR || process.cwd();
  const junitDir = values.junit === undefined ? undefined : resolve(caller, values.junit);
  if (junitDir !== undefined) mkdirSync(junitDir, { recursive: true });
  const outcomes: Outcome[] = [];
  let failed: Outcome | null = null;
  for (const gate of GATES.filter((g) => only === undefined || only.includes(g.task))) {
    if (failed !== null) {
      outcomes.push({ task: gate.task, status: "not run", seconds: 0, code: 0 });
      continue;
    }
    const extra = gateArguments(gate, junitDir);
    console.error(`\n=== ${gate.task} ${extra.join(" ")}`.trimEnd());
    const started = Date.now();
    const run = spawnSync(process.execPath, ["task", gate.task, ...extra], { stdio: "inherit" });
    const code = run.status ?? 1;
    const outcome: Outcome = {
      task: gate.task,
      status: code === 0 ? "ok" : "FAILED",
      seconds: (Date.now() - started) / 1000,
      code,
    };
    outcomes.push(outcome);
    if (code !== 0) failed = outcome;
  }
  const total = outcomes.reduce((sum, o) => sum + o.seconds, 0);
  console.error("\nheaderproof test:");
  for (const o of outcomes) {
    const time = o.status === "not run" ? "" : `${o.seconds.toFixed(1).padStart(7)} s`;
    const exit = o.status === "FAILED" ? ` (exit ${o.code})` : "";
    console.error(`  ${o.task.padEnd(18)} ${o.status.padEnd(8)}${time}${exit}`);
  }
  console.error(
    failed === null
      ? `all gates passed in ${total.toFixed(0)} s`
      : `${failed.task} failed after ${total.toFixed(0)} s`,
  );
  if (junitDir !== undefined) console.error(`JUnit reports: ${junitDir}`);
  return failed === null ? 0 : failed.code;
}

if (import.meta.main) process.exit(main(process.argv.slice(2)));
