/** Unit tests of model/tla_emit.ts: a recorded batch written as TLA+ parses back. */

import assert from "node:assert/strict";
import { traceModule } from "./tla_emit.ts";
import type { ObjectState, TraceEntry } from "./record.ts";
import { parseTlaValue } from "./tla_value.ts";

const index = { accept: [], host: [], range: [], "set-cookie": [], "x-a": ["s", "cut"] };
const state: ObjectState = {
  guard: "none",
  pending: false,
  raw: [],
  index,
  valid: true,
  view: [["x-a", ["s", "cut"]]],
  shared: true,
  peers: ["a", "b"],
};

Deno.test("traceModule writes the batch as a TLA+ sequence that parses back", () => {
  const entry: TraceEntry = {
    call: { op: "init", obj: "a", src: "", name: 'X"A', value: "s", it: "", guard: "" },
    result: { kind: "ok", name: "", value: [] },
    lists: { a: [], b: [["Host", "s"]] },
    objects: { a: state, b: { ...state, pending: true, raw: [["Host", "s"]] } },
    iterators: { i1: { obj: "a", pos: 1 }, i2: { obj: "none", pos: 0 } },
  };
  const text = traceModule([[entry]]);
  assert.match(text, /^---- MODULE TraceData ----/);
  const body = text.slice(
    text.indexOf("Traces == ") + "Traces == ".length,
    text.lastIndexOf("===="),
  );
  const parsed = parseTlaValue(body.trim()) as Record<string, unknown>[][];
  assert.deepEqual(parsed[0][0].call, entry.call);
  assert.deepEqual(parsed[0][0].lists, { a: [], b: [["Host", ["s"]]] });
  assert.deepEqual(parsed[0][0].iters, entry.iterators);
  const objs = parsed[0][0].objs as Record<string, Record<string, unknown>>;
  assert.deepEqual(objs.a.index, [["x-a", ["s", "cut"]]]);
  assert.deepEqual(objs.b.raw, [["Host", "s"]]);
  assert.deepEqual(objs.a.peers, ["a", "b"]);
  const later = traceModule([[{ ...entry, call: { ...entry.call, op: "append" } }]]);
  assert.doesNotMatch(later, /lists/);
});
