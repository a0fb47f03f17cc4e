import assert from "node:assert/strict";
import fc from "fast-check";
import * as reference from "../../../spec/mod.ts";
import { opReaching } from "../arbitraries.ts";
import { openSubject } from "../base/observe.ts";
import type { Op } from "../ops.ts";
import { renderOp, World } from "../world.ts";

const FIRST: Op = { op: "construct", slot: 0, guard: "none", init: { kind: "none" } };

/** Whether a resolved step takes a live message, and if so whether it was never read. */
function takesUnread(step: Op): boolean | null {
  if (step.op === "clone" || step.op === "body" || step.op === "read") return step.unread;
  if (step.op === "request" && step.input !== null) return step.unread;
  if (step.op === "serialize" && step.of === "message") return step.unread;
  return null;
}

Deno.test("steps that take a message reach never-read ones about as often as read ones", () => {
  const side = () => openSubject(reference, "module", "standard");
  const everything = { request: true, response: true, structuredClone: true };
  const samples = fc.sample(fc.array(opReaching(everything), { maxLength: 40, size: "max" }), {
    numRuns: 150,
    seed: 5,
  });
  const counts = { unread: 0, read: 0 };
  const vias = new Set<string>();
  for (const ops of samples) {
    const world = new World(side(), side());
    for (const step of [FIRST, ...ops]) world.step(step);
    for (const step of world.executed) {
      const unread = takesUnread(step);
      if (unread !== null) counts[unread ? "unread" : "read"]++;
      if (step.op === "read") vias.add(step.via);
    }
  }
  const share = counts.unread / (counts.unread + counts.read);
  assert.ok(share > 0.35 && share < 0.75, JSON.stringify(counts));
  assert.equal(vias.size, 7, [...vias].join());
});

Deno.test("a read step names the message it reads and says when it was never read", () => {
  const read: Op = {
    op: "read",
    slot: 1,
    message: 0,
    unread: true,
    recent: false,
    via: "forEach",
    name: "a",
  };
  assert.match(renderOp(read), /h\[1\] = m\[0\]\.headers/);
  assert.match(renderOp(read), /\/\* m\[0\] unread \*\/$/);
  assert.doesNotMatch(renderOp({ ...read, unread: false }), /unread/);
});
