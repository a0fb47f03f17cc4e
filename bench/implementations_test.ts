import assert from "node:assert/strict";
import { loadImplementations, moduleUrl, parseImplName } from "./implementations.ts";

const testdata = new URL("./testdata/", import.meta.url);

Deno.test("loading implementations", async (t) => {
  await t.step("native is the runtime's Headers", async () => {
    const { available, missing } = await loadImplementations(["native"], {});
    assert.equal(missing.length, 0);
    assert.equal(available[0].Headers, globalThis.Headers);
  });

  await t.step("a missing module is reported with its URL, not thrown", async () => {
    const url = new URL("does_not_exist.ts", testdata).href;
    const { available, missing } = await loadImplementations(["impl", "native"], { impl: url });
    assert.deepEqual(available.map((i) => i.name), ["native"]);
    assert.equal(missing[0].name, "impl");
    assert.match(missing[0].reason, /could not import .*does_not_exist\.ts/);
  });

  await t.step("a module without a Headers export is reported", async () => {
    const url = new URL("no_headers_export.ts", testdata).href;
    const { missing } = await loadImplementations(["spec"], { spec: url });
    assert.match(missing[0].reason, /does not export a Headers class/);
  });

  await t.step("implementation names and module paths", () => {
    assert.equal(parseImplName("impl"), "impl");
    assert.throws(() => parseImplName("fast"), /unknown implementation "fast"/);
    assert.equal(moduleUrl("impl/mod.ts", "/work/main"), "file:///work/main/impl/mod.ts");
    assert.equal(moduleUrl("/tmp/x/mod.ts", "/work"), "file:///tmp/x/mod.ts");
    assert.equal(moduleUrl("file:///a/b.ts", "/work"), "file:///a/b.ts");
  });
});
