/**
 * Runs the scenarios under tinybench for every loaded implementation: builds one case per
 * (scenario, implementation) with its own compiled copy of the loop, runs the sanity pass over
 * all cases before any timing, then times each case in batches and checks every digest and
 * result again after timing. Portable across Deno, Node 22 and Bun.
 *
 * Timing: one tinybench sample is one batch of `batch` operations (a batch lasts about
 * {@link RunOptions.batchTargetNs}, so timer resolution and timer-call cost are negligible);
 * ns/op is the median batch time divided by `batch`. Per-batch inputs (fresh name strings,
 * fresh targets for mutating operations) are rebuilt in tinybench's `beforeEach` hook, outside
 * the timed window; their cost is declared as `overriddenIterationCost` so that the time budget
 * bounds wall-clock time too.
 *
 * @example
 * ```ts
 * import { runSuite, DEFAULT_OPTIONS } from "./runner.ts";
 * const result = await runSuite({ ...DEFAULT_OPTIONS, impls: ["native"], filter: "get hit" });
 * console.log(result.tasks[0].nsPerOp);
 * ```
 *
 * @module
 */

import { Bench } from "tinybench";
import { runtime as hostRuntime } from "../properties/targets/runtime.ts";
import {
  type Implementation,
  type ImplName,
  loadImplementations,
  type MissingImplementation,
} from "./implementations.ts";
import {
  type Bar,
  type CaseState,
  type Loop,
  privateCopy,
  SanityError,
  type Scenario,
  SCENARIOS,
} from "./scenarios.ts";

/** How a suite run is configured. */
export interface RunOptions {
  /** Implementations to run, in order. */
  impls: readonly ImplName[];
  /** Module URL overrides for "spec" / "impl". */
  modules: Partial<Record<"spec" | "impl", string>>;
  /** Only scenarios whose label or id contains this text (case-insensitive); "" = all. */
  filter: string;
  /** tinybench time budget per task, ms. */
  timeMs: number;
  /** tinybench warm-up budget per task, ms. */
  warmupMs: number;
  /** Minimum samples (batches) per task. */
  minSamples: number;
  /** Target duration of one batch, ns. */
  batchTargetNs: number;
  /** Input sizes to run (the quick mode keeps the 12-header set only). */
  sizes: readonly number[];
  /** Whether this is the quick smoke mode (recorded in the result). */
  quick: boolean;
}

/** The default, full run: about 0.1 s of samples per task. */
export const DEFAULT_OPTIONS: RunOptions = {
  impls: ["spec", "impl", "native", "floor"],
  modules: {},
  filter: "",
  timeMs: 100,
  warmupMs: 30,
  minSamples: 10,
  batchTargetNs: 10_000,
  sizes: [1, 12, 100],
  quick: false,
};

/** The smoke mode: a few ms per task; numbers are not meaningful, only that everything runs. */
export const QUICK_OPTIONS: RunOptions = {
  ...DEFAULT_OPTIONS,
  timeMs: 3,
  warmupMs: 1,
  minSamples: 3,
  sizes: [1, 12],
  quick: true,
};

/** The measurement of one task. */
export interface TaskResult {
  /** tinybench task name: "<scenario> — spec|impl|native". */
  name: string;
  scenario: string;
  label: string;
  op: string;
  size: number;
  freshNames: boolean;
  impl: ImplName;
  bar: Bar;
  /** Median over batches of the batch's mean time per operation, ns. */
  nsPerOp: number;
  /** Mean over batches, ns per operation. */
  meanNsPerOp: number;
  /** tinybench's relative margin of error of the mean, percent. */
  rmePercent: number;
  /** Number of timed batches. */
  samples: number;
  /** Operations per batch. */
  batch: number;
}

/** Everything one suite run measured in one runtime. */
export interface SuiteResult {
  runtime: string;
  runtimeVersion: string;
  startedAt: string;
  quick: boolean;
  options: { timeMs: number; warmupMs: number; minSamples: number; batchTargetNs: number };
  implementations: { name: ImplName; source: string }[];
  missing: MissingImplementation[];
  tasks: TaskResult[];
}

/** One (scenario, implementation) pair with its state and private loop copy. */
export interface Case {
  scenario: Scenario;
  impl: Implementation;
  state: CaseState;
  loop: Loop;
}

const MAX_BATCH = 4096;

/** The name tinybench shows for a task. */
export function taskName(scenario: Scenario, impl: ImplName): string {
  return `${scenario.label} — ${impl}`;
}

/**
 * The scenarios selected by a filter (case-insensitive substring of label or id) and a list of
 * input sizes.
 */
export function selectScenarios(
  filter: string,
  sizes: readonly number[] = DEFAULT_OPTIONS.sizes,
): Scenario[] {
  const needle = filter.toLowerCase();
  return SCENARIOS.filter((s) =>
    sizes.includes(s.size) &&
    (needle === "" || s.label.toLowerCase().includes(needle) || s.id.includes(needle))
  );
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Builds every applicable case (native-only scenarios need `Response` and the native class);
 * preparation that throws is recorded in `failures`, to be reported by {@link sanityPass}.
 */
export function buildCases(
  scenarios: readonly Scenario[],
  impls: readonly Implementation[],
  failures: string[],
): Case[] {
  const hasResponse = typeof (globalThis as { Response?: unknown }).Response === "function";
  const cases: Case[] = [];
  for (const scenario of scenarios) {
    for (const impl of impls) {
      if (scenario.nativeOnly && (impl.name !== "native" || !hasResponse)) continue;
      if (scenario.rawList && impl.fromRawList === null) continue;
      try {
        cases.push({
          scenario,
          impl,
          state: scenario.prepare(impl.Headers, impl.fromRawList),
          loop: privateCopy(scenario.loop),
        });
      } catch (error) {
        failures.push(
          `${taskName(scenario, impl.name)}: preparing inputs threw ${describe(error)}`,
        );
      }
    }
  }
  return cases;
}

/**
 * The sanity pass: every case runs a small batch through its timed loop and must return the
 * expected digest and leave the expected observable results. Throws one SanityError listing
 * every failure.
 */
export function sanityPass(cases: readonly Case[], initialFailures: readonly string[] = []): void {
  const failures = [...initialFailures];
  const count = 2;
  for (const { scenario, impl, state, loop } of cases) {
    const name = taskName(scenario, impl.name);
    try {
      scenario.refill(state, count);
      const digest = loop(state, 0, count);
      scenario.check(state, count);
      if (digest !== count * scenario.digestPerOp) {
        throw new SanityError(
          `loop digest ${digest}, expected ${count * scenario.digestPerOp} ` +
            `(${count} operations × ${scenario.digestPerOp})`,
        );
      }
    } catch (error) {
      failures.push(`${name}: ${describe(error)}`);
    }
  }
  if (failures.length > 0) {
    throw new SanityError(
      `sanity check failed for ${failures.length} task(s); no timing was done:\n  ` +
        failures.join("\n  "),
    );
  }
}

/** The time one batch of `count` operations takes, ns (inputs refilled first, untimed). */
function timeBatch(c: Case, count: number): number {
  c.scenario.refill(c.state, count);
  const start = performance.now();
  c.loop(c.state, 0, count);
  return (performance.now() - start) * 1e6;
}

/**
 * Picks the batch size so that one batch lasts about `targetNs`: batches grow while they are
 * shorter than the target during `warmMs` (so the estimate comes from warmed-up code), then the
 * fastest of three batches at the final size gives the time per operation. `timeOf` and `now`
 * are {@link timeBatch} and the clock, replaced in tests.
 */
export function calibrateBatch(
  c: Case,
  targetNs: number,
  warmMs: number,
  timeOf: (c: Case, count: number) => number = timeBatch,
  now: () => number = () => performance.now(),
): { batch: number; batchMs: number } {
  let count = 1;
  const until = now() + warmMs;
  do {
    const lastNs = timeOf(c, count);
    if (lastNs < targetNs && count < MAX_BATCH) count *= 2;
  } while (now() < until);
  // Always three more: a last warm-up batch that a compile or a collection stalled would set
  // the batch to 1, where the timer's own cost is most of each sample.
  const fastestNs = Math.min(timeOf(c, count), timeOf(c, count), timeOf(c, count));
  const perOpNs = Math.max(fastestNs, 1) / count;
  const batch = Math.min(MAX_BATCH, Math.max(1, Math.round(targetNs / perOpNs)));
  return { batch, batchMs: (batch * perOpNs) / 1e6 };
}

/** Times one case; throws a SanityError if a digest or result goes wrong during timing. */
function timeCase(c: Case, options: RunOptions): TaskResult {
  const { scenario, impl, state, loop } = c;
  const name = taskName(scenario, impl.name);
  const { batch, batchMs } = calibrateBatch(c, options.batchTargetNs, options.warmupMs);
  const declared = { overriddenIterationCost: batchMs };
  let batches = 0;
  let digest = 0;
  const bench = new Bench({
    time: options.timeMs,
    warmupTime: options.warmupMs,
    // An operation slower than the whole budget (the reference at 100 headers) gets one sample
    // per run; the cross-runtime repetitions still give it a median and a spread.
    iterations: Math.max(1, Math.min(options.minSamples, Math.floor(options.timeMs / batchMs))),
    warmupIterations: 1,
    subtractTimerOverhead: true,
    throws: true,
  });
  bench.add(name, () => {
    digest += loop(state, 0, batch);
    batches++;
    return declared;
  }, {
    // Without this, tinybench calls the task once at add() time to see whether it is async,
    // before beforeEach has prepared the batch.
    async: false,
    beforeEach() {
      const start = performance.now();
      scenario.refill(state, batch);
      declared.overriddenIterationCost = performance.now() - start + batchMs;
    },
  });
  bench.runSync();
  const result = bench.tasks[0].result;
  if (result.state !== "completed") {
    const reason = result.state === "errored" ? describe(result.error) : result.state;
    throw new Error(`${name}: tinybench did not complete (${reason})`);
  }
  const expectedDigest = batches * batch * scenario.digestPerOp;
  if (digest !== expectedDigest) {
    throw new SanityError(
      `${name}: digest over ${batches} timed batches is ${digest}, expected ${expectedDigest}`,
    );
  }
  try {
    scenario.check(state, batch);
  } catch (error) {
    throw new SanityError(`${name}: after timing: ${describe(error)}`);
  }
  return {
    name,
    scenario: scenario.id,
    label: scenario.label,
    op: scenario.op,
    size: scenario.size,
    freshNames: scenario.freshNames,
    impl: impl.name,
    bar: scenario.bar,
    nsPerOp: (result.latency.p50 * 1e6) / batch,
    meanNsPerOp: (result.latency.mean * 1e6) / batch,
    rmePercent: result.latency.rme,
    samples: result.latency.samplesCount,
    batch,
  };
}

/**
 * Loads the implementations, runs the sanity pass, then times every case. `progress` receives
 * one line per task.
 */
export async function runSuite(
  options: RunOptions,
  progress: (line: string) => void = () => {},
): Promise<SuiteResult> {
  const { name: runtime, version } = hostRuntime;
  const startedAt = new Date().toISOString();
  const { available, missing } = await loadImplementations(options.impls, options.modules);
  for (const { name, reason } of missing) progress(`${name}: not available — ${reason}`);
  const scenarios = selectScenarios(options.filter, options.sizes);
  if (scenarios.length === 0) throw new RangeError(`no scenario matches "${options.filter}"`);
  const failures: string[] = [];
  const cases = buildCases(scenarios, available, failures);
  sanityPass(cases, failures);
  progress(`sanity pass: ${cases.length} tasks return the expected values`);
  const tasks: TaskResult[] = [];
  for (const c of cases) {
    const task = timeCase(c, options);
    progress(
      `${task.name.padEnd(60)} ${task.nsPerOp.toFixed(1).padStart(10)} ns/op ` +
        `(±${task.rmePercent.toFixed(1)}%, ${task.samples} × ${task.batch})`,
    );
    tasks.push(task);
    c.state.targets = [];
    c.state.names = [];
    c.state.last = null;
  }
  return {
    runtime,
    runtimeVersion: version,
    startedAt,
    quick: options.quick,
    options: {
      timeMs: options.timeMs,
      warmupMs: options.warmupMs,
      minSamples: options.minSamples,
      batchTargetNs: options.batchTargetNs,
    },
    implementations: available.map(({ name, source }) => ({ name, source })),
    missing,
    tasks,
  };
}
