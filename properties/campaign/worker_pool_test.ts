import assert from "node:assert/strict";
import { parseCliArgs } from "./cli_args.ts";
import { stagesFor } from "./worker_pool.ts";

/** The property names of each stage for these CLI arguments. */
function stageProperties(...args: string[]): string[][] {
  return stagesFor(parseCliArgs(args)).map((stage) => stage.map((phase) => phase.property));
}

Deno.test("the tampered-realm property runs in worker processes of its own, first", () => {
  assert.deepEqual(stageProperties("--target", "impl", "--runs", "100"), [
    ["tampered-realm"],
    ["invalid-raw-list", "model"],
  ]);
  assert.deepEqual(stageProperties("--target", "impl", "--realm", "tampered"), [
    ["tampered-realm"],
    ["invalid-raw-list"],
  ]);
  assert.deepEqual(stageProperties("--target", "impl", "--realm", "clean"), [
    ["invalid-raw-list", "model"],
  ]);
  assert.deepEqual(
    stageProperties("--target", "impl", "--phases", "model=5,tampered-realm=2,model=3"),
    [["model"], ["tampered-realm"], ["model"]],
  );
  assert.deepEqual(
    stageProperties("--target", "impl", "--seed", "1", "--path", "0", "--property", "model"),
    [["model"]],
  );
});
