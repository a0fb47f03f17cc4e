/**
 * `./headerproof test` (`deno task test`): every gate CI runs, then a summary with each gate's
 * result and wall-clock time. Exits with the status of the first failing gate in {@link GATES}
 * order (0 when all pass, 2 on bad usage).
 *
 * Gates: `check` (fmt, lint, type check), `test:unit` (`deno test -A`), `model` (TLC), `fuzz:kill`
 * and `fuzz:kill:timed` (the kill table, `--part untimed` and `--part timed`), `fuzz:coverage` (the
 * coverage gate), `bench:repeatable` (instruction counts).
 *
 * Schedule: a gate whose verdict does not depend on how busy the machine is (answers, TLC state
 * counts, coverage, callgrind instruction counts, the kill table's answers, heap figures and hangs
 * judged by CPU time) runs beside another one, `--jobs` at a time (default 2), each writing its
 * output into `.cache/gates/NAME.log`, printed whole when it ends. A gate that times costs
 * (`fuzz:kill:timed`: the unpatched impl's step costs and those of the variants killed by a step
 * cost) runs alone afterwards, its output streamed. Once a gate fails no further gate starts; the
 * ones running finish and are reported.
 *
 * The property suite (`properties/`) runs once: when both `test:unit` and `fuzz:coverage` are
 * selected, `test:unit` leaves `properties/` to the coverage gate, which runs it under coverage
 * and fails when any of its tests fails.
 *
 * Options: `--junit DIR` writes JUnit XML reports into DIR (relative to the caller's directory):
 * `deno-test.xml`, `properties-test.xml` (the property suite, from `fuzz:coverage`), `model.xml`
 * `kill-table.xml` and `kill-table-timed.xml`, each flag handed only to the gate it is for. `--only NAME[,NAME]` runs only
 * the named gates. `--jobs N` runs up to N gates at a time (1: one after the other, in order).
 * `--record-times` (with every gate, none failing) writes each gate's time into
 * `.ci/gate_times.json`, the committed record `./headerproof docs` puts into README.md.
 *
 * @example
 * ```sh
 * ./headerproof test --junit reports
 * ```
 *
 * @module
 */
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { NOT_IMPL_TESTS } from "../properties/mutation/coverage_scope.ts";

/**
 * One gate: its name (in the summary, `--only` and the time record), the task it runs with its
 * arguments, and the arguments that make it write a JUnit report into `dir`.
 */
export interface Gate {
  name: string;
  task: string;
  args?: readonly string[];
  junit?: (dir: string) => string[];
  /** The verdict depends on load (it times costs): the gate runs alone, after the others. */
  alone?: boolean;
}

/** The gates, in the order their results are reported and their failures ranked. */
export const GATES: readonly Gate[] = [
  { name: "check", task: "check" },
  {
    name: "test:unit",
    task: "test:unit",
    junit: (dir) => [`--junit-path=${join(dir, "deno-test.xml")}`],
  },
  { name: "model", task: "model", junit: (dir) => ["--junit", join(dir, "model.xml")] },
  // The kill table in two parts: the variants whose kill is an answer, a heap figure, a thrown
  // error or a hang judged by CPU time, one at a time beside the other gates, each with twice the
  // table's default 30 s (the machine is shared: a kill's runs, not its seconds, are what load
  // does not change); then, alone, those whose kill times steps.
  {
    name: "fuzz:kill",
    task: "fuzz:kill",
    args: ["--part", "untimed", "--jobs", "1", "--time", "60"],
    junit: (dir) => ["--junit", join(dir, "kill-table.xml")],
  },
  {
    name: "fuzz:kill:timed",
    task: "fuzz:kill",
    args: ["--part", "timed"],
    junit: (dir) => ["--junit", join(dir, "kill-table-timed.xml")],
    alone: true,
  },
  {
    name: "fuzz:coverage",
    task: "fuzz:coverage",
    junit: (dir) => ["--junit", join(dir, "properties-test.xml")],
  },
  { name: "bench:repeatable", task: "bench:repeatable" },
];

/**
 * The order gates start in: `check` first (seconds; a lint or type error keeps the gates after it
 * from starting), then the longest first among those that share the machine (so the last to end
 * does not start late; the times are in .ci/gate_times.json), then the ones that run alone.
 */
export const START_ORDER: readonly string[] = [
  "check",
  "fuzz:coverage",
  "model",
  "fuzz:kill",
  "test:unit",
  "bench:repeatable",
  "fuzz:kill:timed",
];

/** The folders of properties/ whose tests `fuzz:coverage` runs, sorted. */
export function coveredTestFolders(): string[] {
  const root = fileURLToPath(new URL("../properties/", import.meta.url));
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `properties/${entry.name}/`)
    .filter((folder) => !NOT_IMPL_TESTS.includes(folder))
    .sort();
}

/** The gates that run `deno test`, which type-checks what it loads unless told `--no-check`. */
const TEST_GATES: readonly string[] = ["test:unit", "fuzz:coverage"];

/**
 * The arguments `gate` gets among the `selected` gates: its JUnit flag when a JUnit folder is
 * asked for; for `test:unit`, when `fuzz:coverage` runs the property suite, `--ignore=` every
 * folder of properties/ that gate runs (all but properties/mutation/coverage.ts `NOT_IMPL_TESTS`);
 * for the gates that run `deno test`, `--no-check` when `check` runs (its `deno check .` has
 * type-checked every file they load, and a type error there stops the gates after it).
 */
export function gateArguments(
  gate: Gate,
  junitDir: string | undefined,
  selected: readonly string[],
): string[] {
  const junit = junitDir !== undefined && gate.junit !== undefined ? gate.junit(junitDir) : [];
  const ignore = gate.name === "test:unit" && selected.includes("fuzz:coverage")
    ? [`--ignore=${coveredTestFolders().join(",")}`]
    : [];
  const noCheck = TEST_GATES.includes(gate.name) && selected.includes("check")
    ? ["--no-check"]
    : [];
  return [...junit, ...ignore, ...noCheck];
}

/** How one gate ended. */
export interface Outcome {
  /** The gate's name. */
  name: string;
  status: "ok" | "FAILED" | "not run";
  seconds: number;
  code: number;
}

/** The exit status of a run whose gates ended as `outcomes`: the first failure's, in GATES order. */
export function exitStatus(outcomes: readonly Outcome[]): number {
  const rank = (o: Outcome) => GATES.findIndex((gate) => gate.name === o.name);
  const failed = outcomes.filter((o) => o.status === "FAILED").sort((a, b) => rank(a) - rank(b));
  return failed.length === 0 ? 0 : failed[0].code;
}

/** The committed record of a full run's gate times (`./headerproof test --record-times`). */
export interface GateTimes {
  /** The command whose run it records. */
  command: string;
  /** Gates at a time (`--jobs`). */
  jobs: number;
  /** The day it was measured (YYYY-MM-DD, UTC). */
  measured: string;
  /** Wall-clock seconds of the whole run of gates. */
  wallSeconds: number;
  /** Wall-clock seconds per gate, by task name, in {@link GATES} order. */
  gates: Record<string, number>;
}

/** Where the record is kept. */
export const GATE_TIMES_PATH: string = fileURLToPath(new URL("./gate_times.json", import.meta.url));

/**
 * The record of a run whose gates ended as `outcomes`: null unless every gate of {@link GATES}
 * ran and passed, so the record is always of one whole passing run.
 */
export function gateTimesOf(
  outcomes: readonly Outcome[],
  jobs: number,
  wallSeconds: number,
  now: Date,
): GateTimes | null {
  const passed = new Map(outcomes.filter((o) => o.status === "ok").map((o) => [o.name, o]));
  if (!GATES.every((gate) => passed.has(gate.name))) return null;
  const round = (seconds: number) => Math.round(seconds);
  return {
    command: "./headerproof test --record-times",
    jobs,
    measured: now.toISOString().slice(0, 10),
    wallSeconds: round(wallSeconds),
    gates: Object.fromEntries(
      GATES.map((gate) => [gate.name, round(passed.get(gate.name)!.seconds)]),
    ),
  };
}

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const LOG_DIR = join(ROOT, ".cache", "gates");

/** Runs `deno task TASK ...extra`, its output streamed, or written to `log` and printed at its end. */
function runGate(task: string, extra: string[], log: string | null): Promise<number> {
  const fd = log === null ? null : openSync(log, "w");
  const child = spawn(process.execPath, ["task", task, ...extra], {
    cwd: ROOT,
    stdio: fd === null ? "inherit" : ["ignore", fd, fd],
  });
  return new Promise((done) => {
    child.on("error", (error) => {
      console.error(`cannot start deno task ${task}: ${error.message}`);
      done(2);
    });
    child.on("close", (code) => {
      if (fd !== null) {
        closeSync(fd);
        console.error(`\n${`=== ${task} ${extra.join(" ")}`.trimEnd()} (output of ${log})`);
        process.stderr.write(readFileSync(log!));
      }
      done(code ?? 1);
    });
  });
}

/** Runs `selected` gates `jobs` at a time (alone ones afterwards, one by one); their outcomes. */
async function runGates(
  selected: readonly Gate[],
  junitDir: string | undefined,
  jobs: number,
): Promise<Outcome[]> {
  const names = selected.map((gate) => gate.name);
  const outcomes = new Map<string, Outcome>();
  let failed = false;
  const run = async (gate: Gate, shared: boolean) => {
    if (failed) {
      outcomes.set(gate.name, { name: gate.name, status: "not run", seconds: 0, code: 0 });
      return;
    }
    const extra = [...(gate.args ?? []), ...gateArguments(gate, junitDir, names)];
    const log = shared ? join(LOG_DIR, `${gate.name.replaceAll(":", "-")}.log`) : null;
    console.error(
      shared
        ? `=== ${gate.name} started (${jobs} at a time; output when it ends)`
        : `\n=== ${gate.name}: ${gate.task} ${extra.join(" ")}`.trimEnd(),
    );
    const started = Date.now();
    const code = await runGate(gate.task, extra, log);
    const seconds = (Date.now() - started) / 1000;
    outcomes.set(gate.name, {
      name: gate.name,
      status: code === 0 ? "ok" : "FAILED",
      seconds,
      code,
    });
    if (code !== 0) failed = true;
  };
  const ordered = [...selected].sort((a, b) =>
    START_ORDER.indexOf(a.name) - START_ORDER.indexOf(b.name)
  );
  const queue = ordered.filter((gate) => !gate.alone);
  mkdirSync(LOG_DIR, { recursive: true });
  const lane = async () => {
    for (let gate = queue.shift(); gate !== undefined; gate = queue.shift()) {
      await run(gate, jobs > 1);
    }
  };
  await Promise.all(Array.from({ length: jobs }, lane));
  for (const gate of ordered.filter((gate) => gate.alone)) await run(gate, false);
  return selected.map((gate) => outcomes.get(gate.name)!);
}

const USAGE = "usage: ./headerproof test [--junit DIR] [--only A,B] [--jobs N] [--record-times]";

async function main(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        junit: { type: "string" },
        only: { type: "string" },
        jobs: { type: "string", default: "2" },
        "record-times": { type: "boolean", default: false },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const only = values.only?.split(",");
  const unknown = (only ?? []).filter((name) => !GATES.some((gate) => gate.name === name));
  if (unknown.length > 0) {
    console.error(`unknown gate(s) ${unknown.join(", ")}; gates: ${GATES.map((g) => g.name)}`);
    return 2;
  }
  const jobs = Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) {
    console.error(`--jobs takes a whole number >= 1, not ${JSON.stringify(values.jobs)}\n${USAGE}`);
    return 2;
  }
  const caller = process.env.HEADERPROOF_CALLER_DIR || process.cwd();
  const junitDir = values.junit === undefined ? undefined : resolve(caller, values.junit);
  if (junitDir !== undefined) mkdirSync(junitDir, { recursive: true });
  const selected = GATES.filter((g) => only === undefined || only.includes(g.name));
  const started = Date.now();
  const outcomes = await runGates(selected, junitDir, jobs);
  const wall = (Date.now() - started) / 1000;
  const alone = selected.filter((gate) => gate.alone).map((gate) => gate.name);
  console.error(
    `\nheaderproof test (${jobs} gate(s) at a time${
      alone.map((task) => `; ${task} alone`).join("")
    }):`,
  );
  for (const o of outcomes) {
    const time = o.status === "not run" ? "" : `${o.seconds.toFixed(1).padStart(7)} s`;
    const exit = o.status === "FAILED" ? ` (exit ${o.code})` : "";
    console.error(`  ${o.name.padEnd(18)} ${o.status.padEnd(8)}${time}${exit}`);
  }
  const failures = outcomes.filter((o) => o.status === "FAILED").map((o) => o.name);
  console.error(
    failures.length === 0
      ? `all gates passed in ${wall.toFixed(0)} s`
      : `${failures.join(", ")} failed; ${wall.toFixed(0)} s in all`,
  );
  if (junitDir !== undefined) console.error(`JUnit reports: ${junitDir}`);
  if (values["record-times"]) {
    const record = gateTimesOf(outcomes, jobs, wall, new Date());
    if (record === null) {
      console.error("gate times not recorded: --record-times needs every gate run and passed");
    } else {
      writeFileSync(GATE_TIMES_PATH, JSON.stringify(record, null, 2) + "\n");
      console.error(
        `gate times recorded in ${GATE_TIMES_PATH}; ./headerproof docs puts them in README.md`,
      );
    }
  }
  return exitStatus(outcomes);
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)));
