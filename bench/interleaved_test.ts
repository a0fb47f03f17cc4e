import assert from "node:assert/strict";
import type { HeadersConstructor } from "../spec/contract.ts";
import * as impl from "../impl/mod.ts";
import * as reference from "../spec/mod.ts";
import { scrambledNames, WORKLOADS } from "./interleaved.ts";

Deno.test("scrambledNames are distinct and not created in sorted order", () => {
  const names = scrambledNames(500);
  assert.equal(new Set(names).size, 500);
  assert.notDeepEqual(names, [...names].sort());
});

Deno.test("every interleaved workload computes the same digest on impl and the reference", () => {
  const names = scrambledNames(300);
  for (const workload of WORKLOADS) {
    assert.equal(
      workload.run(impl.Headers as unknown as HeadersConstructor, names),
      workload.run(reference.Headers as unknown as HeadersConstructor, names),
      workload.label,
    );
  }
});
