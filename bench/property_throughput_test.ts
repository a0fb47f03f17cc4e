import assert from "node:assert/strict";
import { commandsPerSecond, median } from "./property_throughput.ts";

Deno.test("property throughput: commands per second and the median of rounds", () => {
  assert.equal(commandsPerSecond({ name: "m", commands: 500, elapsedMs: 250 }), 2000);
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2);
});
