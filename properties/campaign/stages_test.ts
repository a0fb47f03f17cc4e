import assert from "node:assert/strict";
import { fileGraph } from "../../.ci/imports.ts";
import { parseCliArgs } from "./cli_args.ts";
import type { CliOptions } from "./cli_args.ts";
import { STAGES } from "./stages.ts";

Deno.test("the stages run in the order and with the shares of --time the campaign has always had", () => {
  assert.deepEqual(
    STAGES.map((stage) => [stage.name, stage.share, stage.report === null]),
    [
      ["codec", null, true],
      ["costs", 0.4, false],
      ["wire", 0.1, false],
      ["egress", 0.05, false],
      ["answers", null, false],
    ],
  );
});

/** `options` behind a proxy that throws when a key `reads` does not list is read. */
function onlyDeclared(options: CliOptions, reads: readonly PropertyKey[]): CliOptions {
  return new Proxy(options, {
    get(target, key, receiver) {
      if (!reads.includes(key)) throw new Error(`reads the undeclared option ${String(key)}`);
      return Reflect.get(target, key, receiver);
    },
  });
}

Deno.test("whether a stage runs depends only on the options it declares, as today", () => {
  const cases: [string[], string[]][] = [
    [[], ["costs", "wire", "answers"]],
    [["--costs", "none"], ["wire", "answers"]],
    [["--wire", "none"], ["costs", "answers"]],
    [["--target", "native"], ["costs", "wire", "egress", "answers"]],
    [["--target", "native", "--egress", "none"], ["costs", "wire", "answers"]],
    [["--seed", "1", "--path", "0:1"], ["answers"]],
    [["--seed", "1", "--wire-path", "3"], ["wire", "answers"]],
    [["--phases", "model=2"], ["answers"]],
    [["--target", "http@1.4.0"], ["codec", "costs", "wire", "answers"]],
  ];
  for (const [args, expected] of cases) {
    const options = parseCliArgs(args);
    const running = STAGES.filter((stage) => stage.runs(onlyDeclared(options, stage.reads)));
    assert.deepEqual(running.map((stage) => stage.name), expected, args.join(" "));
  }
});

Deno.test("no stage module outside properties/campaign/ imports anything in it, even indirectly", () => {
  const files = fileGraph();
  const stageModules = ["costs", "wire", "codec", "egress"].map((folder) =>
    `properties/${folder}/stage.ts`
  );
  for (const module of stageModules) {
    assert.ok(files.has(module), module);
    const seen = new Set<string>();
    const stack = [module];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(files.get(file) ?? []));
    }
    assert.deepEqual(
      [...seen].filter((file) => file.startsWith("properties/campaign/")),
      [],
      module,
    );
  }
});
