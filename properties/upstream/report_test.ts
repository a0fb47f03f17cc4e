import assert from "node:assert/strict";
import { Headers as ReferenceHeaders } from "../../spec/mod.ts";
import { classesOf, reportCases } from "../classes/classes.ts";
import { affectedReleases, measuredOn, reproduction, runReproduction, wptTest } from "./report.ts";
import { runtime } from "../targets/runtime.ts";

const caseOf = (name: string) => reportCases().find((c) => c.name === name)!;

/** Runs a generated `.any.js` test with a minimal testharness.js and `Headers` as given. */
function wptPasses(source: string, headers: unknown): boolean {
  let passed = true;
  const test = (body: () => void) => {
    try {
      body();
    } catch {
      passed = false;
    }
  };
  const assert_equals = (actual: unknown, expected: unknown) => {
    if (actual !== expected) throw new Error(`${actual} !== ${expected}`);
  };
  const assert_throws_js = (type: new () => Error, body: () => void) => {
    try {
      body();
    } catch (error) {
      if (error instanceof type) return;
      throw new Error("wrong error");
    }
    throw new Error("did not throw");
  };
  new Function("test", "assert_equals", "assert_throws_js", "Headers", source)(
    test,
    assert_equals,
    assert_throws_js,
    headers,
  );
  return passed;
}

Deno.test("report", async (t) => {
  await t.step("every answer class has a report case", () => {
    assert.deepEqual(
      reportCases(["answers"]).map((c) => c.name),
      classesOf("answers").map((c) => c.name),
    );
  });

  await t.step("reproductions show Deno's divergences on Deno, and not Bun's", () => {
    for (const name of ["for-each-iterates-snapshot", "own-keys-expose-internal-state"]) {
      const outcome = runReproduction(caseOf(name), runtime);
      assert.ok("diverges" in outcome && outcome.diverges, `${name}: ${JSON.stringify(outcome)}`);
    }
    const bunOnly = runReproduction(caseOf("set-cookie-sorted-last"), runtime);
    assert.ok("diverges" in bunOnly && !bunOnly.diverges, JSON.stringify(bunOnly));
  });

  await t.step("a class of an npm release is run against that release, installed beside it", () => {
    const c = caseOf("foreign-form-data-body-is-text");
    assert.match(reproduction(c), /npm install undici@8\.13\.1[^]*packageRequire\("undici"\)/);
    assert.equal(measuredOn(c, runtime), `undici@8.13.1 under ${runtime.name} ${runtime.version}`);
    // The runtime's own Response recognizes its own FormData: only the package's diverges.
    const outcome = runReproduction(c, runtime);
    assert.deepEqual(outcome, { actual: { ok: "text/plain" }, diverges: true });
    const own = runReproduction({ ...c, package: undefined }, runtime);
    assert.deepEqual(own, { actual: { ok: "multipart/form-data" }, diverges: false });
  });

  await t.step("the wpt tests pass on the reference and fail on an affected runtime", () => {
    for (const name of ["for-each-iterates-snapshot", "record-enumerable-symbol-key-ignored"]) {
      const source = wptTest(caseOf(name));
      assert.ok(wptPasses(source, ReferenceHeaders), `${name} fails on the reference`);
      assert.ok(!wptPasses(source, Headers), `${name} passes on Deno`);
    }
  });

  await t.step("affected releases are read from the history's matrix", () => {
    const history = [
      "| class | deno@2.0.0 | deno@2.9.6 | first shows | first no longer |",
      "| --- | :---: | :---: | --- | --- |",
      "| `for-each-iterates-snapshot` | x | · | deno@2.0.0 | deno@2.9.6 |",
    ].join("\n");
    assert.deepEqual(affectedReleases("for-each-iterates-snapshot", history), ["deno@2.0.0"]);
  });
});
