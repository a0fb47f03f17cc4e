import assert from "node:assert/strict";
import { parseArgs, UsageError } from "./coordinator.ts";

Deno.test("the CLI reads every campaign option", () => {
  const options = parseArgs([
    "--target",
    "native",
    "--time",
    "20",
    "--seed",
    "7",
    "--profile",
    "standard",
    "--workers",
    "3",
    "--known-divergences",
    "no-cors-guard-ignored",
    "--json",
  ]);
  assert.equal(options.target, "native");
  assert.equal(options.timeSeconds, 20);
  assert.equal(options.seed, 7);
  assert.equal(options.profile, "standard");
  assert.equal(options.workers, 3);
  assert.deepEqual(options.knownDivergences, ["no-cors-guard-ignored"]);
  assert.equal(options.json, true);
});

Deno.test("the CLI reads a replay", () => {
  const options = parseArgs([
    "--seed",
    "3",
    "--path",
    "1:2",
    "--replay-path",
    "AB:C",
    "--property",
    "invalid-raw-list",
  ]);
  assert.equal(options.path, "1:2");
  assert.equal(options.replayPath, "AB:C");
  assert.equal(options.property, "invalid-raw-list");
});

Deno.test("the CLI rejects bad options with a message naming them", () => {
  assert.throws(
    () => parseArgs(["--runs", "x"]),
    (e: unknown) => e instanceof UsageError && /--runs/.test(e.message),
  );
  assert.throws(() => parseArgs(["--profile", "browser"]), /--profile/);
  assert.throws(() => parseArgs(["--bogus"]), /--bogus/);
  assert.throws(
    () => parseArgs(["--known-divergences", "nope"]),
    /unknown divergence class "nope"/,
  );
  assert.throws(() => parseArgs(["--seed"]), /--seed needs a value/);
});
