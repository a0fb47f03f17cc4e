import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { selfCommand, workerEnvironment } from "./runtime.ts";
import type { RuntimeKind } from "./runtime_kind.ts";
import { isRuntimeName, RUNTIME_KINDS, runtimeKindOf } from "./runtime_kinds.ts";

Deno.test("every file in runtime_kinds/ is the row of the runtime it is named after", async () => {
  const folder = new URL("./runtime_kinds/", import.meta.url);
  const files = readdirSync(fileURLToPath(folder)).filter((file) => !file.endsWith("_test.ts"));
  assert.deepEqual(
    files.map((file) => file.slice(0, -3)).sort(),
    Object.keys(RUNTIME_KINDS).sort(),
  );
  for (const file of files) {
    const rows = Object.values(await import(new URL(file, folder).href)) as RuntimeKind[];
    assert.equal(rows.length, 1, file);
    assert.equal(RUNTIME_KINDS[rows[0].name], rows[0], `${file} is the row of ${rows[0].name}`);
    assert.equal(rows[0].name, file.slice(0, -3));
  }
});

Deno.test("a runtime's row says how it runs a script, and a name that is none is refused", () => {
  const binary = (name: "deno" | "node" | "bun") => ({
    name,
    version: "1.0.0",
    execPath: `/x/${name}`,
  });
  assert.deepEqual(selfCommand("w.ts", ["a"], binary("deno")), [
    "/x/deno",
    "run",
    "-A",
    "w.ts",
    "a",
  ]);
  assert.deepEqual(selfCommand("w.ts", ["a"], binary("node")), ["/x/node", "w.ts", "a"]);
  assert.equal(workerEnvironment(binary("bun"))?.BUN_JSC_useTailCalls, "false");
  assert.equal(workerEnvironment(binary("node")), undefined);
  assert.ok(isRuntimeName("bun"));
  assert.ok(!isRuntimeName("undici"));
  assert.throws(
    () => runtimeKindOf("undici"),
    new TypeError('"undici" is not a runtime (deno, bun or node)'),
  );
});
