import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import fc from "fast-check";
import * as reference from "../../spec/mod.ts";
import { op, opReaching } from "../oracle/arbitraries.ts";
import { openSubject } from "../oracle/base/observe.ts";
import type { Op } from "../oracle/ops.ts";
import type { Observation } from "../oracle/world.ts";
import { World } from "../oracle/world.ts";
import { applyVariant, VARIANTS } from "../mutation/variants.ts";
import { loadTarget } from "../targets/targets.ts";
import { expectedTrace, renderSnippet } from "./snippet.ts";

const REFERENCE_URL = new URL("../../spec/mod.ts", import.meta.url).href;
const FIRST: Op = { op: "construct", slot: 0, guard: "none", init: { kind: "none" } };
const EVERYTHING = { request: true, response: true, structuredClone: true };

/** Writes `source` to a temporary .mjs file and returns its path. */
async function writeSnippet(source: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "headerproof-snippet-" });
  const file = `${dir}/repro.mjs`;
  await Deno.writeTextFile(file, source);
  return file;
}

Deno.test("a snippet with Request, Response, clone and structuredClone steps observes what the executor did", async () => {
  const side = () => openSubject(reference, "module", "standard");
  const samples = fc.sample(fc.array(opReaching(EVERYTHING), { minLength: 20, maxLength: 40 }), {
    numRuns: 60,
    seed: 21,
  });
  const kinds = new Set<string>();
  for (const ops of samples) {
    const trace: Observation[] = [];
    const world = new World(side(), side(), { trace });
    for (const step of [FIRST, ...ops]) world.step(step);
    for (const step of world.executed) kinds.add(step.op);
    const source = renderSnippet({
      candidate: { kind: "module", specifier: REFERENCE_URL },
      profile: "standard",
      header: { title: [] },
      steps: world.executed,
      library: true,
      headerLists: true,
    });
    const { scenario } = await import(`file://${await writeSnippet(source)}`);
    assert.deepEqual(
      JSON.parse(JSON.stringify(scenario(side()))),
      JSON.parse(JSON.stringify(trace)),
    );
  }
  for (const kind of ["request", "response", "clone", "serialize", "read", "body"]) {
    assert.ok(kinds.has(kind), kind);
  }
});

Deno.test("a counterexample that reads a clone of a never-read Response replays as a standalone reproduction", async () => {
  const steps: Op[] = [
    FIRST,
    { op: "response", message: 0, how: "json", body: null, init: null, status: null },
    { op: "clone", message: 1, source: 0, unread: true, recent: false },
    { op: "read", slot: 1, message: 1, unread: true, recent: false, via: "iterate", name: "a" },
  ];
  const variant = VARIANTS.find((v) => v.name === "spec-json-type-with-charset")!;
  const dir = await Deno.makeTempDir({ prefix: "headerproof-variant-" });
  try {
    const render = (specifier: string) =>
      renderSnippet({
        candidate: { kind: "module", specifier },
        expected: expectedTrace(openSubject(reference, "module", "standard"), steps),
        profile: "standard",
        header: { title: ["test"] },
        steps,
      });
    const run = async (specifier: string) => {
      const output = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", await writeSnippet(render(specifier))],
        stdout: "piped",
        stderr: "piped",
      }).output();
      return { code: output.code, out: new TextDecoder().decode(output.stdout) };
    };
    const broken = await run(`file://${applyVariant(variant, dir)}`);
    assert.equal(broken.code, 1, broken.out);
    assert.match(
      broken.out,
      /divergence at withBoundary\(\[\.\.\.\(h\[1\] = m\[1\]\.headers\)\]\)/,
    );
    assert.match(broken.out, /m\[1\] unread/);
    assert.match(broken.out, /application\/json;charset=utf-8/);
    const clean = await run(REFERENCE_URL);
    assert.equal(clean.code, 0, clean.out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("a candidate without Request, Response or structuredClone says so and keeps its campaign", async () => {
  const impl = await loadTarget({ target: "impl" });
  assert.deepEqual(impl.capabilities.fetch, {
    request: false,
    response: false,
    structuredClone: false,
  });
  for (const surface of ["Request", "Response", "structuredClone"]) {
    assert.ok(impl.entryPoints.some((line) => line.startsWith(`${surface}: not fuzzed`)), surface);
  }
  assert.equal(opReaching(impl.capabilities.fetch!), op);
  const native = await loadTarget({ target: "native" });
  assert.deepEqual(native.capabilities.fetch, EVERYTHING);
  const spec = await loadTarget({ target: REFERENCE_URL });
  assert.deepEqual(spec.capabilities.fetch, EVERYTHING);
});
