/**
 * `deno task bench:interleaved`: mutation interleaved with iteration at 20,000 steps (issue 11,
 * item 3), for impl and Deno's native Headers, side by side in this process:
 *
 * - **append + next()**: each step appends a new name (names arrive in scrambled order, so each
 *   lands anywhere in the sorted view) and advances one live `entries()` iterator by one;
 * - **forEach, mutating callback**: one `forEach` whose callback appends a new name on each call,
 *   until 20,000 names;
 * - **plain append** (the baseline): the same 20,000 appends with no iteration.
 *
 * Printed per implementation: total ms, ns per step, and the per-step ratio to that
 * implementation's plain append (the goal: within 10×). Each figure is the best of
 * `--reps` runs (default 3). `--impl-module PATH` measures another impl (e.g. an older commit's
 * `impl/mod.ts`) next to this one; `--steps N` changes the step count. Deno's native Headers
 * re-sorts its list on every `next()` (20,000 steps of append + next() took 275 s in one
 * measurement), so it runs `--native-steps N` steps (default 2,000).
 *
 *     deno task bench:interleaved [--steps N] [--native-steps N] [--reps N] [--impl-module PATH]
 *
 * @module
 */

import process from "node:process";
import type { HeadersConstructor } from "../spec/contract.ts";
import { commandLine, integerFlag, parseArgs } from "./args.ts";
import { moduleUrl } from "./implementations.ts";

/** One measured workload: runs `steps` steps on a fresh Headers; returns a digest. */
interface Workload {
  readonly label: string;
  readonly run: (H: HeadersConstructor, names: readonly string[]) => number;
}

/** `count` distinct header names whose sorted order is unrelated to their creation order. */
export function scrambledNames(count: number): string[] {
  const names: string[] = [];
  for (let index = 0; index < count; index++) {
    names.push(`x-${((index * 2654435761) >>> 0).toString(36)}-${index}`);
  }
  return names;
}

/** The three workloads, baseline last. */
export const WORKLOADS: readonly Workload[] = [
  {
    label: "append + next()",
    run: (H, names) => {
      const headers = new H();
      const iterator = headers.entries();
      let digest = 0;
      for (let index = 0; index < names.length; index++) {
        headers.append(names[index], "v");
        const result = iterator.next();
        if (!result.done) digest += result.value[0].length;
      }
      return digest;
    },
  },
  {
    label: "forEach, mutating callback",
    run: (H, names) => {
      const headers = new H([[names[0], "v"]]);
      let added = 1;
      let digest = 0;
      headers.forEach((_value, name) => {
        digest += name.length;
        if (added < names.length) headers.append(names[added++], "v");
      });
      return digest + added;
    },
  },
  {
    label: "plain append",
    run: (H, names) => {
      const headers = new H();
      for (let index = 0; index < names.length; index++) headers.append(names[index], "v");
      return headers.has(names[0]) ? names.length : 0;
    },
  },
];

/** Best-of-`reps` milliseconds of `workload` on `H`. */
function measure(workload: Workload, H: HeadersConstructor, steps: number, reps: number): number {
  let best = Infinity;
  for (let rep = 0; rep < reps; rep++) {
    const names = scrambledNames(steps);
    const start = performance.now();
    workload.run(H, names);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** Parses the command line: steps, repetitions and an optional extra impl module. */
function options(): { steps: number; nativeSteps: number; reps: number; other?: string } {
  try {
    const args = parseArgs(commandLine(), {
      booleans: [],
      strings: ["steps", "native-steps", "reps", "impl-module"],
    });
    const steps = integerFlag(args, "steps", 20000);
    const nativeSteps = integerFlag(args, "native-steps", 2000);
    const reps = integerFlag(args, "reps", 3);
    if (steps < 1 || nativeSteps < 1 || reps < 1) {
      throw new TypeError("--steps, --native-steps and --reps must be at least 1");
    }
    return { steps, nativeSteps, reps, other: args.strings.get("impl-module") };
  } catch (error) {
    process.stderr.write(`bench:interleaved: ${(error as Error).message}\n`);
    process.exit(2);
  }
}

if (import.meta.main) {
  const { steps, nativeSteps, reps, other } = options();
  const implementations: [string, HeadersConstructor, number][] = [
    ["impl", (await import("../impl/mod.ts")).Headers as unknown as HeadersConstructor, steps],
    ["native", globalThis.Headers as unknown as HeadersConstructor, nativeSteps],
  ];
  if (other !== undefined) {
    const module = await import(moduleUrl(other, process.cwd()));
    implementations.push([`impl at ${other}`, module.Headers, steps]);
  }
  const lines = [
    `best of ${reps}, Deno ${Deno.version.deno}`,
    "",
    "| workload | implementation | steps | total ms | ns/step | × plain append |",
    "| --- | --- | --: | --: | --: | --: |",
  ];
  for (const [name, H, steps] of implementations) {
    const times = WORKLOADS.map((workload) => measure(workload, H, steps, reps));
    const plain = times[times.length - 1];
    WORKLOADS.forEach((workload, index) => {
      const ms = times[index];
      lines.push(
        `| ${workload.label} | ${name} | ${steps} | ${ms.toFixed(1)} | ${
          (ms * 1e6 / steps).toFixed(0)
        } | ${(ms / plain).toFixed(2)} |`,
      );
    });
  }
  process.stdout.write(lines.join("\n") + "\n");
}
