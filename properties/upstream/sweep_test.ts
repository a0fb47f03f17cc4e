import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { classify } from "../classes/classes.ts";
import { fixtureRepository, FOR_EACH_SNAPSHOT } from "../testdata/deno_src_repository.ts";
import type { Summary } from "../campaign/fuzz_report.ts";
import type { Op } from "../oracle/ops.ts";
import {
  bisectReproduction,
  main,
  parseRange,
  releasesOf,
  renderMatrix,
  reproductionsOn,
  shownBy,
  spread,
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

  await t.step("a release shows the classes its campaign hit, and the one it stopped on", () => {
    const make: Op = { op: "construct", slot: 0, guard: "request-no-cors", init: { kind: "none" } };
    const hit = { name: "for-each-iterates-snapshot" };
    const summary = (failure: unknown) =>
      ({ classesHit: [hit, hit], failure, interrupted: false }) as unknown as Summary;
    assert.deepEqual(shownBy("deno@1", summary(null), "deno"), {
      release: "deno@1",
      found: ["for-each-iterates-snapshot"],
      stopped: null,
      complete: true,
      note: null,
    });
    const failure = { kind: "divergence", steps: [make], message: "step 1: h[0] = make(…)\n  …" };
    const stopped = shownBy("deno@2", summary(failure), "deno");
    assert.deepEqual(stopped.stopped, {
      class: "no-cors-guard-ignored",
      message: failure.message.replace("\n", " "),
    });
    assert.equal(stopped.complete, false);
    const unclassified = shownBy("deno@3", summary({ ...failure, steps: [] }), "deno");
    assert.equal(unclassified.stopped?.class, "?");
    assert.match(unclassified.note!, /no class covers its steps/);
  });

  await t.step("the matrix marks hit, stopped-on, absent and undetermined classes", () => {
    const result = { stopped: null, complete: true, note: null };
    const table = renderMatrix([
      { ...result, release: "deno@1", found: ["for-each-iterates-snapshot"] },
      { ...result, release: "deno@2", found: [] },
      {
        release: "deno@3",
        found: [],
        stopped: { class: "no-cors-guard-ignored", message: "m" },
        complete: false,
        note: "stopped",
      },
      {
        release: "deno@4",
        found: ["no-cors-guard-ignored"],
        stopped: { class: "?", message: "m" },
        complete: false,
        note: "stopped",
      },
    ]);
    assert.match(table, /\| `no-cors-guard-ignored` \| · \| · \| ! \| x \| deno@3 \| — \|/);
    assert.match(
      table,
      /\| `for-each-iterates-snapshot` \| x \| · \| \? \| \? \| deno@1 \| deno@2 \|/,
    );
    assert.match(table, /\| \? \| · \| · \| · \| ! \| deno@4 \| — \|/);
    assert.match(table, /- deno@3: stopped/);
    // A reproduction with no result leaves its own cell undetermined, not the release's others.
    const reproductions = renderMatrix([
      {
        ...result,
        release: "deno@1",
        found: ["for-each-iterates-snapshot", "no-cors-guard-ignored"],
      },
      { ...result, release: "deno@2", found: [], undetermined: ["for-each-iterates-snapshot"] },
    ]);
    assert.match(reproductions, /\| `for-each-iterates-snapshot` \| x \| \? \| deno@1 \| — \|/);
    assert.match(reproductions, /\| `no-cors-guard-ignored` \| x \| · \| deno@1 \| deno@2 \|/);
  });

  await t.step("reproductions on deno@2.0.0: what it shows, and what came later", () => {
    const { found } = reproductionsOn("deno", "2.0.0", [
      "for-each-iterates-snapshot",
      "response-init-skips-tolength",
    ]);
    // for-each-iterates-snapshot's reproduction diverges there; response-init-skips-tolength's
    // came with a later release.
    assert.deepEqual(found, ["for-each-iterates-snapshot"]);
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

  await t.step("deno-src commits: the one that plants a known class shows it", () => {
    const dir = mkdtempSync(join(tmpdir(), "headerproof-sweep-src-"));
    try {
      const commits = fixtureRepository(join(dir, "deno"), FOR_EACH_SNAPSHOT);
      const [before, planted] = [commits[2].slice(0, 10), commits[3].slice(0, 10)];
      const out: string[] = [];
      const status = main(
        [
          `deno-src:${join(dir, "deno")}@${before},${planted}`,
          "--runs",
          "30",
          // A busy machine (./headerproof test runs this suite beside another gate) can stall a
          // run past the default 2 s, which the sweep would report as a hang of the good commit.
          "--case-timeout",
          "10",
        ],
        (text) => out.push(text),
      );
      assert.equal(status, 0);
      const rows = out.join("").split("\n").filter((line) => line.startsWith("| `"));
      assert.ok(
        rows.some((row) => row.startsWith("| `for-each-iterates-snapshot` | · | x |")),
        out.join(""),
      );
      // Every class hit shows at the planted commit only, and both campaigns ran to the end.
      for (const row of rows) assert.match(row, /^\| `[a-z-]+` \| · \| x \|/);
      assert.doesNotMatch(out.join(""), /stopped on/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
