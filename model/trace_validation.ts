/**
 * Trace validation: has TLC check, in one run, that each recorded trace of a batch
 * (model/record.ts) is a behavior of the implementation spec HeadersImpl, internal state
 * included, on which every invariant and the refinement StdSpec hold
 * (model/TraceHeadersImpl.tla).
 *
 * Run as `deno task model:traces` it is the trace campaign: seeded random traces of impl,
 * validated in batches, with the throughput.
 *
 * Usage: `deno task model:traces [--traces N] [--batch B] [--steps S] [--seed S] [--workers W]`
 * (defaults 2000 traces in batches of 500, 30 operations each, seed 1000, TLC workers auto).
 * Prints per batch its traces and seconds, then traces validated per hour and seconds per trace
 * (a batch's TLC wall time over its traces, p50 and p95 over batches). Exit 1 when a trace is
 * rejected (its seed, entry and call printed), 2 on a usage or harness error.
 *
 * @example
 * ```ts
 * import { probeFor, recordTrace } from "./record.ts";
 * import { validateTraces } from "./trace_validation.ts";
 *
 * const path = new URL("../impl/mod.ts", import.meta.url).pathname;
 * const mod = await import(path);
 * const probe = await probeFor(path);
 * const traces = [1, 2, 3].map((seed) => recordTrace(mod, probe, { seed, steps: 20 }));
 * const verdict = await validateTraces(traces);
 * console.log(verdict.accepted, verdict.rejection);
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";
import type { HeadersModule } from "../spec/contract.ts";
import type { ModelCall } from "./mapping.ts";
import { probeFor, recordTrace, type TraceEntry } from "./record.ts";
import { traceModule } from "./tla_emit.ts";
import {
  findTlcTools,
  integerOption,
  MODEL_DIR,
  runTlc,
  type TlcReport,
  workersOption,
} from "./tlc.ts";
import { violatedName } from "./run.ts";

/**
 * The largest batch validated as a short TLC run (tlc.ts `TlcRun.short`): a test's batch (tens of
 * traces) takes seconds; model:traces' batches of hundreds take a minute or more.
 */
const SHORT_BATCH = 50;

/** The verdict of TLC on a batch of traces. */
export interface TraceVerdict {
  /** Every trace is a behavior of HeadersImpl. */
  accepted: boolean;
  /**
   * The first rejected trace (1-based) and entry (1-based, 1 = init), when not accepted, and the
   * invariant or property the trace breaks (null: the trace is no behavior of HeadersImpl).
   */
  rejection: { trace: number; entry: number; call: ModelCall; violated: string | null } | null;
  /** TLC's report. */
  report: TlcReport;
}

/**
 * Has TLC check, in one run, that each trace of the batch is a behavior of HeadersImpl: every
 * trace starts a chain of states at its recorded initial raw lists, each state must show the
 * entry's recorded internal state, each step must be the implementation's action for the
 * recorded call, and a chain that cannot consume its trace deadlocks (the rejection).
 */
export async function validateTraces(
  traces: TraceEntry[][],
  workers: number | "auto" = "auto",
): Promise<TraceVerdict> {
  const dir = await Deno.makeTempDir({ prefix: "headerproof-traces-" });
  try {
    await Deno.writeTextFile(`${dir}/TraceData.tla`, traceModule(traces));
    const report = await runTlc({
      spec: `${MODEL_DIR}TraceHeadersImpl.tla`,
      config: `${MODEL_DIR}TraceHeadersImpl.cfg`,
      libraryDir: dir,
      workers,
      short: traces.length <= SHORT_BATCH,
    });
    if (report.outcome === "passed") return { accepted: true, rejection: null, report };
    const broken = report.outcome === "invariant" || report.outcome === "property";
    if (report.outcome !== "deadlock" && !broken) {
      throw new Error(
        `TLC did not judge the traces (outcome ${report.outcome}):\n${report.output.slice(-12000)}`,
      );
    }
    // The last state printed: after "State N:", or after "violated by the initial state:".
    const output = report.output;
    const state = output.slice(
      Math.max(0, output.lastIndexOf("State "), output.lastIndexOf("is violated")),
    );
    const trace = Number(state.match(/tr = (\d+)/)?.[1]);
    const step = Number(state.match(/step = (\d+)/)?.[1]);
    // A check's violation is at the entry the last state matched. A deadlock: a chain whose
    // initial state does not show the recorded initial entry stops at entry 1; otherwise its last
    // state matched entry `step`, and entry step + 1 could not be reached.
    const entry = broken ? step : /initMatched = FALSE/.test(state) ? 1 : step + 1;
    return {
      accepted: false,
      rejection: {
        trace,
        entry,
        call: traces[trace - 1][entry - 1].call,
        violated: broken ? violatedName("MCHeadersImpl", report) : null,
      },
      report,
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The value below which a share `q` of `values` lies (nearest rank). */
export function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const IMPL_PATH = new URL("../impl/mod.ts", import.meta.url).pathname;

async function main(args: string[]): Promise<number> {
  let numbers: Record<"traces" | "batch" | "steps" | "seed", number>;
  let workers: number | "auto";
  try {
    const { values } = parseArgs({
      args,
      options: {
        traces: { type: "string", default: "2000" },
        batch: { type: "string", default: "500" },
        steps: { type: "string", default: "30" },
        seed: { type: "string", default: "1000" },
        workers: { type: "string", default: "auto" },
      },
      strict: true,
      allowPositionals: false,
    });
    numbers = {
      traces: integerOption("traces", values.traces, 1),
      batch: integerOption("batch", values.batch, 1),
      steps: integerOption("steps", values.steps, 1),
      seed: integerOption("seed", values.seed, 0),
    };
    workers = workersOption(values.workers);
    findTlcTools();
  } catch (error) {
    console.error(
      `model:traces: ${(error as Error).message}\nusage: deno task model:traces ` +
        "[--traces N] [--batch B] [--steps S] [--seed S] [--workers W]",
    );
    return 2;
  }
  const mod = (await import(IMPL_PATH)) as HeadersModule;
  const probe = await probeFor(IMPL_PATH);
  const perTrace: number[] = [];
  const started = performance.now();
  for (let first = 0; first < numbers.traces; first += numbers.batch) {
    const count = Math.min(numbers.batch, numbers.traces - first);
    const seeds = Array.from({ length: count }, (_, k) => numbers.seed + first + k);
    const batch = seeds.map((seed) => recordTrace(mod, probe, { seed, steps: numbers.steps }));
    let verdict: TraceVerdict;
    try {
      verdict = await validateTraces(batch, workers);
    } catch (error) {
      console.error(`model:traces: ${(error as Error).message}`);
      return 2;
    }
    if (!verdict.accepted) {
      const { trace, entry, call, violated } = verdict.rejection!;
      console.log(
        `REJECTED: the trace of seed ${seeds[trace - 1]} at entry ${entry} ` +
          `(${violated === null ? "no HeadersImpl step matches" : `${violated} violated`}): ` +
          JSON.stringify(call),
      );
      return 1;
    }
    const seconds = verdict.report.wallMs / 1000;
    perTrace.push(seconds / count);
    console.log(
      `traces ${first + 1}-${first + count}: accepted, ${verdict.report.distinctStates} states, ` +
        `TLC ${seconds.toFixed(1)} s`,
    );
  }
  const hours = (performance.now() - started) / 3_600_000;
  console.log(
    `${numbers.traces} traces of ${numbers.steps} operations validated, every invariant and ` +
      `StdSpec on every step: ${Math.round(numbers.traces / hours)} traces per hour; seconds ` +
      `per trace p50 ${percentile(perTrace, 0.5).toFixed(3)}, p95 ${
        percentile(perTrace, 0.95).toFixed(3)
      }`,
  );
  return 0;
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
