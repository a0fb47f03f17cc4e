import assert from "node:assert/strict";
import {
  expectedPairs,
  freshCopy,
  hitName,
  MISS_NAME,
  mixedCase,
  REQUEST_100,
  REQUEST_12,
  requestSet,
  RESPONSE_12,
  toRecord,
  TWELVE_GETS,
  valueOf,
  without,
  withValue,
} from "./data.ts";

Deno.test("bench data", async (t) => {
  await t.step("the request sets have 12 and 100 distinct lowercase names", () => {
    for (const set of [REQUEST_12, REQUEST_100]) {
      const names = set.map(([name]) => name);
      assert.equal(new Set(names).size, names.length);
      assert.ok(names.every((name) => name === name.toLowerCase()));
    }
    assert.equal(REQUEST_12.length, 12);
    assert.equal(REQUEST_100.length, 100);
  });

  await t.step("the response set has 12 headers, 3 of them set-cookie", () => {
    assert.equal(RESPONSE_12.length, 12);
    assert.equal(RESPONSE_12.filter(([name]) => name === "set-cookie").length, 3);
  });

  await t.step("hit names are present, the miss name and 3 of the 12 gets are absent", () => {
    assert.equal(hitName(12), "content-type");
    assert.equal(hitName(100), "x-extra-44");
    assert.notEqual(valueOf(REQUEST_100, hitName(100)), null);
    assert.equal(valueOf(REQUEST_100, MISS_NAME), null);
    assert.equal(TWELVE_GETS.filter((name) => valueOf(REQUEST_12, name) === null).length, 3);
  });

  await t.step("requestSet rejects other sizes, naming the size", () => {
    assert.throws(() => requestSet(13), /size 13/);
  });

  await t.step("expectedPairs sorts by name in byte order and keeps set-cookie order", () => {
    const pairs = expectedPairs(RESPONSE_12);
    const names = pairs.map(([name]) => name);
    assert.deepEqual(names, [...names].sort());
    assert.deepEqual(
      pairs.filter(([name]) => name === "set-cookie").map(([, value]) => value.split("=")[0]),
      ["session", "theme", "csrf"],
    );
    assert.deepEqual(expectedPairs([["b", "1"], ["a-", "2"], ["a", "3"]]), [
      ["a", "3"],
      ["a-", "2"],
      ["b", "1"],
    ]);
  });

  await t.step("expectedPairs refuses inputs it cannot model", () => {
    assert.throws(() => expectedPairs([["Host", "x"]]), /not lowercase/);
    assert.throws(() => expectedPairs([["a", "1"], ["a", "2"]]), /repeats/);
  });

  await t.step("record, value and edit helpers", () => {
    assert.deepEqual(toRecord([["a", "1"], ["b", "2"]]), { a: "1", b: "2" });
    assert.throws(() => toRecord([["a", "1"], ["a", "2"]]), /repeated name "a"/);
    assert.equal(valueOf([["content-type", "x"]], "Content-Type"), "x");
    assert.deepEqual(withValue([["a", "1"], ["b", "2"]], "b", "3"), [["a", "1"], ["b", "3"]]);
    assert.deepEqual(without([["a", "1"], ["b", "2"]], "a"), [["b", "2"]]);
    assert.equal(mixedCase("content-type"), "Content-Type");
    assert.equal(mixedCase("x-extra-44"), "X-Extra-44");
  });

  await t.step("freshCopy returns a string equal to its input (identity is not observable)", () => {
    for (const name of ["content-type", "x", "accept-language"]) {
      assert.equal(freshCopy(name), name);
      assert.equal(freshCopy(name).length, name.length);
    }
  });
});
