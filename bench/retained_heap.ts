/**
 * `deno task bench:heap`: heap retained after garbage collection once the Headers objects of a
 * workload are gone (issue 11, item 2: no cache keeps a caller's strings alive or grows without
 * bound), impl vs Deno's native Headers. Each (case, implementation) runs in its own Deno
 * process with `--v8-flags=--expose-gc`: heapUsed after a full GC before the workload is
 * subtracted from heapUsed after a full GC once it has finished.
 *
 * Cases (the three):
 * - **2M distinct short names**: 2,000,000 names `x-<n>`, each appended to a fresh Headers;
 * - **400k distinct 1–2 KB names**: 400,000 names of 1,024–2,047 code units, likewise;
 * - **2,000 names sliced from 1 MiB strings**: each name (24 code units) is a slice of its own
 *   1 MiB string, which nothing else keeps.
 *
 * `--impl-module PATH` measures another impl (e.g. an older commit's `impl/mod.ts`) as a third
 * column.
 *
 *     deno task bench:heap [--cases short,long,sliced] [--impl-module PATH]
 *
 * @module
 */

import process from "node:process";
import type { HeadersConstructor } from "../spec/contract.ts";
import { commandLine, parseArgs } from "./args.ts";
import { moduleUrl } from "./implementations.ts";

/** One workload: appends names to fresh Headers objects, keeping none of them. */
interface HeapCase {
  readonly id: string;
  readonly label: string;
  readonly run: (H: HeadersConstructor) => void;
}

/** The three cases of the issue. */
export const HEAP_CASES: readonly HeapCase[] = [
  {
    id: "short",
    label: "2M distinct short names",
    run: (H) => {
      for (let index = 0; index < 2_000_000; index++) new H().append(`x-${index}`, "v");
    },
  },
  {
    id: "long",
    label: "400k distinct 1–2 KB names",
    run: (H) => {
      const filler = "abcdefghijklmnopqrstuvwxyz".repeat(80);
      for (let index = 0; index < 400_000; index++) {
        const name = `x-${index}-${filler.slice(0, 1024 + (index % 1024))}`;
        new H().append(name, "v");
      }
    },
  },
  {
    id: "sliced",
    label: "2,000 names sliced from 1 MiB strings",
    run: (H) => {
      for (let index = 0; index < 2_000; index++) {
        const parent = `x${index}-`.padEnd(1 << 20, "abcdefgh");
        new H().append(parent.slice(0, 24), "v");
      }
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
  new H().append("warm-up", "v");
  gc();
  gc();
  const before = Deno.memoryUsage().heapUsed;
  heapCase.run(H);
  gc();
  gc();
  process.stdout.write(`${Deno.memoryUsage().heapUsed - before}\n`);
}

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
    `| case | ${columns.map(([name]) => name).join(" | ")} | impl / native |`,
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
        (retained[0] / retained[1]).toFixed(2)
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
