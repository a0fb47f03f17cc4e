/**
 * Trace validation: has TLC check, in one run, that each recorded trace of a batch
 * (model/record.ts) is a behavior of the implementation spec HeadersImpl, internal state
 * included (model/TraceHeadersImpl.tla).
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

import type { ModelCall } from "./mapping.ts";
import type { TraceEntry } from "./record.ts";
import { traceModule } from "./tla_emit.ts";
import { runTlc, type TlcReport } from "./tlc.ts";

/** The verdict of TLC on a batch of traces. */
export interface TraceVerdict {
  /** Every trace is a behavior of HeadersImpl. */
  accepted: boolean;
  /** The first rejected trace (1-based) and entry (1-based, 1 = init), when not accepted. */
  rejection: { trace: number; entry: number; call: ModelCall } | null;
  /** TLC's report. */
  report: TlcReport;
}

const MODEL_DIR = new URL(".", import.meta.url).pathname;

/**
 * Has TLC check, in one run, that each trace of the batch is a behavior of HeadersImpl: every
 * trace starts a chain of states at its recorded initial raw lists, each state must show the
 * entry's recorded internal state, each step must be the implementation's action for the
 * recorded call, and a chain that cannot consume its trace deadlocks (the rejection).
 */
export async function validateTraces(traces: TraceEntry[][]): Promise<TraceVerdict> {
  const dir = await Deno.makeTempDir({ prefix: "headerproof-traces-" });
  try {
    await Deno.writeTextFile(`${dir}/TraceData.tla`, traceModule(traces));
    const report = await runTlc({
      spec: `${MODEL_DIR}TraceHeadersImpl.tla`,
      config: `${MODEL_DIR}TraceHeadersImpl.cfg`,
      libraryDir: dir,
    });
    if (report.outcome === "passed") return { accepted: true, rejection: null, report };
    if (report.outcome !== "deadlock") {
      throw new Error(
        `TLC did not judge the traces (outcome ${report.outcome}):\n${report.output.slice(-12000)}`,
      );
    }
    const last = report.output.slice(report.output.lastIndexOf("State "));
    const trace = Number(last.match(/tr = (\d+)/)?.[1]);
    const step = Number(last.match(/step = (\d+)/)?.[1]);
    // A chain whose initial state does not show the recorded initial entry stops at entry 1;
    // otherwise its last state matched entry `step`, and entry step + 1 could not be reached.
    const entry = /initMatched = FALSE/.test(last) ? 1 : step + 1;
    return {
      accepted: false,
      rejection: { trace, entry, call: traces[trace - 1][entry - 1].call },
      report,
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
