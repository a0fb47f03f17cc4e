/**
 * Hand-written scenarios that pin the observable behaviour of a Headers module: every guard, both
 * profiles, the WebIDL conversions and every fast path of `impl/` (live iterators, forEach,
 * copy-on-write, lazy raw lists, the validated-name cache). Each scenario runs against a module
 * and returns plain data — values, or `{ threw: "TypeError" }` tags — that the test compares
 * with the expected data, for the reference (`spec/`) and for `impl/` alike.
 *
 * @module
 */

import { errorName } from "../properties/oracle/base/observe.ts";
import type { GuardOptions, HeadersGuard, HeadersLike } from "../spec/contract.ts";

/** A module with every export of the contract (the reference and `impl/` have them all). */
export interface CompleteHeadersModule {
  Headers: new (init?: unknown) => HeadersLike;
  headersWithGuard: (guard: HeadersGuard, init?: unknown, options?: GuardOptions) => HeadersLike;
  headersFromRawList: (flat: string[], guard?: HeadersGuard, options?: GuardOptions) => HeadersLike;
  freezeHeaders: (headers: HeadersLike) => void;
}

/** One scenario: what it checks, how to run it, and the data it must produce. */
export interface Scenario {
  name: string;
  run: (module: CompleteHeadersModule) => unknown;
  expected: unknown;
}

/** The tagged outcome of a call: its result, or the name of the error it threw. */
export type Outcome = { ok: unknown } | { threw: string };

/** Runs `action` and tags its outcome. */
export function attempt(action: () => unknown): Outcome {
  try {
    return { ok: action() };
  } catch (error) {
    return { threw: errorName(error) };
  }
}

/** The outcome every TypeError scenario expects. */
const TYPE_ERROR: Outcome = { threw: "TypeError" };

/**
 * Builds a Headers and runs each read on it. The contract lets an invalid raw list throw at
 * construction or at the first read, so a throwing construction counts as every read throwing.
 */
function readsOf(
  build: () => HeadersLike,
  reads: ((headers: HeadersLike) => unknown)[],
): Outcome[] {
  let headers: HeadersLike;
  try {
    headers = build();
  } catch (error) {
    return reads.map(() =>
      attempt(() => {
        throw error;
      })
    );
  }
  return reads.map((read) => attempt(() => read(headers)));
}

/** What iteration gives: the list of [name, value] pairs. */
function pairs(headers: HeadersLike): [string, string][] {
  return [...headers];
}

/** Replaces `object[key]` for the duration of `action`, then restores the original property. */
function withPatched<T>(object: object, key: PropertyKey, value: unknown, action: () => T): T {
  const original = Object.getOwnPropertyDescriptor(object, key);
  Object.defineProperty(object, key, {
    value,
    writable: true,
    enumerable: false,
    configurable: true,
  });
  try {
    return action();
  } finally {
    if (original) Object.defineProperty(object, key, original);
    else Reflect.deleteProperty(object, key);
  }
}

const arrayIteratorPrototype = Object.getPrototypeOf([][Symbol.iterator]()) as {
  next: (this: Iterator<unknown>) => IteratorResult<unknown>;
};

/** The Headers iterator prototype of a module. */
function headersIteratorPrototype(module: CompleteHeadersModule): {
  next: (this: Iterator<unknown>) => IteratorResult<unknown>;
} {
  return Object.getPrototypeOf(new module.Headers().entries());
}

const basics: Scenario[] = [
  {
    name: "append keeps per-name order, get joins with comma-space, names match any casing",
    run: ({ Headers }) => {
      const headers = new Headers();
      headers.append("Accept", "a");
      headers.append("X-B", "1");
      headers.append("accept", "b");
      return [headers.get("ACCEPT"), headers.has("x-b"), headers.get("missing"), pairs(headers)];
    },
    expected: ["a, b", true, null, [["accept", "a, b"], ["x-b", "1"]]],
  },
  {
    name: "iteration lowercases names, then sorts them by byte",
    run: ({ Headers }) =>
      pairs(new Headers({ b: "2", A: "1", "c-": "3", "a-": "x", Zed: "z", _x: "u", "~": "t" })),
    expected: [
      ["_x", "u"],
      ["a", "1"],
      ["a-", "x"],
      ["b", "2"],
      ["c-", "3"],
      ["zed", "z"],
      ["~", "t"],
    ],
  },
  {
    name: "set-cookie values stay separate in iteration and getSetCookie, get joins them",
    run: ({ Headers }) => {
      const headers = new Headers([["Set-Cookie", "a=1"], ["X", "1"], ["set-cookie", "b=2"]]);
      return [
        headers.get("set-cookie"),
        headers.getSetCookie(),
        pairs(headers),
        new Headers().getSetCookie(),
      ];
    },
    expected: [
      "a=1, b=2",
      ["a=1", "b=2"],
      [["set-cookie", "a=1"], ["set-cookie", "b=2"], ["x", "1"]],
      [],
    ],
  },
  {
    name: "iteration sorts long lists too, set-cookie values in list order",
    run: ({ Headers }) => {
      const headers = new Headers();
      for (let index = 39; index >= 0; index--) {
        headers.append(`x-${String(index).padStart(2, "0")}`, `${index}`);
        if (index === 20) headers.append("Set-Cookie", "first");
      }
      headers.append("set-cookie", "second");
      const names = [...headers.keys()];
      return [names.length, names.slice(0, 3), names.slice(-4), headers.getSetCookie()];
    },
    expected: [
      42,
      ["set-cookie", "set-cookie", "x-00"],
      ["x-36", "x-37", "x-38", "x-39"],
      ["first", "second"],
    ],
  },
  {
    name: "getSetCookie returns a fresh array; entries yields fresh pairs",
    run: ({ Headers }) => {
      const headers = new Headers([["Set-Cookie", "a=1"], ["b", "2"]]);
      headers.getSetCookie().push("evil");
      const first = pairs(headers)[0];
      first[1] = "changed";
      return [headers.getSetCookie(), pairs(headers)];
    },
    expected: [["a=1"], [["b", "2"], ["set-cookie", "a=1"]]],
  },
  {
    name: "set replaces every value of a name, delete removes them all",
    run: ({ Headers }) => {
      const headers = new Headers([["a", "1"], ["b", "2"], ["A", "3"]]);
      headers.set("A", "9");
      const afterSet = pairs(headers);
      headers.delete("B");
      headers.delete("nope");
      headers.set("Set-Cookie", "c=1");
      headers.append("set-cookie", "c=2");
      headers.set("set-cookie", "c=3");
      const cookies = headers.getSetCookie();
      headers.delete("SET-COOKIE");
      return [afterSet, cookies, pairs(headers), headers.getSetCookie()];
    },
    expected: [[["a", "9"], ["b", "2"]], ["c=3"], [["a", "9"]], []],
  },
  {
    name: "values are normalized (HTTP whitespace stripped) before validation",
    run: ({ Headers }) => {
      const headers = new Headers();
      headers.append("a", " \t x y \r\n");
      headers.set("b", "\n\n");
      headers.append("c", "x\ty");
      headers.append("d", " \r ");
      return [
        pairs(headers),
        attempt(() => headers.append("e", "x\ny")),
        attempt(() => headers.append("e", "x\0")),
        attempt(() => headers.set("e", "x\r y")),
        headers.has("e"),
      ];
    },
    expected: [
      [["a", "x y"], ["b", ""], ["c", "x\ty"], ["d", ""]],
      TYPE_ERROR,
      TYPE_ERROR,
      TYPE_ERROR,
      false,
    ],
  },
  {
    name: "names that are not tokens throw a TypeError in every method",
    run: ({ Headers }) => {
      const headers = new Headers({ a: "1" });
      return ["", "a b", "é", "a:b", "(x)", "a\n"].map((name) => [
        attempt(() => headers.get(name)),
        attempt(() => headers.has(name)),
        attempt(() => headers.append(name, "v")),
        attempt(() => headers.set(name, "v")),
        attempt(() => headers.delete(name)),
      ]);
    },
    expected: Array(6).fill(Array(5).fill(TYPE_ERROR)),
  },
  {
    name: "ByteString conversion: ToString, then code units above 0xFF throw; Symbols throw",
    run: ({ Headers }) => {
      const headers = new Headers();
      const outcomes = [
        attempt(() => headers.append("\u0100", "v")),
        attempt(() => headers.append("a", "\u0100")),
        attempt(() => headers.append("a", "é")),
        attempt(() => headers.get(Symbol("s") as unknown as string)),
        attempt(() => headers.append("a", Symbol("s") as unknown as string)),
        attempt(() => headers.append(1 as unknown as string, 2 as unknown as string)),
        attempt(() => headers.append("n", null as unknown as string)),
        attempt(() => headers.append("u", undefined as unknown as string)),
        attempt(() =>
          headers.append("o", { toString: () => "t", valueOf: () => "v" } as unknown as string)
        ),
      ];
      return [outcomes, pairs(headers), headers.get(undefined as unknown as string)];
    },
    expected: [
      [
        TYPE_ERROR,
        TYPE_ERROR,
        { ok: undefined },
        TYPE_ERROR,
        TYPE_ERROR,
        { ok: undefined },
        { ok: undefined },
        { ok: undefined },
        { ok: undefined },
      ],
      [["1", "2"], ["a", "é"], ["n", "null"], ["o", "t"], ["u", "undefined"]],
      null,
    ],
  },
  {
    name: "too few arguments throw a TypeError",
    run: ({ Headers }) => {
      const headers = new Headers({ a: "1" }) as unknown as Record<string, () => unknown>;
      return [
        attempt(() => (headers.append as (name: string) => void)("a")),
        attempt(() => headers.append()),
        attempt(() => (headers.set as (name: string) => void)("a")),
        attempt(() => headers.get()),
        attempt(() => headers.has()),
        attempt(() => headers.delete()),
        attempt(() => headers.forEach()),
        attempt(() => headers.getSetCookie()),
      ];
    },
    expected: [...Array(7).fill(TYPE_ERROR), { ok: [] }],
  },
  {
    name: "brand checks: methods and iterator next on foreign objects throw a TypeError",
    run: ({ Headers }) => {
      const prototype = Headers.prototype as unknown as Record<
        string,
        (...args: unknown[]) => void
      >;
      const fake = Object.create(Headers.prototype);
      const calls = [
        ["append", "a", "b"],
        ["delete", "a"],
        ["get", "a"],
        ["getSetCookie"],
        ["has", "a"],
        ["set", "a", "b"],
        ["forEach", () => {}],
        ["keys"],
        ["values"],
        ["entries"],
      ] as const;
      const iteratorNext = new Headers().keys().next;
      return [
        calls.map(([method, ...args]) => attempt(() => prototype[method].call({}, ...args))),
        calls.map(([method, ...args]) => attempt(() => prototype[method].call(fake, ...args))),
        attempt(() => prototype.get.call(undefined, "a")),
        attempt(() => iteratorNext.call({})),
        attempt(() => iteratorNext.call([][Symbol.iterator]())),
        attempt(() => (Headers as unknown as () => unknown)()),
      ];
    },
    expected: [
      Array(10).fill(TYPE_ERROR),
      Array(10).fill(TYPE_ERROR),
      TYPE_ERROR,
      TYPE_ERROR,
      TYPE_ERROR,
      TYPE_ERROR,
    ],
  },
  {
    name: "append/set convert name then value, and a non-ByteString name stops before the value",
    run: ({ Headers }) => {
      const log: string[] = [];
      const text = (label: string, result: string) =>
        ({
          toString() {
            log.push(label);
            return result;
          },
        }) as unknown as string;
      const headers = new Headers();
      headers.append(text("name", "a"), text("value", "b"));
      const wide = attempt(() => headers.append(text("wide name", "\u0100"), text("value 2", "v")));
      const spaced = attempt(() => headers.set(text("bad name", "a b"), text("value 3", "v")));
      return [log, wide, spaced, pairs(headers)];
    },
    expected: [
      ["name", "value", "wide name", "bad name", "value 3"],
      TYPE_ERROR,
      TYPE_ERROR,
      [["a", "b"]],
    ],
  },
  {
    name: "subclasses work and copy like Headers",
    run: ({ Headers }) => {
      class Extended extends Headers {
        first(): string | null {
          return this.get("a");
        }
      }
      const extended = new Extended({ a: "1" });
      return [extended.first(), pairs(extended), pairs(new Headers(extended))];
    },
    expected: ["1", [["a", "1"]], [["a", "1"]]],
  },
];

const records: Scenario[] = [
  {
    name: "record: getters run in own-key order; non-enumerable keys are skipped",
    run: ({ Headers }) => {
      const log: string[] = [];
      const record = {
        get b() {
          log.push("b");
          return "2";
        },
        get a() {
          log.push("a");
          return "1";
        },
        "2": "two",
        "1": "one",
      };
      Object.defineProperty(record, "hidden", { value: "x", enumerable: false });
      Object.defineProperty(record, Symbol("hidden"), { value: "x", enumerable: false });
      return [pairs(new Headers(record)), log];
    },
    expected: [[["1", "one"], ["2", "two"], ["a", "1"], ["b", "2"]], ["b", "a"]],
  },
  {
    name: "record: an enumerable Symbol key throws after the string keys were converted",
    run: ({ Headers }) => {
      const log: string[] = [];
      const record = {
        [Symbol("s")]: "x",
        get a() {
          log.push("a");
          return "1";
        },
      };
      return [attempt(() => new Headers(record)), log];
    },
    expected: [TYPE_ERROR, ["a"]],
  },
  {
    name: "record: a getter deleting or hiding a later key makes it skipped; new keys ignored",
    run: ({ Headers }) => {
      const deleting: Record<string, unknown> = {
        get a() {
          delete deleting.b;
          return "1";
        },
        b: "2",
      };
      const hiding: Record<string, unknown> = {
        get a() {
          Object.defineProperty(hiding, "b", { enumerable: false });
          hiding.c = "3";
          return "1";
        },
        b: "2",
      };
      const revealing: Record<string, unknown> = {
        get a() {
          Object.defineProperty(revealing, "b", { enumerable: true });
          return "1";
        },
      };
      Object.defineProperty(revealing, "b", { value: "2", enumerable: false, configurable: true });
      return [
        pairs(new Headers(deleting)),
        pairs(new Headers(hiding)),
        pairs(new Headers(revealing)),
      ];
    },
    expected: [[["a", "1"]], [["a", "1"]], [["a", "1"], ["b", "2"]]],
  },
  {
    name: "record: the whole record is converted before fill throws on an invalid name",
    run: ({ Headers }) => {
      const log: string[] = [];
      const record = {
        "a b": "1",
        get c() {
          log.push("c");
          return "3";
        },
      };
      return [attempt(() => new Headers(record)), log];
    },
    expected: [TYPE_ERROR, ["c"]],
  },
  {
    name: "record: a key above 0xFF throws before its value and later values are read",
    run: ({ Headers }) => {
      const log: string[] = [];
      const record = {
        get a() {
          log.push("a");
          return "1";
        },
        get "\u0100x"() {
          log.push("wide");
          return "v";
        },
        get c() {
          log.push("c");
          return "3";
        },
      };
      return [attempt(() => new Headers(record)), log];
    },
    expected: [TYPE_ERROR, ["a"]],
  },
  {
    name: "record: each value is converted right after it is read",
    run: ({ Headers }) => {
      const log: string[] = [];
      const record = {
        get a() {
          log.push("get a");
          return {
            toString() {
              log.push("string a");
              return "1";
            },
          };
        },
        get b() {
          log.push("get b");
          return "2";
        },
      };
      return [pairs(new Headers(record)), log];
    },
    expected: [[["a", "1"], ["b", "2"]], ["get a", "string a", "get b"]],
  },
  {
    name: "record: a Proxy sees ownKeys, then per key getOwnPropertyDescriptor and get",
    run: ({ Headers }) => {
      const log: string[] = [];
      const hidden = Symbol("s");
      const target = { a: "1", b: "2" };
      Object.defineProperty(target, hidden, { value: "x", enumerable: false });
      const proxy = new Proxy(target, {
        ownKeys(object) {
          log.push("ownKeys");
          return Reflect.ownKeys(object);
        },
        getOwnPropertyDescriptor(object, key) {
          log.push(`describe ${String(key)}`);
          return Reflect.getOwnPropertyDescriptor(object, key);
        },
        get(object, key, receiver) {
          log.push(`get ${String(key)}`);
          return Reflect.get(object, key, receiver);
        },
      });
      return [pairs(new Headers(proxy)), log];
    },
    expected: [
      [["a", "1"], ["b", "2"]],
      [
        "get Symbol(Symbol.iterator)",
        "ownKeys",
        "describe a",
        "get a",
        "describe b",
        "get b",
        "describe Symbol(s)",
      ],
    ],
  },
  {
    name: "init: undefined is none; null, primitives and a non-callable @@iterator throw",
    run: ({ Headers }) => {
      const nullIterator = { a: "1" };
      Object.defineProperty(nullIterator, Symbol.iterator, { value: null, enumerable: false });
      return [
        pairs(new Headers(undefined)),
        attempt(() => new Headers(null)),
        attempt(() => new Headers("ab")),
        attempt(() => new Headers(42)),
        attempt(() => new Headers({ [Symbol.iterator]: 5 })),
        attempt(() => new Headers({ [Symbol.iterator]: null, a: "1" })),
        pairs(new Headers(nullIterator)),
        pairs(new Headers(() => {})),
      ];
    },
    expected: [[], TYPE_ERROR, TYPE_ERROR, TYPE_ERROR, TYPE_ERROR, TYPE_ERROR, [["a", "1"]], []],
  },
];

const sequences: Scenario[] = [
  {
    name: "sequence: pairs must have exactly two items; items must be iterable objects",
    run: ({ Headers }) => [
      attempt(() => new Headers([["a", "1", "x"]])),
      attempt(() => new Headers([["a"]])),
      attempt(() => new Headers([[]])),
      attempt(() => new Headers([["a", "1"], "ab"])),
      attempt(() => new Headers([{ 0: "a", 1: "b", length: 2 }])),
      // deno-lint-ignore no-sparse-arrays -- the hole is the point: it reads as undefined
      attempt(() => new Headers([["a", "1"], , ["b", "2"]])),
      attempt(() => new Headers([["a", Symbol("s")]])),
    ],
    expected: Array(7).fill(TYPE_ERROR),
  },
  {
    name: "sequence: any iterables, converted item by item",
    run: ({ Headers }) => {
      function* generate() {
        yield ["a", "1"];
        yield new Set(["b", "2"]);
      }
      const iterablePair = {
        *[Symbol.iterator]() {
          yield "d";
          yield 4;
        },
      };
      return [pairs(new Headers(generate())), pairs(new Headers([iterablePair]))];
    },
    expected: [[["a", "1"], ["b", "2"]], [["d", "4"]]],
  },
  {
    name: "sequence: a generator yielding a bad pair shape throws",
    run: ({ Headers }) => {
      function* generate() {
        yield ["a", "1"];
        yield new Map([["c", 1]]).keys();
      }
      return attempt(() => new Headers(generate()));
    },
    expected: TYPE_ERROR,
  },
  {
    name: "sequence: no IteratorClose when conversion throws",
    run: ({ Headers }) => {
      const log: string[] = [];
      let step = 0;
      const iterable = {
        [Symbol.iterator]() {
          return {
            next() {
              step++;
              return step === 1 ? { value: ["a", "1"], done: false } : { value: 5, done: false };
            },
            return() {
              log.push("return");
              return { value: undefined, done: true };
            },
          };
        },
      };
      return [attempt(() => new Headers(iterable)), log];
    },
    expected: [TYPE_ERROR, []],
  },
  {
    name: "sequence: converted completely before fill throws on an invalid pair",
    run: ({ Headers }) => {
      const log: string[] = [];
      const later = {
        [Symbol.iterator]() {
          log.push("later pair iterated");
          return ["c", "3"][Symbol.iterator]();
        },
      };
      return [
        attempt(() => new Headers([["a b", "1"], later])),
        attempt(() => new Headers([["a", "1", "2"], later])),
        attempt(() => new Headers([["a", "x\ny"], later])),
        log,
      ];
    },
    expected: [TYPE_ERROR, TYPE_ERROR, TYPE_ERROR, Array(3).fill("later pair iterated")],
  },
  {
    name: "sequence: array element getters and a Proxy see the array iterator's reads",
    run: ({ Headers }) => {
      const log: string[] = [];
      const array: unknown[] = [["a", "1"]];
      Object.defineProperty(array, 1, {
        get() {
          log.push("index 1");
          return ["b", "2"];
        },
        enumerable: true,
        configurable: true,
      });
      const fromGetter = pairs(new Headers(array));
      const proxy = new Proxy([["c", "3"]], {
        get(object, key, receiver) {
          log.push(`get ${String(key)}`);
          return Reflect.get(object, key, receiver);
        },
      });
      return [fromGetter, pairs(new Headers(proxy)), log];
    },
    expected: [
      [["a", "1"], ["b", "2"]],
      [["c", "3"]],
      ["index 1", "get Symbol(Symbol.iterator)", "get length", "get 0", "get length"],
    ],
  },
  {
    name: "sequence: a patched Array.prototype[Symbol.iterator] is called per array",
    run: ({ Headers }) => {
      const original = Array.prototype[Symbol.iterator];
      let calls = 0;
      const result = withPatched(
        Array.prototype,
        Symbol.iterator,
        function (this: unknown[]) {
          calls++;
          return original.call(this);
        },
        () => pairs(new Headers([["a", "1"], ["b", "2"]])),
      );
      return [result, calls];
    },
    expected: [[["a", "1"], ["b", "2"]], 3],
  },
  {
    name: "sequence: a patched array iterator next is called per step",
    run: ({ Headers }) => {
      const original = arrayIteratorPrototype.next;
      let calls = 0;
      const headers = withPatched(
        arrayIteratorPrototype,
        "next",
        function (this: Iterator<unknown>) {
          calls++;
          return original.call(this);
        },
        () => new Headers([["a", "1"], ["b", "2"]]),
      );
      return [pairs(headers), calls];
    },
    expected: [[["a", "1"], ["b", "2"]], 9],
  },
];

const iteration: Scenario[] = [
  {
    name: "iterators are live: each next() reads the current list, and done does not latch",
    run: ({ Headers }) => {
      const headers = new Headers({ a: "1", c: "3" });
      const keys = headers.keys();
      const seen: unknown[] = [keys.next()];
      headers.append("b", "2");
      seen.push(keys.next(), keys.next(), keys.next());
      headers.append("d", "4");
      seen.push(keys.next(), keys.next());
      return seen;
    },
    expected: [
      { value: "a", done: false },
      { value: "b", done: false },
      { value: "c", done: false },
      { value: undefined, done: true },
      { value: "d", done: false },
      { value: undefined, done: true },
    ],
  },
  {
    name: "iterators see set and delete between steps",
    run: ({ Headers }) => {
      const headers = new Headers({ a: "1", b: "2", c: "3" });
      const entries = headers.entries();
      const values = headers.values();
      const seen: unknown[] = [entries.next().value, values.next().value];
      headers.set("b", "two");
      seen.push(entries.next().value, values.next().value);
      headers.delete("a");
      seen.push(entries.next(), values.next());
      return seen;
    },
    expected: [
      ["a", "1"],
      "1",
      ["b", "two"],
      "two",
      { value: undefined, done: true },
      { value: undefined, done: true },
    ],
  },
  {
    name: "forEach passes (value, name, headers) with thisArg and re-reads after each callback",
    run: ({ Headers }) => {
      const headers = new Headers({ a: "1", c: "3", e: "5" });
      const seen: unknown[] = [];
      const context = { tag: "this" };
      headers.forEach(function (this: unknown, value, name, parent) {
        seen.push([name, value, parent === headers, this === context]);
        if (name === "a") headers.append("b", "2");
        if (name === "c") headers.delete("e");
      }, context);
      return seen;
    },
    expected: [
      ["a", "1", true, true],
      ["b", "2", true, true],
      ["c", "3", true, true],
    ],
  },
  {
    name: "forEach: a non-callable callback throws even on empty headers; errors propagate",
    run: ({ Headers }) => [
      attempt(() => new Headers().forEach(5 as unknown as () => void)),
      attempt(() =>
        new Headers({ a: "1" }).forEach(() => {
          throw new RangeError("stop");
        })
      ),
    ],
    expected: [TYPE_ERROR, { threw: "RangeError" }],
  },
];

const copies: Scenario[] = [
  {
    name: "copy-on-write: mutating the copy leaves the source alone, and the other way round",
    run: ({ Headers }) => {
      const source = new Headers([["a", "1"], ["Set-Cookie", "s=1"]]);
      const copy = new Headers(source);
      copy.append("a", "2");
      copy.set("b", "x");
      copy.append("set-cookie", "s=2");
      const afterCopyWrites = [pairs(source), pairs(copy)];
      source.delete("a");
      source.append("set-cookie", "s=3");
      return [afterCopyWrites, pairs(source), pairs(copy), source.getSetCookie()];
    },
    expected: [
      [
        [["a", "1"], ["set-cookie", "s=1"]],
        [["a", "1, 2"], ["b", "x"], ["set-cookie", "s=1"], ["set-cookie", "s=2"]],
      ],
      [["set-cookie", "s=1"], ["set-cookie", "s=3"]],
      [["a", "1, 2"], ["b", "x"], ["set-cookie", "s=1"], ["set-cookie", "s=2"]],
      ["s=1", "s=3"],
    ],
  },
  {
    name: "copy-on-write: copies of copies stay independent",
    run: ({ Headers }) => {
      const source = new Headers({ a: "1" });
      const first = new Headers(source);
      const second = new Headers(first);
      const third = new Headers(second);
      second.append("z", "1");
      source.set("a", "9");
      third.delete("a");
      return [pairs(source), pairs(first), pairs(second), pairs(third)];
    },
    expected: [[["a", "9"]], [["a", "1"]], [["a", "1"], ["z", "1"]], []],
  },
  {
    name: "copy-on-write: a copy holds the source's view, normalized (an empty last value)",
    run: ({ Headers }) => {
      const source = new Headers();
      source.append("a", "x");
      source.append("a", "");
      source.append("b", "");
      source.append("b", "");
      const copy = new Headers(source);
      copy.append("a", "y");
      return [source.get("a"), source.get("b"), copy.get("a"), copy.get("b")];
    },
    expected: ["x, ", ", ", "x,, y", ","],
  },
  {
    name: "copy-on-write: an iterator of the source stays live across the copy",
    run: ({ Headers }) => {
      const source = new Headers({ a: "1" });
      [...source];
      const keys = source.keys();
      const copy = new Headers(source);
      source.append("b", "2");
      return [keys.next().value, keys.next().value, pairs(copy)];
    },
    expected: ["a", "b", [["a", "1"]]],
  },
  {
    name: "copy: a patched Headers iterator next is used (no shortcut)",
    run: (module) => {
      const prototype = headersIteratorPrototype(module);
      const original = prototype.next;
      let calls = 0;
      const copy = withPatched(prototype, "next", function (this: Iterator<unknown>) {
        calls++;
        return original.call(this);
      }, () => new module.Headers(new module.Headers({ a: "1", b: "2" })));
      return [pairs(copy), calls];
    },
    expected: [[["a", "1"], ["b", "2"]], 3],
  },
  {
    name: "copy: a patched Array.prototype[Symbol.iterator] is called for every pair",
    run: ({ Headers }) => {
      const source = new Headers({ a: "1", b: "2" });
      const original = Array.prototype[Symbol.iterator];
      let calls = 0;
      const copy = withPatched(Array.prototype, Symbol.iterator, function (this: unknown[]) {
        calls++;
        return original.call(this);
      }, () => new Headers(source));
      return [pairs(copy), calls];
    },
    expected: [[["a", "1"], ["b", "2"]], 2],
  },
  {
    name: "copy: an own @@iterator on the source instance is honoured",
    run: ({ Headers }) => {
      const source = new Headers({ a: "1" });
      Object.defineProperty(source, Symbol.iterator, {
        value: function* () {
          yield ["z", "26"];
        },
      });
      return pairs(new Headers(new Headers(source)));
    },
    expected: [["z", "26"]],
  },
];

const guards: Scenario[] = [
  {
    name: "request guard drops forbidden request-headers (names, prefixes, method overrides)",
    run: ({ headersWithGuard }) => {
      const headers = headersWithGuard("request", [
        ["Host", "x"],
        ["Sec-Foo", "1"],
        ["Proxy-Auth", "1"],
        ["X-HTTP-Method-Override", "TRACE"],
        ["x-method-override", "get, Connect"],
        ["X-HTTP-Method", '"TRACE"'],
        ["Accept", "a"],
        ["Set-Cookie", "c"],
        ["Cookie2", "x"],
        ["dnt", "1"],
        ["Keep-Alive", "1"],
        ["x-http-method-override", "GET, track ,x"],
      ]);
      headers.append("x-http-method-override", "GET");
      headers.append("x-http-method-override", " tRaCk ");
      headers.set("Via", "x");
      return pairs(headers);
    },
    expected: [["accept", "a"], ["x-http-method", '"TRACE"'], ["x-http-method-override", "GET"]],
  },
  {
    name: "request guard: delete ignores forbidden names, deletes method-override names",
    run: ({ headersFromRawList }) => {
      const headers = headersFromRawList(["Host", "h", "X-HTTP-Method", "GET", "a", "1"]);
      headers.delete("host");
      headers.delete("x-http-method");
      headers.delete("a");
      return pairs(headers);
    },
    expected: [["host", "h"]],
  },
  {
    name: "response guard drops set-cookie and set-cookie2 only",
    run: ({ headersWithGuard, headersFromRawList }) => {
      const filled = headersWithGuard("response", [
        ["Set-Cookie", "a=1"],
        ["set-cookie2", "b"],
        ["Set-Cookie3", "c"],
        ["Host", "h"],
      ]);
      filled.append("set-cookie", "x");
      const raw = headersFromRawList(["Set-Cookie", "a=1"], "response");
      raw.delete("set-cookie");
      raw.set("set-cookie", "b=2");
      return [pairs(filled), raw.getSetCookie()];
    },
    expected: [[["host", "h"], ["set-cookie3", "c"]], ["a=1"]],
  },
  {
    name: "immutable guard: reads work, every write throws, validation first",
    run: ({ headersWithGuard, freezeHeaders, Headers }) => {
      const headers = headersWithGuard("immutable", { a: "1" });
      const frozen = new Headers({ b: "2" });
      freezeHeaders(frozen);
      return [
        headers.get("a"),
        attempt(() => headers.append("a", "2")),
        attempt(() => headers.set("b", "2")),
        attempt(() => headers.delete("missing")),
        attempt(() => headers.delete("a b")),
        attempt(() => frozen.set("b", "3")),
        pairs(frozen),
      ];
    },
    expected: ["1", TYPE_ERROR, TYPE_ERROR, TYPE_ERROR, TYPE_ERROR, TYPE_ERROR, [["b", "2"]]],
  },
  {
    name: "request-no-cors: safelisted names only, checked on the combined value",
    run: ({ headersWithGuard }) => {
      const headers = headersWithGuard("request-no-cors", [
        ["Accept", "text/html"],
        ["x-custom", "1"],
        ["content-type", "application/json"],
        ["Content-Type", " TEXT/PLAIN "],
        ["range", "bytes=0-1"],
      ]);
      headers.append("accept", "x");
      headers.append("content-type", "text/plain");
      headers.append("accept-language", "en-US,en;q=0.9");
      headers.append("content-language", "en_US");
      headers.append("accept", "a\tb");
      headers.append("accept", 'a"b');
      headers.append("accept", "a\x7f");
      return pairs(headers);
    },
    expected: [
      ["accept", "text/html, x, a\tb"],
      ["accept-language", "en-US,en;q=0.9"],
      ["content-type", "TEXT/PLAIN"],
    ],
  },
  {
    name: "request-no-cors: values over 128 bytes, alone or combined, are rejected",
    run: ({ headersWithGuard }) => {
      const headers = headersWithGuard("request-no-cors");
      headers.append("accept", "a".repeat(129));
      headers.append("accept-language", "b".repeat(100));
      headers.append("accept-language", "c".repeat(30));
      headers.set("content-language", "d".repeat(128));
      return pairs(headers).map(([name, value]) => [name, value.length]);
    },
    expected: [["accept-language", 100], ["content-language", 128]],
  },
  {
    name: "request-no-cors: content-type essences and parameters",
    run: ({ headersWithGuard }) =>
      [
        "multipart/form-data; boundary=x",
        "application/x-www-form-urlencoded",
        "text/plain;charset=utf-8",
        'text/plain;charset="utf-8"',
        "text/plain ;x=y",
        "text /plain",
        "text/plain, text/plain",
        "text/html",
        "/plain",
        "text/",
      ].map((value) => {
        const headers = headersWithGuard("request-no-cors");
        headers.set("content-type", value);
        return headers.get("content-type");
      }),
    expected: [
      "multipart/form-data; boundary=x",
      "application/x-www-form-urlencoded",
      "text/plain;charset=utf-8",
      null,
      "text/plain ;x=y",
      null,
      null,
      null,
      null,
      null,
    ],
  },
  {
    name: "request-no-cors: range is removed after every successful change, and only then",
    run: ({ headersFromRawList }) => {
      const raw = () =>
        headersFromRawList(["Range", "bytes=0-1", "Accept", "x"], "request-no-cors");
      const results: unknown[] = [];
      const unchanged = raw();
      results.push(unchanged.get("range"));
      unchanged.append("x-custom", "1");
      unchanged.set("x-custom", "1");
      unchanged.delete("x-custom");
      unchanged.delete("accept-language");
      unchanged.append("accept", "\x01");
      results.push(unchanged.get("range"));
      for (const change of ["append", "set", "delete", "delete range"]) {
        const headers = raw();
        if (change === "append") headers.append("accept", "y");
        if (change === "set") headers.set("accept", "y");
        if (change === "delete") headers.delete("accept");
        if (change === "delete range") headers.delete("range");
        results.push([change, pairs(headers)]);
      }
      return results;
    },
    expected: [
      "bytes=0-1",
      "bytes=0-1",
      ["append", [["accept", "x, y"]]],
      ["set", [["accept", "y"]]],
      ["delete", []],
      ["delete range", [["accept", "x"]]],
    ],
  },
  {
    name: "server profile: no forbidden-header filtering; no-CORS rules unchanged",
    run: ({ headersWithGuard, headersFromRawList }) => {
      const server = { profile: "server" } as const;
      const request = headersWithGuard("request", [["Host", "x"], ["Set-Cookie", "a"]], server);
      request.append("sec-fetch-mode", "cors");
      const response = headersWithGuard("response", [["Set-Cookie", "a=1"]], server);
      response.append("set-cookie", "b=2");
      const noCors = headersWithGuard(
        "request-no-cors",
        [["x-custom", "1"], ["accept", "a"]],
        server,
      );
      const raw = headersFromRawList(["Host", "h"], "request", server);
      raw.delete("host");
      return [pairs(request), response.getSetCookie(), pairs(noCors), pairs(raw)];
    },
    expected: [
      [["host", "x"], ["sec-fetch-mode", "cors"], ["set-cookie", "a"]],
      ["a=1", "b=2"],
      [["accept", "a"]],
      [],
    ],
  },
  {
    name: "headersWithGuard from a Headers filters what the guard forbids (no sharing then)",
    run: ({ Headers, headersWithGuard }) => {
      const source = new Headers([["Host", "h"], ["Set-Cookie", "c"], ["a", "1"], [
        "range",
        "bytes=1-",
      ]]);
      const request = headersWithGuard("request", source);
      const response = headersWithGuard("response", source);
      const noCors = headersWithGuard("request-no-cors", source);
      const serverRequest = headersWithGuard("request", source, { profile: "server" });
      const immutable = headersWithGuard("immutable", source);
      source.append("a", "2");
      return [
        pairs(request),
        pairs(response),
        pairs(noCors),
        pairs(serverRequest),
        pairs(immutable),
        attempt(() => immutable.append("b", "1")),
      ];
    },
    expected: [
      [["a", "1"], ["range", "bytes=1-"]],
      [["a", "1"], ["host", "h"], ["range", "bytes=1-"]],
      [],
      [["a", "1"], ["host", "h"], ["range", "bytes=1-"], ["set-cookie", "c"]],
      [["a", "1"], ["host", "h"], ["range", "bytes=1-"], ["set-cookie", "c"]],
      TYPE_ERROR,
    ],
  },
  {
    name: "headersWithGuard shares a clean source under request and response guards",
    run: ({ Headers, headersWithGuard }) => {
      const source = new Headers({ Accept: "a", "X-Id": "1" });
      const request = headersWithGuard("request", source);
      const response = headersWithGuard("response", source);
      request.append("x-id", "2");
      source.delete("accept");
      return [pairs(source), pairs(request), pairs(response)];
    },
    expected: [
      [["x-id", "1"]],
      [["accept", "a"], ["x-id", "1, 2"]],
      [["accept", "a"], ["x-id", "1"]],
    ],
  },
];

const rawLists: Scenario[] = [
  {
    name: "raw list: taken as is, per-name order kept, guard set afterwards (default request)",
    run: ({ headersFromRawList }) => {
      const headers = headersFromRawList([
        "Host",
        "a",
        "Accept",
        "x",
        "Set-Cookie",
        "1",
        "accept",
        "y",
        "set-cookie",
        "2",
      ]);
      headers.append("cookie", "c");
      return [headers.get("ACCEPT"), headers.getSetCookie(), pairs(headers)];
    },
    expected: [
      "x, y",
      ["1", "2"],
      [["accept", "x, y"], ["host", "a"], ["set-cookie", "1"], ["set-cookie", "2"]],
    ],
  },
  {
    name: "raw list: every method works as the first call",
    run: ({ headersFromRawList, Headers, headersWithGuard }) => {
      const raw = () => headersFromRawList(["A", "1", "b", "2"], "none");
      const firsts: Record<string, (headers: HeadersLike) => unknown> = {
        get: (headers) => headers.get("a"),
        has: (headers) => headers.has("B"),
        getSetCookie: (headers) => headers.getSetCookie(),
        append: (headers) => (headers.append("a", "3"), pairs(headers)),
        set: (headers) => (headers.set("b", "3"), pairs(headers)),
        delete: (headers) => (headers.delete("a"), pairs(headers)),
        next: (headers) => headers.keys().next(),
        forEach: (headers) => {
          const names: string[] = [];
          headers.forEach((_value, name) => names.push(name));
          return names;
        },
        copy: (headers) => pairs(new Headers(headers)),
        guardedCopy: (headers) => pairs(headersWithGuard("response", headers)),
      };
      return Object.entries(firsts).map(([name, first]) => [name, first(raw())]);
    },
    expected: [
      ["get", "1"],
      ["has", true],
      ["getSetCookie", []],
      ["append", [["a", "1, 3"], ["b", "2"]]],
      ["set", [["a", "1"], ["b", "3"]]],
      ["delete", [["b", "2"]]],
      ["next", { value: "a", done: false }],
      ["forEach", ["a", "b"]],
      ["copy", [["a", "1"], ["b", "2"]]],
      ["guardedCopy", [["a", "1"], ["b", "2"]]],
    ],
  },
  {
    name: "raw list: an invalid list throws a TypeError by the first call that reads it",
    run: ({ headersFromRawList, Headers }) => {
      const invalid: unknown[][] = [
        ["a b", "1"],
        ["a", " 1"],
        ["a", "1\t"],
        ["a", "1\n"],
        ["a", "x\0"],
        ["a"],
        ["", "1"],
      ];
      return invalid.map((flat) => {
        const make = () => headersFromRawList(flat as string[], "none");
        return [
          ...readsOf(make, [
            (headers) => headers.get("a"),
            (headers) => headers.has("a"),
            (headers) => headers.getSetCookie(),
            (headers) => headers.append("c", "1"),
            (headers) => headers.set("c", "1"),
            (headers) => headers.delete("c"),
            (headers) => headers.keys().next(),
            (headers) => headers.forEach(() => {}),
            (headers) => new Headers(headers),
          ]),
          readsOf(make, [(headers) => headers.get("a"), (headers) => headers.get("a")]),
        ];
      });
    },
    expected: Array(7).fill([...Array(9).fill(TYPE_ERROR), [TYPE_ERROR, TYPE_ERROR]]),
  },
  {
    name: "raw list: a value with a code unit above 0xFF is not a header value",
    run: ({ headersFromRawList }) =>
      readsOf(() => headersFromRawList(["a", "\u0100"], "none"), [(headers) => headers.get("a")]),
    expected: [TYPE_ERROR],
  },
  {
    name: "raw list: guards apply to later calls; immutable raw lists read but never write",
    run: ({ headersFromRawList, freezeHeaders }) => {
      const request = headersFromRawList(["Host", "h"]);
      request.append("host", "other");
      const immutable = headersFromRawList(["a", "1"], "immutable");
      const frozen = () => {
        const headers = headersFromRawList(["a b", "1"]);
        freezeHeaders(headers);
        return headers;
      };
      return [
        pairs(request),
        immutable.get("a"),
        attempt(() => immutable.append("b", "1")),
        readsOf(frozen, [(headers) => headers.get("a")])[0],
        pairs(headersFromRawList([])),
      ];
    },
    expected: [[["host", "h"]], "1", TYPE_ERROR, TYPE_ERROR, []],
  },
];

const caches: Scenario[] = [
  {
    name: "validated-name cache: names of different validity never share an answer",
    run: ({ Headers }) => {
      const headers = new Headers();
      headers.append("X-Foo", "1");
      const outcomes = [
        attempt(() => headers.append("X-Foo ", "2")),
        attempt(() => headers.get("X-Fo\u00f6")),
        attempt(() => headers.get("x-foo")),
        attempt(() => headers.get("X-FOO")),
        attempt(() => headers.has("X-Foo\n")),
        attempt(() => headers.has("X-Foo\n")),
        attempt(() => headers.get("X-Foo")),
      ];
      return outcomes;
    },
    expected: [TYPE_ERROR, TYPE_ERROR, { ok: "1" }, { ok: "1" }, TYPE_ERROR, TYPE_ERROR, {
      ok: "1",
    }],
  },
];

/** Every scenario, grouped by what it covers. */
export const SCENARIOS: Readonly<Record<string, readonly Scenario[]>> = {
  basics,
  records,
  sequences,
  iteration,
  copies,
  guards,
  "raw lists": rawLists,
  caches,
};
