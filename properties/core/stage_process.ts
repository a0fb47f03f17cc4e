/**
 * The process runner of the stages whose CLI runs in a process of its own (the wire and egress
 * stages): starts the command, collects its output, stops it at a time limit, and parses the
 * result it prints as its last line of standard output (JSON).
 *
 * @example
 * ```ts
 * import { runStageProcess } from "./stage_process.ts";
 * const run = await runStageProcess(
 *   [Deno.execPath(), "eval", "console.log(JSON.stringify({ runs: 3 }))"],
 *   undefined,
 *   { limitMs: 10_000 },
 * );
 * console.log(run.result); // { runs: 3 }
 * ```
 *
 * @module
 */
import { spawn } from "node:child_process";

/** What the caller may do to the running process from its callbacks. */
export interface StageProcessControl {
  /** Stops it now (SIGKILL); the run then says `killed`. */
  kill(): void;
}

/** How a stage process is bounded and read. */
export interface StageProcessOptions {
  /** Milliseconds after the start when {@link StageProcessOptions.onLimit} is called. */
  limitMs: number;
  /**
   * Each complete line of standard output as it comes; false keeps it out of `stdout` (a
   * protocol line). Default: every line is kept.
   */
  onLine?: (line: string, control: StageProcessControl) => boolean;
  /** At `limitMs`; default: stop the process. */
  onLimit?: (control: StageProcessControl) => void;
}

/** How a stage process ended and what it printed. */
export interface StageProcessRun {
  /** Standard output, the lines `onLine` kept. */
  stdout: string;
  /** The last 8,000 characters of standard error (and why it could not start). */
  stderr: string;
  code: number | null;
  signal: string | null;
  /** Whether it was stopped (at the limit or by a callback). */
  killed: boolean;
  /** Whether it could not be started at all. */
  startFailed: boolean;
  /** The last line of `stdout` parsed as JSON; undefined when it is not JSON. */
  result: unknown;
}

/**
 * Runs `command` (piped output, no input) in `environment` (default: this process's) to its end,
 * bounded as `options` says.
 */
export async function runStageProcess(
  command: readonly string[],
  environment: Record<string, string | undefined> | undefined,
  options: StageProcessOptions,
): Promise<StageProcessRun> {
  const child = spawn(command[0], command.slice(1), {
    stdio: ["ignore", "pipe", "pipe"],
    ...(environment === undefined ? {} : { env: environment }),
  });
  let stdout = "";
  let partLine = "";
  let stderr = "";
  let killed = false;
  let startFailed = false;
  const control: StageProcessControl = {
    kill() {
      killed = true;
      child.kill("SIGKILL");
    },
  };
  const onLine = (line: string) => {
    if (options.onLine?.(line, control) ?? true) stdout += `${line}\n`;
  };
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    const lines = (partLine + chunk).split("\n");
    partLine = lines.pop()!;
    lines.forEach(onLine);
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-8000);
  });
  const timer = setTimeout(
    () => (options.onLimit ?? ((c: StageProcessControl) => c.kill()))(control),
    Math.max(0, options.limitMs),
  );
  const { code, signal } = await new Promise<{ code: number | null; signal: string | null }>(
    (resolve) => {
      child.on("error", (error) => {
        stderr += `cannot start ${command[0]}: ${error.message}`;
        startFailed = true;
        if (child.pid === undefined) resolve({ code: null, signal: null });
      });
      child.on("close", (code, signal) => resolve({ code, signal: signal ?? null }));
    },
  );
  clearTimeout(timer);
  stdout += partLine;
  let result: unknown;
  try {
    result = JSON.parse(stdout.trimEnd().split("\n").at(-1) ?? "");
  } catch {
    result = undefined;
  }
  return { stdout, stderr, code, signal, killed, startFailed, result };
}

/** A process's last words: the last 4 lines of its standard error, joined on one line. */
export function lastWords(stderr: string): string {
  return stderr.trim().split("\n").slice(-4).join(" | ") || "(no output)";
}

/** How a process ended: its exit code and signal, naming an abort (exit code 134 or SIGABRT). */
export function processEnd(code: number | null, signal: string | null): string {
  return `exit code ${code}, signal ${signal}${
    code === 134 || signal === "SIGABRT" ? ": an abort" : ""
  }`;
}
