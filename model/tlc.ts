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

import { createHash } from "node:crypto";
import { parseTlaValue, type TlaValue } from "./tla_value.ts";

/** The directory of the model's modules and configs (model/). */
export const MODEL_DIR = new URL(".", import.meta.url).pathname;

/**
 * The integer an option of the model's entry points spells: decimal digits only (so "", " 3",
 * "1e3" and "0x10" are refused) and at least `min`. Throws an Error naming the option and its text.
 */
export function integerOption(name: string, text: string, min: number): number {
  const value = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`--${name} takes an integer >= ${min}, not ${JSON.stringify(text)}`);
  }
  return value;
}

/** TLC's worker threads as an option spells them: "auto" or an integer >= 1. */
export function workersOption(text: string): number | "auto" {
  if (text === "auto") return "auto";
  try {
    return integerOption("workers", text, 1);
  } catch {
    throw new Error(`--workers takes "auto" or an integer >= 1, not ${JSON.stringify(text)}`);
  }
}

/** What TLC concluded. */
export type TlcOutcome =
  | "passed" // model checking or simulation finished without finding an error
  | "invariant" // a state invariant is violated
  | "property" // a (temporal or action) property is violated
  | "deadlock" // a reachable state has no successor
  | "violation" // distributed TLC printed an error trace without naming what it violates
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
  /**
   * A run of seconds (a planted bug found within a few thousand states, a test's batch of traces,
   * the state-graph dump, a short simulation): the JVM compiles with its quick compiler only,
   * which halves such a run's CPU time (JIT compiling most of it); a long run is faster with the
   * optimizing compiler. What TLC computes is the same either way. The TLC runs of model/'s tests
   * took 132 s of CPU time without, 80 s with (side by side, busy machine).
   */
  short?: boolean;
  /**
   * Run TLC's distributed mode instead: a TLCServer with `localWorkers` TLCWorker processes of
   * one thread each, server and workers in a network namespace of their own that has only the
   * loopback interface (`unshare -n`), so nothing listens on any other address. With
   * `remoteWorkers` > 0 the server runs in the host's network instead, advertised as `host`,
   * and waits for that many more workers started on other machines (Java RMI then listens on
   * every interface of this one: use it on a private network only).
   */
  distributed?: { localWorkers: number; remoteWorkers?: number; host?: string };
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
  // A run stopped before its end reports its last progress line: "Progress(5) at ...: 102,114
  // states generated (50,265 s/min), 10,568 distinct states found (4,345 ds/min), ..."
  const progress = [
    ...output.matchAll(/: ([\d,]+) states generated \([^)]*\), ([\d,]+) distinct states found/g),
  ].at(-1);
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
  } else if (/Error: The behavior up to this point is:/.test(output)) {
    outcome = "violation";
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
      : progress
      ? parseCount(progress[1])
      : null,
    distinctStates: counts ? parseCount(counts[2]) : progress ? parseCount(progress[2]) : null,
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
  const archive = classArchive(tools, metadir, run.distributed === undefined);
  const jvm = [
    "-XX:+UseParallelGC",
    ...archive.flags,
    ...(run.short ? ["-XX:TieredStopAtLevel=1"] : []),
    // TLC extracts its standard modules into java.io.tmpdir: a directory of this run's own, so
    // that concurrent TLC runs do not read each other's half-written copies.
    `-Djava.io.tmpdir=${metadir}`,
    ...(run.libraryDir ? [`-DTLA-Library=${run.libraryDir}`] : []),
  ];
  const options = ["-metadir", metadir, "-config", run.config, ...(run.extraArgs ?? []), run.spec];
  const started = performance.now();
  try {
    // TLCServer looks for the root module by its name in the directory it runs in.
    const specDir = run.spec.slice(0, run.spec.lastIndexOf("/") + 1) || ".";
    const { code, output } = run.distributed
      ? await runDistributed(
        tools,
        jvm,
        [...options.slice(0, -1), run.spec.slice(specDir.length)],
        run.distributed,
        specDir,
        run.timeoutMs,
      )
      : await runProcess(
        tools.java,
        [
          ...jvm,
          "-cp",
          tools.jar,
          "tlc2.TLC",
          "-workers",
          String(run.workers ?? "auto"),
          ...options,
        ],
        metadir,
        run.timeoutMs,
      );
    archive.keep();
    return { ...parseTlcOutput(output, code), wallMs: performance.now() - started };
  } finally {
    await Deno.remove(metadir, { recursive: true });
  }
}

/** Where {@link classArchive} keeps its archives (ignored by git: .gitignore lists /.cache/). */
const ARCHIVE_DIR = new URL("../.cache/tlc/", import.meta.url).pathname;

/**
 * The JVM's class-data archive of TLC's classes (application class-data sharing): a run maps
 * the classes it loads from the archive instead of loading them from the jar. A planted bug's
 * run (mostly JVM start-up) took 2.4 s of CPU time without, 1.85 s with. One archive per java
 * and jar (path, size, modification time), in `.cache/tlc/`: when there is none, a run that
 * may write one (`create`; not distributed TLC's processes, which would race for it) has the
 * JVM dump the classes it loaded at exit into `dir`, and `keep()` moves that dump into place.
 * The JVM checks an archive against its jar and runs without one that does not match; what TLC
 * computes is the same either way.
 */
function classArchive(
  tools: TlcTools,
  dir: string,
  create: boolean,
): { flags: string[]; keep: () => void } {
  const jar = Deno.statSync(tools.jar);
  const key = createHash("sha256")
    .update([Deno.realPathSync(tools.java), tools.jar, jar.size, jar.mtime?.getTime()].join("\n"))
    .digest("hex").slice(0, 12);
  const path = `${ARCHIVE_DIR}tlc-${key}.jsa`;
  try {
    if (Deno.statSync(path).size > 0) {
      return { flags: [`-XX:SharedArchiveFile=${path}`], keep: () => {} };
    }
  } catch {
    // no archive yet
  }
  if (!create) return { flags: [], keep: () => {} };
  const dump = `${dir}/classes.jsa`;
  return {
    flags: [`-XX:ArchiveClassesAtExit=${dump}`],
    keep: () => {
      try {
        if (Deno.statSync(dump).size === 0) return;
        Deno.mkdirSync(ARCHIVE_DIR, { recursive: true });
        // A rename is atomic: a concurrent run maps either no archive or a whole one.
        const staged = `${ARCHIVE_DIR}.${crypto.randomUUID()}.jsa`;
        Deno.copyFileSync(dump, staged);
        Deno.renameSync(staged, path);
      } catch {
        // the JVM wrote no archive (it was stopped): a later run writes one
      }
    },
  };
}

/** Runs a command to its end (SIGTERM after `timeoutMs`): exit code, stdout then stderr. */
async function runProcess(
  command: string,
  args: string[],
  cwd: string,
  timeoutMs?: number,
): Promise<{ code: number; output: string }> {
  const child = new Deno.Command(command, { args, cwd, stdout: "piped", stderr: "piped" })
    .spawn();
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => {
    try {
      child.kill("SIGTERM");
    } catch {
      // it ended meanwhile
    }
  }, timeoutMs);
  const { code, stdout, stderr } = await child.output();
  clearTimeout(timer);
  const decoder = new TextDecoder();
  return { code, output: decoder.decode(stdout) + decoder.decode(stderr) };
}

/**
 * Waits (at most 10 s) until process `pid` is in a network namespace other than this
 * process's: until unshare has made it, a worker entering the server's namespace would enter
 * this machine's and look for the server on its loopback.
 */
async function awaitOwnNamespace(pid: number): Promise<void> {
  const own = Deno.readLinkSync("/proc/self/ns/net");
  for (let waited = 0; waited < 10_000; waited += 20) {
    try {
      if (Deno.readLinkSync(`/proc/${pid}/ns/net`) !== own) return;
    } catch {
      // not there yet, or already gone
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the TLC server (process ${pid}) got no network namespace of its own in 10 s`);
}

/** The port TLCServer's RMI registry listens on (TLC's default). */
const SERVER_PORT = 10997;

/**
 * TLC's distributed mode (see {@link TlcRun.distributed}): the server, then the local workers
 * in the server's network namespace (`nsenter`); the server stops by itself when the state
 * space is done or an error is found, the workers are stopped (by their process ids) once it
 * has, and everything is stopped at `timeoutMs`. Returns the server's exit code and output.
 */
async function runDistributed(
  tools: TlcTools,
  jvm: string[],
  options: string[],
  mode: NonNullable<TlcRun["distributed"]>,
  cwd: string,
  timeoutMs?: number,
): Promise<{ code: number; output: string }> {
  const remote = (mode.remoteWorkers ?? 0) > 0;
  const host = remote ? (mode.host ?? Deno.hostname()) : "127.0.0.1";
  const rmi = [`-Djava.rmi.server.hostname=${host}`];
  const server = [
    ...jvm,
    ...rmi,
    `-Dtlc2.tool.distributed.TLCServer.port=${SERVER_PORT}`,
    "-cp",
    tools.jar,
    "tlc2.tool.distributed.TLCServer",
    ...options,
  ];
  // unshare runs the shell in a new network namespace (only a loopback interface, brought up
  // here), which execs java: the child's process id is the server's.
  const isolate = Deno.uid() === 0 ? ["-n"] : ["-r", "-n"];
  const serverProcess = remote
    ? new Deno.Command(tools.java, {
      args: server,
      cwd,
      stdout: "piped",
      stderr: "piped",
    }).spawn()
    : new Deno.Command("unshare", {
      args: [...isolate, "sh", "-c", 'ip link set lo up && exec "$0" "$@"', tools.java, ...server],
      cwd,
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  const namespace = `--net=/proc/${serverProcess.pid}/ns/net`;
  const workerArgs = [
    ...jvm,
    ...rmi,
    `-Dtlc2.tool.distributed.TLCServer.port=${SERVER_PORT}`,
    "-Dtlc2.tool.distributed.TLCWorker.threadCount=1",
    "-cp",
    tools.jar,
    "tlc2.tool.distributed.TLCWorker",
    host,
  ];
  const stop = (child: Deno.ChildProcess) => {
    try {
      child.kill("SIGTERM");
    } catch {
      // it ended meanwhile
    }
  };
  const workers: Deno.ChildProcess[] = [];
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => {
    stop(serverProcess);
    workers.forEach(stop);
  }, timeoutMs);
  try {
    if (!remote) await awaitOwnNamespace(serverProcess.pid);
    for (let k = 0; k < mode.localWorkers; k++) {
      workers.push(
        new Deno.Command(remote ? tools.java : "nsenter", {
          args: remote ? workerArgs : [namespace, tools.java, ...workerArgs],
          cwd,
          stdout: "null",
          stderr: "null",
        }).spawn(),
      );
    }
    if (remote) {
      console.error(
        `TLCServer waits for ${mode.remoteWorkers} remote workers: on each machine run\n  java ` +
          `-Djava.rmi.server.hostname=<that machine> -cp tla2tools.jar ` +
          `tlc2.tool.distributed.TLCWorker ${host}`,
      );
    }
  } catch (error) {
    stop(serverProcess);
    workers.forEach(stop);
    throw error;
  }
  const { code, stdout, stderr } = await serverProcess.output();
  clearTimeout(timer);
  workers.forEach(stop);
  await Promise.all(workers.map((worker) => worker.status));
  const decoder = new TextDecoder();
  return { code, output: decoder.decode(stdout) + decoder.decode(stderr) };
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
