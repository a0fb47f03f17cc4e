/** Unit tests of model/tla_value.ts: TLC's printed values and trace files. */

import assert from "node:assert/strict";
import { parseTlaValue, parseTraceFile } from "./tla_value.ts";

Deno.test("parseTlaValue reads records, sequences, functions, strings, numbers and booleans", () => {
  assert.deepEqual(
    parseTlaValue('[a |-> <<<<"x-a", <<"s", "l">>>>>>, b |-> <<>>, n |-> 3, t |-> TRUE]'),
    { a: [["x-a", ["s", "l"]]], b: [], n: 3, t: true },
  );
  assert.deepEqual(parseTlaValue('(a :> "none" @@ b :> {a, b})'), { a: "none", b: ["a", "b"] });
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
