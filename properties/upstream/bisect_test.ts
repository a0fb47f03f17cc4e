import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ClassHit } from "../classes/classes.ts";
import type { Failure } from "../corpus/failure.ts";
import type { BisectOptions, BisectPoint, Campaigned } from "./bisect.ts";
import { bisect as bisectPoints, BisectError, shownLines } from "./bisect.ts";
import { fixtureRepository, FOR_EACH_SNAPSHOT } from "../testdata/deno_src_repository.ts";

// A small Deno-like repository (testdata/deno_src_repository.ts, no Deno code): five commits, the
// fourth plants a known class's deviation (forEach walks a snapshot). Every campaign has every
// known class in force.

const BISECT = fileURLToPath(new URL("./bisect.ts", import.meta.url));

/** Runs the bisect CLI with `args`; exit status and output. */
function bisect(...args: string[]): { status: number | null; out: string; err: string } {
  const result = spawnSync(Deno.execPath(), ["run", "-A", BISECT, ...args], {
    encoding: "utf8",
    timeout: 300_000,
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

/** Points p0 (the good end) to p4, and a campaign that hits at point i the classes `hits(i)`. */
function planted(
  hits: (i: number) => string[],
  failureAt = Infinity,
): { good: BisectPoint; points: BisectPoint[]; run: (point: BisectPoint) => Campaigned } {
  const points: BisectPoint[] = [0, 1, 2, 3, 4].map((i) => ({
    label: `p${i}`,
    subject: "",
    where: () => [],
  }));
  const run = (point: BisectPoint): Campaigned => {
    const i = points.indexOf(point);
    const hit = (name: string) => ({
      name,
      summary: name,
      runs: 1,
      steps: 1,
      replay: `replay ${name}`,
    });
    const failure = { message: `stopped at p${i}`, reproduction: `p${i}.ts` } as unknown as Failure;
    return {
      hits: hits(i).map(hit) as unknown as ClassHit[],
      failure: i >= failureAt ? failure : null,
    };
  };
  return { good: points[0], points: points.slice(1), run };
}

const OPTIONS: BisectOptions = { className: null, seed: 1, runs: 30, caseTimeoutSeconds: 10 };

Deno.test("bisection's predicate: a class hit or not, from one campaign per point", () => {
  // no-cors-guard-ignored is hit everywhere; for-each-iterates-snapshot from p3 on.
  const { good, points, run } = planted((i) =>
    i >= 3 ? ["no-cors-guard-ignored", "for-each-iterates-snapshot"] : ["no-cors-guard-ignored"]
  );
  const named = { ...OPTIONS, className: "for-each-iterates-snapshot" };
  const found = bisectPoints(good, points, named, () => {}, run);
  assert.deepEqual([found.first.label, found.before.label], ["p3", "p2"]);
  assert.deepEqual(found.tried.map((t) => t.point.label), ["p0", "p4", "p2", "p3"]);
  assert.deepEqual(
    shownLines(found, named).at(-1),
    "replay (that class out of force): replay for-each-iterates-snapshot",
  );
  // Without a class: the first point hitting a class the good end's campaign did not.
  const any = bisectPoints(good, points, OPTIONS, () => {}, run);
  assert.deepEqual([any.first.label, any.known], ["p3", ["no-cors-guard-ignored"]]);
  // A class hit everywhere is not new anywhere; one hit at the good end is nothing to bisect.
  assert.throws(
    () =>
      bisectPoints(good, points, { ...OPTIONS, className: "no-cors-guard-ignored" }, () => {}, run),
    /the good end p0 already shows no-cors-guard-ignored/,
  );
  const stopping = planted(() => [], 2);
  // A divergence no class explains is new; it hides a named class.
  const stopped = bisectPoints(stopping.good, stopping.points, OPTIONS, () => {}, stopping.run);
  assert.equal(stopped.first.label, "p2");
  assert.deepEqual(shownLines(stopped, OPTIONS).at(-1), "reproduction: p2.ts");
  assert.throws(
    () => bisectPoints(stopping.good, stopping.points, named, () => {}, stopping.run),
    (error) =>
      error instanceof BisectError &&
      /^p4: a divergence no known class explains stops/.test(error.message),
  );
  const none = planted(() => []);
  assert.throws(
    () => bisectPoints(none.good, none.points, named, () => {}, none.run),
    /the bad end p4 does not show for-each-iterates-snapshot/,
  );
  const broken = planted(() => [], 0);
  assert.throws(
    () => bisectPoints(broken.good, broken.points, OPTIONS, () => {}, broken.run),
    /the good end p0 already shows a divergence no known class explains/,
  );
});

Deno.test("bisect finds the commit at which a planted known class is first hit", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "headerproof-bisect-"));
  try {
    const repo = join(dir, "deno");
    const commits = fixtureRepository(repo, FOR_EACH_SNAPSHOT);
    const range = `${commits[0].slice(0, 10)}..${commits[4]}`;
    const common = ["--deno-src", repo, "--seed", "1", "--runs", "30", "--out", join(dir, "out")];
    const planted = commits[3].slice(0, 10);

    await t.step("a named class", () => {
      const run = bisect(...common, "--class", "for-each-iterates-snapshot", range);
      assert.equal(run.status, 0, run.err);
      assert.match(
        run.out,
        new RegExp(
          `^first commit showing for-each-iterates-snapshot: ${planted} forEach walks a snapshot$`,
          "m",
        ),
      );
      assert.match(run.out, new RegExp(`the one before it, ${commits[2].slice(0, 10)}, does not`));
      assert.match(run.out, /^class for-each-iterates-snapshot hit \(\d+ run\(s\)/m);
      // The replay leaves that class alone out of force.
      const replay = /^replay \(that class out of force\): (.+)$/m.exec(run.out)![1];
      assert.match(replay, /--known-divergences [a-z0-9-,]+ /);
      assert.doesNotMatch(replay, /for-each-iterates-snapshot/);
    });

    await t.step("usage errors: exit 2 with the cause", () => {
      const backwards = bisect(...common, `${commits[4]}..${commits[0]}`);
      assert.equal(backwards.status, 2);
      assert.match(backwards.err, /is not an ancestor of/);
      const unknown = bisect(...common, "--class", "nope", range);
      assert.equal(unknown.status, 2);
      assert.match(unknown.err, /unknown divergence class "nope"/);
      const rounds = bisect(...common, "--rounds", "2", range);
      assert.equal(rounds.status, 2);
      assert.match(rounds.err, /--rounds/);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
