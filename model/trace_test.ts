/** Unit tests of model/trace.ts: the value mapping, the TLA+ emitter and the TLC value parser. */

import assert from "node:assert/strict";
import {
  atomsOf,
  parseTlaValue,
  parseTraceFile,
  seededRandom,
  type TraceEntry,
  traceModule,
} from "./trace.ts";

Deno.test("atomsOf maps combined real values to model atoms and keeps unknown parts", () => {
  assert.deepEqual(atomsOf(`${"l".repeat(64)}, s`), ["l", "s"]);
  assert.deepEqual(atomsOf("s, x"), ["s", "x"]);
});

Deno.test("seededRandom repeats for a seed and differs across seeds", () => {
  const first = seededRandom(7);
  const again = seededRandom(7);
  const other = seededRandom(8);
  const a = [first(), first(), first()];
  assert.deepEqual(a, [again(), again(), again()]);
  assert.notDeepEqual(a, [other(), other(), other()]);
  assert.ok(a.every((x) => x >= 0 && x < 1));
});

Deno.test("parseTlaValue reads records, sequences, strings, numbers and booleans", () => {
  assert.deepEqual(
    parseTlaValue('[a |-> <<<<"x-a", <<"s", "l">>>>>>, b |-> <<>>, n |-> 3, t |-> TRUE]'),
    { a: [["x-a", ["s", "l"]]], b: [], n: 3, t: true },
  );
  assert.equal(parseTlaValue('"q\\"uote"'), 'q"uote');
  assert.throws(() => parseTlaValue("<<1, 2"), /expected/);
});

Deno.test("parseTraceFile splits TLC's trace module into states", () => {
  const text = `---- MODULE /tmp/b_0_0 ----
STATE_1 == 
/\\ guard = [a |-> "none"]
/\\ list = [a |-> <<>>]


STATE_2 == 
/\\ guard = [a |-> "immutable"]
/\\ list = [ a |->
  <<<<"Host", <<"s">>>>>> ]


=================================================
`;
  assert.deepEqual(parseTraceFile(text), [
    { guard: { a: "none" }, list: { a: [] } },
    { guard: { a: "immutable" }, list: { a: [["Host", ["s"]]] } },
  ]);
});

Deno.test("traceModule writes the batch as a TLA+ sequence that parses back", () => {
  const entry: TraceEntry = {
    call: { op: "append", obj: "a", src: "", name: 'X"A', value: "s", it: "" },
    guards: { a: "none", b: "request" },
    lists: { a: [], b: [["Host", "s"]] },
    views: { a: [["x-a", ["s"]]], b: [] },
    result: { kind: "ok", name: "", value: [] },
  };
  const text = traceModule([[entry]]);
  assert.match(text, /^---- MODULE TraceData ----/);
  const body = text.slice(
    text.indexOf("Traces == ") + "Traces == ".length,
    text.lastIndexOf("===="),
  );
  const parsed = parseTlaValue(body.trim()) as unknown[][];
  assert.deepEqual(parsed[0][0], {
    call: { op: "append", obj: "a", src: "", name: 'X"A', value: "s", it: "" },
    guards: { a: "none", b: "request" },
    lists: { a: [], b: [["Host", ["s"]]] },
    views: { a: [["x-a", ["s"]]], b: [] },
    result: { kind: "ok", name: "", value: [] },
  });
});
