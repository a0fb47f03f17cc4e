/**
 * The campaign coordinator behind properties/campaign/cli.ts (`./headerproof fuzz`, `fuzz:node`,
 * `fuzz:bun`): reads the options (cli_args.ts), resolves the target and the known classes in
 * force (`--known-divergences`, auto for a runtime's Headers), prints the seeds, runs the stages
 * of the STAGES table (stages.ts) in order, each with the options it declares, and reports
 * (fuzz_report.ts). It never runs candidate code itself. On a counterexample a stage writes a
 * self-contained reproduction and a corpus entry and the campaign exits 1; a candidate module
 * that cannot be loaded, bad options or a harness error exit 2; Ctrl-C stops the workers, prints
 * the summary with the seeds and exits 130. Under `--time` every stage gets its share and every
 * process ends by the budget plus a fixed margin (budget.ts); what a stage could not finish
 * makes the verdict partial. `--help` lists the options.
 *
 * @example
 * ```sh
 * ./headerproof fuzz --target native --time 20
 * ./headerproof fuzz:node --target impl --runs 2000 --seed 7 --workers 2 --json
 * ```
 *
 * @module
 */
import type { CliOptions } from "./cli_args.ts";
import { parseCliArgs, USAGE } from "./cli_args.ts";
import { EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE } from "../core/exit.ts";
import { knownFor } from "../classes/classes.ts";
import type { Summary } from "./fuzz_report.ts";
import { humanSummary, junitCase } from "./fuzz_report.ts";
import { writeJunit } from "../core/junit.ts";
import { planBudget } from "./budget.ts";
import type { CampaignStage } from "./stages.ts";
import { STAGES } from "./stages.ts";
import { runtime, writeErr, writeOut } from "../targets/runtime.ts";
import { resolveRuntime, RuntimeChoiceError } from "../targets/runtimes.ts";
import { headersRuntimeOf, kindOf, preparedTarget } from "../targets/kinds.ts";

export type { Summary } from "./fuzz_report.ts";

/**
 * The runtime whose own Headers the target is ("deno" for deno-src, "node" for undici, the
 * workers' runtime for native), or null for impl and a module: the known classes are about it.
 */
function headersRuntimeName(options: CliOptions): string | null {
  return headersRuntimeOf(kindOf(options.targetArg), (options.runtime ?? runtime).name);
}

/**
 * The options `stage` declares it reads, and no other (typed as the whole for the table's sake:
 * the stage's own options type admits only its keys).
 */
function optionsFor(stage: CampaignStage, options: CliOptions): CliOptions {
  return Object.fromEntries(
    stage.reads.filter((key) => key in options).map((key) => [key, options[key]]),
  ) as unknown as CliOptions;
}

/**
 * Runs the CLI with `args`; returns the exit status. Whatever goes wrong inside the harness itself
 * (an exception here, a worker that reports one, a process that cannot start) exits 2 with its
 * cause: 1 is kept for what the candidate did.
 */
export async function main(args: readonly string[]): Promise<number> {
  try {
    return await campaign(args);
  } catch (error) {
    writeErr(
      `headerproof fuzz: harness error (a fault of properties/, not a finding): ${
        String((error as Error)?.stack ?? error)
      }\n`,
    );
    return EXIT_USAGE;
  }
}

/** The campaign behind {@link main}. */
async function campaign(args: readonly string[]): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCliArgs(args);
  } catch (error) {
    writeErr(`${(error as Error).message}\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  if (options.help) {
    writeOut(USAGE + "\n");
    return EXIT_OK;
  }
  const alone = STAGES.find((stage) =>
    stage.report === null && stage.runs(optionsFor(stage, options))
  );
  if (alone !== undefined) {
    const run = await alone.run(optionsFor(alone, options), Date.now(), Infinity);
    if (!("exit" in run)) throw new Error(`the ${alone.label} runs alone but gave no exit status`);
    return run.exit;
  }
  try {
    if (options.runtimeArg !== undefined) options.runtime = resolveRuntime(options.runtimeArg);
    const kind = kindOf(options.target);
    if (kind.prepare !== null) {
      options.target = preparedTarget(kind, options.target, (options.runtime ?? runtime).name);
      options.profile ??= kind.defaults.profile;
    }
  } catch (error) {
    if (!(error instanceof RuntimeChoiceError)) throw error;
    writeErr(`${error.message}\n`);
    return EXIT_USAGE;
  }
  const headersOf = headersRuntimeName(options);
  options.headersRuntime = headersOf;
  if (options.knownDivergences[0] === "auto") {
    options.knownDivergences = headersOf === null ? [] : knownFor(headersOf).map((c) => c.name);
    options.knownDivergencesAuto = true;
  }
  const replaying = options.path !== undefined;
  const workerCount = replaying ? 1 : options.workers;
  const seeds = Array.from({ length: workerCount }, (_, i) => options.seed + i);
  writeErr(
    `headerproof fuzz: target ${options.targetArg}, ${workerCount} worker(s), seeds ${
      seeds.join(", ")
    } (--seed ${options.seed} repeats this campaign)\n`,
  );
  const started = Date.now();
  const running = STAGES.filter((stage) =>
    stage.report !== null && stage.runs(optionsFor(stage, options))
  );
  // Under --time every stage gets its share and every process ends by the budget plus a fixed
  // margin (budget.ts); the plan is printed before the stages start.
  const plan = options.timeSeconds === undefined ? null : planBudget(options, running, started);
  if (plan !== null) {
    writeErr(plan.line);
    options.deadline = plan.hardEnd;
  }
  // Each stage runs whatever the stages before it found, within its share of --time.
  const reports: { stage: CampaignStage; report: unknown }[] = [];
  for (const [i, stage] of running.entries()) {
    const run = await stage.run(optionsFor(stage, options), started, plan?.ends[i] ?? Infinity);
    if ("exit" in run) return run.exit;
    reports.push({ stage, report: run.report });
  }
  const [own] = reports.filter(({ stage }) => stage.report!.section === null);
  const sections = reports.filter(({ stage }) => stage.report!.section !== null);
  const fields = own.stage.report!.fields(own.report) as Record<string, unknown>;
  fields.entryPoints = [own, ...sections].flatMap(({ stage, report }) =>
    stage.report!.entryPoints(report)
  );
  const exits = reports.map(({ stage, report }) => stage.report!.exit(report));
  const summary = {
    ok: exits.every((exit) => exit === EXIT_OK),
    ...fields,
    ...Object.fromEntries(
      STAGES.filter((stage) => stage.report?.section).map((stage) => [
        stage.name,
        sections.find((ran) => ran.stage === stage)?.report ?? null,
      ]),
    ),
    partial: reports.flatMap(({ stage, report }) => stage.report!.partial(report)),
  } as unknown as Summary;
  if (options.junit !== undefined) {
    writeJunit(options.junit, "headerproof fuzz", [junitCase(summary)]);
  }
  if (options.json) writeOut(JSON.stringify(summary, null, 1) + "\n");
  else writeOut(humanSummary(summary, replaying || options.wirePath !== undefined));
  return exits.includes(EXIT_INTERRUPTED)
    ? EXIT_INTERRUPTED
    : exits.find((exit) => exit !== EXIT_OK) ?? EXIT_OK;
}
