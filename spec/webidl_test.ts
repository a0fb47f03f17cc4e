import assert from "node:assert/strict";
import {
  convertToHeadersInit,
  definePairIterator,
  requireArguments,
  toByteString,
} from "./webidl.ts";

Deno.test("ByteString conversion: ToString then a TypeError above 0xFF naming the value", () => {
  assert.equal(toByteString(1, "x"), "1");
  assert.equal(toByteString(null, "x"), "null");
  assert.equal(toByteString({ toString: () => "\u00ff" }, "x"), "\u00ff");
  assert.throws(() => toByteString("a\u0100", "where"), /where: "aĀ" is not a ByteString/);
  assert.throws(() => toByteString(Symbol("s"), "where"), TypeError);
});

Deno.test("HeadersInit: iterable objects are sequences, other objects records", () => {
  assert.deepEqual(convertToHeadersInit([["a", 1]]), { kind: "sequence", value: [["a", "1"]] });
  assert.deepEqual(convertToHeadersInit(new Map([["a", "1"]])), {
    kind: "sequence",
    value: [["a", "1"]],
  });
  assert.deepEqual(convertToHeadersInit({ a: 1 }), { kind: "record", value: [["a", "1"]] });
  assert.throws(() => convertToHeadersInit(null), TypeError);
  assert.throws(() => convertToHeadersInit("ab"), TypeError);
});

Deno.test("a sequence whose item conversion throws does not close the iterator", () => {
  let returned = false;
  const iterable = {
    [Symbol.iterator]() {
      return {
        next: () => ({ value: 1, done: false }),
        return() {
          returned = true;
          return { done: true };
        },
      };
    },
  };
  assert.throws(() => convertToHeadersInit(iterable), TypeError);
  assert.equal(returned, false);
});

Deno.test("argument counts", () => {
  requireArguments(1, 1, "op");
  assert.throws(() => requireArguments(0, 1, "op"), /op: 1 argument required, but only 0 present/);
});

Deno.test("pair iterators recompute pairs at every next and never latch", () => {
  const target = { pairs: [["a", "1"]] as [string, string][] };
  const create = definePairIterator<typeof target>({
    identifier: "Example",
    valuePairsToIterateOver: (t) => t.pairs,
  });
  const iterator = create(target, "key+value");
  assert.deepEqual(iterator.next(), { value: ["a", "1"], done: false });
  assert.deepEqual(iterator.next(), { value: undefined, done: true });
  target.pairs = [["a", "1"], ["b", "2"]];
  assert.deepEqual(iterator.next(), { value: ["b", "2"], done: false });
  assert.equal(Object.prototype.toString.call(iterator), "[object Example Iterator]");
});
