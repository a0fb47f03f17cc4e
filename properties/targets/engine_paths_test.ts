/**
 * Paths of impl/ that the campaigns reach rarely or never: a built-in replaced before load taken
 * from a fresh realm (`intact` in impl/primordials.ts), a plain-object record read through
 * property descriptors (record fills with getters and a polluted `Object.prototype` must agree
 * with the reference, which follows WebIDL step by step), and the copy `headersFromRawList` takes.
 */
import assert from "node:assert/strict";
import { Headers as ImplHeaders } from "../../impl/mod.ts";
import type { Outcome } from "../core/outcome.ts";
import { lowercaseRecordKeyName } from "../../impl/predicates.ts";
import { intact } from "../../impl/primordials.ts";
import { Headers as SpecHeaders } from "../../spec/mod.ts";

Deno.test("intact keeps the engine's own built-ins and replaces anything else by a fresh realm's", () => {
  const slice = String.prototype.slice;
  assert.equal(intact(slice, "slice", ["String", "prototype"]), slice);
  for (
    const impostor of [
      function slice(this: string) {
        return this;
      },
      slice.bind("x"),
      new Proxy(slice, {}),
      String.prototype.substring,
    ]
  ) {
    const fresh = intact(impostor, "slice", ["String", "prototype"]);
    assert.notEqual(fresh, impostor);
    assert.notEqual(fresh, slice);
    assert.equal(Reflect.apply(fresh, "abc", [1]), "bc");
  }
  const size = Object.getOwnPropertyDescriptor(Map.prototype, "size")!.get!;
  assert.equal(intact(size, "get size", ["Map", "prototype"]), size);
  const freshSize = intact(() => 0, "get size", ["Map", "prototype"]);
  assert.equal(Reflect.apply(freshSize, new Map([[1, 1], [2, 2]]), []), 2);
});

/** What a Headers constructor did with `makeInit()`: its entries, or the error's name. */
function outcome(
  HeadersClass: typeof ImplHeaders | typeof SpecHeaders,
  makeInit: () => object,
): Outcome<[string, string][]> {
  try {
    return { ok: [...new HeadersClass(makeInit() as Record<string, string>)] };
  } catch (error) {
    return { threw: (error as Error).name };
  }
}

Deno.test("record fills with getters agree with the reference", async (t) => {
  const cases: Record<string, () => object> = {
    "a getter deletes a later key": () => {
      const init: Record<string, unknown> = {};
      Object.defineProperty(init, "a", {
        enumerable: true,
        get() {
          delete init.b;
          return "1";
        },
      });
      init.b = "2";
      return init;
    },
    "a getter hides a later key": () => {
      const init: Record<string, unknown> = {};
      Object.defineProperty(init, "a", {
        enumerable: true,
        get() {
          Object.defineProperty(init, "b", { enumerable: false });
          return "1";
        },
      });
      init.b = "2";
      return init;
    },
    "a getter adds a key and changes a later value": () => {
      const init: Record<string, unknown> = {};
      Object.defineProperty(init, "a", {
        enumerable: true,
        get() {
          init.c = "3";
          init.b = "changed";
          return "1";
        },
      });
      init.b = "2";
      return init;
    },
    "an accessor without a getter": () => {
      const init: Record<string, unknown> = { a: "1" };
      Object.defineProperty(init, "b", { enumerable: true, set() {} });
      return init;
    },
    "a non-enumerable key and an enumerable symbol": () => {
      const init: Record<PropertyKey, unknown> = { a: "1" };
      Object.defineProperty(init, "hidden", { enumerable: false, value: "x" });
      init[Symbol("s")] = "y";
      return init;
    },
    "a value whose toString deletes a later key": () => {
      const init: Record<string, unknown> = {};
      init.a = {
        toString() {
          delete init.b;
          return "1";
        },
      };
      init.b = "2";
      return init;
    },
  };
  for (const [label, makeInit] of Object.entries(cases)) {
    await t.step(label, () => {
      assert.deepEqual(outcome(ImplHeaders, makeInit), outcome(SpecHeaders, makeInit));
    });
  }
  await t.step("with Object.prototype.value, .get and .writable set by user code", () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.value = "polluted";
    prototype.get = () => "polluted";
    prototype.writable = true;
    try {
      for (const makeInit of Object.values(cases)) {
        assert.deepEqual(outcome(ImplHeaders, makeInit), outcome(SpecHeaders, makeInit));
      }
    } finally {
      delete prototype.value;
      delete prototype.get;
      delete prototype.writable;
    }
  });
});

Deno.test("headersFromRawList copies the list it is given", async () => {
  const { headersFromRawList } = await import("../../impl/mod.ts");
  const flat = ["A", "1"];
  const headers = headersFromRawList(flat, "none");
  flat[1] = "changed";
  flat.push("B", "2");
  assert.deepEqual([...headers], [["a", "1"]]);
});

Deno.test("names longer than the name caches hold agree with the reference", async (t) => {
  const long = "X-" + "Long".repeat(20);
  const invalid = long + " x";
  for (const makeInit of [() => ({ [long]: "1" }), () => ({ [invalid]: "1" })]) {
    await t.step(`record key of ${Object.keys(makeInit())[0].length} code units`, () => {
      assert.deepEqual(outcome(ImplHeaders, makeInit), outcome(SpecHeaders, makeInit));
    });
  }
  await t.step("get and has with a long name, valid or not", () => {
    for (const HeadersClass of [ImplHeaders, SpecHeaders]) {
      const headers = new HeadersClass([[long, "1"]]);
      assert.equal(headers.get(long.toUpperCase()), "1");
      assert.throws(() => headers.has(invalid), TypeError);
    }
  });
});

Deno.test("the record-key name map stays correct when it starts afresh at its size limit", () => {
  for (let index = 0; index < 33_000; index++) {
    assert.equal(lowercaseRecordKeyName(`X-K${index}`), `x-k${index}`);
  }
  assert.equal(lowercaseRecordKeyName("X-K0"), "x-k0");
  assert.equal(lowercaseRecordKeyName("X K"), null);
});
