/**
 * The conformance suite: the intent of the web-platform-tests in `fetch/api/headers/` and of the
 * Fetch standard's guard rules, written afresh as checks any implementation following the module
 * contract must pass. `conformance_suite_test.ts` runs it against the reference and the fast
 * Headers, each through {@link runConformanceSuite}.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { HeadersLike, HeadersModule } from "../spec/contract.ts";

/** One named check of the suite. */
export interface ConformanceCase {
  /** What behaviour the check pins, as a sentence. */
  name: string;
  /** Throws (an assertion error) when the module under test misbehaves. */
  run(mod: Required<HeadersModule>): void;
}

type Pairs = [string, string][];

const pairsOf = (headers: HeadersLike): Pairs => [...headers];

const iteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));

/** Every operation of the Headers interface, with the `length` WebIDL gives its function. */
const OPERATION_LENGTHS: Readonly<Record<string, number>> = {
  append: 2,
  delete: 1,
  get: 1,
  getSetCookie: 0,
  has: 1,
  set: 2,
  forEach: 1,
  entries: 0,
  keys: 0,
  values: 0,
};

/** Every conformance check, in a stable order. */
export const conformanceCases: readonly ConformanceCase[] = [
  // --- Construction (WPT headers-basic, headers-record) ---
  {
    name: "new Headers() with no argument, undefined and {} is empty",
    run: ({ Headers }) => {
      for (const init of [[], [undefined], [{}]] as unknown[][]) {
        assert.deepEqual(
          pairsOf(new (Headers as new (...a: unknown[]) => HeadersLike)(...init)),
          [],
        );
      }
    },
  },
  {
    name: "new Headers(null) and new Headers(1) throw TypeError",
    run: ({ Headers }) => {
      for (const init of [null, 1, "a", true, Symbol("s")]) {
        assert.throws(() => new Headers(init as never), TypeError);
      }
    },
  },
  {
    name: "sequence and record init give the same headers, values converted with ToString",
    run: ({ Headers }) => {
      const record = {
        name1: "value1",
        name4: null,
        name5: undefined,
        name6: 1,
        "Content-Type": "v",
      };
      const sequence = Object.entries(record);
      for (const headers of [new Headers(record as never), new Headers(sequence as never)]) {
        assert.equal(headers.get("name1"), "value1");
        assert.equal(headers.get("name4"), "null");
        assert.equal(headers.get("name5"), "undefined");
        assert.equal(headers.get("name6"), "1");
        assert.equal(headers.get("content-type"), "v");
        assert.equal(headers.get("length"), null);
      }
    },
  },
  {
    name: "a sequence pair that is not exactly two items throws TypeError",
    run: ({ Headers }) => {
      assert.throws(() => new Headers([["a"]] as never), TypeError);
      assert.throws(() => new Headers([["a", "b", "c"]] as never), TypeError);
      assert.throws(() => new Headers([[]] as never), TypeError);
      assert.throws(() => new Headers(["ab"] as never), TypeError);
    },
  },
  {
    name: "new Headers(existing) copies the iteration view; later changes do not leak either way",
    run: ({ Headers }) => {
      const source = new Headers([["B", "1"], ["a", "2"], ["b", "3"], ["Set-Cookie", "x"]]);
      const copy = new Headers(source);
      assert.deepEqual(pairsOf(copy), [["a", "2"], ["b", "1, 3"], ["set-cookie", "x"]]);
      copy.append("c", "4");
      source.delete("a");
      assert.deepEqual(pairsOf(source), [["b", "1, 3"], ["set-cookie", "x"]]);
      assert.deepEqual(pairsOf(copy), [["a", "2"], ["b", "1, 3"], ["c", "4"], ["set-cookie", "x"]]);
    },
  },
  {
    name: "new Headers(existing) honours a custom [Symbol.iterator] on the source",
    run: ({ Headers }) => {
      const source = new Headers({ a: "1" });
      Object.defineProperty(source, Symbol.iterator, {
        value: function* () {
          yield ["test", "test"];
        },
      });
      const copy = new Headers(source);
      assert.equal(copy.get("test"), "test");
      assert.equal(copy.get("a"), null);
    },
  },
  {
    name: "record init reads keys with ownKeys, then descriptor and value per enumerable key",
    run: ({ Headers }) => {
      const log: string[] = [];
      const target = { a: "1", b: "2" };
      Object.defineProperty(target, "hidden", { value: "3", enumerable: false });
      const proxy = new Proxy(target, {
        ownKeys: (t) => {
          log.push("ownKeys");
          return Reflect.ownKeys(t);
        },
        getOwnPropertyDescriptor: (t, key) => {
          log.push(`descriptor ${String(key)}`);
          return Reflect.getOwnPropertyDescriptor(t, key);
        },
        get: (t, key) => {
          log.push(`get ${String(key)}`);
          return Reflect.get(t, key);
        },
      });
      const headers = new Headers(proxy);
      assert.deepEqual(log, [
        "get Symbol(Symbol.iterator)",
        "ownKeys",
        "descriptor a",
        "get a",
        "descriptor b",
        "get b",
        "descriptor hidden",
      ]);
      assert.deepEqual(pairsOf(headers), [["a", "1"], ["b", "2"]]);
    },
  },
  {
    name: "record init: an enumerable Symbol key throws TypeError, a non-enumerable one is skipped",
    run: ({ Headers }) => {
      assert.throws(() => new Headers({ [Symbol("s")]: "x" } as never), TypeError);
      const quiet = {};
      Object.defineProperty(quiet, Symbol("s"), { value: "x", enumerable: false });
      assert.deepEqual(pairsOf(new Headers(quiet)), []);
    },
  },
  {
    name: "record init converts every entry before appending any (invalid name after a bad value)",
    run: ({ Headers }) => {
      // The record is converted whole first: the second value's ByteString error wins over the
      // first key's invalid header name.
      let secondRead = false;
      const init = {
        "bad name": "1",
        get b() {
          secondRead = true;
          return "\u0100";
        },
      };
      assert.throws(() => new Headers(init), TypeError);
      assert.equal(secondRead, true);
    },
  },
  {
    name: "a sequence is iterated whole before any pair is appended",
    run: ({ Headers }) => {
      const seen: string[] = [];
      function* pairs() {
        seen.push("first");
        yield ["bad name", "1"];
        seen.push("second");
        yield ["b", "2"];
      }
      assert.throws(() => new Headers(pairs() as never), TypeError);
      assert.deepEqual(seen, ["first", "second"]);
    },
  },
  {
    name: "a non-callable [Symbol.iterator] on init throws TypeError; null falls back to record",
    run: ({ Headers }) => {
      assert.throws(() => new Headers({ [Symbol.iterator]: 1, a: "1" } as never), TypeError);
      const nullIterator = { a: "1" };
      Object.defineProperty(nullIterator, Symbol.iterator, { value: null, enumerable: false });
      const viaRecord = new Headers(nullIterator);
      assert.equal(viaRecord.get("a"), "1");
    },
  },
  // --- ByteString and argument conversions (WPT headers-errors) ---
  {
    name: "code units above 0xFF throw TypeError in every method and in init",
    run: ({ Headers }) => {
      const headers = new Headers();
      assert.throws(() => headers.append("a\u0100", "x"), TypeError);
      assert.throws(() => headers.append("a", "\u0100"), TypeError);
      assert.throws(() => headers.set("a", "\u{1F600}"), TypeError);
      assert.throws(() => headers.get("\u0100"), TypeError);
      assert.throws(() => headers.has("\u0100"), TypeError);
      assert.throws(() => headers.delete("\u0100"), TypeError);
      assert.throws(() => new Headers([["a", "\u0100"]]), TypeError);
      assert.throws(() => new Headers({ a: "\u0100" }), TypeError);
      headers.append("latin", "\u00ff\u0080");
      assert.equal(headers.get("latin"), "\u00ff\u0080");
    },
  },
  {
    name: "invalid header names throw TypeError in every method",
    run: ({ Headers }) => {
      const headers = new Headers();
      for (const name of ["", "a b", "a:b", "(", "\u00e9", "a\nb", "[", "@", '"']) {
        assert.throws(() => headers.append(name, "x"), TypeError, `append ${JSON.stringify(name)}`);
        assert.throws(() => headers.set(name, "x"), TypeError);
        assert.throws(() => headers.get(name), TypeError);
        assert.throws(() => headers.has(name), TypeError);
        assert.throws(() => headers.delete(name), TypeError);
        assert.throws(() => new Headers([[name, "x"]]), TypeError);
      }
      for (const name of ["!#$%&'*+-.^_`|~", "A0z9"]) headers.append(name, "ok");
      assert.equal(headers.get("a0Z9"), "ok");
    },
  },
  {
    name: "values with NUL, CR or LF inside throw TypeError after normalization",
    run: ({ Headers }) => {
      const headers = new Headers();
      for (const value of ["a\0b", "a\rb", "a\nb", "\0"]) {
        assert.throws(() => headers.append("a", value), TypeError);
        assert.throws(() => headers.set("a", value), TypeError);
      }
      headers.append("a", "\r\n\t x \t\r\n");
      assert.equal(headers.get("a"), "x");
    },
  },
  {
    name: "too few arguments throw TypeError; extra arguments are ignored",
    run: ({ Headers }) => {
      const headers = new Headers() as unknown as Record<string, (...a: unknown[]) => unknown>;
      assert.throws(() => headers.append("a"), TypeError);
      assert.throws(() => headers.set("a"), TypeError);
      assert.throws(() => headers.get(), TypeError);
      assert.throws(() => headers.has(), TypeError);
      assert.throws(() => headers.delete(), TypeError);
      assert.throws(() => headers.forEach(), TypeError);
      headers.append("a", "1", "extra");
      assert.equal(headers.get("a", "extra"), "1");
    },
  },
  {
    name: "names and values are converted with ToString; a Symbol throws TypeError",
    run: ({ Headers }) => {
      const headers = new Headers();
      headers.append({ toString: () => "obj" } as never, 1 as never);
      assert.equal(headers.get("obj"), "1");
      headers.set("n", null as never);
      assert.equal(headers.get("n"), "null");
      assert.throws(() => headers.append(Symbol("s") as never, "x"), TypeError);
      assert.throws(() => headers.get(Symbol("s") as never), TypeError);
    },
  },
  // --- Methods (WPT headers-basic, headers-casing, headers-combine) ---
  {
    name: "get combines values of one name in order with ', ' whatever the casing",
    run: ({ Headers }) => {
      const headers = new Headers([["Single", "1"], ["Double", "a"], ["DOUBLE", "b"]]);
      headers.append("double", "c");
      assert.equal(headers.get("double"), "a, b, c");
      assert.equal(headers.get("SINGLE"), "1");
      assert.equal(headers.get("missing"), null);
      assert.equal(headers.has("dOuBlE"), true);
      assert.equal(headers.has("missing"), false);
    },
  },
  {
    name: "set replaces every value of a name; delete removes every casing",
    run: ({ Headers }) => {
      const headers = new Headers([["a", "1"], ["B", "2"], ["A", "3"]]);
      headers.set("A", "9");
      assert.deepEqual(pairsOf(headers), [["a", "9"], ["b", "2"]]);
      headers.delete("b");
      assert.deepEqual(pairsOf(headers), [["a", "9"]]);
      headers.delete("not-there");
      assert.deepEqual(pairsOf(headers), [["a", "9"]]);
    },
  },
  {
    name: "empty values are kept and combined",
    run: ({ Headers }) => {
      const headers = new Headers([["a", ""], ["a", ""], ["b", " "]]);
      assert.equal(headers.get("a"), ", ");
      assert.equal(headers.get("b"), "");
      assert.deepEqual(pairsOf(headers), [["a", ", "], ["b", ""]]);
    },
  },
  // --- Set-Cookie (WPT header-setcookie) ---
  {
    name: "set-cookie is combined by get but kept apart by iteration and getSetCookie",
    run: ({ Headers }) => {
      const headers = new Headers([
        ["xylophone", "1"],
        ["set-cookie", "3"],
        ["Set-Cookie", "5"],
        ["set-cookie2", "a"],
        ["Set-Cookie2", "b"],
      ]);
      assert.equal(headers.get("set-cookie"), "3, 5");
      assert.deepEqual(headers.getSetCookie(), ["3", "5"]);
      assert.deepEqual(pairsOf(headers), [
        ["set-cookie", "3"],
        ["set-cookie", "5"],
        ["set-cookie2", "a, b"],
        ["xylophone", "1"],
      ]);
      assert.deepEqual(new Headers().getSetCookie(), []);
      assert.deepEqual(new Headers([["set-cookie", ""]]).getSetCookie(), [""]);
    },
  },
  {
    name: "an open iterator sees set-cookie pairs appended after it was created",
    run: ({ Headers }) => {
      const headers = new Headers([["fizz", "buzz"], ["X-Header", "test"]]);
      const iterator = headers[Symbol.iterator]();
      assert.deepEqual(iterator.next().value, ["fizz", "buzz"]);
      headers.append("Set-Cookie", "a=b");
      assert.deepEqual(iterator.next().value, ["set-cookie", "a=b"]);
      headers.append("Accept", "text/html");
      assert.deepEqual(iterator.next().value, ["set-cookie", "a=b"]);
      assert.deepEqual(iterator.next().value, ["x-header", "test"]);
      headers.append("set-cookie", "c=d");
      assert.deepEqual(iterator.next().value, ["x-header", "test"]);
      assert.equal(iterator.next().done, true);
    },
  },
  // --- Iteration (WPT headers-basic) ---
  {
    name: "keys, values, entries and forEach walk lowercase names in byte order",
    run: ({ Headers }) => {
      const headers = new Headers({
        name1: "v1",
        Name2: "v2",
        name: "v3",
        "content-Type": "v4",
        "Content-Typ": "v5",
      });
      const names = ["content-typ", "content-type", "name", "name1", "name2"];
      assert.deepEqual([...headers.keys()], names);
      assert.deepEqual([...headers.values()], ["v5", "v4", "v3", "v1", "v2"]);
      assert.deepEqual([...headers.entries()].map(([name]) => name), names);
      const seen: string[] = [];
      headers.forEach(function (this: unknown, value, name, parent) {
        assert.equal(parent, headers);
        assert.equal(this, "thisArg");
        seen.push(`${name}=${value}`);
      }, "thisArg");
      assert.deepEqual(seen, [
        "content-typ=v5",
        "content-type=v4",
        "name=v3",
        "name1=v1",
        "name2=v2",
      ]);
    },
  },
  {
    name: "iteration reflects deletes, appends and prepends made while iterating",
    run: ({ Headers }) => {
      const init = { foo: "2", baz: "1", BAR: "0", quux: "3" };
      const walk = (mutate: (h: HeadersLike, name: string) => void) => {
        const headers = new Headers(init);
        const seen: string[] = [];
        for (const [name] of headers) {
          seen.push(name);
          mutate(headers, name);
        }
        return seen;
      };
      assert.deepEqual(walk((h) => h.delete("foo")), ["bar", "baz", "quux"]);
      assert.deepEqual(walk((h, n) => n === "baz" && h.delete("bar")), ["bar", "baz", "quux"]);
      assert.deepEqual(walk((h, n) => n === "baz" && h.append("X-yZ", "4")), [
        "bar",
        "baz",
        "foo",
        "quux",
        "x-yz",
      ]);
      assert.deepEqual(walk((h, n) => n === "baz" && h.append("abc", "-1")), [
        "bar",
        "baz",
        "baz",
        "foo",
        "quux",
      ]);
    },
  },
  {
    name: "a finished iterator is not latched: it yields again when the list grows",
    run: ({ Headers }) => {
      const headers = new Headers({ a: "1" });
      const keys = headers.keys();
      assert.deepEqual(keys.next(), { value: "a", done: false });
      assert.deepEqual(keys.next(), { value: undefined, done: true });
      headers.append("b", "2");
      assert.deepEqual(keys.next(), { value: "b", done: false });
    },
  },
  {
    name: "forEach re-reads the list after each callback",
    run: ({ Headers }) => {
      const headers = new Headers({ a: "1", b: "2", c: "3" });
      const seen: string[] = [];
      headers.forEach((_value, name) => {
        seen.push(name);
        if (name === "a") {
          headers.delete("b");
          headers.append("d", "4");
        }
      });
      assert.deepEqual(seen, ["a", "c", "d"]);
      assert.throws(() => headers.forEach(1 as never), TypeError);
    },
  },
  // --- Interface shape (WPT headers-idl, headers-basic) ---
  {
    name: "prototype shape: operations enumerable, @@iterator is entries, class strings",
    run: ({ Headers }) => {
      const proto = Headers.prototype as unknown as Record<PropertyKey, unknown>;
      for (const name of Object.keys(OPERATION_LENGTHS)) {
        const descriptor = Object.getOwnPropertyDescriptor(proto, name);
        assert.ok(descriptor, name);
        assert.equal(descriptor.enumerable, true, `${name} enumerable`);
        assert.equal(descriptor.writable, true, `${name} writable`);
        assert.equal(descriptor.configurable, true, `${name} configurable`);
      }
      assert.equal(proto[Symbol.iterator], proto.entries);
      const iteratorDescriptor = Object.getOwnPropertyDescriptor(proto, Symbol.iterator);
      assert.deepEqual(
        [iteratorDescriptor?.writable, iteratorDescriptor?.enumerable],
        [true, false],
        "@@iterator attributes",
      );
      const tagDescriptor = Object.getOwnPropertyDescriptor(proto, Symbol.toStringTag);
      assert.deepEqual(
        [tagDescriptor?.writable, tagDescriptor?.enumerable, tagDescriptor?.configurable],
        [false, false, true],
        "@@toStringTag attributes",
      );
      assert.equal(Object.prototype.toString.call(new Headers()), "[object Headers]");
      assert.equal(
        Object.prototype.toString.call(new Headers().keys()),
        "[object Headers Iterator]",
      );

      for (const [name, length] of Object.entries(OPERATION_LENGTHS)) {
        assert.equal((proto[name] as () => void).length, length, `${name}.length`);
      }
      assert.equal(Headers.length, 0);
    },
  },
  {
    name: "iterator prototype: inherits %IteratorPrototype%, next is enumerable and brand-checked",
    run: ({ Headers }) => {
      const iterator = new Headers().entries();
      const prototype = Object.getPrototypeOf(iterator);
      assert.equal(Object.getPrototypeOf(prototype), iteratorPrototype);
      const descriptor = Object.getOwnPropertyDescriptor(prototype, "next");
      assert.ok(descriptor);
      assert.equal(descriptor.enumerable, true);
      assert.equal(descriptor.writable, true);
      assert.equal(descriptor.configurable, true);
      assert.throws(() => (prototype.next as () => void).call({}), TypeError);
      assert.equal(Object.getPrototypeOf(new Headers().keys()), prototype);
      assert.deepEqual(Reflect.ownKeys(prototype).map(String), [
        "next",
        "Symbol(Symbol.toStringTag)",
      ]);
      assert.equal(iterator[Symbol.iterator](), iterator);
    },
  },
  {
    name: "methods called on a non-Headers this throw TypeError",
    run: ({ Headers }) => {
      const proto = Headers.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
      for (const name of Object.keys(OPERATION_LENGTHS)) {
        assert.throws(() => proto[name].call({}, "a", "b"), TypeError, name);
      }
      assert.throws(() => (Headers as unknown as () => void)(), TypeError);
    },
  },
  // --- Guards (Fetch "validate", "append", request-no-cors; WPT headers-no-cors) ---
  {
    name: "guard immutable throws on every mutation, after init was filled",
    run: ({ headersWithGuard }) => {
      const headers = headersWithGuard("immutable", { a: "1" });
      assert.equal(headers.get("a"), "1");
      assert.throws(() => headers.append("b", "2"), TypeError);
      assert.throws(() => headers.set("a", "2"), TypeError);
      assert.throws(() => headers.delete("a"), TypeError);
      assert.throws(() => headers.delete("not-there"), TypeError);
      assert.deepEqual(pairsOf(headers), [["a", "1"]]);
    },
  },
  {
    name: "freezeHeaders makes an existing Headers immutable in place",
    run: ({ Headers, freezeHeaders }) => {
      const headers = new Headers({ a: "1" });
      const keys = headers.keys();
      freezeHeaders(headers);
      assert.throws(() => headers.append("b", "2"), TypeError);
      assert.deepEqual([...keys], ["a"]);
    },
  },
  {
    name: "guard request drops forbidden request-headers silently, standard profile",
    run: ({ headersWithGuard }) => {
      const headers = headersWithGuard("request", [
        ["Host", "x"],
        ["Sec-Fetch-Mode", "cors"],
        ["Proxy-Authorization", "x"],
        ["Set-Cookie", "x"],
        ["X-HTTP-Method-Override", 'GET, "x", trace'],
        ["X-HTTP-Method", "PATCH"],
        ["Accept", "*/*"],
      ]);
      assert.deepEqual(pairsOf(headers), [["accept", "*/*"], ["x-http-method", "PATCH"]]);
      headers.append("Cookie", "a=b");
      headers.set("content-length", "3");
      headers.delete("accept-charset");
      assert.equal(headers.has("cookie"), false);
      assert.equal(headers.has("content-length"), false);
      headers.append("x-method-override", "connect");
      assert.equal(headers.has("x-method-override"), false);
    },
  },
  {
    name: "guard request cannot delete a forbidden request-header taken from a raw list",
    run: ({ headersFromRawList }) => {
      const headers = headersFromRawList(["Host", "example.com", "Accept", "a"], "request");
      headers.delete("host");
      assert.equal(headers.get("host"), "example.com");
      headers.delete("accept");
      assert.equal(headers.has("accept"), false);
    },
  },
  {
    name: "guard response drops set-cookie and set-cookie2 only",
    run: ({ headersWithGuard }) => {
      const headers = headersWithGuard("response", {
        "Set-Cookie": "a",
        "Set-Cookie2": "b",
        Host: "h",
      });
      assert.deepEqual(pairsOf(headers), [["host", "h"]]);
      headers.append("set-cookie", "x");
      assert.deepEqual(headers.getSetCookie(), []);
    },
  },
  {
    name: "profile server: request and response guards forbid nothing",
    run: ({ headersWithGuard }) => {
      const server = { profile: "server" } as const;
      const request = headersWithGuard("request", { Host: "h", "Set-Cookie": "a" }, server);
      assert.deepEqual(pairsOf(request), [["host", "h"], ["set-cookie", "a"]]);
      const response = headersWithGuard("response", { "Set-Cookie": "a" }, server);
      response.append("set-cookie", "b");
      assert.deepEqual(response.getSetCookie(), ["a", "b"]);
      const immutable = headersWithGuard("immutable", { a: "1" }, server);
      assert.throws(() => immutable.set("a", "2"), TypeError);
    },
  },
  {
    name:
      "guard request-no-cors keeps only no-CORS-safelisted headers, checking the combined value",
    run: ({ headersWithGuard }) => {
      const headers = headersWithGuard("request-no-cors", [
        ["Accept", "text/html"],
        ["X-Custom", "1"],
        ["Content-Type", "text/plain;charset=UTF-8"],
        ["Content-Type", "text/html"],
        ["Content-Language", "en-US"],
        ["Accept-Language", "fr; q=0.5"],
        ["Accept", "a".repeat(120)],
      ]);
      assert.deepEqual(pairsOf(headers), [
        ["accept", "text/html"],
        ["accept-language", "fr; q=0.5"],
        ["content-language", "en-US"],
        // The second Content-Type is checked combined with the first: "text/plain;charset=UTF-8,
        // text/html" still parses as text/plain (the rest is a parameter value), so it stays.
        ["content-type", "text/plain;charset=UTF-8, text/html"],
      ]);
      headers.append("content-type", "a@b");
      headers.set("content-type", "application/json");
      assert.equal(headers.get("content-type"), "text/plain;charset=UTF-8, text/html");
      headers.set("accept", "x".repeat(128));
      assert.equal(headers.get("accept"), "x".repeat(128));
      headers.set("accept", "x".repeat(129));
      assert.equal(headers.get("accept"), "x".repeat(128));
      headers.delete("x-custom");
      headers.delete("accept");
      assert.equal(headers.has("accept"), false);
    },
  },
  {
    name: "guard request-no-cors never keeps range, and deleting ignores other names",
    run: ({ headersWithGuard, headersFromRawList }) => {
      const headers = headersWithGuard("request-no-cors", { Range: "bytes=0-10" });
      assert.equal(headers.has("range"), false);
      const raw = headersFromRawList(
        ["Range", "bytes=0-", "X-A", "1", "Accept", "a"],
        "request-no-cors",
      );
      raw.delete("x-a");
      assert.deepEqual(pairsOf(raw), [["accept", "a"], ["range", "bytes=0-"], ["x-a", "1"]]);
      raw.delete("not-there");
      assert.equal(raw.has("range"), true);
      raw.append("accept", "b");
      assert.deepEqual(pairsOf(raw), [["accept", "a, b"], ["x-a", "1"]]);
    },
  },
  {
    name: "MIME types that almost parse are not CORS-safelisted content types",
    run: ({ headersWithGuard }) => {
      const accepted = (value: string) =>
        headersWithGuard("request-no-cors", [["Content-Type", value]]).has("content-type");
      assert.equal(accepted("text/plain"), true);
      assert.equal(accepted("TEXT/PLAIN ; charset=x"), true);
      assert.equal(accepted("multipart/form-data; boundary=x"), true);
      assert.equal(accepted("application/x-www-form-urlencoded"), true);
      assert.equal(accepted("text/plain/x"), false);
      assert.equal(accepted("text /plain"), false);
      assert.equal(accepted("text/"), false);
      assert.equal(accepted("/plain"), false);
      assert.equal(accepted('text/plain;a="b"'), false);
      assert.equal(accepted("text/html"), false);
    },
  },
  // --- Raw lists (the server's flat list) ---
  {
    name: "headersFromRawList keeps the list as received and reports bad input with TypeError",
    run: ({ headersFromRawList }) => {
      const headers = headersFromRawList([
        "Host",
        "a",
        "host",
        "b",
        "Set-Cookie",
        "1",
        "set-cookie",
        "2",
      ]);
      assert.equal(headers.get("HOST"), "a, b");
      assert.deepEqual(headers.getSetCookie(), ["1", "2"]);
      for (const flat of [["a"], ["a b", "1"], ["a", " 1"], ["a", "1\n"], [1, "1"]]) {
        assert.throws(
          () => {
            const bad = headersFromRawList(flat as string[]);
            bad.get("a");
          },
          TypeError,
          JSON.stringify(flat),
        );
      }
    },
  },
];

/**
 * Runs every conformance check as a step of `t`, with the module's `Headers` installed as
 * `globalThis.Headers` for the duration (as the web-platform-tests see it), restored afterwards.
 *
 * @example
 * ```ts
 * import { runConformanceSuite } from "./conformance_suite.ts";
 * import * as reference from "./mod.ts";
 * Deno.test("conformance", (t) => runConformanceSuite(t, reference));
 * ```
 */
export async function runConformanceSuite(
  t: Deno.TestContext,
  mod: Required<HeadersModule> | Record<keyof Required<HeadersModule>, unknown>,
): Promise<void> {
  const complete = mod as Required<HeadersModule>;
  const native = globalThis.Headers;
  globalThis.Headers = complete.Headers as unknown as typeof globalThis.Headers;
  try {
    for (const conformanceCase of conformanceCases) {
      await t.step(conformanceCase.name, () => {
        conformanceCase.run({
          ...complete,
          Headers: globalThis.Headers as unknown as Required<HeadersModule>["Headers"],
        });
      });
    }
  } finally {
    globalThis.Headers = native;
  }
}
