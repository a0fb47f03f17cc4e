/**
 * The benchmarked operations. A scenario is one operation on one input size; it prepares a
 * {@link CaseState} for an implementation, refills per-batch inputs outside the timed window
 * (fresh name strings, fresh target objects for operations that mutate), runs the operation in
 * a loop, and checks the observable results against values written down from the input data.
 *
 * Every loop is a self-contained function (it reads only its arguments and globals) so that
 * {@link privateCopy} can compile a separate copy of it per implementation: each copy has its own
 * inline caches, so a call site never turns polymorphic because another implementation's class
 * went through it, and no implementation is measured with another one's type feedback.
 *
 * Every loop returns a digest of what it computed (value lengths, hit counts, entry lengths) or
 * stores what it built in `state.last`, so no engine can drop the work as dead code; the runner
 * checks the digest sum after timing ({@link Scenario.digestPerOp}).
 *
 * @example
 * ```ts
 * import { SCENARIOS, privateCopy } from "./scenarios.ts";
 * const scenario = SCENARIOS.find((s) => s.id === "get-hit-same-case-12")!;
 * const state = scenario.prepare(Headers);
 * scenario.refill(state, 10);
 * const loop = privateCopy(scenario.loop);
 * loop(state, 0, 10) === 10 * scenario.digestPerOp; // true for a correct Headers
 * ```
 *
 * @module
 */

import type { HeadersConstructor, HeadersLike } from "../spec/contract.ts";
import {
  expectedPairs,
  FRESH_PAIR,
  freshCopy,
  hitName,
  MISS_NAME,
  mixedCase,
  type Pair,
  requestSet,
  RESPONSE_12,
  SET_EXISTING_VALUES,
  toRecord,
  toSequence,
  TWELVE_GETS,
  valueOf,
  without,
  withValue,
} from "./data.ts";

/** The inputs and outputs of one scenario for one implementation. */
export interface CaseState {
  /** The Headers class under test. */
  H: HeadersConstructor;
  /** The module's `headersFromRawList` (guard "request" by default), or null. */
  fromRawList: ((flat: string[]) => HeadersLike) | null;
  /** One fresh flat `[name, value, ...]` list per operation of the batch, handed over. */
  lists: string[][];
  /** The prepared instance that lookups, iteration and "set existing" use. */
  h: HeadersLike;
  /** Lookup names for the current batch: `perOp` names per operation. */
  names: string[];
  /** How many names one operation looks up. */
  perOp: number;
  /** Values the operation writes. */
  values: string[];
  /** One fresh instance per operation of the batch, for operations that mutate. */
  targets: HeadersLike[];
  /** The constructor argument (HeadersInit, or a ResponseInit). */
  init: unknown;
  /** The body of `new Response(body, init)`. */
  body: string;
  /** What the last operation built, kept alive and checked afterwards. */
  last: unknown;
}

/** Runs operations `from` (inclusive) to `to` (exclusive) of the batch; returns their digest. */
export type Loop = (s: CaseState, from: number, to: number) => number;

/** Which performance bar of the impl applies to an operation (issue 3). */
export type Bar = "3x" | "50x" | "none";

/** One benchmarked operation at one size. */
export interface Scenario {
  /** Stable machine name, e.g. `get-hit-same-case-12`. */
  id: string;
  /** The operation, without size: "get hit, same case". */
  op: string;
  /** The task label without implementation: "get hit, same case (12)". */
  label: string;
  /** Number of headers in the input set. */
  size: number;
  /** Whether lookup names are fresh string objects for every operation. */
  freshNames: boolean;
  /** Only the runtime's native classes (`Response`) take part. */
  nativeOnly: boolean;
  /** Only implementations with `headersFromRawList` take part. */
  rawList: boolean;
  /** The speed-up over Deno's native Headers the impl must reach. */
  bar: Bar;
  /** What the loop returns per operation when every call returns the right value. */
  digestPerOp: number;
  /** The timed loop (self-contained; see {@link privateCopy}). */
  loop: Loop;
  /** Builds the state for an implementation (`fromRawList`: its `headersFromRawList`, or null). */
  prepare(
    H: HeadersConstructor,
    fromRawList?: ((flat: string[]) => HeadersLike) | null,
  ): CaseState;
  /** Prepares inputs for `count` operations, outside the timed window. */
  refill(s: CaseState, count: number): void;
  /** Throws a {@link SanityError} unless the last `count` operations produced the right results. */
  check(s: CaseState, count: number): void;
}

/** A benchmarked call returned a wrong value: the run must stop. */
export class SanityError extends Error {
  /** @param message what was called, what was expected and what came back */
  constructor(message: string) {
    super(message);
    this.name = "SanityError";
  }
}

/**
 * A copy of `loop` compiled from its source text, with its own inline caches and type feedback.
 * `loop` must read nothing but its arguments and globals.
 */
export function privateCopy(loop: Loop): Loop {
  const source = Function.prototype.toString.call(loop);
  return new Function(`"use strict"; return (${source});`)() as Loop;
}

/** Throws a SanityError unless `actual` and `expected` have the same JSON form. */
export function expectSame(actual: unknown, expected: unknown, what: string): void {
  const got = JSON.stringify(actual);
  const want = JSON.stringify(expected);
  if (got !== want) throw new SanityError(`${what}: expected ${want}, got ${got}`);
}

/** A Headers of `H` holding `pairs`, built by appends so it shares no storage with anything. */
export function buildByAppends(H: HeadersConstructor, pairs: readonly Pair[]): HeadersLike {
  const headers = new H();
  for (const [name, value] of pairs) headers.append(name, value);
  return headers;
}

function emptyState(H: HeadersConstructor, h: HeadersLike): CaseState {
  return {
    H,
    fromRawList: null,
    lists: [],
    h,
    names: [],
    perOp: 1,
    values: [],
    targets: [],
    init: undefined,
    body: "",
    last: null,
  };
}

function valueDigest(value: string | null): number {
  return value === null ? -1 : value.length;
}

function pairsDigest(pairs: readonly Pair[]): number {
  return pairs.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
}

function sizeLabel(op: string, size: number, freshNames: boolean): string {
  return `${op}${freshNames ? ", fresh names" : ""} (${size})`;
}

function scenarioId(op: string, size: number, freshNames: boolean): string {
  const slug = op.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${slug}${freshNames ? "-fresh" : ""}-${size}`;
}

/** Fills `s.names` with `count` operations' worth of lookup names, fresh objects if asked. */
function refillNames(s: CaseState, names: readonly string[], count: number, fresh: boolean): void {
  const needed = count * names.length;
  if (!fresh && s.names.length >= needed) return;
  const list = new Array<string>(needed);
  for (let i = 0; i < needed; i++) {
    const name = names[i % names.length];
    list[i] = fresh ? freshCopy(name) : name;
  }
  s.names = list;
}

// ---- timed loops (self-contained) ----

function getLoop(s: CaseState, from: number, to: number): number {
  const h = s.h;
  const names = s.names;
  const end = to * s.perOp;
  let digest = 0;
  for (let i = from * s.perOp; i < end; i++) {
    const value = h.get(names[i]);
    digest += value === null ? -1 : value.length;
  }
  return digest;
}

function hasLoop(s: CaseState, from: number, to: number): number {
  const h = s.h;
  const names = s.names;
  let digest = 0;
  for (let i = from; i < to; i++) digest += h.has(names[i]) ? 2 : 1;
  return digest;
}

function constructLoop(s: CaseState, from: number, to: number): number {
  const H = s.H;
  const init = s.init;
  let last = null;
  for (let i = from; i < to; i++) last = new H(init as never);
  s.last = last;
  return to - from;
}

/**
 * Construction followed by one `get` of a present name: what an implementation that defers work
 * at construction (impl builds its index on the first read) costs when the Headers is read.
 */
function constructThenGetLoop(s: CaseState, from: number, to: number): number {
  const H = s.H;
  const init = s.init;
  const name = s.values[0];
  let last = null;
  let found = 0;
  for (let i = from; i < to; i++) {
    last = new H(init as never);
    if (last.get(name) !== null) found++;
  }
  s.last = last;
  return found;
}

/**
 * A server's request headers read once: a Headers over the flat list its HTTP parser handed over
 * (`headersFromRawList`, guard "request"), then one `get` of a present name.
 */
function rawListThenGetLoop(s: CaseState, from: number, to: number): number {
  const fromRawList = s.fromRawList as (flat: string[]) => HeadersLike;
  const lists = s.lists;
  const name = s.values[0];
  let last = null;
  let found = 0;
  for (let i = from; i < to; i++) {
    last = fromRawList(lists[i]);
    if (last.get(name) !== null) found++;
  }
  s.last = last;
  return found;
}

function newThenSetLoop(s: CaseState, from: number, to: number): number {
  const H = s.H;
  const name = s.values[0];
  const value = s.values[1];
  let last = null;
  for (let i = from; i < to; i++) {
    const headers = new H();
    headers.set(name, value);
    last = headers;
  }
  s.last = last;
  return to - from;
}

function setExistingLoop(s: CaseState, from: number, to: number): number {
  const h = s.h;
  const name = s.names[0];
  const values = s.values;
  for (let i = from; i < to; i++) h.set(name, values[i & 1]);
  return to - from;
}

function setFreshLoop(s: CaseState, from: number, to: number): number {
  const targets = s.targets;
  const name = s.values[0];
  const value = s.values[1];
  for (let i = from; i < to; i++) targets[i].set(name, value);
  return to - from;
}

function appendFreshLoop(s: CaseState, from: number, to: number): number {
  const targets = s.targets;
  const name = s.values[0];
  const value = s.values[1];
  for (let i = from; i < to; i++) targets[i].append(name, value);
  return to - from;
}

function deleteLoop(s: CaseState, from: number, to: number): number {
  const targets = s.targets;
  const name = s.values[0];
  for (let i = from; i < to; i++) targets[i].delete(name);
  return to - from;
}

function iterateLoop(s: CaseState, from: number, to: number): number {
  const h = s.h;
  let digest = 0;
  for (let i = from; i < to; i++) {
    for (const entry of h) digest += entry[0].length + entry[1].length;
  }
  return digest;
}

function appendThenIterateLoop(s: CaseState, from: number, to: number): number {
  const targets = s.targets;
  const name = s.values[0];
  const value = s.values[1];
  let digest = 0;
  for (let i = from; i < to; i++) {
    const target = targets[i];
    target.append(name, value);
    for (const entry of target) digest += entry[0].length + entry[1].length;
  }
  return digest;
}

function getSetCookieLoop(s: CaseState, from: number, to: number): number {
  const h = s.h;
  let digest = 0;
  for (let i = from; i < to; i++) {
    const cookies = h.getSetCookie();
    digest += cookies.length + cookies[cookies.length - 1].length;
  }
  return digest;
}

function responseLoop(s: CaseState, from: number, to: number): number {
  const body = s.body;
  const init = s.init as ResponseInit;
  let last = null;
  for (let i = from; i < to; i++) last = new Response(body, init);
  s.last = last;
  return to - from;
}

// ---- scenario families ----

function getScenario(
  op: string,
  size: number,
  lookups: readonly string[],
  fresh: boolean,
): Scenario {
  const pairs = requestSet(size);
  const expected = lookups.map((name) => valueOf(pairs, name));
  return {
    id: scenarioId(op, size, fresh),
    op,
    label: sizeLabel(op, size, fresh),
    size,
    freshNames: fresh,
    nativeOnly: false,
    rawList: false,
    bar: "3x",
    digestPerOp: expected.reduce((sum: number, value) => sum + valueDigest(value), 0),
    loop: getLoop,
    prepare(H) {
      const state = emptyState(H, buildByAppends(H, pairs));
      state.perOp = lookups.length;
      return state;
    },
    refill(s, count) {
      refillNames(s, lookups, count, fresh);
    },
    check(s) {
      const names = lookups.map((name) => (fresh ? freshCopy(name) : name));
      expectSame(names.map((name) => s.h.get(name)), expected, `get(${names.join(", ")})`);
    },
  };
}

function hasScenario(op: string, size: number, name: string, fresh: boolean): Scenario {
  const expected = valueOf(requestSet(size), name) !== null;
  return {
    id: scenarioId(op, size, fresh),
    op,
    label: sizeLabel(op, size, fresh),
    size,
    freshNames: fresh,
    nativeOnly: false,
    rawList: false,
    bar: "3x",
    digestPerOp: expected ? 2 : 1,
    loop: hasLoop,
    prepare: (H) => emptyState(H, buildByAppends(H, requestSet(size))),
    refill(s, count) {
      refillNames(s, [name], count, fresh);
    },
    check(s) {
      expectSame(s.h.has(fresh ? freshCopy(name) : name), expected, `has("${name}")`);
    },
  };
}

function constructScenario(
  op: string,
  size: number,
  bar: Bar,
  makeInit: (H: HeadersConstructor, pairs: readonly Pair[]) => unknown,
  loop: Loop = constructLoop,
): Scenario {
  const pairs = requestSet(size);
  return {
    id: scenarioId(op, size, false),
    op,
    label: sizeLabel(op, size, false),
    size,
    freshNames: false,
    nativeOnly: false,
    rawList: false,
    bar,
    digestPerOp: 1,
    loop,
    prepare(H) {
      const state = emptyState(H, buildByAppends(H, pairs));
      state.init = makeInit(H, pairs);
      state.values = [hitName(size)];
      return state;
    },
    refill() {},
    check(s) {
      expectSame([...(s.last as HeadersLike)], expectedPairs(pairs), `${op}: entries`);
      if (s.init instanceof s.H) {
        expectSame([...(s.init as HeadersLike)], expectedPairs(pairs), `${op}: source entries`);
      }
    },
  };
}

/** A scenario whose operation mutates a fresh target per operation (built outside the timing). */
function targetScenario(
  op: string,
  size: number,
  loop: Loop,
  values: readonly string[],
  after: (pairs: readonly Pair[]) => readonly Pair[],
  digestPerOp: (pairsAfter: readonly Pair[]) => number,
): Scenario {
  const pairs = requestSet(size);
  const expected = expectedPairs(after(pairs));
  return {
    id: scenarioId(op, size, false),
    op,
    label: sizeLabel(op, size, false),
    size,
    freshNames: false,
    nativeOnly: false,
    rawList: false,
    bar: "3x",
    digestPerOp: digestPerOp(expected),
    loop,
    prepare(H) {
      const state = emptyState(H, buildByAppends(H, pairs));
      state.values = [...values];
      return state;
    },
    refill(s, count) {
      const targets = new Array<HeadersLike>(count);
      for (let i = 0; i < count; i++) targets[i] = buildByAppends(s.H, pairs);
      s.targets = targets;
    },
    check(s, count) {
      for (let i = 0; i < count; i++) {
        expectSame([...s.targets[i]], expected, `${op}: entries of target ${i} afterwards`);
      }
    },
  };
}

function setExistingScenario(size: number): Scenario {
  const op = "set existing";
  const pairs = requestSet(size);
  const name = hitName(size);
  return {
    id: scenarioId(op, size, false),
    op,
    label: sizeLabel(op, size, false),
    size,
    freshNames: false,
    nativeOnly: false,
    rawList: false,
    bar: "3x",
    digestPerOp: 1,
    loop: setExistingLoop,
    prepare(H) {
      const state = emptyState(H, buildByAppends(H, pairs));
      state.names = [name];
      state.values = [...SET_EXISTING_VALUES];
      return state;
    },
    refill() {},
    check(s) {
      const value = s.h.get(name);
      if (value === null || !SET_EXISTING_VALUES.includes(value)) {
        throw new SanityError(
          `set existing: get("${name}") after set is ${JSON.stringify(value)}, ` +
            `expected one of ${JSON.stringify(SET_EXISTING_VALUES)}`,
        );
      }
      expectSame([...s.h], expectedPairs(withValue(pairs, name, value)), "set existing: entries");
    },
  };
}

function rawListThenGetScenario(size: number): Scenario {
  const op = "raw request list, then get";
  const pairs = requestSet(size);
  const flat = pairs.flatMap(([name, value]) => [name, value]);
  const name = hitName(size);
  return {
    id: scenarioId(op, size, false),
    op,
    label: sizeLabel(op, size, false),
    size,
    freshNames: false,
    nativeOnly: false,
    rawList: true,
    bar: "none",
    digestPerOp: 1,
    loop: rawListThenGetLoop,
    prepare(H, fromRawList = null) {
      const state = emptyState(H, new H());
      state.fromRawList = fromRawList;
      state.values = [name];
      return state;
    },
    refill(s, count) {
      const lists = new Array<string[]>(count);
      for (let i = 0; i < count; i++) lists[i] = [...flat];
      s.lists = lists;
    },
    check(s) {
      const headers = s.last as HeadersLike;
      expectSame([...headers], expectedPairs(pairs), `${op}: entries`);
    },
  };
}

function newThenSetScenario(): Scenario {
  const op = "new Headers() then set";
  const [name, value] = FRESH_PAIR;
  return {
    id: scenarioId(op, 1, false),
    op,
    label: `${op} (1)`,
    size: 1,
    freshNames: false,
    nativeOnly: false,
    rawList: false,
    bar: "3x",
    digestPerOp: 1,
    loop: newThenSetLoop,
    prepare(H) {
      const state = emptyState(H, new H());
      state.values = [name, value];
      return state;
    },
    refill() {},
    check(s) {
      expectSame([...(s.last as HeadersLike)], [[name, value]], `${op}: entries`);
    },
  };
}

function iterateScenario(size: number): Scenario {
  const op = "for...of";
  const pairs = requestSet(size);
  const expected = expectedPairs(pairs);
  return {
    id: scenarioId(op, size, false),
    op,
    label: sizeLabel(op, size, false),
    size,
    freshNames: false,
    nativeOnly: false,
    rawList: false,
    bar: "50x",
    digestPerOp: pairsDigest(expected),
    loop: iterateLoop,
    prepare: (H) => emptyState(H, buildByAppends(H, pairs)),
    refill() {},
    check(s) {
      expectSame([...s.h], expected, `${op}: entries`);
    },
  };
}

function getSetCookieScenario(): Scenario {
  const op = "getSetCookie, 3 cookies";
  const cookies = RESPONSE_12.filter(([name]) => name === "set-cookie").map(([, v]) => v);
  return {
    id: scenarioId(op, 12, false),
    op,
    label: sizeLabel(op, 12, false),
    size: 12,
    freshNames: false,
    nativeOnly: false,
    rawList: false,
    bar: "3x",
    digestPerOp: cookies.length + cookies[cookies.length - 1].length,
    loop: getSetCookieLoop,
    prepare: (H) => emptyState(H, buildByAppends(H, RESPONSE_12)),
    refill() {},
    check(s) {
      expectSame(s.h.getSetCookie(), cookies, "getSetCookie()");
    },
  };
}

function responseScenario(op: string, fromExisting: boolean): Scenario {
  const cookies = RESPONSE_12.filter(([name]) => name === "set-cookie").map(([, v]) => v);
  return {
    id: scenarioId(op, 12, false),
    op,
    label: sizeLabel(op, 12, false),
    size: 12,
    freshNames: false,
    nativeOnly: true,
    rawList: false,
    bar: "none",
    digestPerOp: 1,
    loop: responseLoop,
    prepare(H) {
      const h = buildByAppends(H, RESPONSE_12);
      const state = emptyState(H, h);
      state.body = "<!doctype html><title>headerproof</title>";
      state.init = { headers: fromExisting ? h : toRecordKeepingLastCookie() };
      return state;
    },
    refill() {},
    check(s) {
      const response = s.last as Response;
      const expectedCookies = fromExisting ? cookies : cookies.slice(-1);
      expectSame(
        [response.status, response.headers.get("content-type"), response.headers.getSetCookie()],
        [200, "text/html; charset=utf-8", expectedCookies],
        `${op}: status, content-type, cookies`,
      );
    },
  };
}

/** A record cannot repeat `set-cookie`: the response record keeps its last cookie. */
function toRecordKeepingLastCookie(): Record<string, string> {
  const cookies = RESPONSE_12.filter(([name]) => name === "set-cookie");
  return toRecord([...RESPONSE_12.filter(([name]) => name !== "set-cookie"), cookies[2]]);
}

function scenariosOfSize(size: number): Scenario[] {
  const hit = hitName(size);
  const [freshName, freshValue] = FRESH_PAIR;
  const list: Scenario[] = [
    constructScenario("construct from record", size, "3x", (_, p) => toRecord(p)),
    constructScenario("construct from sequence", size, "3x", (_, p) => toSequence(p)),
    constructScenario("construct from Headers", size, "50x", (H, p) => buildByAppends(H, p)),
    constructScenario(
      "construct from record, then get",
      size,
      "none",
      (_, p) => toRecord(p),
      constructThenGetLoop,
    ),
    rawListThenGetScenario(size),
  ];
  for (const fresh of [false, true]) {
    list.push(
      getScenario("get hit, same case", size, [hit], fresh),
      getScenario("get hit, mixed case", size, [mixedCase(hit)], fresh),
      getScenario("get miss", size, [MISS_NAME], fresh),
      hasScenario("has hit", size, hit, fresh),
      hasScenario("has miss", size, MISS_NAME, fresh),
    );
    if (size === 12) list.push(getScenario("12 different gets", size, TWELVE_GETS, fresh));
  }
  list.push(
    setExistingScenario(size),
    targetScenario(
      "delete",
      size,
      deleteLoop,
      [hit],
      (p) => without(p, hit),
      () => 1,
    ),
    iterateScenario(size),
    targetScenario(
      "append then iterate",
      size,
      appendThenIterateLoop,
      [freshName, freshValue],
      (p) => [...p, FRESH_PAIR],
      pairsDigest,
    ),
  );
  if (size === 12) {
    list.push(
      targetScenario(
        "set fresh",
        size,
        setFreshLoop,
        [freshName, freshValue],
        (p) => [...p, FRESH_PAIR],
        () => 1,
      ),
      targetScenario(
        "append fresh",
        size,
        appendFreshLoop,
        [freshName, freshValue],
        (p) => [...p, FRESH_PAIR],
        () => 1,
      ),
      newThenSetScenario(),
      getSetCookieScenario(),
      responseScenario("new Response(body, {headers: record})", false),
      responseScenario("new Response(body, {headers: Headers})", true),
    );
  }
  return list;
}

/**
 * Every scenario: the 12-header set first, then the 100-header and 1-header sets where cost can
 * change with size.
 */
export const SCENARIOS: readonly Scenario[] = [
  ...scenariosOfSize(12),
  ...scenariosOfSize(100),
  ...scenariosOfSize(1),
];

/** The scenario with that id; throws a RangeError listing the ids otherwise. */
export function scenarioById(id: string): Scenario {
  const found = SCENARIOS.find((scenario) => scenario.id === id);
  if (found === undefined) {
    throw new RangeError(
      `unknown scenario "${id}"; known: ${SCENARIOS.map((s) => s.id).join(", ")}`,
    );
  }
  return found;
}
