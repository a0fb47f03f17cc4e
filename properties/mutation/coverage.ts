/**
 * The coverage gate (`deno task fuzz:coverage`): runs the property suite alone (`deno test
 * --coverage` over properties/), then `deno coverage --lcov` restricted to impl/, and prints line
 * and branch percentages per impl/ file and in total, with the uncovered lines. What counts is what
 * the suite's own process runs, and what the scripts it runs by name in subprocesses run
 * (`runCoveredScript`); the campaign CLIs its tests start are not slowed by coverage
 * (coverage_preload.ts). The suite's report streams as it runs. Exits 1 unless
 * lines are 100% and branches at least 95%. The raw coverage data and the lcov report
 * (`.cache/coverage/impl.lcov`, for a CI coverage viewer or `genhtml`) stay in the ignored folder
 * `.cache/coverage/`, replaced on every run.
 *
 * @example
 * ```sh
 * deno task fuzz:coverage
 * ```
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import process from "node:process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
  callerPath,
  exit,
  parseCommandLine,
  runtime,
  writeErr,
  writeOut,
} from "../targets/runtime.ts";
import { NOT_IMPL_TESTS } from "./coverage_scope.ts";

/** Coverage of one file, from lcov. */
export interface FileCoverage {
  file: string;
  linesFound: number;
  linesHit: number;
  branchesFound: number;
  branchesHit: number;
  uncoveredLines: number[];
  uncoveredBranchLines: number[];
}

/** Parses lcov text into per-file coverage. */
export function parseLcov(text: string): FileCoverage[] {
  const files: FileCoverage[] = [];
  let current: FileCoverage | null = null;
  for (const line of text.split("\n")) {
    const colon = line.indexOf(":");
    const key = colon === -1 ? line : line.slice(0, colon);
    const rest = line.slice(colon + 1);
    if (key === "SF") {
      current = {
        file: rest,
        linesFound: 0,
        linesHit: 0,
        branchesFound: 0,
        branchesHit: 0,
        uncoveredLines: [],
        uncoveredBranchLines: [],
      };
      files.push(current);
    } else if (current !== null && key === "DA") {
      const [lineNumber, hits] = rest.split(",").map(Number);
      current.linesFound++;
      if (hits > 0) current.linesHit++;
      else current.uncoveredLines.push(lineNumber);
    } else if (current !== null && key === "BRDA") {
      const [lineNumber, , , taken] = rest.split(",");
      current.branchesFound++;
      if (taken !== "-" && Number(taken) > 0) current.branchesHit++;
      else if (!current.uncoveredBranchLines.includes(Number(lineNumber))) {
        current.uncoveredBranchLines.push(Number(lineNumber));
      }
    }
  }
  return files;
}

function percent(hit: number, found: number): number {
  return found === 0 ? 100 : (100 * hit) / found;
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The modules under impl/ that impl/mod.ts loads (`deno info`), as file URLs. */
function implModules(deno: string): string[] {
  const info = spawnSync(deno, ["info", "--json", "impl/mod.ts"], { cwd: ROOT, encoding: "utf8" });
  const graph = JSON.parse(info.stdout) as { modules: { specifier: string }[] };
  const prefix = new URL("../../impl/", import.meta.url).href;
  return graph.modules.map((m) => m.specifier).filter((url) => url.startsWith(prefix));
}

/** Where the coverage data and the lcov report are kept (ignored by git). */
const COVERAGE_DIR = join(ROOT, ".cache", "coverage");

const USAGE = `usage: ./headerproof fuzz:coverage [--junit FILE] [--no-check]

Runs the property suite (properties/) with coverage, then prints line and branch coverage of impl/
per file with the uncovered lines. Raw data and .cache/coverage/impl.lcov stay in the ignored
.cache/coverage/. --junit FILE also writes the suite's JUnit XML report to FILE. --no-check
skips the suite's type check (for a run that has just type-checked the project).

exit status: 0 gate met (lines 100%, branches >= 95%), 1 not met, 2 bad usage or the suite failed`;

/** Runs the gate with the command line `args` (`--help`, `--junit FILE`); returns the exit status. */
function main(args: readonly string[]): number {
  const parsed = parseCommandLine(
    args,
    {
      help: { type: "boolean", short: "h" },
      junit: { type: "string" },
      "no-check": { type: "boolean" },
    },
    USAGE,
  );
  if (typeof parsed === "number") return parsed;
  if (parsed.positionals.length > 0) {
    writeErr(`fuzz:coverage takes no arguments, got ${parsed.positionals.join(" ")}\n${USAGE}\n`);
    return 2;
  }
  const dir = join(COVERAGE_DIR, "raw");
  rmSync(COVERAGE_DIR, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const deno = runtime.execPath;
  writeErr(
    `running the property suite with coverage (deno test --coverage properties/, but ${
      NOT_IMPL_TESTS.join(" and ")
    }) ...\n`,
  );
  const junit = parsed.values.junit === undefined
    ? []
    : [`--junit-path=${callerPath(parsed.values.junit)}`];
  const preload = fileURLToPath(new URL("./coverage_preload.ts", import.meta.url));
  const test = spawnSync(deno, [
    "test",
    "-A",
    `--coverage=${dir}`,
    `--preload=${preload}`,
    // Test files two (or DENO_JOBS) at a time: most of the suite waits on the processes it
    // starts (campaigns, servers, hangs waited out), so one file's wait is another's turn.
    "--parallel",
    ...junit,
    ...(parsed.values["no-check"] ? ["--no-check"] : []),
    `--ignore=${NOT_IMPL_TESTS.join(",")}`,
    "properties/",
  ], {
    cwd: ROOT,
    // Scripts run by name in subprocesses (runCoveredScript) write their coverage here too.
    env: { ...process.env, HEADERPROOF_COVERAGE_DIR: dir },
    // The suite's own report, test by test, as it runs.
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (test.status !== 0) {
    writeErr(`the property suite failed (exit ${test.status}); no coverage figure\n`);
    return 2;
  }
  const report = spawnSync(deno, [
    "coverage",
    dir,
    "--lcov",
    `--include=^file://${ROOT}impl/`,
    // impl's own test data (run by tampered_load_test.ts's subprocesses) is not impl.
    "--exclude=/testdata/|_test\\.ts$",
  ], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (report.status !== 0) {
    writeErr(`deno coverage failed: ${report.stderr}\n`);
    return 2;
  }
  const lcov = join(COVERAGE_DIR, "impl.lcov");
  writeFileSync(lcov, report.stdout);
  writeErr(`lcov report of impl/: ${lcov}\n`);
  const files = parseLcov(report.stdout).filter((f) => !f.file.endsWith("_test.ts"));
  const covered = files.map((f) => f.file.replace(/^file:\/\//, ""));
  const missing = implModules(deno).filter((url) => !covered.includes(fileURLToPath(url)));
  for (const url of missing) {
    writeErr(`no coverage data for ${url} (was it edited while the suite ran?)\n`);
  }
  const total = files.reduce(
    (a, f) => ({
      linesFound: a.linesFound + f.linesFound,
      linesHit: a.linesHit + f.linesHit,
      branchesFound: a.branchesFound + f.branchesFound,
      branchesHit: a.branchesHit + f.branchesHit,
    }),
    { linesFound: 0, linesHit: 0, branchesFound: 0, branchesHit: 0 },
  );
  const rows = [
    "| file | lines | branches | uncovered lines | lines with an untaken branch |",
    "| --- | ---: | ---: | --- | --- |",
  ];
  for (const f of files) {
    rows.push(
      `| ${relative(ROOT, f.file.replace(/^file:\/\//, ""))} | ${
        percent(f.linesHit, f.linesFound).toFixed(2)
      }% (${f.linesHit}/${f.linesFound}) | ${
        percent(f.branchesHit, f.branchesFound).toFixed(2)
      }% (${f.branchesHit}/${f.branchesFound}) | ${f.uncoveredLines.join(", ")} | ${
        f.uncoveredBranchLines.join(", ")
      } |`,
    );
  }
  const lines = percent(total.linesHit, total.linesFound);
  const branches = percent(total.branchesHit, total.branchesFound);
  rows.push(
    `| total | ${lines.toFixed(2)}% (${total.linesHit}/${total.linesFound}) | ${
      branches.toFixed(2)
    }% (${total.branchesHit}/${total.branchesFound}) | | |`,
  );
  writeOut(rows.join("\n") + "\n");
  const ok = missing.length === 0 && total.linesHit === total.linesFound && branches >= 95;
  writeOut(
    ok
      ? "coverage gate met (lines 100%, branches >= 95%)\n"
      : "coverage gate NOT met (needs lines 100%, branches >= 95%)\n",
  );
  return ok ? 0 : 1;
}

exit(main(runtime.args));
