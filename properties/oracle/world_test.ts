import assert from "node:assert/strict";
import * as impl from "../../impl/mod.ts";
import * as reference from "../../spec/mod.ts";
import type { Subject } from "./base/observe.ts";
import { openSubject } from "./base/observe.ts";
import type { Arg, BatchedOp, ExoticHow, Op } from "./ops.ts";
import { Divergence, sameData, World } from "./world.ts";

const FIRST: Op = { op: "construct", slot: 0, guard: "none", init: { kind: "none" } };

function run(candidate: Subject, ops: Op[]): World {
  const world = new World(candidate, openSubject(reference, "module", "standard"));
  for (const op of [FIRST, ...ops]) world.step(op);
  return world;
}

const implSide = () => openSubject(impl, "module", "standard");

Deno.test("Headers.delete() after iteration matches the reference", () => {
  run(implSide(), [
    { op: "append", target: 0, args: ["A", "1"] },
    { op: "iterOpen", slot: 0, target: 0, kind: "entries" },
    { op: "delete", target: 0, args: ["a"] },
    { op: "append", target: 0, args: ["b", "2"] },
    { op: "iterNext", iterator: 0 },
  ]);
});

Deno.test("a construction's lookups read the object it made, whatever its init", () => {
  const world = run(implSide(), [{ op: "append", target: 0, args: ["a", "1"] }]);
  const lookups = [{ op: "get" as const, target: 0, args: ["a"] }];
  for (const init of [{ kind: "headers" as const, source: 0 }, { kind: "none" as const }]) {
    const resolved = world.resolve({ op: "construct", slot: 0, guard: "none", init, lookups });
    assert.ok(resolved?.op === "construct");
    assert.deepEqual(resolved.lookups?.map((lookup) => lookup.target), [resolved.slot]);
    assert.equal(resolved.slot, 1);
  }
});

Deno.test("a copy mutated on either side matches the reference", () => {
  run(implSide(), [
    { op: "append", target: 0, args: ["set-cookie", "a=1"] },
    {
      op: "copy",
      slot: 1,
      source: 0,
      via: "constructor",
      wrapNext: false,
      then: { op: "append", target: 1, args: ["Set-Cookie", "b=2"] },
    },
    { op: "set", target: 0, args: ["x", "1"] },
    { op: "getSetCookie", target: 1, args: [] },
  ]);
});

Deno.test("a lazily materialized raw list matches the reference on its first call", () => {
  run(implSide(), [
    {
      op: "rawList",
      slot: 1,
      flat: ["Host", "a", "set-cookie", "x", "SET-COOKIE", "y"],
      guard: "request",
      first: { op: "getSetCookie", target: 1, args: [] },
    },
  ]);
});

/** The reference, except that its iterators latch on done. */
function latchingReference(): Subject {
  const side = openSubject(reference, "module", "standard");
  const make = side.make;
  side.make = (guard, init, hasInit) => {
    const headers = make(guard, init, hasInit) as { entries(): Iterator<unknown> };
    const entries = headers.entries.bind(headers);
    // On a prototype of its own, so the object itself still has no own keys.
    const proto = Object.create(Object.getPrototypeOf(headers));
    Object.setPrototypeOf(headers, proto);
    Object.defineProperty(proto, "entries", {
      value: () => {
        const iterator = entries();
        let done = false;
        const next = () => {
          if (done) return { value: undefined, done: true };
          const result = iterator.next();
          done = result.done === true;
          return result;
        };
        // `next` on a prototype of this iterator's own: the iterator has no own keys.
        return Object.create(
          Object.create(Object.getPrototypeOf(iterator), { next: { value: next } }),
        );
      },
    });
    return headers;
  };
  return side;
}

Deno.test("an iterator that latches on done is caught after the list grows", () => {
  const ops: Op[] = [
    { op: "iterOpen", slot: 0, target: 0, kind: "entries" },
    { op: "append", target: 0, args: ["a", "1"] },
  ];
  run(openSubject(reference, "module", "standard"), ops);
  assert.throws(() => run(latchingReference(), ops), (error: unknown) => {
    assert.ok(error instanceof Divergence);
    assert.equal(error.label, "it[0].next()");
    assert.deepEqual(error.reference, { ok: [false, ["a", "1"]] });
    return true;
  });
});

Deno.test("a step that needs a missing object is skipped, not run", () => {
  const world = new World(implSide(), openSubject(reference, "module", "standard"));
  world.step({ op: "get", target: 3, args: ["a"] });
  world.step({ op: "iterNext", iterator: 0 });
  assert.equal(world.steps, 0);
  assert.deepEqual(world.executed, []);
});

/** `reference` with `Headers` replaced by `derive(reference.Headers)`. */
function referenceWith(
  derive: (base: typeof reference.Headers) => typeof reference.Headers,
): Subject {
  const Headers = derive(reference.Headers);
  return openSubject({ ...reference, Headers }, "module", "standard");
}

/** Asserts that `ops` run on `candidate` diverge from the reference at an observation `label`. */
function assertCaughtAt(candidate: Subject, ops: Op[], label: string): void {
  assert.throws(() => run(candidate, ops), (error: unknown) => {
    assert.ok(error instanceof Divergence, String(error));
    assert.equal(error.label, label);
    return true;
  });
}

Deno.test("a getSetCookie() that hands out its internal array is caught once the caller mutates it", () => {
  const leaking = referenceWith((Base) =>
    class extends Base {
      #handedOut: string[] | null = null;
      override getSetCookie(): string[] {
        return this.#handedOut ??= super.getSetCookie();
      }
    }
  );
  const ops: Op[] = [
    { op: "append", target: 0, args: ["Set-Cookie", "a=1"] },
    { op: "tamper", target: 0, what: "getSetCookie array" },
  ];
  run(implSide(), ops);
  assertCaughtAt(leaking, ops, 'tamperReturned(h[0], "getSetCookie array")');
});

Deno.test("iterator results that share their pair arrays are caught once the caller mutates them", () => {
  const sharing = referenceWith((Base) =>
    class extends Base {
      #pairs = new Map<string, [string, string]>();
      override *entries(): IterableIterator<[string, string]> {
        for (const [name, value] of super.entries()) {
          const key = `${name}\n${value}`;
          let pair = this.#pairs.get(key);
          if (pair === undefined) this.#pairs.set(key, pair = [name, value]);
          yield pair;
        }
      }
    }
  );
  const ops: Op[] = [
    { op: "append", target: 0, args: ["a", "1"] },
    { op: "tamper", target: 0, what: "iterator result" },
  ];
  run(implSide(), ops);
  assertCaughtAt(sharing, ops, 'tamperReturned(h[0], "iterator result")');
});

Deno.test("an own Symbol key on a Headers object (internal state user code can reach) is caught", () => {
  const exposing = referenceWith((Base) =>
    class extends Base {
      constructor(init?: ConstructorParameters<typeof Base>[0]) {
        super(init);
        Object.defineProperty(this, Symbol("header list"), { value: [], enumerable: false });
      }
    }
  );
  assertCaughtAt(exposing, [], "Reflect.ownKeys(h[0])");
});

Deno.test("an extra method on the prototype (a non-standard toJSON) is caught by the shape step", () => {
  const extended = referenceWith((Base) =>
    class extends Base {
      toJSON(): Record<string, string> {
        return Object.fromEntries(this);
      }
    }
  );
  const ops: Op[] = [{ op: "shape", target: 0 }];
  run(implSide(), ops);
  assertCaughtAt(extended, ops, "shapeOf(h[0])");
});

/**
 * A Headers whose iterators serve a cached view that only `@@iterator` refreshes: a full read
 * after each step hides the stale cache, because the read itself refreshes it.
 */
function refreshedByReadReference(): Subject {
  return referenceWith((Base) => {
    const views = new WeakMap<object, [string, string][]>();
    class CachedIterator {
      get [Symbol.toStringTag](): string {
        return "Headers Iterator";
      }
      #view: () => [string, string][];
      #index = 0;
      constructor(view: () => [string, string][]) {
        this.#view = view;
      }
      next(): IteratorResult<[string, string]> {
        const view = this.#view();
        return this.#index < view.length
          ? { done: false, value: view[this.#index++] }
          : { done: true, value: undefined };
      }
    }
    class Cached extends Base {
      override entries(): IterableIterator<[string, string]> {
        if (!views.has(this)) views.set(this, [...super.entries()]);
        return new CachedIterator(() => views.get(this)!) as unknown as IterableIterator<
          [string, string]
        >;
      }
    }
    Object.defineProperty(Cached.prototype, Symbol.iterator, {
      value: function (this: Cached) {
        views.set(this, [...Base.prototype.entries.call(this)]);
        return this.entries();
      },
    });
    return Cached;
  });
}

Deno.test("a stale cache that a full read refreshes is caught by a batch with no read in between", () => {
  const open: Op = { op: "iterOpen", slot: 0, target: 0, kind: "entries" };
  const append: Op = { op: "append", target: 0, args: ["a", "1"] };
  const next: Op = { op: "iterNext", iterator: 0 };
  // Observed after every step, the stale cache never shows.
  run(refreshedByReadReference(), [open, append, next]);
  assertCaughtAt(
    refreshedByReadReference(),
    [open, { op: "batch", ops: [append, next] }],
    "it[0].next()",
  );
});

/** The reference, except that its constructor hands `transform(init)` to the standard's. */
function referenceTransformingInit(transform: (init: unknown) => unknown): Subject {
  return referenceWith((Base) =>
    class extends Base {
      constructor(...init: unknown[]) {
        super(...(init.length === 0 ? [] : [transform(init[0])]) as []);
      }
    }
  );
}

Deno.test("each exotic init catches the fast path that mishandles it", async (t) => {
  const pairs: Arg[][] = [["a", "1"], ["b", "2"]];
  const cases: [ExoticHow, (init: unknown) => unknown][] = [
    // Treats only typeof "object" as an init.
    ["callable record", (init) => typeof init === "function" ? undefined : init],
    // Copies arrays with forEach, which skips holes.
    ["array with a hole", (init) => {
      if (!Array.isArray(init)) return init;
      const copy: unknown[] = [];
      init.forEach((item) => copy.push(item));
      return copy;
    }],
    // Copies arrays with slice, which reads length once, before the getter appends.
    ["array with getters", (init) => Array.isArray(init) ? Array.prototype.slice.call(init) : init],
    // Copies arrays with slice, which reads length once, before the getter cuts the array.
    [
      "array shrinks midway",
      (init) => Array.isArray(init) ? Array.prototype.slice.call(init) : init,
    ],
    // Swallows an init whose iteration throws.
    ["iterable throws midway", (init) => {
      if (typeof init !== "object" || init === null || Array.isArray(init)) return init;
      try {
        return [...(init as Iterable<unknown>)];
      } catch {
        return [];
      }
    }],
    // Copies a Headers through its entries(), not through @@iterator.
    [
      "subclass overrides @@iterator",
      (init) =>
        init instanceof reference.Headers
          ? [...reference.Headers.prototype.entries.call(init)]
          : init,
    ],
    [
      "instance overrides @@iterator",
      (init) =>
        init instanceof reference.Headers
          ? [...reference.Headers.prototype.entries.call(init)]
          : init,
    ],
    // Duck-types anything with getSetCookie as a Headers and copies it with get().
    ["foreign Headers", (init) => {
      const like = init as { getSetCookie?: unknown; get(name: string): string };
      if (typeof like?.getSetCookie !== "function") return init;
      return [...(init as Iterable<[string, string]>)].map(([name]) => [name, like.get(name)]);
    }],
  ];
  for (const [how, transform] of cases) {
    await t.step(how, () => {
      const ops: Op[] = [
        { op: "construct", slot: 1, guard: "none", init: { kind: "exotic", how, items: pairs } },
      ];
      run(implSide(), ops);
      assert.throws(() => run(referenceTransformingInit(transform), ops), Divergence);
    });
  }
});

Deno.test("a chain of eight copies matches the reference, and a chain that drops set-cookie does not", () => {
  const ops: Op[] = [
    { op: "append", target: 0, args: ["Set-Cookie", "a=1"] },
    { op: "append", target: 0, args: ["x", "1"] },
    {
      op: "copyChain",
      slot: 1,
      source: 0,
      links: ["constructor", "none", "response", "constructor", "request", "none", "none", "none"],
    },
  ];
  run(implSide(), ops);
  const viaConstructor: Op[] = [
    ops[0],
    ops[1],
    { op: "copyChain", slot: 1, source: 0, links: Array(8).fill("constructor") },
  ];
  run(implSide(), viaConstructor);
  // Only the constructor is the transforming subclass; headersWithGuard stays the reference's.
  const dropsCookies = referenceTransformingInit((init) =>
    init instanceof reference.Headers ? [...init].filter(([name]) => name !== "set-cookie") : init
  );
  assertCaughtAt(dropsCookies, viaConstructor, "[...h[1]]");
});

Deno.test("a record read with Object.entries before converting any value is caught by the interaction log", () => {
  const ops: Op[] = [
    {
      op: "construct",
      slot: 1,
      guard: "none",
      init: { kind: "recorded", how: "record", items: [["a", "1"], ["b", "2"]] },
    },
  ];
  run(implSide(), ops);
  const entriesFirst = referenceTransformingInit((init) =>
    typeof init === "object" && init !== null && !(Symbol.iterator in init)
      ? Object.fromEntries(Object.entries(init).map(([name, value]) => [name, String(value)]))
      : init
  );
  assertCaughtAt(entriesFirst, ops, "the log of h[1]'s init");
});

Deno.test("outcomes compare equal exactly when their JSON texts do", () => {
  const samples: unknown[] = [
    undefined,
    { ok: "a" },
    { ok: "b" },
    { threw: "TypeError" },
    { ok: ["a", ["b", "c"]] },
    { ok: ["a", ["b", "d"]] },
    { ok: ["a", ["b"]] },
    { ok: { $: "number", v: "1" } },
    { ok: { $: "number", v: "2" } },
    { ok: { v: "1", $: "number" } },
    { ok: null },
    { ok: [null] },
    { ok: true },
    { ok: [] },
    { ok: {} },
  ];
  for (const a of samples) {
    for (const b of samples) {
      assert.equal(
        sameData(a, b),
        JSON.stringify(a) === JSON.stringify(b),
        `${JSON.stringify(a)} ${JSON.stringify(b)}`,
      );
    }
  }
});

Deno.test("a list of over 32 names read from impl's name order, reweighed by set-cookie, matches the reference", () => {
  const names: Arg[][] = Array.from({ length: 34 }, (_, i) => [`x-${i}`, "v"]);
  run(implSide(), [
    { op: "construct", slot: 1, guard: "none", init: { kind: "sequence", items: names } },
    { op: "append", target: 1, args: ["Set-Cookie", "a=1"] },
    { op: "iterOpen", slot: 0, target: 1, kind: "entries" },
    {
      op: "batch",
      ops: [
        // A write, then a read: impl answers from its name order (over 32 names) ...
        { op: "append", target: 1, args: ["x-0", "w"] },
        { op: "iterNext", iterator: 0 },
        // ... which a second set-cookie value reweighs, and a delete zeroes.
        { op: "append", target: 1, args: ["set-cookie", "b=2"] },
        { op: "iterNext", iterator: 0 },
        { op: "delete", target: 1, args: ["x-1"] },
        { op: "iterNext", iterator: 0 },
      ],
    },
  ]);
});

Deno.test("names inserted into impl's name order on both sides of existing ones match the reference", () => {
  const names: Arg[][] = Array.from({ length: 34 }, (_, i) => [`m-${100 + i}`, "v"]);
  // Every new name lands between, before or after the 34 (a, m-1xx, z): the order's treap
  // splits subtrees on both sides, whatever priorities it draws.
  const inserts: Op[] = Array.from({ length: 60 }, (_, i) => ({
    op: "append" as const,
    target: 1,
    args: [i % 3 === 0 ? `a-${i}` : i % 3 === 1 ? `m-${100 + i}x` : `z-${i}`, "w"],
  }));
  run(implSide(), [
    { op: "construct", slot: 1, guard: "none", init: { kind: "sequence", items: names } },
    { op: "iterOpen", slot: 0, target: 1, kind: "entries" },
    {
      op: "batch",
      ops: [
        { op: "append", target: 1, args: ["m-100", "w"] },
        { op: "iterNext", iterator: 0 },
        ...inserts.slice(0, 6) as BatchedOp[],
      ],
    },
    ...inserts.slice(6),
    { op: "iterNext", iterator: 0 },
  ]);
});
