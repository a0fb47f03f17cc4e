import assert from "node:assert/strict";
import * as impl from "./mod.ts";
import * as spec from "../spec/mod.ts";

Deno.test("impl's validated-name table stays correct past its bucket limit", () => {
  const headers = new impl.Headers();
  for (let index = 0; index < 3000; index++) headers.append(`N${index}`, `${index}`);
  assert.equal(headers.get("n0"), "0");
  assert.equal(headers.get("N2999"), "2999");
  assert.throws(() => headers.get("N 1"), TypeError);
  assert.equal([...headers].length, 3000);
});

Deno.test("impl's TypeErrors name the offending input", async (t) => {
  const headers = new impl.Headers();
  const cases: [string, () => unknown, string][] = [
    ["invalid name", () => headers.append("a b", "1"), '"a b"'],
    ["invalid value", () => headers.set("a", "x\ny"), '"x\\u000ay"'],
    ["non-ByteString name", () => headers.get("\u0100"), '"Ā"'],
    ["non-ByteString value", () => headers.append("a", "\u20ac"), '"€"'],
    ["raw list name", () => impl.headersFromRawList(["a:b", "1"]).get("a"), '"a:b"'],
    ["raw list value", () => impl.headersFromRawList(["a", " 1"]).get("a"), '" 1"'],
    ["too few arguments", () => (headers.append as (name: string) => void)("a"), "2 argument"],
  ];
  for (const [name, action, fragment] of cases) {
    await t.step(name, () => {
      assert.throws(action, (error: unknown) => {
        assert.ok(error instanceof TypeError);
        assert.ok(error.message.includes(fragment), `${error.message} lacks ${fragment}`);
        return true;
      });
    });
  }
});

Deno.test("impl's guarded constructors reject arguments outside the contract", async (t) => {
  await t.step("an unknown guard", () => {
    assert.throws(() => impl.headersWithGuard("open" as "none"), TypeError);
    assert.throws(() => impl.headersFromRawList([], "open" as "none"), TypeError);
  });
  await t.step("an unknown profile", () => {
    assert.throws(
      () => impl.headersWithGuard("none", {}, { profile: "lax" as "server" }),
      TypeError,
    );
  });
  await t.step("a raw list that is not an array, or holds a non-string", () => {
    assert.throws(() => impl.headersFromRawList("a,b" as unknown as string[]), TypeError);
    const headers = impl.headersFromRawList(["a", 1 as unknown as string]);
    assert.throws(() => headers.has("a"), TypeError);
  });
  await t.step("freezing something that is not an impl Headers", () => {
    assert.throws(() => impl.freezeHeaders(new globalThis.Headers()), TypeError);
  });
});

Deno.test("impl's Headers installs as globalThis.Headers and feeds Deno's Response", () => {
  const native = globalThis.Headers;
  globalThis.Headers = impl.Headers as unknown as typeof globalThis.Headers;
  try {
    const headers = new Headers([["X-A", "1"], ["Set-Cookie", "a=1"]]);
    assert.ok(headers instanceof impl.Headers);
    const response = new Response(null, { headers });
    assert.equal(response.headers.get("x-a"), "1");
    assert.deepEqual(response.headers.getSetCookie(), ["a=1"]);
  } finally {
    globalThis.Headers = native;
  }
});

Deno.test("a record init changed by its own getter or value is converted as WebIDL reads it", async (t) => {
  const hidden = (record: object, key: string) =>
    Object.defineProperty(record, key, { value: "h", writable: true, configurable: true });
  const reveal = (record: object, key: string) =>
    Object.defineProperty(record, key, { enumerable: true });
  await t.step("a getter reveals a hidden name after it, not one before it", () => {
    const log: string[] = [];
    const record = { a: "1" };
    hidden(record, "h1");
    Object.defineProperty(record, "b", {
      get() {
        log.push("get b");
        reveal(record, "h1");
        reveal(record, "h2");
        return "2";
      },
      enumerable: true,
    });
    hidden(record, "h2");
    Object.assign(record, { d: "4" });
    const entries = [...new impl.Headers(record)];
    assert.deepEqual(entries, [["a", "1"], ["b", "2"], ["d", "4"], ["h2", "h"]]);
    assert.deepEqual(log, ["get b"]);
  });
  await t.step("converting a value reveals a hidden name and removes another", () => {
    const record: Record<string, unknown> = {};
    record.a = {
      toString() {
        reveal(record, "c");
        delete record.b;
        return "1";
      },
    };
    record.b = "2";
    hidden(record, "c");
    assert.deepEqual([...new impl.Headers(record as never)], [["a", "1"], ["c", "h"]]);
  });
});

Deno.test("an array init that claims a huge length is read pair by pair, as WebIDL reads it", () => {
  const reads: string[] = [];
  const init = new Proxy([["a", "1"]], {
    get(target, key, receiver) {
      if (key === "length") return 2 ** 32 - 1;
      if (typeof key === "string") reads.push(key);
      return Reflect.get(target, key, receiver);
    },
  });
  // Index 1 is a hole, so its item is not an object: a TypeError, not a failed allocation.
  assert.throws(() => new impl.Headers(init), TypeError);
  assert.deepEqual(reads, ["0", "1"]);
});

Deno.test("a copy leaves the source's iterator where the standard's walk leaves it", async (t) => {
  // A getter of the iterators' `next` sees each iterator a copy opens; kept, the copy's is
  // exhausted, and goes on from its index once the source grows (spec/ is the reference).
  const kept = (H: typeof impl.Headers) => {
    const source = new H([["b", "2"], ["set-cookie", "x"], ["set-cookie", "y"], ["a", "1"]]);
    const proto = Object.getPrototypeOf(source.entries());
    const next = Object.getOwnPropertyDescriptor(proto, "next")!;
    const seen: object[] = [];
    Object.defineProperty(proto, "next", {
      configurable: true,
      get() {
        seen.push(this);
        return next.value;
      },
    });
    let copy: impl.Headers;
    try {
      copy = new H(source);
    } finally {
      Object.defineProperty(proto, "next", next);
    }
    const iterator = seen[0] as Iterator<[string, string]>;
    const before = iterator.next();
    source.append("c", "3");
    return { seen: seen.length, copy: [...copy], before, after: iterator.next() };
  };
  await t.step("under a getter that returns the original next", () => {
    const got = kept(impl.Headers);
    assert.deepEqual(got, kept(spec.Headers as unknown as typeof impl.Headers));
    assert.deepEqual(got.before, { value: undefined, done: true });
    // Entry 4 of the sorted list a, b, c, set-cookie x, set-cookie y.
    assert.deepEqual(got.after, { value: ["set-cookie", "y"], done: false });
  });
});

Deno.test("a copy of a one-entry Headers reads what the standard's walk reads", async (t) => {
  type Tamper = (
    log: string[],
    source: impl.Headers,
  ) => { key: PropertyKey; holder: object; get(this: unknown): unknown };
  const arrayIterator = Array.prototype[Symbol.iterator];
  const arrayIteratorPrototype = Object.getPrototypeOf([][Symbol.iterator]());
  const arrayNext = arrayIteratorPrototype.next;
  let keptIterator: Iterator<unknown> | null = null;
  // Each tamper installs one getter while the copy is made; the walk's reads show in `log`.
  const tampers: [string, Tamper][] = [
    ["a getter of the pair's @@iterator grows the source", (log, source) => ({
      key: Symbol.iterator,
      holder: Array.prototype,
      get(this: unknown) {
        log.push(`@@iterator of ${JSON.stringify(this)}`);
        if (log.length === 1) source.append("b", "2");
        return arrayIterator;
      },
    })],
    ["a getter of the pair's @@iterator gives a method of its own", (log) => ({
      key: Symbol.iterator,
      holder: Array.prototype,
      get(this: unknown) {
        log.push(`@@iterator of ${JSON.stringify(this)}`);
        const isThisPair = (value: unknown) => value === this;
        return function* (this: unknown[]) {
          log.push(`own method, called on that pair: ${isThisPair(this)}`);
          yield "X-Own";
          yield " spaced ";
        };
      },
    })],
    ["a getter of the pair's @@iterator gives a value that is not a method", (log) => ({
      key: Symbol.iterator,
      holder: Array.prototype,
      get(this: unknown) {
        log.push(`@@iterator of ${JSON.stringify(this)}`);
        return log.length === 1 ? undefined : 1;
      },
    })],
    ["a getter of the pair's @@iterator changes the pair", (log) => ({
      key: Symbol.iterator,
      holder: Array.prototype,
      get(this: unknown[]) {
        log.push(`@@iterator of ${JSON.stringify(this)}`);
        this[1] = { toString: () => (log.push("toString"), "converted") };
        return arrayIterator;
      },
    })],
    ["a getter of the pair's @@iterator adds an item", (log) => ({
      key: Symbol.iterator,
      holder: Array.prototype,
      get(this: unknown[]) {
        log.push(`@@iterator of ${JSON.stringify(this)}`);
        this.push("3");
        return arrayIterator;
      },
    })],
    ["a getter of next gives a wrapper", (log) => ({
      key: "next",
      holder: arrayIteratorPrototype,
      get() {
        log.push("next read");
        return function (this: Iterator<unknown>) {
          const result = arrayNext.call(this);
          log.push(`next gave ${JSON.stringify(result)}`);
          return result;
        };
      },
    })],
    ["a getter of next takes an item first", (log) => ({
      key: "next",
      holder: arrayIteratorPrototype,
      get(this: Iterator<unknown>) {
        log.push(`took ${JSON.stringify(arrayNext.call(this))}`);
        return arrayNext;
      },
    })],
    ["a getter of next keeps the pair's iterator", (log) => ({
      key: "next",
      holder: arrayIteratorPrototype,
      get(this: Iterator<unknown>) {
        log.push("next read");
        keptIterator = this;
        return arrayNext;
      },
    })],
  ];
  const run = (H: typeof impl.Headers, tamper: Tamper, name: string) => {
    const source = new H([[name, "1"]]);
    const log: string[] = [];
    const { key, holder, get } = tamper(log, source);
    const original = Object.getOwnPropertyDescriptor(holder, key)!;
    keptIterator = null;
    let copy: unknown;
    Object.defineProperty(holder, key, { configurable: true, get });
    try {
      copy = [...new H(source)];
    } catch (error) {
      copy = error instanceof TypeError ? "TypeError" : error;
    } finally {
      Object.defineProperty(holder, key, original);
    }
    const kept = keptIterator === null ? null : (keptIterator as Iterator<unknown>).next();
    return { log, copy, kept, source: [...source] };
  };
  for (const [label, tamper] of tampers) {
    await t.step(label, () => {
      for (const name of ["a", "set-cookie"]) {
        const got = run(impl.Headers, tamper, name);
        assert.deepEqual(got, run(spec.Headers as unknown as typeof impl.Headers, tamper, name));
        assert.ok(got.log.length > 0, "the getter ran");
      }
    });
  }
});
