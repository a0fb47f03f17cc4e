/**
 * Running TLC (the TLA+ model checker in the tla2tools jar) from Deno, and reading its report.
 * Used by `model/run.ts` (the `deno task model` gate) and by the model-to-code tests.
 *
 * @example
 * ```ts
 * import { runTlc } from "./tlc.ts";
 *
 * const report = await runTlc({
 *   spec: new URL("./MCHeaders.tla", import.meta.url).pathname,
 *   config: new URL("./MCHeaders.cfg", import.meta.url).pathname,
 * });
 * console.log(report.outcome, report.distinctStates, report.depth);
 * ```
 *
 * @module
 */

import { parseTlaValue, type TlaValue } from "./tla_value.ts";

/** What TLC concluded. */
export type TlcOutcome =
  | "passed" // model checking or simulation finished without finding an error
  | "invariant" // a state invariant is violated
  | "property" // a (temporal or action) property is violated
  | "deadlock" // a reachable state has no successor
  | "failed"; // anything else: parse or semantic error, bad config, TLC crash

/** One TLC run, read from its output. */
export interface TlcReport {
  outcome: TlcOutcome;
  /** The violated invariant or property, when outcome is "invariant" or "property". */
  violated: string | null;
  /** "N states generated" (null when TLC did not get that far). */
  statesGenerated: number | null;
  /** "N distinct states found". */
  distinctStates: number | null;
  /** "The depth of the complete state graph search is N". */
  depth: number | null;
  /** Wall time of the whole TLC process, JVM start-up included. */
  wallMs: number;
  /** TLC's exit code. */
  exitCode: number;
  /** TLC's standard output and error, interleaved as written. */
  output: string;
}

/** Options of {@link runTlc}. */
export interface TlcRun {
  /** Path of the root `.tla` module. */
  spec: string;
  /** Path of the `.cfg` file. */
  config: string;
  /** TLC worker threads: a number or "auto" (the default). */
  workers?: number | "auto";
  /** More TLC options, e.g. `["-simulate", "num=5", "-depth", "20", "-seed", "7"]`. */
  extraArgs?: string[];
  /** Directory holding modules the spec EXTENDS or INSTANCEs besides its own directory. */
  libraryDir?: string;
  /** Stop TLC (SIGTERM) after this many milliseconds; the report reads what it printed. */
  timeoutMs?: number;
}

/** The java executable and TLC jar to run, or a clear error. */
export interface TlcTools {
  java: string;
  jar: string;
}

/**
 * Finds `java` on PATH and the jar named by `HEADERPROOF_TLC_JAR` (set by the `./headerproof`
 * wrapper). Throws an Error saying what is missing and how to get it.
 */
export function findTlcTools(): TlcTools {
  const jar = Deno.env.get("HEADERPROOF_TLC_JAR");
  if (!jar) {
    throw new Error(
      "HEADERPROOF_TLC_JAR is not set: run through `./headerproof model` (it installs TLC into " +
        ".tools/tlc and sets it) or export HEADERPROOF_TLC_JAR=/path/to/tla2tools.jar",
    );
  }
  try {
    if (!Deno.statSync(jar).isFile) throw new Error("not a file");
  } catch {
    throw new Error(
      `HEADERPROOF_TLC_JAR=${jar} does not name a file: run \`./headerproof setup\` to install TLC`,
    );
  }
  const java = findOnPath("java");
  if (java === null) {
    throw new Error("`java` is not on PATH: TLC needs a Java 11+ runtime (Java 17 is tested)");
  }
  return { java, jar };
}

function findOnPath(command: string): string | null {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    if (dir === "") continue;
    const candidate = `${dir}/${command}`;
    try {
      if (Deno.statSync(candidate).isFile) return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

function parseCount(text: string): number {
  return Number(text.replaceAll(",", ""));
}

/**
 * Reads TLC's console report: the outcome, which invariant or property failed, and the
 * statistics lines. `exitCode` is only used when the text names no known outcome.
 */
export function parseTlcOutput(output: string, exitCode: number): Omit<TlcReport, "wallMs"> {
  const counts = output.match(
    /([\d,]+) states generated, ([\d,]+) distinct states found, [\d,]+ states left on queue/,
  );
  const simulated = output.match(/([\d,]+) states checked/g);
  const depth = output.match(/The depth of the complete state graph search is (\d+)/);
  const invariant = output.match(/Error: Invariant (\w+) is violated/);
  // TLC names a violated action property by its source location, e.g. "Action property line 345,
  // col 17 to line 345, col 29 of module Headers is violated."
  const property = output.match(/Error: Action property (.+?) is violated/);
  const propertyOther = /Error: Temporal properties were violated/.test(output);
  let outcome: TlcOutcome;
  let violated: string | null = null;
  if (invariant) {
    outcome = "invariant";
    violated = invariant[1];
  } else if (property || propertyOther) {
    outcome = "property";
    violated = property ? property[1] : null;
  } else if (/Error: Deadlock reached/.test(output)) {
    outcome = "deadlock";
  } else if (
    exitCode === 0 &&
    (/Model checking completed\. No error has been found\./.test(output) ||
      /Finished in .* at/.test(output) && !/Error:/.test(output))
  ) {
    outcome = "passed";
  } else {
    outcome = "failed";
  }
  const lastSimulated = simulated ? simulated[simulated.length - 1].match(/[\d,]+/) : null;
  return {
    outcome,
    violated,
    statesGenerated: counts
      ? parseCount(counts[1])
      : lastSimulated
      ? parseCount(lastSimulated[0])
      : null,
    distinctStates: counts ? parseCount(counts[2]) : null,
    depth: depth ? Number(depth[1]) : null,
    exitCode,
    output,
  };
}

/**
 * Runs TLC on one spec and config, with its state directory in a fresh temporary directory
 * (nothing is written next to the spec), and returns the parsed report. Never throws for a
 * model-checking failure: read `outcome`.
 */
export async function runTlc(run: TlcRun): Promise<TlcReport> {
  const tools = findTlcTools();
  const metadir = await Deno.makeTempDir({ prefix: "headerproof-tlc-" });
  const args = [
    "-XX:+UseParallelGC",
    // TLC extracts its standard modules into java.io.tmpdir: a directory of this run's own, so
    // that concurrent TLC runs do not read each other's half-written copies.
    `-Djava.io.tmpdir=${metadir}`,
    ...(run.libraryDir ? [`-DTLA-Library=${run.libraryDir}`] : []),
    "-cp",
    tools.jar,
    "tlc2.TLC",
    "-workers",
    String(run.workers ?? "auto"),
    "-metadir",
    metadir,
    "-config",
    run.config,
    ...(run.extraArgs ?? []),
    run.spec,
  ];
  const started = performance.now();
  try {
    const child = new Deno.Command(tools.java, {
      args,
      cwd: metadir,
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const timer = run.timeoutMs === undefined
      ? undefined
      : setTimeout(() => child.kill("SIGTERM"), run.timeoutMs);
    const { code, stdout, stderr } = await child.output();
    clearTimeout(timer);
    const decoder = new TextDecoder();
    const output = decoder.decode(stdout) + decoder.decode(stderr);
    return { ...parseTlcOutput(output, code), wallMs: performance.now() - started };
  } finally {
    await Deno.remove(metadir, { recursive: true });
  }
}

/** One state of a TLC error trace: the action that led to it (as TLC names it) and the values. */
export interface ErrorTraceState {
  /** 1-based position in the trace. */
  state: number;
  /** "<Initial predicate>", or the action and its source location. */
  action: string;
  /** Variable name to value (a value TLC printed in a form not read here stays as text). */
  values: Record<string, TlaValue>;
}

/**
 * The error trace TLC printed after "Error: The behavior up to this point is:", state by state;
 * empty when the output has none.
 */
export function parseErrorTrace(output: string): ErrorTraceState[] {
  const start = output.indexOf("Error: The behavior up to this point is:");
  if (start === -1) return [];
  const text = output.slice(start);
  const states: ErrorTraceState[] = [];
  const header = /^State (\d+): (.*)$/gm;
  const heads = [...text.matchAll(header)];
  heads.forEach((head, k) => {
    const from = (head.index ?? 0) + head[0].length;
    const rest = text.slice(from, k + 1 < heads.length ? heads[k + 1].index : undefined);
    const stop = rest.search(/\n\s*\n(?!\/\\)/);
    const body = stop === -1 ? rest : rest.slice(0, stop);
    const values: Record<string, TlaValue> = {};
    for (const conjunct of body.split(/^\/\\ /m).slice(1)) {
      const eq = conjunct.indexOf(" = ");
      const printed = conjunct.slice(eq + 3).trim();
      let value: TlaValue;
      try {
        value = parseTlaValue(printed);
      } catch {
        value = printed;
      }
      values[conjunct.slice(0, eq).trim()] = value;
    }
    states.push({ state: Number(head[1]), action: head[2].trim(), values });
  });
  return states;
}
