/**
 * One campaign in this process: fast-check's model-based testing (`fc.commands` + `fc.modelRun`)
 * drives the {@link World} executor over a loaded {@link Target}, and a second property checks that
 * invalid raw lists are rejected. Returns counts and, on failure, the shrunk counterexample as
 * resolved steps ready for a snippet and the corpus.
 *
 * This function trusts nothing the candidate does except that it returns: a candidate that hangs
 * or kills the process is caught by the worker protocol in cli.ts, one level up.
 *
 * @example
 * ```ts
 * import { runCampaign } from "./campaign.ts";
 * import { loadTarget } from "../targets/targets.ts";
 * const result = runCampaign({ target: await loadTarget({ target: "impl" }), seed: 1, runs: 100 });
 * console.log(result.failure === null ? "no divergence" : result.failure.message);
 * ```
 *
 * @module
 */
import fc from "fast-check";
import {
  guard as guardArbitrary,
  invalidRawFollowUp,
  invalidRawList,
  opReaching,
} from "../oracle/arbitraries.ts";
import type { FetchReach } from "../oracle/arbitraries.ts";
import type { DivergenceClass } from "../oracle/divergences.ts";
import type { Init } from "../oracle/operations/construct.ts";
import type { DictionaryInit } from "../oracle/operations/fetch_init.ts";
import type { Outcome } from "../oracle/base/observe.ts";
import { rejectedInvalidRawList } from "../oracle/operations/raw_list.ts";
import type { Guard, Op } from "../oracle/ops.ts";
import type { Capabilities, Target } from "../targets/targets.ts";
import { candidateCode, TamperedRealm } from "../targets/tampered_realm.ts";
import { Divergence, perform, World } from "../oracle/world.ts";
import { Side } from "../oracle/base/kind.ts";
import type { Failure, PropertyName } from "../corpus/failure.ts";

export type { Failure, PropertyName } from "../corpus/failure.ts";

/** How long and from where a campaign runs. */
export interface CampaignOptions {
  /** The loaded candidate and reference. */
  target: Target;
  /** fast-check seed. */
  seed: number;
  /** Number of runs (cases); ignored when `path` is given. */
  runs?: number;
  /** Stop starting new runs after this many milliseconds (also bounds shrinking). */
  timeLimitMs?: number;
  /** Which property (default "model"). */
  property?: PropertyName;
  /** Replay one case: fast-check's path of a counterexample. */
  path?: string;
  /** The `fc.commands` replay path that goes with `path` (model property). */
  replayPath?: string;
  /** Longest command sequence per run (default 40). */
  maxCommands?: number;
  /**
   * Known divergence classes in force: a run goes on past a step whose differences they explain
   * (world.ts), and fails only on a difference none explains.
   */
  known?: readonly DivergenceClass[];
  /**
   * Known classes whose operations are not generated (`--exclude-known`, opt-in: it makes whole
   * regions of the input space unreachable; {@link CampaignResult.excludedOps} is its cost).
   */
  exclude?: readonly DivergenceClass[];
  /** Called at the start of every run, shrinking runs included, with the runs and commands so
   * far (the worker's heartbeat). */
  onRun?: (run: number, commands: number) => void;
  /** Called once, when the first run fails (the runs after it are shrinking attempts). */
  onFirstFailure?: (run: number) => void;
  /** Called with each resolved step before it runs (replays that trace a hang). */
  onStep?: (step: Op) => void;
  /**
   * The tampered realm of the tampered-realm property, when the candidate was loaded under its
   * patches (`TamperedRealm.installForLoad`); by default a new one, patched after load only.
   */
  realm?: TamperedRealm;
}

/** What a campaign did. */
export interface CampaignResult {
  /** Cases run. */
  runs: number;
  /** Steps run (each on both sides). */
  commands: number;
  /** Wall-clock milliseconds. */
  elapsedMs: number;
  /** The first failure, shrunk; null when none. */
  failure: Failure | null;
  /** Every known class a run went on past, before the first failure (see {@link Expected}). */
  expected: Expected[];
  /** Generated operations the target could run, before the first failure. */
  generatedOps: number;
  /**
   * Of those, the ones not generated: those `exclude` covers (`--exclude-known`) and those a known
   * class that hangs covers.
   */
  excludedOps: number;
}

/** A known class a campaign's runs went on past (world.ts `ExplainedStep`), with counts. */
export interface Expected {
  /** The class. */
  name: string;
  /** The property whose runs hit it first. */
  property: PropertyName;
  /** The runs that hit it. */
  runs: number;
  /** The steps it explained, over those runs. */
  steps: number;
  /** fast-check's path of the first run that hit it (the run's index: replay it with `--path`). */
  path: string;
}

/** The steps through Request, Response and structuredClone that `capabilities` allow. */
export function fetchReachOf(capabilities: Capabilities): FetchReach {
  return capabilities.fetch ?? { request: false, response: false, structuredClone: false };
}

/**
 * Whether a class in `exclude` covers the `headers` member of `init`: a construct init under the
 * guards the step may fill with, excluded when a class covers a construct step with that init
 * under one of them.
 */
function excludesHeadersMember(
  init: DictionaryInit | null,
  guards: readonly Guard[],
  exclude: readonly DivergenceClass[],
): boolean {
  if (init === null || exclude.length === 0) return false;
  return init.members.some(([key, value]) =>
    key === "headers" &&
    guards.some((guard) =>
      exclude.some((c) =>
        c.covers({ op: "construct", slot: 0, guard, init: (value as { headers: Init }).headers })
      )
    )
  );
}

/** Whether `op` can be generated for a candidate with `capabilities`, minus excluded classes. */
export function accepts(
  op: Op,
  capabilities: Capabilities,
  exclude: readonly DivergenceClass[],
): boolean {
  const guardOk = (g: Guard | "constructor", init: boolean) =>
    g === "constructor" ||
    (capabilities.guards.includes(g) && !(init && capabilities.emptyOnly.includes(g)));
  const nested = (inner: Op | null): boolean =>
    inner === null || accepts(inner, capabilities, exclude);
  let ok: boolean;
  switch (op.op) {
    case "construct":
      ok = guardOk(op.guard, op.init.kind !== "none" && op.init.kind !== "undefined");
      break;
    case "copy":
      ok = guardOk(op.via, true) && nested(op.then);
      break;
    case "copyChain":
      ok = op.links.every((via) => guardOk(via, true));
      break;
    case "rawList":
      ok = capabilities.rawList && nested(op.first);
      break;
    case "freeze":
      ok = capabilities.freeze;
      break;
    case "request":
      ok = fetchReachOf(capabilities).request &&
        !excludesHeadersMember(op.init, ["none", "request", "request-no-cors"], exclude);
      break;
    case "response":
      ok = fetchReachOf(capabilities).response &&
        !excludesHeadersMember(op.init, ["none", "response"], exclude);
      break;
    case "clone":
    case "read":
    case "body":
      ok = fetchReachOf(capabilities).request || fetchReachOf(capabilities).response;
      break;
    case "serialize":
      ok = fetchReachOf(capabilities).structuredClone;
      break;
    case "misuse":
      ok = op.what === "unknown guard" || op.what === "unknown profile"
        ? capabilities.withGuard
        : op.what === "raw list not an array"
        ? capabilities.rawList
        : op.what === "freeze a plain object"
        ? capabilities.freeze
        : true;
      break;
    default:
      ok = true;
  }
  const parts: readonly Op[] = op.op === "batch" ? [op, ...op.ops] : [op];
  return ok && !exclude.some((c) => parts.some((part) => c.covers(part)));
}

/**
 * What `--exclude-known` costs a target with `capabilities`: of `count` operations fast-check
 * generates from `seed` that the target can run, the share (0 to 1) that all of `classes` drop
 * together, and the share each drops alone.
 */
export function exclusionShares(
  capabilities: Capabilities,
  classes: readonly DivergenceClass[],
  count: number,
  seed: number,
): { all: number; byClass: { name: string; share: number }[] } {
  const runnable = fc.sample(opReaching(fetchReachOf(capabilities)), { seed, numRuns: count })
    .filter((op) => accepts(op, capabilities, []));
  const share = (exclude: readonly DivergenceClass[]) =>
    runnable.filter((op) => !accepts(op, capabilities, exclude)).length / runnable.length;
  return {
    all: share(classes),
    byClass: classes.map((c) => ({ name: c.name, share: share([c]) })),
  };
}

/** Whether no class in force silences the own-keys observation (see {@link DivergenceClass}). */
export function observesOwnKeys(exclude: readonly DivergenceClass[]): boolean {
  return !exclude.some((c) => c.silences === "own keys");
}

/** Every run starts with one empty Headers, so the first generated calls have a target. */
const FIRST_STEP: Op = { op: "construct", slot: 0, guard: "none", init: { kind: "none" } };

/** The fast-check command wrapping one generated {@link Op}. */
class HeadersCommand implements fc.Command<CommandModel, World> {
  readonly op: Op;
  constructor(op: Op) {
    this.op = op;
  }
  check(model: Readonly<CommandModel>): boolean {
    return model.accepts(this.op);
  }
  run(_model: CommandModel, world: World): void {
    world.step(this.op);
  }
  toString(): string {
    return JSON.stringify(this.op);
  }
}

/** The model side of `fc.modelRun`: the reference is the model, so it only filters commands. */
interface CommandModel {
  accepts(op: Op): boolean;
}

/** Runs a campaign (or replays one case when `options.path` is set). */
export function runCampaign(options: CampaignOptions): CampaignResult {
  const started = Date.now();
  const property = options.property ?? "model";
  let runs = 0;
  let commands = 0;
  let failedAt = -1;
  const onRun = () => {
    options.onRun?.(runs, commands);
    runs++;
  };
  const onFail = () => {
    if (failedAt !== -1) return;
    failedAt = runs - 1;
    options.onFirstFailure?.(failedAt);
  };
  const params: fc.Parameters<unknown> = {
    seed: options.seed,
    numRuns: options.path === undefined ? options.runs ?? 100 : 1,
    ...(options.path === undefined ? {} : { path: options.path, endOnFailure: true }),
    ...(options.timeLimitMs === undefined ? {} : { interruptAfterTimeLimit: options.timeLimitMs }),
  };
  const { target } = options;
  const exclude = options.exclude ?? [];
  const expected: Expected[] = [];
  let generatedOps = 0;
  let excludedOps = 0;
  let failure: Failure | null = null;
  if (property === "model" || property === "tampered-realm") {
    const realm = property === "tampered-realm"
      ? options.realm ?? new TamperedRealm(candidateCode(target.name, target.candidateUrl))
      : null;
    const known = options.known ?? [];
    // A step that hangs cannot be gone on past: its class's operations are never generated.
    const dropped = [...exclude, ...known.filter((c) => c.hangs && !exclude.includes(c))];
    const model: CommandModel = {
      accepts: (op) => {
        if (!accepts(op, target.capabilities, [])) return false;
        const kept = dropped.length === 0 || accepts(op, target.capabilities, dropped);
        if (failedAt === -1) {
          generatedOps++;
          if (!kept) excludedOps++;
        }
        return kept;
      },
    };
    const commandsArbitrary = fc.commands([
      opReaching(fetchReachOf(target.capabilities)).map((op) => new HeadersCommand(op)),
    ], {
      maxCommands: options.maxCommands ?? 40,
      size: "max",
      ...(options.replayPath === undefined ? {} : { replayPath: options.replayPath }),
    });
    const details = fc.check(
      fc.property(commandsArbitrary, (cmds) => {
        onRun();
        const run = runs - 1;
        const hitThisRun = new Set<string>();
        const world = new World(target.candidate, target.reference, {
          onStep: options.onStep,
          ownKeys: observesOwnKeys([...known, ...exclude]),
          realm,
          known,
          onExplained: (hit) => {
            if (failedAt !== -1) return;
            let entry = expected.find((e) => e.name === hit.name);
            if (entry === undefined) {
              entry = { name: hit.name, property, runs: 0, steps: 0, path: String(run) };
              expected.push(entry);
            }
            entry.steps++;
            if (!hitThisRun.has(hit.name)) {
              hitThisRun.add(hit.name);
              entry.runs++;
            }
          },
        });
        try {
          world.step(FIRST_STEP);
          fc.modelRun(() => ({ model, real: world }), cmds);
        } catch (error) {
          onFail();
          throw error;
        } finally {
          commands += world.steps;
        }
      }),
      params,
    );
    if (details.failed) failure = modelFailure(options, property, realm, model, details);
  } else if (target.capabilities.rawList) {
    const details = fc.check(
      fc.property(guardArbitrary, invalidRawList, invalidRawFollowUp, (guard, flat, followUp) => {
        onRun();
        const steps: Op[] = [{ op: "rawList", slot: 0, flat, guard, first: null }, ...followUp];
        commands += steps.length;
        const outcomes = runAlone(target.candidate, steps, options.onStep);
        if (!rejectedInvalidRawList(outcomes)) {
          onFail();
          throw new Error(JSON.stringify(outcomes));
        }
      }),
      params,
    );
    if (details.failed) {
      const [guard, flat, followUp] = details.counterexample as [Guard, string[], Op[]];
      const steps: Op[] = [{ op: "rawList", slot: 0, flat, guard, first: null }, ...followUp];
      failure = {
        kind: "invalid-raw-list",
        property,
        seed: options.seed,
        path: details.counterexamplePath ?? "",
        replayPath: null,
        steps,
        message:
          `headersFromRawList(${JSON.stringify(flat)}, ${
            JSON.stringify(guard)
          }) was not rejected with a TypeError at construction or first read; outcomes in the ` +
          `campaign: ${String((details.errorInstance as Error)?.message)}; replayed now: ${
            JSON.stringify(runAlone(target.candidate, steps))
          }`,
        runsToFailure: 0,
      };
    }
  }
  if (failure !== null) failure.runsToFailure = failedAt + 1;
  return {
    runs,
    commands,
    elapsedMs: Date.now() - started,
    failure,
    expected,
    generatedOps,
    excludedOps,
  };
}

/** Runs `steps` on one side only, returning every outcome. */
export function runAlone(
  subject: Target["candidate"],
  steps: readonly Op[],
  onStep?: (step: Op) => void,
): Outcome[] {
  const side = new Side(subject);
  const outcomes: Outcome[] = [];
  for (const step of steps) {
    onStep?.(step);
    perform(side, step, outcomes);
  }
  return outcomes;
}

/** `steps` replayed on a fresh candidate and reference: the divergence they end in, if any. */
function divergenceOf(
  target: Target,
  steps: readonly Op[],
  ownKeys: boolean,
  realm: TamperedRealm | null,
  known: readonly DivergenceClass[],
): { steps: Op[]; divergence: Divergence } | null {
  const world = new World(target.candidate, target.reference, { ownKeys, realm, known });
  try {
    for (const op of steps) world.step(op);
  } catch (error) {
    if (error instanceof Divergence) return { steps: world.executed, divergence: error };
    return null;
  }
  return null;
}

/**
 * Drops every step the divergence (one no class of `known` explains) does not need, one at a time
 * from the end: fast-check's
 * shrinking keeps steps that change nothing (a get, an iteration, a call that throws) when removing
 * them also changes the generated values of later ones. Then, inside each batch step left, every
 * call the divergence does not need, the same way (fast-check shrinks a batch's calls only along
 * with the values generated after them). Null when `steps` no longer diverge.
 */
export function withoutNeedlessSteps(
  target: Target,
  steps: readonly Op[],
  ownKeys = true,
  realm: TamperedRealm | null = null,
  known: readonly DivergenceClass[] = [],
): { steps: Op[]; divergence: Divergence } | null {
  let best = divergenceOf(target, steps, ownKeys, realm, known);
  if (best === null) return null;
  for (let i = best.steps.length - 2; i >= 0; i--) {
    const trial = divergenceOf(
      target,
      [...best.steps.slice(0, i), ...best.steps.slice(i + 1)],
      ownKeys,
      realm,
      known,
    );
    if (trial !== null) best = trial;
  }
  for (let i = best.steps.length - 1; i >= 0; i--) {
    for (let j = callsOf(best.steps[i]) - 1; j >= 0 && callsOf(best.steps[i]) > 1; j--) {
      const batch = best.steps[i] as Extract<Op, { op: "batch" }>;
      const trial = divergenceOf(
        target,
        [
          ...best.steps.slice(0, i),
          { ...batch, ops: [...batch.ops.slice(0, j), ...batch.ops.slice(j + 1)] },
          ...best.steps.slice(i + 1),
        ],
        ownKeys,
        realm,
        known,
      );
      if (trial !== null && trial.steps.length === best.steps.length) best = trial;
    }
  }
  return best;
}

/** The number of calls inside `op` when it is a batch, else 0. */
function callsOf(op: Op): number {
  return op.op === "batch" ? op.ops.length : 0;
}

/** Replays the shrunk commands outside fast-check to collect the resolved steps. */
function modelFailure(
  options: CampaignOptions,
  property: "model" | "tampered-realm",
  realm: TamperedRealm | null,
  model: CommandModel,
  details: fc.RunDetails<unknown>,
): Failure {
  const counterexample = (details.counterexample as [Iterable<unknown>] | null)?.[0];
  const replayPath = /replayPath="([^"]*)"/.exec(String(counterexample))?.[1] ?? null;
  const base = {
    property,
    seed: options.seed,
    path: details.counterexamplePath ?? "",
    replayPath,
  };
  const known = options.known ?? [];
  const ownKeys = observesOwnKeys([...known, ...options.exclude ?? []]);
  const world = new World(options.target.candidate, options.target.reference, {
    ownKeys,
    realm,
    known,
  });
  const generated: Op[] = [FIRST_STEP];
  for (const wrapper of counterexample ?? []) {
    generated.push((wrapper as unknown as { cmd: HeadersCommand }).cmd.op);
  }
  try {
    for (const op of generated) if (model.accepts(op)) world.step(op);
  } catch (error) {
    if (error instanceof Divergence) {
      const shrunk = withoutNeedlessSteps(options.target, world.executed, ownKeys, realm, known) ??
        { steps: world.executed, divergence: error };
      return {
        ...base,
        kind: "divergence",
        steps: shrunk.steps,
        message: shrunk.divergence.message,
        patches: [...shrunk.divergence.patches],
        runsToFailure: 0,
      };
    }
    return {
      ...base,
      kind: "harness-error",
      steps: world.executed,
      message: String(error),
      runsToFailure: 0,
    };
  }
  const original = details.errorInstance;
  const kind = original instanceof Divergence ? "divergence" : "harness-error";
  return {
    ...base,
    kind,
    steps: world.executed,
    message: `${String(original)} (the shrunk case did not fail again when replayed: the ` +
      "candidate is not deterministic)",
    runsToFailure: 0,
  };
}
