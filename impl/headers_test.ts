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
