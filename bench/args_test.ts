import assert from "node:assert/strict";
import { integerFlag, parseArgs } from "./args.ts";

const SPEC = { booleans: ["quick"], strings: ["time", "filter"] };

Deno.test("bench command-line parsing", async (t) => {
  await t.step("booleans, spaced and inline values", () => {
    const args = parseArgs(["--quick", "--time", "50", "--filter=get hit"], SPEC);
    assert.ok(args.booleans.has("quick"));
    assert.equal(args.strings.get("time"), "50");
    assert.equal(args.strings.get("filter"), "get hit");
  });

  await t.step("an unknown flag or a stray argument is named in the error", () => {
    assert.throws(() => parseArgs(["--fast"], SPEC), /Unknown option '--fast'/);
    assert.throws(() => parseArgs(["50"], SPEC), /Unexpected argument '50'/);
    assert.throws(() => parseArgs(["--quick=yes"], SPEC), /'--quick' does not take an argument/);
  });

  await t.step("a string flag without a value is an error", () => {
    assert.throws(() => parseArgs(["--time"], SPEC), /'--time <value>' argument missing/);
  });

  await t.step("integerFlag reads integers and rejects anything else", () => {
    assert.equal(integerFlag(parseArgs(["--time", "7"], SPEC), "time", 1), 7);
    assert.equal(integerFlag(parseArgs([], SPEC), "time", 1), 1);
    assert.throws(() => integerFlag(parseArgs(["--time", "1.5"], SPEC), "time", 1), /"1.5"/);
    assert.throws(() => integerFlag(parseArgs(["--time=-2"], SPEC), "time", 1), /"-2"/);
  });
});
