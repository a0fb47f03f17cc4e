import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { observeHeaders, probedNames } from "./field_lines.ts";
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

/** Writes the native reproduction of an h2 divergence on `side` expecting `x-a: expectedValue`. */
function runH2Native(
  dir: string,
  side: "h2-server" | "h2-client",
  expectedValue: string,
): { status: number | null; out: string } {
  const fields: [string, string][] = [["x-a", "1"]];
  const block = side === "h2-server"
    ? [[":method", "GET"], [":scheme", "http"], [":path", "/"], ...fields]
    : [[":status", "200"], ...fields];
  const names = probedNames(fields.map(([name, value]) => `${name}: ${value}`));
  const file = join(dir, `repro-${side}.mjs`);
  Deno.writeTextFileSync(
    file,
    renderWireReproduction({
      divergence: {
        side,
        kind: "reference",
        bytes: JSON.stringify(block),
        fieldLines: block.map(([name, value]) => `${name}: ${value}`),
        expected: observeHeaders(new Headers([["x-a", expectedValue]]), names),
        actual: null,
      },
      candidate: { kind: "native" },
      header: { title: ["an h2 divergence"] },
      foundUnder: { name: "deno", version: Deno.version.deno },
    }),
  );
  const run = spawnSync(Deno.execPath(), ["run", "-A", file], {
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: run.status, out: run.stdout + run.stderr };
}

Deno.test("a native h2 reproduction starts its own h2 server or client, exits 1 on divergence, 0 when it agrees", async () => {
  // Cost: two Deno processes, one making a certificate with openssl (about 1 s). Deno hands
  // `x-a: 1` over as it is: expecting "2" diverges (exit 1), expecting "1" agrees (exit 0).
  const dir = await Deno.makeTempDir({ prefix: "headerproof-wire-h2-repro-" });
  try {
    const server = runH2Native(dir, "h2-server", "2");
    assert.equal(server.status, 1, server.out);
    assert.match(server.out, /diverges from the reference/);
    const client = runH2Native(dir, "h2-client", "1");
    assert.equal(client.status, 0, client.out);
    assert.match(client.out, /no divergence: it agrees/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
