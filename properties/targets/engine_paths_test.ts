/**
 * impl/ picks some fast paths per engine (`IS_JAVASCRIPTCORE` in impl/primordials.ts) and reads a
 * plain-object record through property descriptors. Both engines' paths run here, under Deno, and
 * must equal the originals; record fills with getters and a polluted `Object.prototype` must
 * agree with the reference, which follows WebIDL step by step.
 */
import assert from "node:assert/strict";
import { Headers as ImplHeaders } from "../../impl/mod.ts";
import {
  lowercaseHeaderNameByMap,
  lowercaseHeaderNameByTable,
  lowercaseHeaderNameWellKnownFirst,
  WELL_KNOWN_HEADER_NAMES,
} from "../../impl/predicates.ts";
import { charCodeAtByTable, intact } from "../../impl/primordials.ts";
import { Headers as SpecHeaders } from "../../spec/mod.ts";
import { pathToFileURL } from "node:url";
import type { Variant } from "../mutation/variants.ts";
import { applyVariant } from "../mutation/variants.ts";
import { runCoveredScript } from "../campaign/cli_runner.ts";
import { freshCopy } from "../../bench/data.ts";

Deno.test("charCodeAtByTable equals String.prototype.charCodeAt", async (t) => {
  await t.step("every code unit", () => {
    for (let code = 0; code <= 0xffff; code++) {
      const text = "a" + String.fromCharCode(code);
      assert.equal(charCodeAtByTable(text, 1), code);
    }
  });
  await t.step("indices out of range, fractional or NaN", () => {
    for (const index of [-1, 3, 1.5, NaN, Infinity, -0]) {
      assert.deepEqual(charCodeAtByTable("xyz", index), "xyz".charCodeAt(index), String(index));
    }
  });
  await t.step("an index the prototype answers is not read through it", () => {
    const proto = String.prototype as unknown as Record<string, string>;
    proto["1.5"] = "A";
    try {
      assert.equal(charCodeAtByTable("xyz", 1.5), "y".charCodeAt(0));
    } finally {
      delete proto["1.5"];
    }
  });
});

Deno.test("both validated-name caches give the byte-lowercase form of header names only", () => {
  const names = [
    "Content-Type",
    "content-type",
    "X",
    "x",
    "",
    "bad name",
    "b\u00e4d",
    "ü",
    "A".repeat(64),
    "A".repeat(65),
    "A b".repeat(30),
    "a:b",
  ];
  for (let round = 0; round < 2; round++) {
    for (const name of names) {
      const expected = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name) ? name.toLowerCase() : null;
      assert.equal(lowercaseHeaderNameByTable(name), expected, name);
      assert.equal(lowercaseHeaderNameByMap(name), expected, name);
      assert.equal(lowercaseHeaderNameWellKnownFirst(name), expected, name);
    }
  }
  // Past its bound the map starts afresh and still answers.
  for (let index = 0; index < 4096 * 8 + 1; index++) {
    assert.equal(lowercaseHeaderNameByMap(`X-N${index}`), `x-n${index}`);
  }
  assert.equal(lowercaseHeaderNameByMap("Content-Type"), "content-type");
});

Deno.test("the well-known names give their lowercase form in every spelling, fresh or not", () => {
  const spellingsOf = (lower: string) => [
    lower,
    lower.replace(
      /(^|-)([a-z])/g,
      (_, dash: string, letter: string) => dash + letter.toUpperCase(),
    ),
    lower.toUpperCase(),
  ];
  for (const lower of WELL_KNOWN_HEADER_NAMES) {
    for (const spelling of spellingsOf(lower)) {
      const fresh = freshCopy(spelling);
      for (const lookup of [lowercaseHeaderNameByMap, lowercaseHeaderNameWellKnownFirst]) {
        assert.equal(lookup(fresh), lower, spelling);
        assert.equal(lookup(spelling), lower, spelling);
      }
    }
  }
  // Same lengths as well-known names, yet not one of them (or not a header name at all).
  for (const name of ["content-typf", "Content-Typf", "accepT:", "x-extra-01", "a".repeat(32)]) {
    const expected = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name) ? name.toLowerCase() : null;
    assert.equal(lowercaseHeaderNameByMap(name), expected, name);
    assert.equal(lowercaseHeaderNameWellKnownFirst(name), expected, name);
  }
});

Deno.test("intact keeps the engine's own built-ins and replaces anything else by a fresh realm's", () => {
  const slice = String.prototype.slice;
  assert.equal(intact(slice, "slice", "String", "prototype"), slice);
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
    const fresh = intact(impostor, "slice", "String", "prototype");
    assert.notEqual(fresh, impostor);
    assert.notEqual(fresh, slice);
    assert.equal(Reflect.apply(fresh, "abc", [1]), "bc");
  }
  const size = Object.getOwnPropertyDescriptor(Map.prototype, "size")!.get!;
  assert.equal(intact(size, "get size", "Map", "prototype"), size);
  const freshSize = intact(() => 0, "get size", "Map", "prototype");
  assert.equal(Reflect.apply(freshSize, new Map([[1, 1], [2, 2]]), []), 2);
});

/** What a Headers constructor did with `makeInit()`: its entries, or the error's name. */
function outcome(
  HeadersClass: typeof ImplHeaders | typeof SpecHeaders,
  makeInit: () => object,
): { entries: [string, string][] } | { threw: string } {
  try {
    return { entries: [...new HeadersClass(makeInit() as Record<string, string>)] };
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

const asJavaScriptCore = new URL("../testdata/as_javascriptcore.ts", import.meta.url).pathname;
/** Runs testdata/as_javascriptcore.ts on the impl module at `implUrl` in a fresh Deno process. */
async function runAsJavaScriptCore(
  implUrl: string,
): Promise<{ engine: string; differences: { name: string }[] }> {
  return await runCoveredScript(asJavaScriptCore, [implUrl]) as {
    engine: string;
    differences: { name: string }[];
  };
}

/**
 * The names of the scenarios whose observations differ from the reference when
 * testdata/as_javascriptcore.ts runs on impl with the planted bug `variant`.
 */
async function differencesUnderVariant(variant: Variant): Promise<string[]> {
  const dir = Deno.makeTempDirSync({ prefix: "headerproof-jsc-variant-" });
  try {
    const outcome = await runAsJavaScriptCore(pathToFileURL(applyVariant(variant, dir)).href);
    return outcome.differences.map((difference) => difference.name);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

Deno.test("impl's JavaScriptCore paths, selected under Deno by a Bun global, agree with the reference", async (t) => {
  await t.step("impl", async () => {
    const outcome = await runAsJavaScriptCore(new URL("../../impl/mod.ts", import.meta.url).href);
    assert.equal(outcome.engine, "JavaScriptCore");
    assert.deepStrictEqual(outcome.differences, []);
  });
  await t.step("a planted bug in a JavaScriptCore-only path is caught", async () => {
    const differences = await differencesUnderVariant({
      name: "well-known-spelling-kept",
      bug: "a well-known name spelled in title case is taken as its own lowercase form",
      patches: [{
        file: "predicates.ts",
        search: "if (spellings[at] === name) return spellings[at + 1];",
        replace: "if (spellings[at] === name) return spellings[at];",
      }],
    });
    assert.deepStrictEqual(differences, [
      "delete a lowercase name, then write and read",
      "delete on a pending raw list and right after construction",
    ]);
  });
  await t.step("a planted bug in the last-name fast path is caught", async () => {
    const differences = await differencesUnderVariant({
      name: "last-name-kept-as-given",
      bug: "the last name looked up through the table is kept as given, not lowercase, and " +
        "answered for itself",
      patches: [{
        file: "predicates.ts",
        search: "lastTableLower = lower;",
        replace: "lastTableLower = name;",
      }],
    });
    assert.deepStrictEqual(differences, ["the same custom name again, in other cases and fresh"]);
  });
});
