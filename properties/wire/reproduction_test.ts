import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { renderWireReproduction } from "./reproduction.ts";

const IMPL = new URL("../../impl/mod.ts", import.meta.url).href;

/**
 * A module whose `headersFromRawList` hands back a Headers that `has` a name it does not iterate:
 * a metamorphic divergence, which the reference cannot show.
 */
const HAS_WITHOUT_ITERATING = `import * as impl from ${JSON.stringify(IMPL)};
export function headersFromRawList(flat, guard, options) {
  const headers = impl.headersFromRawList(flat, guard, options);
  return {
    [Symbol.iterator]: () => [...headers].filter(([name]) => name !== "x-a")[Symbol.iterator](),
    get: (name) => headers.get(name),
    has: (name) => headers.has(name),
    getSetCookie: () => headers.getSetCookie(),
  };
}
`;

/** Writes the reproduction of a metamorphic divergence of module `specifier`; runs it. */
function runMetamorphic(dir: string, specifier: string): { status: number | null; out: string } {
  const file = join(dir, `repro-${specifier.length}.mjs`);
  Deno.writeTextFileSync(
    file,
    renderWireReproduction({
      divergence: {
        side: "client",
        kind: "metamorphic",
        bytes: JSON.stringify(["x-a", "1"]),
        fieldLines: ["x-a: 1"],
        expected: null,
        actual: null,
      },
      candidate: { kind: "module", specifier },
      header: { title: ["a metamorphic divergence"] },
      foundUnder: { name: "deno", version: Deno.version.deno },
    }),
  );
  const run = spawnSync(Deno.execPath(), ["run", "-A", file], {
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, out: run.stdout + run.stderr };
}

Deno.test("a wire reproduction of a metamorphic divergence checks the properties, not the reference", async () => {
  const dir = await Deno.makeTempDir({ prefix: "headerproof-wire-repro-" });
  try {
    const module = join(dir, "has_without_iterating.mjs");
    await Deno.writeTextFile(module, HAS_WITHOUT_ITERATING);
    const broken = runMetamorphic(dir, pathToFileURL(module).href);
    assert.equal(broken.status, 1, broken.out);
    assert.match(broken.out, /broken: has\("x-a"\) is true, but it is not iterated/);
    const fixed = runMetamorphic(dir, IMPL);
    assert.equal(fixed.status, 0, fixed.out);
    assert.match(fixed.out, /no divergence: it agrees/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
