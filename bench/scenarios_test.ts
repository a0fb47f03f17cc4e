import assert from "node:assert/strict";
import type { HeadersConstructor, HeadersLike } from "../spec/contract.ts";
import { buildCases, sanityPass, selectScenarios } from "./runner.ts";
import { privateCopy, SanityError, scenarioById, SCENARIOS } from "./scenarios.ts";
import { Headers as FloorHeaders, headersFromRawList } from "./floor.ts";

const native = {
  name: "native" as const,
  Headers: globalThis.Headers as unknown as HeadersConstructor,
  fromRawList: null,
  source: "test",
};

/** Native Headers with one method overridden: a planted bug. */
function planted(overrides: Record<string, (this: Headers, ...args: never[]) => unknown>) {
  const Planted = class extends globalThis.Headers {};
  for (const key of Reflect.ownKeys(overrides)) {
    const value = overrides[key as string];
    Object.defineProperty(Planted.prototype, key, { value, writable: true, configurable: true });
  }
  return {
    name: "impl" as const,
    Headers: Planted as unknown as HeadersConstructor,
    fromRawList: null,
    source: "planted",
  };
}

function sanityOf(filter: string, impl: ReturnType<typeof planted>) {
  const failures: string[] = [];
  const cases = buildCases(selectScenarios(filter), [impl], failures);
  assert.ok(cases.length > 0 || failures.length > 0, `no case for "${filter}"`);
  return () => sanityPass(cases, failures);
}

Deno.test("bench scenarios", async (t) => {
  await t.step("ids are unique and every size-dependent op exists at 12, 100 and 1", () => {
    const ids = SCENARIOS.map((s) => s.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const op of ["construct from Headers", "for...of", "get miss", "delete"]) {
      assert.deepEqual(SCENARIOS.filter((s) => s.op === op && !s.freshNames).map((s) => s.size), [
        12,
        100,
        1,
      ]);
    }
    assert.throws(() => scenarioById("nope"), /unknown scenario "nope"/);
  });

  await t.step("every scenario but the raw-list ones passes the sanity pass with native", () => {
    const failures: string[] = [];
    const scenarios = selectScenarios("", [1, 12]).filter((s) => !s.rawList);
    const cases = buildCases(selectScenarios("", [1, 12]), [native], failures);
    assert.equal(cases.length, scenarios.length);
    sanityPass(cases, failures);
  });

  await t.step(
    "every scenario but the native-only ones passes the sanity pass with the floor",
    () => {
      const floor = {
        name: "floor" as const,
        Headers: FloorHeaders as unknown as HeadersConstructor,
        fromRawList: headersFromRawList as (flat: string[]) => HeadersLike,
        source: "test",
      };
      const failures: string[] = [];
      const scenarios = selectScenarios("", [1, 12, 100]).filter((s) => !s.nativeOnly);
      const cases = buildCases(scenarios, [floor], failures);
      assert.equal(cases.length, scenarios.length);
      sanityPass(cases, failures);
    },
  );

  await t.step("a raw list that loses its last header is caught", () => {
    const lossy = {
      name: "floor" as const,
      Headers: FloorHeaders as unknown as HeadersConstructor,
      fromRawList: ((flat: string[]) => headersFromRawList(flat.slice(0, -2))) as (
        flat: string[],
      ) => HeadersLike,
      source: "planted",
    };
    const failures: string[] = [];
    const cases = buildCases(selectScenarios("raw request list", [12]), [lossy], failures);
    assert.equal(cases.length, 1);
    assert.throws(() => sanityPass(cases, failures), /raw request list, then get \(12\) — floor/);
  });

  await t.step("privateCopy compiles an equivalent, distinct function", () => {
    const scenario = scenarioById("get-miss-12");
    const copy = privateCopy(scenario.loop);
    assert.notEqual(copy, scenario.loop);
    const state = scenario.prepare(native.Headers);
    scenario.refill(state, 5);
    assert.equal(copy(state, 0, 5), scenario.loop(state, 0, 5));
    assert.equal(copy(state, 0, 5), 5 * scenario.digestPerOp);
  });

  await t.step("a wrong get is caught before timing, naming task and values", () => {
    const wrongGet = planted({
      get(this: Headers, name: string) {
        return name === "content-type"
          ? "text/plain"
          : globalThis.Headers.prototype.get.call(this, name);
      },
    });
    assert.throws(sanityOf("get hit, same case (12)", wrongGet), (error: unknown) => {
      assert.ok(error instanceof SanityError);
      assert.match(error.message, /get hit, same case \(12\) — impl/);
      assert.match(error.message, /no timing was done/);
      return true;
    });
  });

  await t.step(
    "a wrong has, iteration, getSetCookie, delete, set or construction is caught",
    () => {
      const H = globalThis.Headers.prototype;
      const bugs: [string, Record<string, (this: Headers, ...args: never[]) => unknown>][] = [
        ["has miss (12)", { has: () => true }],
        ["for...of (12)", {
          *[Symbol.iterator](this: Headers) {
            yield* [...H.entries.call(this)].slice(1);
          },
        }],
        ["getSetCookie", { getSetCookie: () => ["a", "b", "c"] }],
        ["delete (12)", { delete: () => {} }],
        ["set existing (12)", { set: () => {} }],
        ["append fresh (12)", {
          append(this: Headers, name: string, value: string) {
            H.append.call(this, name, value + "x");
          },
        }],
      ];
      for (const [filter, overrides] of bugs) {
        assert.throws(sanityOf(filter, planted(overrides)), SanityError, filter);
      }
    },
  );
});
