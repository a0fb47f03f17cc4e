/**
 * The stages of a campaign, in the order they run: one row per stage, each defined in one file
 * (properties/core/stage.ts `Stage`). The coordinator (coordinator.ts) loops over this table: a
 * stage that runs alone (the codec stage, for a codec target) is the whole campaign; otherwise
 * every stage whose `runs` holds gets its share of `--time` (budget.ts), runs with the options it
 * declares, and its report goes into the report a person reads, the `--json` summary, the JUnit
 * case and the exit status (fuzz_report.ts).
 *
 * A new stage is one file plus one row:
 * 1. Write its module beside what it judges (say `properties/egress/stage.ts`): its own options
 *    type (the `CliOptions` keys it reads, with their types), the list of those keys built with
 *    core/stage.ts `everyKey` (a key left out does not compile), and an exported `Stage` object:
 *    `name` (add it to `StageName` in core/stage.ts), `label`, `share` of `--time` (null: what
 *    is left), `runs` (whether it runs with these options), `run` (its report, or an exit status
 *    for a candidate that cannot be loaded) and `report`: its section (report lines, the line
 *    when only it found something, its JUnit failure), its `--json` fields, entry points,
 *    partial-verdict lines and exit status. It imports nothing of properties/campaign/: what it
 *    shares with other stages is in properties/core/ (stages_test.ts and imports_test.ts fail
 *    otherwise).
 * 2. Add its row to {@link STAGES} where it runs, and, when its report is a section of the
 *    `--json` summary, its line to {@link StageSections}.
 * 3. A new command-line option it reads goes into cli_args.ts (`CliOptions`, the parser, `USAGE`).
 *
 * @example
 * ```ts
 * import { STAGES } from "./stages.ts";
 * console.log(STAGES.map((stage) => `${stage.name}: ${stage.share ?? "the rest"}`).join("\n"));
 * ```
 *
 * @module
 */
import type { CliOptions } from "./cli_args.ts";
import type { Stage } from "../core/stage.ts";
import { codecCauseOf, codecClasses, costCasesSkipped, wireClasses } from "../classes/classes.ts";
import { codecStage } from "../codec/stage.ts";
import { costStage } from "../costs/stage.ts";
import { wireStage } from "../wire/stage.ts";
import { egressStage } from "../egress/stage.ts";
import { ANSWER_STAGE } from "./answers.ts";

/** A stage as the coordinator sees it: given the options it reads, its report opaque. */
export type CampaignStage = Stage<CliOptions, unknown>;

/** The codec stage, given every codec class. */
const CODEC_STAGE = codecStage(codecClasses());
/** The cost stage, given what the known cost classes cover. */
const COST_STAGE = costStage(costCasesSkipped);
/** The wire stage, given the wire classes and the codec classes that explain a parser's. */
const WIRE_STAGE = wireStage({ names: wireClasses().map((c) => c.name), codecCauseOf });

/** Every stage, in the order a campaign runs them. */
export const STAGES: readonly CampaignStage[] = [
  CODEC_STAGE,
  COST_STAGE,
  WIRE_STAGE,
  egressStage,
  ANSWER_STAGE,
];

/** The report type of a stage. */
type ReportOf<S> = S extends Stage<infer _Options, infer Report> ? Report : never;

/** The sections of the `--json` summary: each section stage's report, null when it did not run. */
export interface StageSections {
  /** The cost stage's report; null when it did not run (`--costs none`, a replay, `--phases`). */
  costs: ReportOf<typeof COST_STAGE> | null;
  /**
   * The wire stage's report; null when it did not run (`--wire none`, a replay of an answer case,
   * `--phases`).
   */
  wire: ReportOf<typeof WIRE_STAGE> | null;
  /** The egress stage's report; null when it did not run (`--egress none`, a replay). */
  egress: ReportOf<typeof egressStage> | null;
}

/** The summary's own fields: the answer stage's. */
export type SummaryFields = ReportOf<typeof ANSWER_STAGE>["fields"];
