import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { classify } from "../classes/classes.ts";
import { fixtureRepository } from "../testdata/deno_src_repository.ts";
import type { Op } from "../oracle/ops.ts";
import {
  bisectReproduction,
  main,
  parseRange,
  releasesOf,
  renderMatrix,
  reproductionsOn,
  spread,
  sweepRelease,
} from "./sweep.ts";

Deno.test("sweep", async (t) => {
  await t.step("ranges name published releases, spread evenly with both ends", () => {
    assert.deepEqual(parseRange("deno@2.0.0..2.1.0"), { name: "deno", from: "2.0.0", to: "2.1.0" });
    assert.deepEqual(parseRange("bun@1.1.0,1.2.0"), { name: "bun", list: ["1.1.0", "1.2.0"] });
    assert.throws(() => parseRange("python@3"), /a range is deno@A..B/);
    assert.deepEqual(spread(["a", "b", "c", "d", "e"], 3), ["a", "c", "e"]);
    const published = ["1.9.0", "2.0.0", "2.0.1-rc.1", "2.0.1", "2.10.0", "2.9.0", "3.0.0"];
    assert.deepEqual(
      releasesOf({ name: "deno", from: "2.0.0", to: "2.10.0" }, published, 9),
      ["2.0.0", "2.0.1", "2.9.0", "2.10.0"],
    );
    assert.throws(
      () => releasesOf({ name: "deno", from: "2.0.0", to: "2.0.7" }, published, 3),
      /deno@2\.0\.7 is not a published release/,
    );
  });

  await t.step("a divergence is classified by what differs and the steps a class covers", () => {
    const open: Op = { op: "iterOpen", slot: 0, target: 0, kind: "keys" };
    const next: Op = { op: "iterNext", iterator: 0 };
    const latched = { property: "model" as const, kind: "divergence" as const, message: "" };
    assert.equal(
      classify({ ...latched, steps: [open, next] }, "bun", [])?.name,
      "iterator-latches-on-done",
    );
    const ownKeys = {
      ...latched,
      property: "tampered-realm" as const,
      steps: [],
      message: 'step 1: Reflect.ownKeys(h[0])\n  candidate: {"ok":["x"]}',
    };
    assert.equal(classify(ownKeys, "deno", [])?.name, "own-keys-expose-internal-state");
    assert.equal(
      classify(
        {
          ...ownKeys,
          message: 'step 1: h[0].get("a")\n  in a tampered realm, the candidate called these ' +
            "patched built-ins in this step: Reflect.get",
        },
        "node",
        [],
      )?.name,
      "uses-patchable-builtins",
    );
    assert.equal(
      classify({ ...ownKeys, steps: [open, next], message: "step 2: it[0].next()" }, "bun", [])
        ?.name,
      "iterator-latches-on-done",
    );
    assert.equal(
      classify({ ...latched, steps: [open, next] }, "bun", ["iterator-latches-on-done"]),
      null,
    );
  });

  await t.step("the matrix marks shown, absent and undetermined classes", () => {
    const table = renderMatrix([
      { release: "deno@1", found: ["for-each-iterates-snapshot"], complete: true, note: null },
      { release: "deno@2", found: [], complete: true, note: null },
      { release: "deno@3", found: [], complete: false, note: "stopped" },
    ]);
    assert.match(table, /\| `for-each-iterates-snapshot` \| x \| · \| \? \| deno@1 \| deno@2 \|/);
    assert.match(table, /- deno@3: stopped/);
  });

  await t.step("reproductions on deno@2.0.0: what it shows, and what came later", () => {
    const { found } = reproductionsOn("deno", "2.0.0");
    assert.ok(found.includes("for-each-iterates-snapshot"), found.join());
    assert.ok(!found.includes("response-init-skips-tolength"), found.join());
  });

  await t.step("bisection finds the release where a reproduction changes", () => {
    const found = bisectReproduction(
      "deno",
      ["2.0.0", "2.9.6"],
      "response-init-skips-tolength",
    );
    assert.deepEqual([found.changed, found.before], ["2.9.6", "2.0.0"]);
    const none = bisectReproduction("deno", ["2.0.0", "2.9.6"], "for-each-iterates-snapshot");
    assert.equal(none.changed, null);
  });

  await t.step("one older release: deno@2.0.0, two rounds", () => {
    const result = sweepRelease("deno", "2.0.0", {
      seed: 1,
      timeSeconds: 1,
      caseTimeoutSeconds: 2,
      rounds: 2,
      node: "node@22.23.3",
    });
    assert.deepEqual(result.found, [
      "own-keys-expose-internal-state",
      "request-init-reads-client",
    ]);
    assert.equal(result.complete, false);
  });

  await t.step("deno-src commits: a commit and the one that planted a bug", () => {
    const dir = mkdtempSync(join(tmpdir(), "headerproof-sweep-src-"));
    try {
      const commits = fixtureRepository(join(dir, "deno"));
      const [before, planted] = [commits[2].slice(0, 10), commits[3].slice(0, 10)];
      const out: string[] = [];
      const status = main(
        [
          `deno-src:${join(dir, "deno")}@${before},${planted}`,
          "--runs",
          "300",
          "--rounds",
          "3",
          // A busy machine (./headerproof test runs this suite beside another gate) can stall a
          // run past the default 2 s, which the sweep would report as a hang of the good commit.
          "--case-timeout",
          "10",
        ],
        (text) => out.push(text),
      );
      assert.equal(status, 0);
      const rows = out.join("").split("\n").filter((line) => line.startsWith("| `"));
      assert.ok(rows.length > 0, out.join(""));
      // Every class found shows at the planted commit only.
      for (const row of rows) assert.match(row, /^\| `[a-z-]+` \| · \| x \|/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
