/**
 * `deno task bench:heap`: heap retained after garbage collection by a workload, impl vs Deno's
 * native Headers (issue 11, item 2: no cache keeps a caller's strings alive or grows without
 * bound; issue 24, item 4: no Headers keeps more than its live header list). Each (case,
 * implementation) runs in its own Deno process with `--v8-flags=--expose-gc`: heapUsed after a
 * full GC before the workload is subtracted from heapUsed after a full GC once it has finished,
 * with what the workload returns (the Headers it built, if any) still alive.
 *
 * Cases:
 * - **2M distinct short names**: 2,000,000 names `x-<n>`, each appended to a fresh Headers;
 * - **400k distinct 1–2 KB names**: 400,000 names of 1,024–2,047 code units, likewise;
 * - **2,000 names sliced from 1 MiB strings**: each name (24 code units) is a slice of its own
 *   1 MiB string, which nothing else keeps;
 * - **1M delete/append cycles** and **1M set/append cycles** on one name of a kept Headers of
 *   two mixed-case headers (the header list's order and casing must be recorded);
 * - **200 kept sliced names** and **200 kept sliced values**: a kept Headers holding 200
 *   mixed-case names (values), each a 20-code-unit slice of its own 1 MiB string;
 * - **emptied copy of a large source**: a kept copy of a Headers of 64 values of 128 KiB, every
 *   header deleted from the copy, the source dropped.
 *
 * `--impl-module PATH` measures another impl (e.g. an older commit's `impl/mod.ts`) as a third
 * column. `impl/retained_heap_test.ts` runs the child of this module on impl with bounds.
 *
 *     deno task bench:heap [--cases short,long,sliced,churn-delete,...] [--impl-module PATH]
 *
 * @module
 */

import process from "node:process";
import type { HeadersConstructor } from "../spec/contract.ts";
import { commandLine, parseArgs } from "./args.ts";
import { moduleUrl } from "./implementations.ts";

/**
 * One workload of `size` steps; what it returns stays alive until the heap is measured. Before
 * the measured run, the same workload runs with `warmUp` steps and is dropped, so the code the
 * engine compiles for it (optimized code included, for a long loop) is not counted.
 */
interface HeapCase {
  readonly id: string;
  readonly label: string;
  readonly size: number;
  readonly warmUp: number;
  readonly run: (H: HeadersConstructor, size: number) => unknown;
}

/** A 20-code-unit slice of its own 1 MiB string, starting with `prefix`. */
function slicedText(prefix: string): string {
  return prefix.padEnd(1 << 20, "a").slice(0, 20);
}

/** `cycles` rounds of `write` then append of "X-Trace" on a Headers of two mixed-case headers. */
function churn(H: HeadersConstructor, cycles: number, write: "delete" | "set"): object {
  const headers = new H([["Content-Type", "text/plain"], ["X-Trace", "0"]]);
  for (let index = 0; index < cycles; index++) {
    if (write === "delete") headers.delete("X-Trace");
    else headers.set("X-Trace", "w");
    headers.append("X-Trace", "v");
  }
  return headers;
}

/** Every case, in the order the table lists them. */
export const HEAP_CASES: readonly HeapCase[] = [
  {
    id: "short",
    label: "2M distinct short names",
    size: 2_000_000,
    warmUp: 50,
    run: (H, size) => {
      for (let index = 0; index < size; index++) new H().append(`x-${index}`, "v");
    },
  },
  {
    id: "long",
    label: "400k distinct 1–2 KB names",
    size: 400_000,
    warmUp: 50,
    run: (H, size) => {
      const filler = "abcdefghijklmnopqrstuvwxyz".repeat(80);
      for (let index = 0; index < size; index++) {
        const name = `x-${index}-${filler.slice(0, 1024 + (index % 1024))}`;
        new H().append(name, "v");
      }
    },
  },
  {
    id: "sliced",
    label: "2,000 names sliced from 1 MiB strings",
    size: 2_000,
    warmUp: 50,
    run: (H, size) => {
      for (let index = 0; index < size; index++) {
        const parent = `x${index}-`.padEnd(1 << 20, "abcdefgh");
        new H().append(parent.slice(0, 24), "v");
      }
    },
  },
  {
    id: "churn-delete",
    label: "1M delete/append cycles, kept",
    size: 1_000_000,
    warmUp: 1_000_000,
    run: (H, size) => churn(H, size, "delete"),
  },
  {
    id: "churn-set",
    label: "1M set/append cycles, kept",
    size: 1_000_000,
    warmUp: 1_000_000,
    run: (H, size) => churn(H, size, "set"),
  },
  {
    id: "sliced-names",
    label: "200 sliced mixed-case names, kept",
    size: 200,
    warmUp: 50,
    run: (H, size) => {
      const headers = new H();
      for (let index = 0; index < size; index++) {
        headers.append(slicedText(`X-Sliced-Name-${index}-`), "v");
      }
      return headers;
    },
  },
  {
    id: "sliced-values",
    label: "200 sliced values, kept",
    size: 200,
    warmUp: 50,
    run: (H, size) => {
      const headers = new H();
      for (let index = 0; index < size; index++) {
        headers.append(`X-Name-${index}`, slicedText(`value-${index}-`));
      }
      return headers;
    },
  },
  {
    id: "emptied-copy",
    label: "emptied copy of 64 × 128 KiB, kept",
    size: 64,
    warmUp: 50,
    run: (H, size) => {
      let source: InstanceType<HeadersConstructor> | null = new H();
      for (let index = 0; index < size; index++) {
        source.append(`x-${index}`, "v".repeat(128 * 1024) + index);
      }
      const copy = new H(source);
      for (let index = 0; index < size; index++) copy.delete(`x-${index}`);
      source = null;
      return copy;
    },
  },
];

/** Runs `caseId` on `implName` in this process and prints the retained bytes. */
async function child(caseId: string, implName: string, module: string): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("run with --v8-flags=--expose-gc");
  const heapCase = HEAP_CASES.find((candidate) => candidate.id === caseId);
  if (heapCase === undefined) throw new TypeError(`unknown case "${caseId}"`);
  const H = implName === "native"
    ? globalThis.Headers as unknown as HeadersConstructor
    : (await import(module)).Headers as unknown as HeadersConstructor;
  heapCase.run(H, heapCase.warmUp);
  gc();
  gc();
  const before = Deno.memoryUsage().heapUsed;
  const kept = [heapCase.run(H, heapCase.size)];
  gc();
  gc();
  const retained = Deno.memoryUsage().heapUsed - before;
  process.stdout.write(`${retained}\n`);
  // Keeps the workload's result alive through the measurement above.
  if (kept.length !== 1) throw new Error("unreachable");
}

/**
 * Retained figures below this many MiB are noise (optimized code, feedback and the heap's own
 * bookkeeping move heapUsed by a few tens of KiB from one process to the next): the ratio column
 * counts a smaller figure as this one.
 */
const NOISE_FLOOR_MIB = 0.1;

/** Runs every selected case in a child process per implementation; prints a table. */
async function main(): Promise<void> {
  const args = parseArgs(commandLine(), {
    booleans: [],
    strings: ["cases", "child", "impl-module"],
  });
  const childSpec = args.strings.get("child");
  if (childSpec !== undefined) {
    const [caseId, implName, module] = childSpec.split("|");
    await child(caseId, implName, module);
    return;
  }
  const columns: [string, string][] = [
    ["impl", new URL("../impl/mod.ts", import.meta.url).href],
    ["native", ""],
  ];
  const other = args.strings.get("impl-module");
  if (other !== undefined) columns.push([other, moduleUrl(other, process.cwd())]);
  const wanted = (args.strings.get("cases") ?? HEAP_CASES.map((c) => c.id).join(",")).split(",");
  const lines = [
    `Deno ${Deno.version.deno}; heap retained after GC (heapUsed after − before), MiB`,
    "",
    `| case | ${
      columns.map(([name]) => name).join(" | ")
    } | impl / native (≥ ${NOISE_FLOOR_MIB}) |`,
    `| --- | ${columns.map(() => "--:").join(" | ")} | --: |`,
  ];
  for (const heapCase of HEAP_CASES.filter((c) => wanted.includes(c.id))) {
    const retained: number[] = [];
    for (const [implName, module] of columns) {
      const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          "--v8-flags=--expose-gc",
          new URL(import.meta.url).pathname,
          "--child",
          `${heapCase.id}|${implName === "native" ? "native" : "module"}|${module}`,
        ],
        stdout: "piped",
        stderr: "piped",
      }).output();
      if (code !== 0) throw new Error(new TextDecoder().decode(stderr));
      retained.push(Number(new TextDecoder().decode(stdout).trim()) / (1 << 20));
    }
    lines.push(
      `| ${heapCase.label} | ${retained.map((mib) => mib.toFixed(2)).join(" | ")} | ${
        (Math.max(retained[0], NOISE_FLOOR_MIB) / Math.max(retained[1], NOISE_FLOOR_MIB))
          .toFixed(2)
      } |`,
    );
  }
  process.stdout.write(lines.join("\n") + "\n");
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    process.stderr.write(`bench:heap: ${(error as Error).message}\n`);
    process.exitCode = error instanceof TypeError ? 2 : 1;
  }
}
