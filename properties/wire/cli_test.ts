import assert from "node:assert/strict";
import { exchangeCommandLine } from "./cli.ts";

Deno.test("an exchange command line reads the target, the exchange options and its own option", () => {
  const read = (args: string[]) =>
    exchangeCommandLine(args, "known", (text) => text?.split(",") ?? "none", "usage");
  assert.deepEqual(read(["--target", "impl", "--runs", "5", "--known", "a,b"]), {
    runs: 5,
    seed: 1,
    timeLimitMs: 30_000,
    target: "impl",
    own: ["a", "b"],
  });
  assert.deepEqual(read([]), {
    runs: 100,
    seed: 1,
    timeLimitMs: 30_000,
    target: "native",
    own: "none",
  });
});

Deno.test("an exchange command line with a bad option or an error of its own is exit 2", () => {
  // Each prints its cause and the usage on standard error.
  assert.equal(exchangeCommandLine(["--runs", "-1"], "own", (text) => text, "usage"), 2);
  const refuse = () => {
    throw new RangeError("--own: unknown b");
  };
  assert.equal(exchangeCommandLine(["--own", "b"], "own", refuse, "usage"), 2);
  assert.equal(exchangeCommandLine(["--help"], "own", refuse, "usage"), 0);
});
