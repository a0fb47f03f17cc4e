/**
 * Renders a cost finding as a self-contained JavaScript module: the probe code of probes.ts
 * embedded as it runs (each function's source), the case as data, and the candidate imported by
 * its absolute URL (or the runtime's own `Headers` for native). It prints the figures and exits 1
 * when they break the bound, 0 otherwise. Run with `deno run -A`, `node` or `bun`: under Deno and
 * Node it runs itself again with the collector exposed (`--v8-flags=--expose-gc`, `--expose-gc`)
 * when it was not. This is the cost stage's part of a reproduction; core/reproduction.ts lays the
 * file out (header) around it.
 *
 * @example
 * ```ts
 * import { renderCostReproduction } from "./reproduction.ts";
 * const source = renderCostReproduction({
 *   specifier: null,
 *   title: ["native Headers, 8 MiB values"],
 *   costCase: { probe: "large", input: "value-8-mib" },
 * });
 * ```
 *
 * @module
 */
import { renderReproduction } from "../core/reproduction.ts";
import * as probes from "./probes.ts";
import type { CostCase } from "./probes.ts";

/** What a reproduction measures. */
export interface CostReproductionInput {
  /** The module the candidate's `Headers` comes from, or null for the runtime's own. */
  specifier: string | null;
  /** What was found and measured: the first lines of the header comment. */
  title: string[];
  /** The case. */
  costCase: CostCase;
}

/** Every constant of probes.ts (numbers and strings), as declarations. */
function probeConstants(): string[] {
  return Object.entries(probes)
    .filter(([, value]) => typeof value === "number" || typeof value === "string")
    .map(([name, value]) => `const ${name} = ${JSON.stringify(value)};`);
}

/** Every function of probes.ts, in source form (they call only each other). */
function probeSources(): string[] {
  return (Object.values(probes) as unknown[])
    .filter((value): value is { name: string } => typeof value === "function")
    .map((fn) => {
      const source = fn.toString();
      return source.startsWith("async function") || source.startsWith("function")
        ? source
        : `const ${fn.name} = ${source};`;
    });
}

/** The reproduction's source. */
export function renderCostReproduction(input: CostReproductionInput): string {
  return renderReproduction({
    header: {
      title: input.title,
      run: "deno run -A FILE, node FILE or bun FILE (prints the figures; exit 1 over the bound)",
    },
    body: [
      "",
      ...(input.specifier === null
        ? [
          "const Headers = globalThis.Headers;",
          "const messages = { Request: globalThis.Request, Response: globalThis.Response };",
        ]
        : [
          `import * as candidate from ${JSON.stringify(input.specifier)};`,
          "const Headers = candidate.Headers;",
          "const messages = typeof candidate.Request === 'function' &&",
          "    typeof candidate.Response === 'function'",
          "  ? { Request: candidate.Request, Response: candidate.Response }",
          "  : null;",
        ]),
      "",
      ...probeConstants(),
      ...probeSources(),
      "",
      "const costCase = " + JSON.stringify(input.costCase) + ";",
      "",
      "const global = globalThis;",
      "const exposed = global.Bun !== undefined || typeof global.gc === 'function';",
      "if (!exposed && global.Deno !== undefined) {",
      "  const args = ['run', '-A', '--v8-flags=--expose-gc', new URL(import.meta.url).pathname];",
      "  const command = new Deno.Command(Deno.execPath(), { args, stdout: 'inherit', stderr: 'inherit' });",
      "  const { code } = await command.output();",
      "  Deno.exit(code);",
      "} else if (!exposed) {",
      "  const { spawnSync } = await import('node:child_process');",
      "  const { fileURLToPath } = await import('node:url');",
      "  const file = fileURLToPath(import.meta.url);",
      "  const child = spawnSync(process.execPath, ['--expose-gc', file], { stdio: 'inherit' });",
      "  process.exit(child.status ?? 1);",
      "} else {",
      "  const figures = runCostCase(Headers, await openMeter(), costCase, messages);",
      "  console.log(figures.lines.join('\\n'));",
      "  const status = figures.over ? 1 : 0;",
      "  if (global.Deno !== undefined) Deno.exit(status);",
      "  else process.exit(status);",
      "}",
    ],
  });
}
