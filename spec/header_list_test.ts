import assert from "node:assert/strict";
import {
  convertHeaderNamesToSortedLowercaseSet,
  type HeaderList,
  headerListAppend,
  headerListCombine,
  headerListContains,
  headerListDelete,
  headerListGet,
  headerListGetDecodeSplit,
  headerListSet,
  sortAndCombine,
} from "./header_list.ts";

Deno.test("header list get, decode, and split matches the standard's example table", async (t) => {
  // The table in fetch.bs under "get, decode, and split", with `A` as the name.
  const examples: [HeaderList, string[] | null][] = [
    [[["A", "nosniff,"]], ["nosniff", ""]],
    [[["A", "nosniff"], ["B", "sniff"], ["A", ""]], ["nosniff", ""]],
    [[["A", ""], ["B", "sniff"]], [""]],
    [[["B", "sniff"]], null],
    [[["A", 'text/html;", x/x']], ['text/html;", x/x']],
    [[["A", 'text/html;"'], ["A", "x/x"]], ['text/html;", x/x']],
    [[["A", 'x/x;test="hi",y/y']], ['x/x;test="hi"', "y/y"]],
    [[["A", 'x/x;test="hi"'], ["C", "**bingo**"], ["A", "y/y"]], ['x/x;test="hi"', "y/y"]],
    [[["A", "x / x,,,1"]], ["x / x", "", "", "1"]],
    [[["A", "x / x"], ["A", ","], ["A", "1"]], ["x / x", "", "", "1"]],
    [[["A", '"1,2", 3']], ['"1,2"', "3"]],
    [[["A", '"1,2"'], ["D", "4"], ["A", "3"]], ['"1,2"', "3"]],
  ];
  for (const [list, expected] of examples) {
    await t.step(JSON.stringify(list), () => {
      assert.deepEqual(headerListGetDecodeSplit(list, "A"), expected);
    });
  }
});

Deno.test("header list contains and get match names byte-case-insensitively", () => {
  const list: HeaderList = [["Accept", "a"], ["X", "1"], ["ACCEPT", "b"]];
  assert.equal(headerListContains(list, "accept"), true);
  assert.equal(headerListContains(list, "accep"), false);
  assert.equal(headerListGet(list, "aCCEPT"), "a, b");
  assert.equal(headerListGet(list, "y"), null);
  assert.equal(headerListGet([["E", ""]], "e"), "");
});

Deno.test("header list append reuses the first casing; delete removes every casing", () => {
  const list: HeaderList = [["Accept", "a"]];
  headerListAppend(list, ["ACCEPT", "b"]);
  headerListAppend(list, ["x", "1"]);
  assert.deepEqual(list, [["Accept", "a"], ["Accept", "b"], ["x", "1"]]);
  headerListDelete(list, "accept");
  assert.deepEqual(list, [["x", "1"]]);
});

Deno.test("header list set replaces the first match in place and removes the others", () => {
  const list: HeaderList = [["A", "1"], ["b", "2"], ["a", "3"], ["c", "4"]];
  headerListSet(list, ["a", "9"]);
  assert.deepEqual(list, [["A", "9"], ["b", "2"], ["c", "4"]]);
  headerListSet(list, ["D", "5"]);
  assert.deepEqual(list, [["A", "9"], ["b", "2"], ["c", "4"], ["D", "5"]]);
});

Deno.test("header list combine joins onto the first match with 0x2C 0x20", () => {
  const list: HeaderList = [["A", "1"], ["a", "2"]];
  headerListCombine(list, ["a", "3"]);
  headerListCombine(list, ["b", "4"]);
  assert.deepEqual(list, [["A", "1, 3"], ["a", "2"], ["b", "4"]]);
});

Deno.test("sorted-lowercase set orders by bytes, prefixes first, duplicates once", () => {
  assert.deepEqual(
    convertHeaderNamesToSortedLowercaseSet(["b", "A", "a-b", "a", "B", "_", "~", "0"]),
    ["0", "_", "a", "a-b", "b", "~"],
  );
});

Deno.test("sort and combine keeps set-cookie apart and combines the rest", () => {
  const list: HeaderList = [
    ["xylophone-header", "1"],
    ["best-header", "2"],
    ["set-cookie", "3"],
    ["a-cool-header", "4"],
    ["Set-Cookie", "5"],
    ["A-Cool-Header", "6"],
    ["best-header", "7"],
  ];
  assert.deepEqual(sortAndCombine(list), [
    ["a-cool-header", "4, 6"],
    ["best-header", "2, 7"],
    ["set-cookie", "3"],
    ["set-cookie", "5"],
    ["xylophone-header", "1"],
  ]);
  assert.deepEqual(sortAndCombine([]), []);
});
