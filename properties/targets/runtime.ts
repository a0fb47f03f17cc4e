/**
 * The one place where Deno, Node 22 and Bun differ for the tools (campaigns and benchmarks):
 * which runtime this is, the script arguments, how to start this runtime on another script,
 * synchronous writes to the standard streams, and the number of cores. Also where the tools learn
 * what the `./headerproof` wrapper passes on: the directory it was called from and how it was
 * typed. Everything else uses `node:` modules, which all three runtimes provide.
 *
 * @example
 * ```ts
 * import { runtime, selfCommand } from "./runtime.ts";
 * console.log(runtime.name, selfCommand("properties/campaign/worker.ts", ["{}"]));
 * ```
 *
 * @module
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { writeSync } from "node:fs";
import { availableParallelism } from "node:os";
import { isAbsolute, resolve } from "node:path";
import process from "node:process";
import { parseArgs } from "node:util";
import type { ParseArgsConfig } from "node:util";
import type { RuntimeName } from "../core/runtime_kind.ts";
import { runtimeKindOf } from "../core/runtime_kinds.ts";

/** The host runtime. */
export interface Runtime {
  /** "deno", "node" or "bun". */
  name: RuntimeName;
  /** Its version. */
  version: string;
  /** The script's arguments (after the script path). */
  args: string[];
  /** The runtime's executable. */
  execPath: string;
}

const deno = (globalThis as { Deno?: { args: string[]; version: { deno: string } } }).Deno;
const bunVersion = (globalThis as { Bun?: { version: string } }).Bun?.version;

/** This runtime. */
export const runtime: Runtime = deno !== undefined
  ? { name: "deno", version: deno.version.deno, args: deno.args, execPath: process.execPath }
  : bunVersion !== undefined
  ? { name: "bun", version: bunVersion, args: process.argv.slice(2), execPath: process.execPath }
  : {
    name: "node",
    version: process.versions.node,
    args: process.argv.slice(2),
    execPath: process.execPath,
  };

/** A runtime binary that can run the tools' TypeScript scripts (see runtimes.ts). */
export interface RuntimeBinary {
  /** "deno", "node" or "bun". */
  name: RuntimeName;
  /** Its version. */
  version: string;
  /** The executable. */
  execPath: string;
}

/** The command line that runs `script` with `args` under `binary` (default: this runtime). */
export function selfCommand(
  script: string,
  args: readonly string[],
  binary: RuntimeBinary = runtime,
): string[] {
  return [binary.execPath, ...runtimeKindOf(binary.name).scriptArgs, script, ...args];
}

/** "name version" of the runtime a campaign's workers run under (`--runtime`, else this one). */
export function workerRuntimeName(options: { runtime?: RuntimeBinary }): string {
  const binary = options.runtime ?? runtime;
  return `${binary.name} ${binary.version}`;
}

/**
 * The directory the person ran the command from. The wrapper changes to the headerproof folder
 * before running a task and passes the caller's directory on in `HEADERPROOF_CALLER_DIR`; outside
 * the wrapper it is the working directory.
 */
export function callerDirectory(): string {
  return process.env.HEADERPROOF_CALLER_DIR || process.cwd();
}

/** `path` resolved against {@link callerDirectory}; absolute paths and URLs are kept. */
export function callerPath(path: string): string {
  if (/^(file|data|https?):/.test(path) || isAbsolute(path)) return path;
  return resolve(callerDirectory(), path);
}

/**
 * How the person runs the campaign CLI under this runtime: `./headerproof fuzz` (as they typed the
 * wrapper, passed on in `HEADERPROOF_COMMAND`), `fuzz:node` or `fuzz:bun`; outside the wrapper,
 * the runtime on properties/campaign/cli.ts.
 */
export function commandLine(): string {
  const wrapper = process.env.HEADERPROOF_COMMAND;
  const kind = runtimeKindOf(runtime.name);
  if (wrapper) return `${wrapper} ${kind.task}`;
  const cli = new URL("../campaign/cli.ts", import.meta.url).pathname;
  return [kind.name, ...kind.scriptArgs, cli].join(" ");
}

/**
 * The environment of a worker process under `binary` (default: this runtime): undefined (this
 * process's), or under Bun this process's with JavaScriptCore's proper tail calls turned off
 * (`BUN_JSC_useTailCalls=false`). A tampered realm tells the candidate's calls from everyone
 * else's by the frame of the caller, and a function that ends in `return f(...)` has no frame
 * left while `f` runs when tail calls are on (V8, under Deno and Node, has none).
 */
export function workerEnvironment(
  binary: RuntimeBinary = runtime,
): Record<string, string | undefined> | undefined {
  return withVariables(runtimeKindOf(binary.name).workerVariables);
}

/** This process's environment with `variables` set; undefined (this process's) for null. */
function withVariables(
  variables: Readonly<Record<string, string>> | null,
): Record<string, string | undefined> | undefined {
  return variables === null ? undefined : { ...process.env, ...variables };
}

/**
 * The environment of a process under `binary` (default: this runtime) that measures retained
 * memory: undefined (this process's), or this process's with the runtime's
 * `memoryMeasurementVariables`. Under Bun, JavaScriptCore's
 * concurrent JIT is off (`BUN_JSC_useConcurrentJIT=false`): a compilation still pending at a
 * collection holds values the compiled code saw, and a heap reading then counts them as retained
 * by what is measured (on a loaded machine, a sequence init's 32 parent strings of 1 MiB kept
 * alive after the Headers itself was released, in half the runs). impl/retained_heap_test.ts
 * runs in it. The cost stage's workers do not: a finding a pending compilation causes there fails
 * its replay in a fresh process, while with the JIT off, after the whole sequence of cases, the
 * parents case of a value cut with `substring` kept one parent string of 1 MiB, close to its bound.
 */
export function memoryMeasurementEnvironment(
  binary: { name: RuntimeName } = runtime,
): Record<string, string | undefined> | undefined {
  return withVariables(runtimeKindOf(binary.name).memoryMeasurementVariables);
}

/**
 * Starts a subprocess with piped stdout/stderr and no stdin, in `environment` (default: this
 * process's).
 */
export function start(
  command: readonly string[],
  environment: Record<string, string | undefined> | undefined = undefined,
): ChildProcess {
  return spawn(command[0], command.slice(1), {
    stdio: ["ignore", "pipe", "pipe"],
    ...(environment === undefined ? {} : { env: environment }),
  });
}

const pause = new Int32Array(new SharedArrayBuffer(4));
// Captured when this module loads, before any candidate: a worker's protocol lines must leave
// whatever the candidate did to the globals.
const encoder = new TextEncoder();

/**
 * Writes all of `text` to file descriptor `fd` before returning. A pipe may be non-blocking (Bun
 * makes standard output one): a full pipe then fails with EAGAIN, and the write is retried after
 * a millisecond until the reader has drained it.
 */
function writeFully(fd: number, text: string): void {
  const bytes = encoder.encode(text);
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (error) {
      if ((error as { code?: string }).code !== "EAGAIN") throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

/** Writes `text` to standard output now (no buffering: a heartbeat must leave before a hang). */
export function writeOut(text: string): void {
  writeFully(1, text);
}

/** Writes `text` to standard error now. */
export function writeErr(text: string): void {
  writeFully(2, text);
}

/** Whether standard error is a terminal (live progress redraws only then). */
export function stderrIsTerminal(): boolean {
  return process.stderr.isTTY === true;
}

/** The number of cores this process may use. */
export function coreCount(): number {
  return availableParallelism();
}

/** Sets the exit status and ends the process once pending output is flushed. */
export function exit(code: number): never {
  process.exit(code);
}

/** The options of a command line: `parseArgs`'s, always with `help` (`-h`). */
export type CommandOptions = NonNullable<ParseArgsConfig["options"]> & {
  help: { type: "boolean"; short: "h" };
};

/**
 * A CLI's arguments parsed with `options` (positionals allowed), or the exit status when there is
 * nothing more to do: 2 after printing the parse error and `usage` on stderr, 0 after printing
 * `usage` on stdout for `--help`.
 */
export function parseCommandLine<O extends CommandOptions>(
  args: readonly string[],
  options: O,
  usage: string,
): ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true }>> | number {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true });
  } catch (error) {
    writeErr(`${(error as Error).message}\n${usage}\n`);
    return 2;
  }
  if ((parsed.values as { help?: boolean }).help) {
    writeOut(usage + "\n");
    return 0;
  }
  return parsed;
}
