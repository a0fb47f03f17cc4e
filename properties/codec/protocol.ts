/**
 * The campaign's side of the codec harness's line protocol (harness/src/main.rs): one process,
 * one request a line on its stdin, one JSON answer a line on its stdout. A process that exits or
 * gives no answer within the case timeout is a crash or a hang of the crate (the harness itself
 * catches every panic); the next request starts a fresh process.
 *
 * @example
 * ```ts
 * import { CodecHarness } from "./protocol.ts";
 * const harness = new CodecHarness("/path/to/headerproof-codec", 10_000);
 * console.log(await harness.ask(["name", "416263"])); // { from_bytes: "ok:616263", ... }
 * harness.close();
 * ```
 *
 * @module
 */
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { dirname } from "node:path";

/** One answer of the harness: strings, lists of strings, counts. */
export type Answer = Record<string, string | string[] | number>;

/** The harness process ended or hung on a request: a crash finding of the crate. */
export class HarnessStopped extends Error {
  /** How it stopped: "exit 101", "signal SIGSEGV", "no answer in 10 s". */
  readonly how: string;
  constructor(how: string) {
    super(`the harness process stopped: ${how}`);
    this.how = how;
    this.name = "HarnessStopped";
  }
}

/** `text`'s bytes (each char a byte, 0-255) as lowercase hex. */
export function hexOf(bytes: string): string {
  let out = "";
  for (let i = 0; i < bytes.length; i++) out += bytes.charCodeAt(i).toString(16).padStart(2, "0");
  return out;
}

/** The byte string (each char a byte) `hex` spells. */
export function bytesOf(hex: string): string {
  let out = "";
  for (let i = 0; i + 1 < hex.length; i += 2) {
    out += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  }
  return out;
}

/** A running harness process, restarted after it stops. */
export class CodecHarness {
  readonly #binary: string;
  readonly #runner: readonly string[];
  readonly #timeoutMs: number;
  #child: ChildProcess | null = null;
  #buffered = "";
  #waiting: ((line: string | null, how?: string) => void) | null = null;

  /**
   * A harness running `binary`, under the command line `runner` when one is given (an emulator);
   * a request unanswered after `timeoutMs` is a hang.
   */
  constructor(binary: string, timeoutMs: number, runner: readonly string[] = []) {
    this.#binary = binary;
    this.#runner = runner;
    this.#timeoutMs = timeoutMs;
  }

  #start(): ChildProcess {
    const [command, ...args] = [...this.#runner, this.#binary];
    // In the binary's own (ignored) folder: an emulator that dumps core on a crash writes there.
    const child = spawn(command, args, {
      cwd: dirname(this.#binary),
      stdio: ["pipe", "pipe", "ignore"],
    });
    this.#buffered = "";
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      this.#buffered += chunk;
      const end = this.#buffered.indexOf("\n");
      if (end >= 0 && this.#waiting !== null) {
        const line = this.#buffered.slice(0, end);
        this.#buffered = this.#buffered.slice(end + 1);
        const waiting = this.#waiting;
        this.#waiting = null;
        waiting(line);
      }
    });
    child.on("exit", (code, signal) => {
      if (this.#child === child) this.#child = null;
      const waiting = this.#waiting;
      this.#waiting = null;
      waiting?.(null, signal === null ? `exit ${code}` : `signal ${signal}`);
    });
    child.stdin!.on("error", () => {});
    return child;
  }

  /** The answer to `request`; throws {@link HarnessStopped} when the process dies or hangs. */
  ask(request: readonly (string | number)[]): Promise<Answer> {
    const child = this.#child ??= this.#start();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting = null;
        this.#child = null;
        child.kill("SIGKILL");
        reject(new HarnessStopped(`no answer in ${this.#timeoutMs / 1000} s`));
      }, this.#timeoutMs);
      this.#waiting = (line, how) => {
        clearTimeout(timer);
        if (line === null) reject(new HarnessStopped(how ?? "it ended"));
        else resolve(JSON.parse(line));
      };
      child.stdin!.write(JSON.stringify(request.map(String)) + "\n");
    });
  }

  /** Stops the process. */
  close(): void {
    const child = this.#child;
    this.#child = null;
    child?.stdin?.end();
    child?.kill();
  }
}
