import assert from "node:assert/strict";
import { gateArguments, GATES } from "./gates.ts";

Deno.test("each gate gets only its own JUnit flag, and none without --junit", () => {
  const routed = Object.fromEntries(GATES.map((gate) => [gate.task, gateArguments(gate, "/r")]));
  assert.deepEqual(routed, {
    "check": [],
    "test:unit": ["--junit-path=/r/deno-test.xml"],
    "model": ["--junit", "/r/model.xml"],
    "fuzz:kill": ["--junit", "/r/kill-table.xml"],
    "fuzz:coverage": [],
    "bench:repeatable": [],
  });
  for (const gate of GATES) assert.deepEqual(gateArguments(gate, undefined), []);
});
