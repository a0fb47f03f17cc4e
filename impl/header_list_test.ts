import assert from "node:assert/strict";
import * as reference from "../spec/mod.ts";
import * as impl from "./mod.ts";

type Module = typeof impl | typeof reference;

/** Named write sequences whose header lists must come out as the reference's. */
const CASES: [string, (module: Module) => unknown][] = [
  ["append keeps the first casing", (m) => {
    const h = new m.Headers([["X-B", "1"], ["a", "2"]]);
    h.append("x-b", "3");
    return h;
  }],
  ["set keeps the first header's position and casing and drops the others", (m) => {
    const h = new m.Headers([["X-B", "1"], ["A", "2"], ["x-b", "3"], ["C", "4"]]);
    h.set("x-B", "9");
    h.set("New", "5");
    return h;
  }],
  ["delete then append starts a new casing", (m) => {
    const h = new m.Headers([["X-B", "1"], ["A", "2"]]);
    h.delete("x-b");
    h.append("x-B", "3");
    return h;
  }],
  ["a raw list is kept as given", (m) => {
    const h = m.headersFromRawList(["Host", "h", "ACCEPT", "a", "accept", "b"], "none");
    h.append("Accept", "c");
    return h;
  }],
  ["a copy holds the source's sorted, combined entries", (m) => {
    const source = new m.Headers([["X-B", "1"], ["A", "2"], ["x-b", "3"]]);
    const copy = new m.Headers(source as Headers);
    copy.append("Z", "4");
    source.append("Q", "5");
    return copy;
  }],
  ["no-CORS drops range from the list", (m) => {
    const h = m.headersWithGuard("request-no-cors", [["Accept", "a"], ["Range", "bytes=0-1"]]);
    h.set("Content-Language", "en");
    return h;
  }],
  ["many sets and deletes compact the log", (m) => {
    const h = new m.Headers();
    for (let i = 0; i < 200; i++) {
      h.append(`X-${i % 7}`, `${i}`);
      if (i % 3 === 0) h.set(`x-${i % 5}`, `s${i}`);
      if (i % 11 === 0) h.delete(`X-${i % 4}`);
    }
    return h;
  }],
];

Deno.test("impl's headerListOf matches the reference's header list", async (t) => {
  for (const [name, build] of CASES) {
    await t.step(name, () => {
      assert.deepStrictEqual(
        impl.headerListOf(build(impl) as impl.Headers),
        reference.headerListOf(build(reference) as reference.Headers),
      );
    });
  }
  await t.step("a non-Headers argument is a TypeError", () => {
    assert.throws(() => impl.headerListOf(new globalThis.Headers()), TypeError);
  });
});

Deno.test("impl's Headers inspects like Deno's own", async (t) => {
  const custom = Symbol.for("nodejs.util.inspect.custom");
  const hooks = impl.Headers.prototype as unknown as Record<symbol, (...args: unknown[]) => string>;
  await t.step("one value per name", () => {
    const init: [string, string][] = [["B", "2"], ["a", "1"], ["Set-Cookie", "x=1"]];
    assert.equal(Deno.inspect(new impl.Headers(init)), Deno.inspect(new globalThis.Headers(init)));
  });
  await t.step("several set-cookie values", () => {
    const init: [string, string][] = [["set-cookie", "x=1"], ["Set-Cookie", "y=2"], ["a", "1"]];
    const cookies = new impl.Headers(init);
    assert.equal(Deno.inspect(cookies), Deno.inspect(new globalThis.Headers(init)));
    assert.equal(
      hooks[custom].call(cookies, 2, {}, (value: unknown) => JSON.stringify(value)),
      'Headers {"a":"1","set-cookie":"x=1, y=2"}',
    );
  });
  await t.step("a this that is not a Headers is a TypeError, as in Deno and undici", () => {
    const stringify = (value: unknown) => JSON.stringify(value);
    for (const self of [{}, null, Object.create(impl.Headers.prototype)]) {
      assert.throws(() => hooks[custom].call(self, 2, {}, stringify), TypeError);
      assert.throws(() => hooks[Symbol.for("Deno.customInspect")].call(self, stringify), TypeError);
    }
  });
});
