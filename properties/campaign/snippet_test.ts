import assert from "node:assert/strict";
import fc from "fast-check";
import * as reference from "../../spec/mod.ts";
import { op as opArbitrary } from "../oracle/arbitraries.ts";
import { openSubject } from "../oracle/base/observe.ts";
import type { Op } from "../oracle/ops.ts";
import { expectedTrace, renderSnippet } from "./snippet.ts";
import type { Observation } from "../oracle/world.ts";
import { World } from "../oracle/world.ts";

const REFERENCE_URL = new URL("../../spec/mod.ts", import.meta.url).href;
const FIRST: Op = { op: "construct", slot: 0, guard: "none", init: { kind: "none" } };

/** Writes `source` to a temporary .mjs file and returns its path. */
async function writeSnippet(source: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "headerproof-snippet-" });
  const file = `${dir}/repro.mjs`;
  await Deno.writeTextFile(file, source);
  return file;
}

Deno.test("a rendered snippet observes exactly what the executor observed", async () => {
  const side = () => openSubject(reference, "module", "standard");
  const samples = fc.sample(fc.array(opArbitrary, { maxLength: 25 }), { numRuns: 60, seed: 42 });
  for (const ops of samples) {
    const trace: Observation[] = [];
    const world = new World(side(), side(), { trace });
    for (const op of [FIRST, ...ops]) world.step(op);
    const source = renderSnippet({
      candidate: { kind: "module", specifier: REFERENCE_URL },
      profile: "standard",
      header: { title: [] },
      steps: world.executed,
      library: true,
      headerLists: true,
    });
    const file = await writeSnippet(source);
    const { scenario } = await import(`file://${file}`);
    const fromSnippet = scenario(side());
    assert.deepEqual(JSON.parse(JSON.stringify(fromSnippet)), JSON.parse(JSON.stringify(trace)));
    // The expected trace a snippet embeds runs the executed (resolved) steps again.
    assert.deepEqual(expectedTrace(side(), world.executed, true, true), trace);
  }
});

Deno.test("a copy step's mutation of the source or of the copy replays on the same object in a snippet", async () => {
  // Like `fuzz:node --target native --seed 5`'s counterexample: the copy into h[3] mutates its
  // source h[1] (an odd slot), the copy into h[2] itself (an even slot). A generated step says
  // which by its mutation's parity; the resolved step's target is the slot itself.
  const copy = (source: number, target: number): Op => ({
    op: "copy",
    slot: 0,
    source,
    via: "constructor",
    wrapNext: false,
    then: { op: "append", target, args: ["cookie", " a "] },
  });
  const steps: Op[] = [
    FIRST,
    { op: "set", target: 0, args: ["cookie", ""] },
    copy(0, 1),
    copy(0, 1),
    copy(1, 0),
    { op: "iterOpen", slot: 0, target: 1, kind: "values" },
  ];
  const side = () => openSubject(reference, "module", "standard");
  const trace: Observation[] = [];
  const world = new World(side(), side(), { trace, headerLists: false });
  for (const op of steps) world.step(op);
  const labels = trace.map(([label]) => label);
  const after = (made: string) => labels[labels.indexOf(made) + 1];
  assert.equal(after("h[2] = new subject.Headers(h[0])"), 'h[2].append("cookie", " a ")');
  assert.equal(after("h[3] = new subject.Headers(h[1])"), 'h[1].append("cookie", " a ")');
  assert.deepEqual(expectedTrace(side(), world.executed), trace);
  const file = await writeSnippet(renderSnippet({
    candidate: { kind: "module", specifier: REFERENCE_URL },
    expected: expectedTrace(side(), world.executed),
    profile: "standard",
    header: { title: [] },
    steps: world.executed,
  }));
  const run = await runUnder([Deno.execPath(), "run", "-A"], file);
  assert.equal(run.code, 0, run.out);
  assert.match(run.out, /no divergence/);
});

Deno.test("a snippet whose steps are not those of its expected trace says so, not that outcomes differ", async () => {
  const expected = expectedTrace(openSubject(reference, "module", "standard"), [
    FIRST,
    { op: "append", target: 0, args: ["a", "1"] },
  ]);
  const file = await writeSnippet(renderSnippet({
    candidate: { kind: "module", specifier: REFERENCE_URL },
    expected,
    profile: "standard",
    header: { title: [] },
    steps: [FIRST, { op: "set", target: 0, args: ["a", "1"] }],
  }));
  const run = await runUnder([Deno.execPath(), "run", "-A"], file);
  assert.equal(run.code, 1, run.out);
  assert.match(run.out, /trace entry 4 differs only in its label: this file does not replay/);
  assert.match(run.out, /ran: +h\[0\]\.set\("a", "1"\)/);
  assert.match(run.out, /expected: h\[0\]\.append\("a", "1"\)/);
  assert.doesNotMatch(run.out, /divergence at/);
});

/** Runs a snippet file under `command` (deno or node); returns exit code and stdout. */
async function runUnder(command: string[], file: string): Promise<{ code: number; out: string }> {
  const output = await new Deno.Command(command[0], {
    args: [...command.slice(1), file],
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: output.code, out: new TextDecoder().decode(output.stdout) };
}

const DIVERGING: Op[] = [
  FIRST,
  { op: "append", target: 0, args: ["A", " 1 "] },
  { op: "get", target: 0, args: ["a"] },
];

for (
  const [runtime, command] of [["deno", [Deno.execPath(), "run", "-A"]], ["node", [
    "node",
  ]]] as const
) {
  Deno.test(`a divergence snippet exits 1 under ${runtime}, and 0 when nothing diverges`, async () => {
    const render = (candidate: string) =>
      renderSnippet({
        candidate: { kind: "module", specifier: new URL(candidate, import.meta.url).href },
        expected: expectedTrace(openSubject(reference, "module", "standard"), DIVERGING),
        profile: "standard",
        header: { title: ["test"] },
        steps: DIVERGING,
      });
    const broken = await runUnder(
      [...command],
      await writeSnippet(render("../testdata/throws_range_error.mjs")),
    );
    assert.equal(broken.code, 1, broken.out);
    assert.match(broken.out, /divergence at h\[0\]\.get\("a"\)/);
    assert.match(broken.out, /RangeError/);
    const fine = await runUnder([...command], await writeSnippet(render("../../spec/mod.ts")));
    assert.equal(fine.code, 0, fine.out);
    assert.match(fine.out, /no divergence/);
  });
}

Deno.test("a reproduction imports its candidate and nothing else", () => {
  const expected = expectedTrace(openSubject(reference, "module", "standard"), DIVERGING);
  const imports = (source: string) =>
    source.split("\n").filter((line) => /^import\b|\bimport\(/.test(line));
  const module = renderSnippet({
    candidate: { kind: "module", specifier: "./candidate.mjs" },
    expected,
    profile: "standard",
    header: { title: [] },
    steps: DIVERGING,
  });
  assert.deepEqual(imports(module), [
    'const candidateExports = await import("./candidate.mjs");',
  ]);
  const native = renderSnippet({
    candidate: { kind: "native" },
    expected,
    profile: "server",
    header: { title: [] },
    steps: DIVERGING,
  });
  assert.deepEqual(imports(native), []);
  assert.doesNotMatch(native, /spec\/mod\.ts|REFERENCE/);
});

Deno.test("a tampered-realm snippet replaces the named built-ins before the candidate loads", async () => {
  const candidate = new URL("../testdata/captures_builtins_at_load.mjs", import.meta.url).href;
  const steps: Op[] = [FIRST, { op: "get", target: 0, args: ["A"] }];
  const render = (refuse: string[]) =>
    renderSnippet({
      candidate: { kind: "module", specifier: candidate },
      expected: expectedTrace(openSubject(reference, "module", "standard"), steps),
      profile: "standard",
      header: { title: [] },
      steps,
      refuse,
    });
  // The candidate captured Reflect.apply when it loaded: refusing it afterwards shows the call.
  const refused = await runUnder(
    [Deno.execPath(), "run", "-A"],
    await writeSnippet(render(["Reflect.apply"])),
  );
  assert.equal(refused.code, 1, refused.out);
  assert.match(refused.out, /candidate: \{"threw":"EvalError"\}/);
  // A built-in it never calls changes nothing.
  const untouched = await runUnder(
    [Deno.execPath(), "run", "-A"],
    await writeSnippet(render(["String.prototype.trim", "RegExp.prototype[Symbol.match]"])),
  );
  assert.equal(untouched.code, 0, untouched.out);
});

Deno.test("under Bun a tampered-realm snippet catches a candidate's tail call to a patched built-in", async () => {
  const candidate = new URL("../testdata/tail_calls_patchable_builtin.mjs", import.meta.url).href;
  const steps: Op[] = [FIRST, { op: "get", target: 0, args: ["A"] }];
  const file = await writeSnippet(renderSnippet({
    candidate: { kind: "module", specifier: candidate },
    expected: expectedTrace(openSubject(reference, "module", "standard"), steps),
    profile: "standard",
    header: { title: [] },
    steps,
    refuse: ["Function.prototype.apply"],
  }));
  const refused = await runUnder(["bun"], file);
  assert.equal(refused.code, 1, refused.out);
  assert.match(refused.out, /divergence at h\[0\]\.get\("A"\)/);
  assert.match(refused.out, /candidate: \{"threw":"EvalError"\}/);
});
