/**
 * The stages of a campaign, by name. A stage judges one side of a candidate (its answers, its
 * costs, what it parses off the wire, a native codec's answers); a target kind says which of them
 * apply to it.
 *
 * @example
 * ```ts
 * import type { StageName } from "./stage.ts";
 * const stages: StageName[] = ["costs", "wire", "answers"];
 * ```
 *
 * @module
 */

/** The name of one stage of a campaign. */
export type StageName = "answers" | "costs" | "wire" | "codec" | "egress";

/**
 * What a stage's run ends with: its report, or the exit status the campaign ends with at once
 * (a candidate that cannot be loaded: the stage printed the cause; a stage that runs alone: its
 * own verdict, its report already written).
 */
export type StageRun<Report> = { report: Report } | { exit: number };

/**
 * One stage of a campaign, as the coordinator (properties/campaign/coordinator.ts) runs it: in
 * the order of the `STAGES` table (properties/campaign/stages.ts), each given only the options
 * it declares in {@link Stage.reads}, each within its share of `--time`. Everything the campaign
 * says about the stage comes from here: its line in the budget plan, its part of the report a
 * person reads, of the `--json` summary and of the JUnit case, and its exit status.
 *
 * `Options` is the stage's own options type: the command-line options it reads (their names
 * and types as properties/campaign/cli_args.ts `CliOptions` has them), and nothing else.
 */
export interface Stage<Options, Report> {
  /** The stage's name. */
  readonly name: StageName;
  /** What the budget plan and the partial verdict call it ("cost stage"). */
  readonly label: string;
  /** The keys of the command-line options it reads: the coordinator passes it those alone. */
  readonly reads: readonly (keyof Options)[];
  /**
   * Its share of `--time`, a fraction of the budget; null for the stage that gets the rest (what
   * the stages before it leave included).
   */
  readonly share: number | null;
  /** Whether it runs in a campaign with these options. */
  runs(options: Options): boolean;
  /**
   * Runs it. `started` is when the campaign started (epoch milliseconds); `end` when its share of
   * `--time` ends (Infinity without `--time`): it starts nothing after.
   */
  run(options: Options, started: number, end: number): Promise<StageRun<Report>>;
  /**
   * How the campaign's report shows it; null for a stage that runs alone: when it runs, it is the
   * whole campaign, no other stage runs, it prints its own report and its run ends with the exit
   * status.
   */
  readonly report: StageReport<Report> | null;
}

/** How a stage's report enters the campaign's report, its JSON summary and its exit status. */
export interface StageReport<Report> {
  /**
   * Its section, after the summary's own fields: in the `--json` summary its report under its
   * name (null when it did not run). Null for the stage whose report holds the summary's own
   * fields ({@link fields}), which frame the report a person reads.
   */
  readonly section: StageSection<Report> | null;
  /** Its fields in the `--json` summary. */
  fields(report: Report): Record<string, unknown>;
  /** The entry points of the candidate it exercised. */
  entryPoints(report: Report): string[];
  /** Why its verdict is partial, one line each (none: it finished). */
  partial(report: Report): string[];
  /** The exit status its report alone calls for (0 when it found nothing). */
  exit(report: Report): number;
}

/** A stage's section of the report a person reads and of the JUnit case. */
export interface StageSection<Report> {
  /** Its lines, after the summary's own (none: nothing). */
  lines(report: Report): string[];
  /** What the summary says when this stage found something and the answers found nothing. */
  readonly foundLine: string;
  /** Its JUnit failure message, or null when it found nothing. */
  junitFailure(report: Report): string | null;
}

/**
 * Lists every key of a stage's options type, each as a value: a key the list leaves out is a
 * compile error that names it (`missing: "phases"`), so a stage's {@link Stage.reads} is never
 * shorter than what it reads.
 *
 * @example
 * ```ts
 * import { everyKey } from "./stage.ts";
 * interface Options { seed: number; runs?: number }
 * const reads = everyKey<Options>()("seed", "runs");
 * console.log(reads);
 * ```
 */
export function everyKey<Options>(): <const Keys extends readonly (keyof Options)[]>(
  ...keys:
    & Keys
    & ([Exclude<keyof Options, Keys[number]>] extends [never] ? unknown
      : { missing: Exclude<keyof Options, Keys[number]> })
) => Keys {
  return (...keys) => keys;
}

/**
 * The command-line options (properties/campaign/cli_args.ts) that the stages running the
 * candidate's exchanges in a process of their own, the wire and the egress stage, both read
 * (each adds `runtime`, the runtime that process runs under).
 */
export interface ExchangeStageOptions {
  /** "impl", "native", or the candidate's absolute path. */
  target: string;
  /** The target as typed. */
  targetArg: string;
  seed: number;
  runs?: number;
  /** `--runtime` as typed. */
  runtimeArg?: string;
  /** The folder for reproductions and corpus entries (default: corpus/corpus.ts). */
  out?: string;
  /** `--record`: also add a divergence that replays alone to the committed corpus. */
  record?: boolean;
  /** A replay of an answer case (`--path`): the stage does not run. */
  path?: string;
  /** `--wire-path`: replay this wire case alone; the wire stage alone runs. */
  wirePath?: string;
}

/** What the wire and the egress stage each report of a run, in the campaign's report. */
export interface ExchangeStageReport {
  /** What was exercised. */
  entryPoint: string;
  /** The runtime the stage ran under, "name version". */
  runtime: string;
  /** Why nothing was fuzzed (a module without the entry points), else null. */
  notFuzzed: string | null;
  /**
   * Why the stage's process gave no result (stopped at the end of its share of `--time`, or
   * ended by the candidate): the verdict is partial; else null.
   */
  stopped: string | null;
  /** Cases generated (shrinking included). */
  runs: number;
  /** Wall-clock milliseconds, the process's start included. */
  elapsedMs: number;
  seed: number;
  /** How many divergences (or, for egress, fields or lists) each known class accounted for. */
  knownClassCounts: Record<string, number>;
}
