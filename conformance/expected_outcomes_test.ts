import assert from "node:assert/strict";
import * as impl from "../impl/mod.ts";
import * as reference from "../spec/mod.ts";
import { type CompleteHeadersModule, SCENARIOS } from "./expected_outcomes.ts";

const candidates: [string, CompleteHeadersModule][] = [
  ["impl", impl as unknown as CompleteHeadersModule],
  ["reference", reference as unknown as CompleteHeadersModule],
];

for (const [group, scenarios] of Object.entries(SCENARIOS)) {
  Deno.test(`impl and the reference produce the expected data: ${group}`, async (t) => {
    for (const scenario of scenarios) {
      await t.step(scenario.name, async (t) => {
        for (const [label, module] of candidates) {
          await t.step(
            label,
            () => assert.deepStrictEqual(scenario.run(module), scenario.expected),
          );
        }
      });
    }
  });
}
