import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as spec from "../../spec/mod.ts";
import { compareHeads, h2BlockFieldLines, headFieldLines } from "./compare.ts";
import { egressClasses } from "../classes/classes.ts";
import type { EgressCandidate } from "./egress_property.ts";
import { runEgressProperty } from "./egress_property.ts";
import { renderEgressReproduction } from "./reproduction.ts";
import type { MessageClasses } from "./sequences.ts";

const CONTEXT = {
  side: "server",
  clone: false,
  init: "absent",
  body: "absent",
  status: null,
  emptyText: false,
  nonAsciiText: false,
} as const;

Deno.test("a head's field lines compare by name case-insensitively, joined values, set-cookie apart", () => {
  const lines = headFieldLines(
    "HTTP/1.1 200 OK\r\nX-A: 1, 2\r\nset-cookie: a\r\nSet-Cookie: b\r\n\r\n",
  );
  const expected: [string, string][] = [["x-a", "1"], ["x-a", "2"], ["Set-Cookie", "a"], [
    "Set-Cookie",
    "b",
  ]];
  assert.equal(compareHeads(expected, lines, [], CONTEXT).mismatch, null);
  const joined = headFieldLines("HTTP/1.1 200 OK\r\nx-a: 1, 2\r\nset-cookie: a, b\r\n\r\n");
  assert.match(compareHeads(expected, joined, [], CONTEXT).mismatch!, /^set-cookie/);
  const added = headFieldLines(
    "HTTP/1.1 200 OK\r\nx-a: 1, 2\r\nset-cookie: a\r\nset-cookie: b\r\nDate: x\r\n\r\n",
  );
  assert.match(compareHeads(expected, added, [], CONTEXT).mismatch!, /^date: added/);
  const allowance = { name: "adds-date", sides: ["server"] as const, adds: ["date"] };
  assert.deepEqual(compareHeads(expected, added, [allowance], CONTEXT), {
    mismatch: null,
    counted: { "adds-date": 1 },
  });
});

Deno.test("an h2 block's fields: pseudo-headers first, lowercase names, cookie crumbs joined", () => {
  const read = h2BlockFieldLines([[":status", "200"], ["cookie", "a"], ["x", "1"], [
    "cookie",
    "b",
  ]]);
  assert.deepEqual(read, { lines: [["cookie", "a; b"], ["x", "1"]], problem: null });
  assert.match(h2BlockFieldLines([["X-A", "1"]]).problem!, /uppercase/);
  assert.match(h2BlockFieldLines([["x", "1"], [":status", "200"]]).problem!, /pseudo-header/);
  // Over h2 a name is compared as written: an uppercase one is a mismatch, not a match.
  const upper = h2BlockFieldLines([[":status", "200"], ["X-A", "1"]]);
  assert.notEqual(upper.problem, null);
});

/** The reference as a module candidate, its egress list passed through `plant`. */
function referenceCandidate(plant: (list: string[]) => string[]): EgressCandidate {
  const classes = spec.fetchClasses({ profile: "server" });
  return {
    name: "the reference",
    classes: { ...classes, Headers: spec.Headers } as unknown as MessageClasses,
    egressHeaderList: (message) => plant(spec.egressHeaderList(message)),
  };
}

Deno.test("the egress property finds a planted egress list written twice, and passes the reference", async () => {
  // Cost: 300 in-process cases, no network (about 1 s).
  const clean = await runEgressProperty({
    runs: 150,
    seed: 5,
    timeLimitMs: 10_000,
    classes: [],
    candidate: referenceCandidate((list) => list),
  });
  assert.equal(clean.divergence, null);
  const planted = await runEgressProperty({
    runs: 150,
    seed: 5,
    timeLimitMs: 10_000,
    classes: [],
    candidate: referenceCandidate((list) => list.length > 0 ? [...list, ...list] : list),
  });
  assert.ok(planted.divergence !== null);
  assert.match(planted.divergence.detail, /written/);
});

Deno.test("the native property exchanges with Deno.serve and fetch() on 127.0.0.1", async () => {
  // Cost: 20 exchanges with Deno.serve and fetch() (well under 1 s).
  const result = await runEgressProperty({ runs: 20, seed: 2, timeLimitMs: 10_000, classes: [] });
  assert.equal(result.server, "Deno.serve");
  assert.ok(result.runs > 0);
  assert.deepEqual(result.h2, {
    server: "Deno.serve (h2c)",
    client: "Deno.createHttpClient (http2)",
  });
});

Deno.test("over h2 each side's HEADERS block is decoded and judged: an allowance taken away is caught", async () => {
  // Cost: two runs of at most 60 exchanges with Deno.serve over h2c and fetch() over h2, a
  // certificate made by openssl each (about 2 s). Deno's classes pass; without the allowance of
  // one h2 side, what Deno writes by itself there is a mismatch on that side.
  const deno = egressClasses("deno");
  const passes = await runEgressProperty({ runs: 40, seed: 3, timeLimitMs: 10_000, classes: deno });
  assert.equal(passes.divergence, null);
  for (
    const [side, allowance, field] of [
      ["h2-server", "deno-serve-h2-adds-framing-fields", "date"],
      ["h2-client", "deno-h2-fetch-adds-default-fields", "accept"],
    ]
  ) {
    const found = await runEgressProperty({
      runs: 20,
      seed: 3,
      timeLimitMs: 10_000,
      classes: deno.filter((c) => c.name !== allowance),
    });
    assert.equal(found.divergence?.case.side, side);
    assert.match(found.divergence!.detail, new RegExp(`^${field}: added`));
  }
});

Deno.test("a native reproduction starts its own server, reproduces, and ends by itself", () => {
  // Cost: two Deno processes (about 1 s). The case is Deno.serve's
  // serve-drops-content-type-of-unread-clone: the reproduction exits 1 while it holds.
  const dir = mkdtempSync(join(tmpdir(), "headerproof-egress-"));
  try {
    const render = (clone: boolean) =>
      renderEgressReproduction({
        divergence: {
          case: {
            side: "server",
            response: {
              make: "new",
              body: { kind: "string", text: "x" },
              init: { kind: "status", status: 200 },
              clone,
            },
          },
          expected: [["Content-Type", "text/plain;charset=UTF-8"]],
          actual: [],
          detail: "content-type: not written",
        },
        candidate: { kind: "native" },
        allowed: ["date", "content-length", "connection"],
        header: { title: ["test"] },
      });
    const run = (source: string) => {
      const file = join(dir, "repro.mjs");
      writeFileSync(file, source);
      return spawnSync(Deno.execPath(), ["run", "-A", file], { encoding: "utf8", timeout: 20_000 });
    };
    const diverges = run(render(true));
    assert.equal(diverges.status, 1, diverges.stdout + diverges.stderr);
    assert.match(diverges.stdout, /DIVERGES on: content-type/);
    const agrees = run(render(false));
    assert.equal(agrees.status, 0, agrees.stdout + agrees.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("a native h2 reproduction decodes the block its own h2 server or client writes", () => {
  // Cost: two Deno processes, one making a certificate with openssl (about 1 s). Without
  // allowances what Deno's fetch() over h2 adds diverges (exit 1); Deno.serve over h2c writes
  // x-a and what the allowances name (exit 0).
  const dir = mkdtempSync(join(tmpdir(), "headerproof-egress-h2-"));
  try {
    const run = (side: "h2-server" | "h2-client", allowed: string[]) => {
      const file = join(dir, `${side}.mjs`);
      writeFileSync(
        file,
        renderEgressReproduction({
          divergence: {
            case: side === "h2-server"
              ? {
                side,
                response: {
                  make: "new",
                  body: { kind: "bytes", text: "x" },
                  init: { kind: "object", entries: [["x-a", "1"]] },
                  clone: false,
                },
              }
              : {
                side,
                fetch: {
                  method: "GET",
                  body: { kind: "absent" },
                  init: { kind: "array", entries: [["x-a", "1"]] },
                  via: "init",
                },
              },
            expected: [["x-a", "1"]],
            actual: [],
            detail: "",
          },
          candidate: { kind: "native" },
          allowed,
          header: { title: ["test"] },
        }),
      );
      return spawnSync(Deno.execPath(), ["run", "-A", file], { encoding: "utf8", timeout: 20_000 });
    };
    const client = run("h2-client", []);
    assert.equal(client.status, 1, client.stdout + client.stderr);
    assert.match(client.stdout, /DIVERGES on: accept/);
    const server = run("h2-server", ["date", "content-length"]);
    assert.equal(server.status, 0, server.stdout + server.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
