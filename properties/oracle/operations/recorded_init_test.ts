import assert from "node:assert/strict";
import * as impl from "../../../impl/mod.ts";
import * as reference from "../../../spec/mod.ts";
import { recordedInit } from "./construct.ts";

/** What converting a value to a ByteString logs: ToPrimitive, then its toString. */
const toByteString = (label: string) => [
  `get ${label} Symbol(Symbol.toPrimitive)`,
  `get ${label} toString`,
  `call toString ${label}`,
];

/**
 * The interactions WebIDL's conversion of each recorded init to HeadersInit must make, in order
 * (https://webidl.spec.whatwg.org/#js-union, #js-record, #js-sequence, #create-sequence-from-iterable).
 */
const EXPECTED: Record<string, string[]> = {
  // GetMethod(V, @@iterator) is undefined, so a record: [[OwnPropertyKeys]] once, then per key
  // [[GetOwnProperty]], Get and the value's conversion. x-late, added while converting the first
  // value, is not among the keys read.
  record: [
    "get init Symbol(Symbol.iterator)",
    "ownKeys init",
    "getOwnPropertyDescriptor init a",
    "get init a",
    ...toByteString("value0"),
    "getOwnPropertyDescriptor init b",
    "get init b",
    ...toByteString("value1"),
  ],
  // A sequence through the array iterator, which reads length and the index on every step, so
  // the pair appended while converting the first name is visited. Each pair is a sequence of its
  // own, converted as it is taken.
  array: [
    "get init Symbol(Symbol.iterator)",
    "get init length",
    "get init 0",
    "get pair0 Symbol(Symbol.iterator)",
    "get pair0 length",
    "get pair0 0",
    ...toByteString("name0"),
    "get pair0 length",
    "get pair0 1",
    ...toByteString("value0"),
    "get pair0 length",
    "get init length",
    "get init 1",
    "get init length",
  ],
  // GetIterator reads next once; IteratorStepValue calls it and reads done, then value; each
  // value is converted before the next step; the iterator is never closed (no return call).
  iterator: [
    "get init Symbol(Symbol.iterator)",
    "call @@iterator init",
    "get init iterator next",
    "call next init iterator",
    "get init iterator result done",
    "get init iterator result value",
    "get pair0 Symbol(Symbol.iterator)",
    "call @@iterator pair0",
    "get pair0 iterator next",
    "call next pair0 iterator",
    "get pair0 iterator result done",
    "get pair0 iterator result value",
    ...toByteString("name0"),
    "call next pair0 iterator",
    "get pair0 iterator result done",
    "get pair0 iterator result value",
    ...toByteString("value0"),
    "call next pair0 iterator",
    "get pair0 iterator result done",
    "call next init iterator",
    "get init iterator result done",
  ],
};

const PAIRS: Record<string, string[][]> = {
  record: [["a", "1"], ["b", "2"]],
  array: [["a", "1"]],
  iterator: [["a", "1"]],
};

for (const [name, module] of [["the reference", reference], ["impl", impl]] as const) {
  Deno.test(`${name} converts recorded inits exactly as WebIDL does`, async (t) => {
    for (const how of Object.keys(EXPECTED)) {
      await t.step(how, () => {
        const log: string[] = [];
        const headers = new module.Headers(recordedInit(how, PAIRS[how], log) as HeadersInit);
        assert.deepEqual(log, EXPECTED[how]);
        const late = how === "array" ? [["x-late", "1"]] : [];
        const pairs = [...PAIRS[how], ...late].map(([n, v]) => [n, v]);
        assert.deepEqual([...headers], pairs.sort(([a], [b]) => (a < b ? -1 : 1)));
      });
    }
  });
}

Deno.test("a conversion that closes the iterator or reads keys twice logs differently", () => {
  const log: string[] = [];
  const init = recordedInit("iterator", [["a", "1"]], log) as Iterable<unknown>;
  for (const _pair of init) break; // for...of closes the iterator it leaves early
  assert.ok(log.includes("call return init iterator"));
  const recordLog: string[] = [];
  const record = recordedInit("record", [["a", "1"]], recordLog) as object;
  Object.keys(record);
  Object.keys(record);
  assert.deepEqual(recordLog.filter((line) => line === "ownKeys init").length, 2);
});
