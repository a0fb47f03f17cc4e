/**
 * The subprocess that measures costs (stage.ts starts it with the collector exposed: Deno
 * `--v8-flags=--expose-gc`, Node `--expose-gc`; Bun has `Bun.gc(true)`). Its only argument is the
 * path of a JSON {@link CostWorkerConfig}. It loads one side (the candidate, the runtime's native
 * Headers or the reference) and runs the cases in order, writing one line per event on standard
 * output, each before what it announces runs, so that the stage knows which case a process that
 * hangs or dies was in:
 *
 * | line | meaning |
 * | --- | --- |
 * | `ready` | the side is loaded |
 * | `load-error <json>` | the candidate module cannot be used: `{ url, detail }` |
 * | `case <i>` | case i starts |
 * | `trial` | a smaller version of the case over its bound is measured (shrinking) |
 * | `result <json>` | a {@link CostResult} |
 * | `builtins <json>` | the candidate replaced built-ins (their names, builtins.ts): nothing is measured |
 * | `harness-error <json>` | the harness itself failed (a JSON string saying why); exit status 2 |
 *
 * It ends itself once its cases are done, whatever timers or sockets the candidate keeps open.
 *
 * @example
 * ```sh
 * echo '{"side":"impl","cases":[{"probe":"large","input":"value-8-mib"}],"shrink":false}' > /tmp/c.json
 * deno run -A --v8-flags=--expose-gc properties/costs/cost_worker.ts /tmp/c.json
 * ```
 *
 * @module
 */
import { readFileSync } from "node:fs";
import { NO_MESSAGES, shrinkCandidates } from "./cases.ts";
import type { CostCase, CostFigures, MessageApi, Meter } from "./probes.ts";
import { needsMessages, openMeter, runCostCase } from "./probes.ts";
import { runtime, writeOut } from "../targets/runtime.ts";
import { BuiltinsSnapshot, exitNow, stringify } from "../targets/builtins.ts";
import { CandidateLoadError, candidateUrlOf, loadFailureDetail } from "../targets/targets.ts";
import { NATIVE } from "../targets/kinds/native.ts";

/** What a cost worker measures. */
export interface CostWorkerConfig {
  /** "native", "impl", a module path or URL, or "reference:URL" for the reference module. */
  side: string;
  /** The cases, in order. */
  cases: CostCase[];
  /** Shrink a case over its bound before reporting it. */
  shrink: boolean;
}

/** The figures of one case (shrunk when the worker was asked to and it was over). */
export interface CostResult {
  /** Its index in the configuration. */
  index: number;
  /** The case measured last (the smallest still over its bound, when shrunk). */
  costCase: CostCase;
  /** Its figures. */
  figures: CostFigures;
}

/** What a side offers: its `Headers`, and its Request and Response when it exports both. */
interface Side {
  Headers: unknown;
  messages: MessageApi | null;
}

/** The constructors of `side` (throws {@link CandidateLoadError}). */
async function sideOf(side: string): Promise<Side> {
  if (NATIVE.recognizes(side)) {
    return {
      Headers: globalThis.Headers,
      messages: { Request: globalThis.Request, Response: globalThis.Response },
    };
  }
  const url = side.startsWith("reference:")
    ? side.slice("reference:".length)
    : candidateUrlOf(side)!;
  let module;
  try {
    module = await import(url);
  } catch (error) {
    throw new CandidateLoadError(url, loadFailureDetail(url, error));
  }
  if (typeof module.Headers !== "function") {
    throw new CandidateLoadError(url, "the module has no Headers export");
  }
  // Its own Request and Response, else those of the contract's `fetchClasses()` (a deno-src:
  // checkout's, an undici release's).
  const classes = typeof module.fetchClasses === "function" ? module.fetchClasses() : {};
  const Request = typeof module.Request === "function" ? module.Request : classes.Request;
  const Response = typeof module.Response === "function" ? module.Response : classes.Response;
  const messages = typeof Request === "function" && typeof Response === "function"
    ? { Request, Response }
    : null;
  return { Headers: module.Headers, messages };
}

/**
 * `costCase` measured, then shrunk while a smaller version is still over its bound; a message
 * case on a side without messages is not measured ({@link NO_MESSAGES}).
 */
function measured(side: Side, meter: Meter, costCase: CostCase, shrink: boolean) {
  if (needsMessages(costCase) && side.messages === null) {
    return { costCase, figures: { over: false, notApplicable: NO_MESSAGES, lines: [NO_MESSAGES] } };
  }
  let current = costCase;
  let figures: CostFigures = runCostCase(side.Headers, meter, current, side.messages);
  let shrinking = shrink && figures.over;
  while (shrinking) {
    shrinking = false;
    for (const smaller of shrinkCandidates(current)) {
      // Each measurement gets the case timeout of its own (stage.ts).
      writeOut("trial\n");
      const trial = runCostCase(side.Headers, meter, smaller, side.messages);
      if (trial.over) {
        current = smaller;
        figures = trial;
        shrinking = true;
        break;
      }
    }
  }
  return { costCase: current, figures };
}

/** Whether the candidate replaced built-ins since `snapshot`; if so, writes their names. */
function replacedBuiltins(snapshot: BuiltinsSnapshot): boolean {
  const names = snapshot.replaced();
  if (names.length > 0) writeOut(`builtins ${stringify(names)}\n`);
  return names.length > 0;
}

/** The built-ins before the side loaded. */
let builtinsAtStart: BuiltinsSnapshot | undefined;

/** Runs the configuration the argument names. */
async function runCostWorker(path: string | undefined): Promise<void> {
  if (path === undefined) throw new Error("cost_worker.ts needs the path of its configuration");
  const config = JSON.parse(readFileSync(path, "utf8")) as CostWorkerConfig;
  const meter = await openMeter();
  let side;
  builtinsAtStart = new BuiltinsSnapshot();
  try {
    side = await sideOf(config.side);
  } catch (error) {
    if (!(error instanceof CandidateLoadError)) throw error;
    writeOut(`load-error ${stringify({ url: error.url, detail: error.detail })}\n`);
    return;
  }
  writeOut("ready\n");
  if (replacedBuiltins(builtinsAtStart)) return;
  for (const [index, costCase] of config.cases.entries()) {
    writeOut(`case ${index}\n`);
    const result: CostResult = { index, ...measured(side, meter, costCase, config.shrink) };
    writeOut(`result ${stringify(result)}\n`);
  }
}

// A candidate's own exceptions are part of the figures (probes.ts catches them under large
// input); an exception that reaches here is the harness's, unless the candidate replaced
// built-ins the harness calls (then those are reported).
try {
  await runCostWorker(runtime.args[0]);
} catch (error) {
  if (builtinsAtStart === undefined || !replacedBuiltins(builtinsAtStart)) {
    writeOut(`harness-error ${stringify(String((error as Error)?.stack ?? error))}\n`);
    exitNow(2);
  }
}
exitNow(0);
