import assert from "node:assert/strict";
import fc from "fast-check";
import * as reference from "../../../spec/mod.ts";
import { opReaching } from "../arbitraries.ts";
import { openSubject } from "../base/observe.ts";
import type { Op } from "../ops.ts";
import { Divergence, renderOp, World } from "../world.ts";

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

/**
 * The reference's module with a Response whose inspect (Deno's custom inspect) renders its
 * headers through `render` (the pairs of `.headers` in, a Headers rendering out).
 */
function renderingInspect(render: (pairs: [string, string][]) => string) {
  const classes = reference.fetchClasses();
  const Base = classes.Response as unknown as new (body: unknown, init: unknown) => {
    headers: Iterable<[string, string]>;
  };
  class Response extends Base {
    [Symbol.for("Deno.customInspect")]() {
      return `Response {\n  status: 200,\n  headers: ${render([...this.headers])},\n  ok: true\n}`;
    }
  }
  return { ...reference, fetchClasses: () => ({ ...classes, Response }) };
}

/**
 * Whether inspecting a never-read string-body Response diverges from the reference, at that
 * step.
 */
function inspectDiverges(candidate: unknown): boolean {
  const side = (exports: unknown) => openSubject(exports, "module", "standard");
  const world = new World(side(candidate), side(reference));
  const steps: Op[] = [FIRST, {
    op: "response",
    message: 0,
    how: "constructor",
    body: "string",
    init: {
      via: "plain",
      members: [["headers", {
        headers: {
          kind: "sequence",
          items: [["Set-Cookie", "b"], ["x", "1"], ["set-cookie", "a"]],
        },
      }]],
    },
    status: null,
  }, {
    op: "read",
    slot: 0,
    message: 0,
    unread: true,
    recent: true,
    via: "inspect",
    name: "a",
  }];
  try {
    for (const step of steps) world.step(step);
    return false;
  } catch (error) {
    if (!(error instanceof Divergence) || error.step !== 3) throw error;
    return true;
  }
}

Deno.test("an inspect read compares the pairs the rendering shows with the reference's list", () => {
  // Node's layout: the list's order and case, repeated names joined, single quotes.
  const nodeLike = renderingInspect((pairs) =>
    `Headers { ${pairs.reverse().map(([n, v]) => `'${n.toUpperCase()}': '${v}'`).join(", ")} }`
  );
  // Bun's: set-cookie as an array.
  const bunLike = renderingInspect((pairs) =>
    `Headers {\n  "set-cookie": [ ${
      pairs.filter(([n]) => n === "set-cookie").map(([, v]) => `"${v}"`).join(", ")
    } ],\n${pairs.filter(([n]) => n !== "set-cookie").map(([n, v]) => `  "${n}": "${v}",\n`)}}`
  );
  assert.equal(inspectDiverges(nodeLike), false);
  assert.equal(inspectDiverges(bunLike), false);
  // A rendering that leaves out the Content-Type the body set, and one that shows a stale value.
  assert.equal(
    inspectDiverges(
      renderingInspect((pairs) =>
        `Headers { ${
          pairs.filter(([n]) => n !== "content-type").map(([n, v]) => `${n}: "${v}"`).join(", ")
        } }`
      ),
    ),
    true,
  );
  assert.equal(
    inspectDiverges(
      renderingInspect((pairs) =>
        `Headers { ${pairs.map(([n, v]) => `"${n}": "${n === "x" ? "0" : v}"`).join(", ")} }`
      ),
    ),
    true,
  );
});
