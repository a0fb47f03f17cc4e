import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RuntimeKind } from "./runtime_kind.ts";
import { isRuntimeName, RUNTIME_KINDS, runtimeKindOf } from "./runtime_kinds.ts";
import { runCommandFor } from "./reproduction.ts";

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
    assert.equal(rows[0].name, file.slice(0, -3));
    assert.equal(RUNTIME_KINDS[rows[0].name], rows[0], `${file} is the row of ${rows[0].name}`);
  }
});

Deno.test("a runtime's row says how it runs a script, and a name that is none is refused", () => {
  assert.equal(runCommandFor("deno", "r.mjs"), "deno run -A r.mjs");
  assert.equal(runCommandFor("node", "r.mjs"), "node r.mjs");
  assert.equal(runCommandFor("bun", "r.mjs"), "bun r.mjs");
  assert.ok(isRuntimeName("bun"));
  assert.ok(!isRuntimeName("undici"));
  assert.throws(
    () => runtimeKindOf("undici"),
    new TypeError('"undici" is not a runtime (deno, bun or node)'),
  );
});
