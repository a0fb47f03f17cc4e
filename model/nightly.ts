/**
 * `deno task model:nightly`: what the CI models cannot afford, under a time budget. TLC's random
 * simulation (`-simulate num=N -depth D -seed S`, initial states sampled) of the large model
 * MCHeadersImplNightly.cfg — two objects, copies under every guard, every name class, lists of
 * up to 3 values, raw lists of up to 2 entries, two iterators — first of the correct spec (must
 * find nothing), then with each planted bug of `model/run.ts`'s BUG_MODELS swapped in (must find
 * the bug's invariant or property violated). Each run gets a fixed depth, number of behaviors
 * and seed, and is stopped at the per-run budget (a stopped run of the correct spec counts as
 * passed for what it covered; a stopped bug run fails).
 *
 * Usage: `deno task model:nightly [--behaviors N] [--depth D] [--seed S] [--budget SECONDS]`
 * (defaults 2000 behaviors of depth 40, seed 20261123, 600 s per run). The initial states are
 * sampled (MCHeadersImpl's SampledInit): 400 random pairs of raw lists per run.
 *
 * @example
 * ```sh
 * ./headerproof model:nightly --behaviors 200 --budget 120
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";
import { BUG_MODELS, type PlantedBug, plantedConfig, violatedName } from "./run.ts";
import { findTlcTools, runTlc, type TlcReport } from "./tlc.ts";

const MODEL_DIR = new URL(".", import.meta.url).pathname;

/** Whether a simulation report is what the run expects. */
export function judgeSimulation(
  run: PlantedBug | null,
  report: TlcReport,
  stopped: boolean,
): string | null {
  if (run === null) {
    if (
      report.outcome === "passed" ||
      (stopped && report.outcome === "failed" && !/Error:/.test(report.output))
    ) {
      return null;
    }
    return `the correct spec: ${report.outcome} ${report.violated ?? ""}`;
  }
  const violated = violatedName(run.module, report);
  if (
    (report.outcome === "invariant" || report.outcome === "property") &&
    violated === run.mustViolate
  ) {
    return null;
  }
  return `${run.config}: expected ${run.mustViolate}, got ${report.outcome} ${violated ?? ""}` +
    (stopped ? " (stopped at the budget)" : "");
}

async function main(args: string[]): Promise<number> {
  let values;
  try {
    values = parseArgs({
      args,
      options: {
        behaviors: { type: "string", default: "2000" },
        depth: { type: "string", default: "40" },
        seed: { type: "string", default: "20261123" },
        budget: { type: "string", default: "600" },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    console.error(
      `model:nightly: ${(error as Error).message}\nusage: deno task model:nightly ` +
        "[--behaviors N] [--depth D] [--seed S] [--budget SECONDS]",
    );
    return 2;
  }
  const numbers = {
    behaviors: Number(values.behaviors),
    depth: Number(values.depth),
    seed: Number(values.seed),
    budget: Number(values.budget),
  };
  for (const [name, value] of Object.entries(numbers)) {
    if (!Number.isInteger(value) || value <= 0) {
      console.error(`model:nightly: --${name} takes a positive integer, not ${value}`);
      return 2;
    }
  }
  try {
    findTlcTools();
  } catch (error) {
    console.error(`model:nightly: ${(error as Error).message}`);
    return 2;
  }
  const nightly = await Deno.readTextFile(`${MODEL_DIR}MCHeadersImplNightly.cfg`);
  const dir = await Deno.makeTempDir({ prefix: "headerproof-nightly-" });
  let failures = 0;
  try {
    const implBugs = BUG_MODELS.filter((bug) => bug.module === "MCHeadersImplBugs");
    for (const run of [null, ...implBugs]) {
      // TLC reads a config only beside its root module: a root module in the temporary
      // directory extends the model's own (found through the library path).
      const root = `${run?.config ?? "MCHeadersImpl"}Nightly`;
      await Deno.writeTextFile(
        `${dir}/${root}.tla`,
        `---- MODULE ${root} ----\nEXTENDS ${run?.module ?? "MCHeadersImpl"}\n====\n`,
      );
      await Deno.writeTextFile(
        `${dir}/${root}.cfg`,
        run === null ? nightly : plantedConfig(nightly, run, "target"),
      );
      const report = await runTlc({
        spec: `${dir}/${root}.tla`,
        config: `${dir}/${root}.cfg`,
        libraryDir: MODEL_DIR,
        workers: 1,
        timeoutMs: numbers.budget * 1000,
        extraArgs: [
          "-simulate",
          `num=${numbers.behaviors}`,
          "-depth",
          String(numbers.depth),
          "-seed",
          String(numbers.seed),
        ],
      });
      const stopped = report.wallMs >= numbers.budget * 1000;
      const problem = judgeSimulation(run, report, stopped);
      if (problem !== null) failures++;
      const label = run === null ? "correct spec" : `${run.config} (${run.mustViolate})`;
      console.log(
        `${label.padEnd(60)} ${String(report.statesGenerated ?? "-").padStart(10)} states ` +
          `${(report.wallMs / 1000).toFixed(1).padStart(7)} s  ${
            problem === null
              ? run === null ? "ok: no violation" : "ok: found by simulation"
              : `FAIL: ${problem}`
          }`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  return failures === 0 ? 0 : 1;
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
