import assert from "node:assert/strict";
import * as reference from "../../spec/mod.ts";
import { attempt } from "../oracle/base/observe.ts";
import { shapeOf } from "../oracle/operations/shape.ts";
import { classLines, readableMessage, shapeDifferences } from "./fuzz_report.ts";

/** The message a shape divergence carries (world.ts `Divergence`), for `candidate`'s class. */
function shapeMessage(candidate: unknown): string {
  return `step 2: shapeOf(h[0])\n  candidate: ${
    JSON.stringify(attempt(() => shapeOf(candidate)))
  }\n  reference: ${JSON.stringify(attempt(() => shapeOf(new reference.Headers())))}`;
}

Deno.test("a shape divergence reads as a diff: property, expected, got", () => {
  class Extra extends reference.Headers {
    getAll(_name: string) {
      return [];
    }
  }
  Object.defineProperty(Extra.prototype, "append", {
    value: function append(_name: string) {},
    enumerable: false,
  });
  const message = readableMessage(shapeMessage(new Extra()));
  assert.doesNotMatch(message, /candidate: |reference: /);
  assert.match(message, /^step 2: shapeOf\(h\[0\]\)\n {2}the shape differs in \d+ place\(s\)/);
  assert.match(
    message,
    /Headers\.prototype\["getAll"\]\n {4}expected: \(absent\)\n {4}got: {6}data \(function getAll, length 1\), writable, not enumerable, configurable/,
  );
  const shapeData = (headers: unknown) => (attempt(() => shapeOf(headers)) as { ok: unknown[] }).ok;
  const rows = shapeDifferences(shapeData(new reference.Headers()), shapeData(new Extra()));
  assert.ok(rows.some((row) => row.property === 'Headers.prototype["getAll"]'));
  assert.deepEqual(rows.find((row) => row.property.startsWith("Headers (constructor")), {
    property: "Headers (constructor name, length)",
    expected: '["Headers", 0]',
    got: '["Extra", 0]',
  });
  assert.deepEqual(rows.find((row) => row.property === 'Headers.prototype["append"]'), {
    property: 'Headers.prototype["append"]',
    expected: "data (function append, length 2), writable, enumerable, configurable",
    got: "data (function append, length 1), not writable, not enumerable, not configurable",
  });
});

Deno.test("this Deno's native Headers shape, as the report shows it", () => {
  const message = readableMessage(shapeMessage(new Headers()));
  assert.match(message, /Headers\.prototype\["Symbol\(/);
  assert.match(message, /expected: \(absent\)/);
});

Deno.test("any other message is kept as it is", () => {
  const message = 'step 2: h[0].get("a")\n  candidate: {"ok":"1"}\n  reference: {"ok":null}';
  assert.equal(readableMessage(message), message);
});

Deno.test("the classes a campaign went on past are listed with counts and a replay, then those it stopped at", () => {
  const hit = { summary: "s", seenIn: ["bun"], seeds: [1], runs: 3, steps: 5 };
  const lines = classLines([
    { ...hit, name: "a", replay: "replay-a" },
    { ...hit, name: "b", seeds: [1, 2], replay: "replay-b" },
    { ...hit, name: "c", replay: null, runs: 0, steps: 0 },
  ]);
  assert.deepEqual(lines.slice(0, 6), [
    "",
    "known classes hit, expected; the runs went on past them (2, in order):",
    "  a (seen in bun; 3 run(s), 5 step(s); seed 1): s",
    "    replay (the first run, this class not in force): replay-a",
    "  b (seen in bun; 3 run(s), 5 step(s); seeds 1, 2): s",
    "    replay (the first run, this class not in force): replay-b",
  ]);
  assert.match(lines.join("\n"), /^--known-divergences c \(added/m);
  assert.deepEqual(classLines([]), []);
});
