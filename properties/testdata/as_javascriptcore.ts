/**
 * Runs impl/'s JavaScriptCore paths under Deno: defines a `Bun` global before impl loads (impl
 * reads it once, as `IS_JAVASCRIPTCORE` in impl/primordials.ts), then runs the same scenarios on
 * impl and on the reference and prints, as JSON, `{ engine, differences }`: the engine impl
 * selected and the scenarios whose observations differ (name, impl's, the reference's).
 *
 *     deno run --no-check --allow-read properties/testdata/as_javascriptcore.ts IMPL_MOD_URL
 *
 * Used by properties/targets/engine_paths_test.ts, which also hands it a copy of impl with a planted bug.
 */
import type { HeadersGuard, HeadersLike, HeadersModule } from "../../spec/contract.ts";
import * as reference from "../../spec/mod.ts";
import { freshCopy } from "../../bench/data.ts";

(globalThis as { Bun?: unknown }).Bun = {};
const implUrl = Deno.args[0];
const impl = await import(implUrl) as HeadersModule;
const { IS_JAVASCRIPTCORE } = await import(new URL("primordials.ts", implUrl).href);

type Observation = unknown[];

/** Runs `step` and records its outcome: the value it returned, or the error class it threw. */
function attempt(step: () => unknown): unknown {
  try {
    return step() ?? "ok";
  } catch (error) {
    return `threw ${(error as Error).constructor.name}`;
  }
}

/** What a Headers shows: its entries, its header list and its set-cookie values. */
function show(module: HeadersModule, headers: HeadersLike): unknown[] {
  return [[...headers], module.headerListOf?.(headers), headers.getSetCookie()];
}

const SCENARIOS: Record<string, (module: HeadersModule) => Observation> = {
  "delete a lowercase name, then write and read": (m) => {
    const h = new m.Headers();
    h.append("Accept", "a");
    h.append("X-One", "1");
    h.append("accept", "b");
    h.set("set-cookie", "c=1");
    h.append("Set-Cookie", "c=2");
    const before = show(m, h);
    h.delete("accept");
    const afterDelete = show(m, h);
    h.delete("set-cookie");
    h.append("accept", "again");
    return [before, afterDelete, show(m, h)];
  },
  "delete mixed-case, absent, repeated and fresh names": (m) => {
    const h = new m.Headers([["a", "1"], ["B", "2"], ["c", "3"], ["d", "4"]]);
    h.get("a");
    const steps = [
      attempt(() => h.delete("B")),
      attempt(() => h.delete("b")),
      attempt(() => h.delete("zz")),
      attempt(() => h.delete(freshCopy("c"))),
      attempt(() => h.delete(freshCopy("D"))),
    ];
    return [steps, show(m, h)];
  },
  "delete names that are not strings or not header names": (m) => {
    const h = new m.Headers({ "123": "n", "null": "x", "k": "v" });
    h.get("k");
    const steps = [
      attempt(() => h.delete(123 as unknown as string)),
      attempt(() => h.delete(null as unknown as string)),
      attempt(() => h.delete({ toString: () => "k" } as unknown as string)),
      attempt(() => h.delete("bad name")),
      attempt(() => h.delete("\u0100")),
      attempt(() => (h.delete as (...args: unknown[]) => void)()),
    ];
    return [steps, show(m, h)];
  },
  "delete from a copy leaves its source alone": (m) => {
    const source = new m.Headers({ a: "1", b: "2" });
    source.get("a");
    const copy = new m.Headers(source);
    copy.delete("a");
    source.delete("b");
    return [show(m, source), show(m, copy)];
  },
  "delete under every guard": (m) => {
    const guarded = (guard: HeadersGuard) =>
      m.headersWithGuard?.(guard, [["accept", "x"], ["x-a", "1"], ["cookie", "c"]]);
    return (["request", "request-no-cors", "response", "immutable"] as const).map((guard) => {
      const h = guarded(guard);
      if (h === undefined) return "no headersWithGuard";
      return [attempt(() => h.delete("x-a")), attempt(() => h.delete("cookie")), show(m, h)];
    });
  },
  "delete on a pending raw list and right after construction": (m) => {
    const raw = m.headersFromRawList?.(["Range", "bytes=0-1", "accept", "x"], "request-no-cors");
    const constructed = new m.Headers({ a: "1", b: "2" });
    const steps = [attempt(() => raw?.delete("range")), attempt(() => constructed.delete("a"))];
    return [steps, raw === undefined ? null : show(m, raw), show(m, constructed)];
  },
  "the same custom name again, in other cases and fresh": (m) => {
    const h = new m.Headers();
    h.append("X-Custom", "1");
    h.append("X-Custom", "2");
    h.append("x-custom", "3");
    return [
      h.get("x-custom"),
      h.get("X-CUSTOM"),
      h.has(freshCopy("x-custom")),
      attempt(() => h.get("x-custom ")),
      show(m, h),
    ];
  },
  "a delete while iterating": (m) => {
    const h = new m.Headers([["a", "1"], ["b", "2"], ["c", "3"]]);
    const seen: unknown[] = [];
    for (const [name] of h) {
      seen.push(name);
      if (name === "a") h.delete("b");
    }
    return [seen, show(m, h)];
  },
};

/** A scenario's observations as JSON, or what escaped it (a crash is a difference too). */
function observe(scenario: (module: HeadersModule) => Observation, module: HeadersModule): string {
  try {
    return JSON.stringify(scenario(module));
  } catch (error) {
    return `escaped: ${error instanceof Error ? `${error.name}: ${error.message}` : error}`;
  }
}

const differences: unknown[] = [];
for (const [name, scenario] of Object.entries(SCENARIOS)) {
  const got = observe(scenario, impl);
  const expected = observe(scenario, reference as unknown as HeadersModule);
  if (got !== expected) differences.push({ name, impl: got, reference: expected });
}
console.log(JSON.stringify({ engine: IS_JAVASCRIPTCORE ? "JavaScriptCore" : "V8", differences }));
