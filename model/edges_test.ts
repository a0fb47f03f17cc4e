/**
 * Model-generated tests that cover the quotiented MCHeaders state graph (model/edges.ts): every
 * edge TLC finds is replayed on impl and the reference, and bugs planted in copies of impl fail
 * the replay.
 */

import assert from "node:assert/strict";
import * as referenceModule from "../spec/mod.ts";
import * as implModule from "../impl/mod.ts";
import type { HeadersModule } from "../spec/contract.ts";
import { plantVariant, VARIANTS } from "../properties/mutation/variants.ts";
import {
  coveringPaths,
  dumpStateGraph,
  type GraphPath,
  replayPaths,
  type StateGraph,
} from "./edges.ts";

// The reference's freezeHeaders takes its own Headers class, narrower than the contract's
// HeadersLike; every call here passes it one of its own objects.
const reference = referenceModule as unknown as HeadersModule;
const impl = implModule as unknown as HeadersModule;

let graph: { all: StateGraph; paths: GraphPath[] } | null = null;

/** The state graph and its covering paths, computed once for every test of the file. */
async function stateGraph(): Promise<{ all: StateGraph; paths: GraphPath[] }> {
  if (graph === null) {
    const all = await dumpStateGraph();
    graph = { all, paths: coveringPaths(all) };
  }
  return graph;
}

Deno.test("paths covering every edge of the MCHeaders state graph replay on impl and the reference", async () => {
  const { all, paths } = await stateGraph();
  const covered = new Set(paths.flatMap((path) => path.edges));
  assert.equal(covered.size, all.edges.length, "an edge is on no path");
  const steps = paths.reduce((sum, path) => sum + path.edges.length, 0);
  console.log(
    `${all.nodes.size} states, ${all.edges.length} edges, all covered by ${paths.length} ` +
      `paths of ${steps} steps`,
  );
  assert.equal(replayPaths(all, paths, [impl, reference]), null);
});

for (const name of ["stale-view-after-delete", "cors-limit-off-by-one"]) {
  Deno.test(`the edge-covering replay catches impl with the kill variant ${name}`, async () => {
    const { all, paths } = await stateGraph();
    const planted = await plantVariant(VARIANTS.find((variant) => variant.name === name)!);
    try {
      const broken = (await import(planted.modulePath)) as HeadersModule;
      const mismatch = replayPaths(all, paths, [broken, reference]);
      assert.notEqual(mismatch, null, `${name} went unnoticed`);
    } finally {
      await planted.remove();
    }
  });
}
