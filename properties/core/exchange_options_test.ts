import assert from "node:assert/strict";
import { exchangeOptions } from "./exchange_options.ts";

Deno.test("the exchange options default, floor counts and keep a replay path", () => {
  assert.deepEqual(exchangeOptions({}), { runs: 100, seed: 1, timeLimitMs: 30_000 });
  assert.deepEqual(exchangeOptions({ runs: "7.9", seed: "-3", time: "0.5", path: "h2:4:1" }), {
    runs: 7,
    seed: -3,
    timeLimitMs: 500,
    path: "h2:4:1",
  });
});

Deno.test("a count or time that is not a finite number of at least 0 names its option", () => {
  assert.throws(() => exchangeOptions({ runs: "-1" }), new RangeError("--runs: -1"));
  assert.throws(() => exchangeOptions({ time: "soon" }), new RangeError("--time: soon"));
  assert.throws(() => exchangeOptions({ seed: "Infinity" }), new RangeError("--seed: Infinity"));
});
