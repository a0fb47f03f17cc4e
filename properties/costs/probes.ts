/**
 * The cost probes: what a `Headers` costs, measured in the process that runs it. Every function
 * here is self-contained (it calls only the others in this file and the runtime's globals), so a
 * reproduction embeds their source as it is (reproduction.ts) and prints the same figures the
 * campaign printed. Run them with a collector exposed: Deno `--v8-flags=--expose-gc`, Node
 * `--expose-gc`; Bun has `Bun.gc(true)`.
 *
 * A {@link CostCase} is data (JSON): the operation sequence of one measurement. {@link runCostCase}
 * runs it and returns its {@link CostFigures}, with the verdict against the stated bound:
 *
 * | probe     | measured                                                     | bound                                                         |
 * | --------- | ------------------------------------------------------------ | ------------------------------------------------------------- |
 * | `churn`   | heap retained by one Headers after a churn sequence and a GC | {@link ALLOWANCE_BYTES} + 16 × the live list's bytes          |
 * | `unread`  | heap retained by Requests or Responses never read, after a GC | ALLOWANCE_BYTES + 2 × the same messages, read (materialized) |
 * | `parents` | the same, names or values cut from 1 MiB parent strings      | the same                                                      |
 * | `module`  | heap the module keeps after every Headers is dropped         | the second half of the distinct names adds ≤ ALLOWANCE_BYTES |
 * | `growth`  | ns per step at size n and 16 n (medians of repeated rounds)  | ns(16 n) / ns(n) ≤ the case's factor                          |
 * | `large`   | the answers under large legal input                          | right answers; no throw, crash, abort or hang                 |
 *
 * @example
 * ```ts
 * import { openMeter, runCostCase } from "./probes.ts";
 * const meter = await openMeter();
 * const figures = runCostCase(globalThis.Headers, meter, {
 *   probe: "churn", label: "delete/append", setup: [["a", "1"]],
 *   cycle: [["delete", "a"], ["append", "a", "2"]], repeat: 1000,
 * });
 * console.log(figures.over);
 * ```
 *
 * @module
 */

/**
 * One step of a churn cycle. `append-large` and `set-large` write a value of that many code units,
 * a fresh string each cycle (so a cache keyed by or holding values is seen to keep them).
 */
export type ChurnOp =
  | ["append" | "set", string, string]
  | ["append-large" | "set-large", string, number]
  | ["delete" | "get" | "has", string]
  | ["copy" | "iterate" | "forEach" | "getSetCookie"];

/** The message constructors of a side, when it has them (a module may export only Headers). */
export interface MessageApi {
  // deno-lint-ignore no-explicit-any
  Request: any;
  // deno-lint-ignore no-explicit-any
  Response: any;
}

/**
 * What an `unread` case makes each message from: a plain-object ResponseInit or RequestInit
 * (`init-record`, its headers a record; `init-headers`, its headers a Headers), or another message
 * of the same kind as the init or input (`message`). Each init carries a member the standard never
 * reads, a 64 KiB ballast, the way an options object or an upstream message carries more than
 * headers: a message that keeps its init alive keeps the ballast.
 */
export type UnreadInit = "init-record" | "init-headers" | "message";

/** How a `parents` case cuts its names or values out of 1 MiB parents. */
export type ParentForm =
  | "name-slice"
  | "name-concat"
  | "value-slice"
  | "value-substring"
  | "value-concat"
  | "set-cookie-slice";

/** An operation kind whose cost per step is compared at size n and 16 n. */
export type GrowthOp =
  | "append"
  | "set"
  | "delete"
  | "get-hit"
  | "get-miss-seen"
  | "get-miss-never"
  | "has-hit"
  | "has-miss-seen"
  | "has-miss-never"
  | "iterator-next-with-set"
  | "for-each-with-set"
  | "construct-from-record"
  | "construct-from-sequence"
  | "construct-from-headers"
  | "get-set-cookie"
  | "response-unread"
  | "response-clone-unread"
  | "response-first-read"
  | "request-unread"
  | "request-from-request-unread";

/** A large legal input. */
export type LargeInput = "value-8-mib" | "headers-100000" | "set-cookie-50000";

/** One measurement, as data. */
export type CostCase =
  | {
    probe: "churn";
    /** What the cycle does, for the report. */
    label: string;
    /** The init of the one Headers measured. */
    setup: [string, string][];
    /** The operations repeated on it. */
    cycle: ChurnOp[];
    /** How often the cycle runs. */
    repeat: number;
  }
  | {
    probe: "unread";
    /** The kind of message. */
    message: "request" | "response";
    /** What each is made from. */
    init: UnreadInit;
    /** How many messages are kept. */
    count: number;
    /** Header entries per message. */
    entries: number;
  }
  | { probe: "parents"; form: ParentForm; count: number; parentLength: number }
  | { probe: "module"; distinctNames: number; namesPerObject: number }
  | { probe: "growth"; op: GrowthOp; n: number; rounds: number; factor: number }
  | { probe: "large"; input: LargeInput };

/** The figures of one {@link CostCase} and whether they break its bound. */
export interface CostFigures {
  /** Whether the bound is broken. */
  over: boolean;
  /** The figures, in the case's own units, one line each (printed as they are). */
  lines: string[];
  /** Bytes retained (memory probes). */
  retainedBytes?: number;
  /** The bound in bytes (memory probes). */
  boundBytes?: number;
  /** ns per step at n and at 16 n (growth probe). */
  nsPerStep?: [number, number];
  /** What went wrong under large input (large probe). */
  problem?: string;
  /** Why the case does not apply to the side (it was not measured), when it does not. */
  notApplicable?: string;
}

/** A collector and a heap reader for this runtime. */
export interface Meter {
  /** Runs a full garbage collection. */
  collect(): void;
  /** Runs a full garbage collection, then reads the heap's used bytes. */
  heapAfterGc(): number;
}

/** Fixed allowance of a memory bound: noise of a heap reading after GC, lazily compiled code. */
export const ALLOWANCE_BYTES = 1 << 20;

/** Opens the {@link Meter} of this runtime; throws, saying how to run, when no collector is exposed. */
export async function openMeter(): Promise<Meter> {
  // deno-lint-ignore no-explicit-any
  const global = globalThis as any;
  if (global.Bun !== undefined) {
    const jsc = await import("bun:jsc" as string);
    const collect = () => {
      global.Bun.gc(true);
      global.Bun.gc(true);
    };
    return {
      collect,
      heapAfterGc() {
        collect();
        return jsc.heapStats().heapSize;
      },
    };
  }
  if (typeof global.gc !== "function") {
    throw new Error(
      "no garbage collector exposed: run Deno with --v8-flags=--expose-gc, Node with --expose-gc",
    );
  }
  const read = global.Deno !== undefined
    ? () => global.Deno.memoryUsage().heapUsed
    : () => global.process.memoryUsage().heapUsed;
  const collect = () => {
    global.gc();
    global.gc();
  };
  return {
    collect,
    heapAfterGc() {
      collect();
      return read();
    },
  };
}

/** Bytes of a header list's strings (2 per code unit) plus 64 per entry. */
export function liveBytes(entries: Iterable<[string, string]>): number {
  let bytes = 0;
  for (const [name, value] of entries) bytes += 2 * (name.length + value.length) + 64;
  return bytes;
}

/** The memory bound of a Headers whose live list is `entries`. */
export function retainedBound(entries: Iterable<[string, string]>): number {
  return ALLOWANCE_BYTES + 16 * liveBytes(entries);
}

/** Formats a byte count in MiB or KiB. */
export function formatBytes(bytes: number): string {
  return Math.abs(bytes) >= 1 << 20
    ? `${(bytes / (1 << 20)).toFixed(2)} MiB`
    : `${(bytes / 1024).toFixed(1)} KiB`;
}

/** Runs one churn step on `h` in cycle `cycle`. */
// deno-lint-ignore no-explicit-any
export function churnStep(h: any, op: ChurnOp, cycle: number): void {
  switch (op[0]) {
    case "append":
    case "set":
      h[op[0]](op[1], op[2]);
      return;
    case "append-large":
    case "set-large":
      h[op[0] === "append-large" ? "append" : "set"](
        op[1],
        `${cycle}-`.padEnd(op[2] as number, "large"),
      );
      return;
    case "delete":
    case "get":
    case "has":
      h[op[0]](op[1]);
      return;
    case "copy":
      new h.constructor(h);
      return;
    case "iterate":
      h.entries().next();
      return;
    case "forEach":
      h.forEach(() => {});
      return;
    case "getSetCookie":
      h.getSetCookie();
      return;
  }
}

/** Heap retained by one Headers after `cycle` ran `repeat` times on it (see {@link CostCase}). */
export function measureChurn(
  // deno-lint-ignore no-explicit-any
  Headers: any,
  meter: Meter,
  setup: [string, string][],
  cycle: ChurnOp[],
  repeat: number,
): CostFigures {
  const run = (times: number) => {
    const h = new Headers(setup);
    for (let i = 0; i < times; i++) for (const op of cycle) churnStep(h, op, i);
    return h;
  };
  run(Math.min(repeat, 2000));
  // A module slot that keeps the last entry an iteration visited holds a small one in the
  // baseline, so the run's last large entry, if kept, counts.
  if (cycle.some((op) => op[0] === "iterate" || op[0] === "forEach")) {
    churnStep(new Headers([["a", "b"]]), ["forEach"], 0);
  }
  const before = meter.heapAfterGc();
  const h = run(repeat);
  const retained = meter.heapAfterGc() - before;
  const bound = retainedBound(h);
  return {
    over: retained > bound,
    retainedBytes: retained,
    boundBytes: bound,
    lines: [
      `retained ${formatBytes(retained)} after ${repeat} cycles (bound ${formatBytes(bound)}: ` +
      `${formatBytes(ALLOWANCE_BYTES)} + 16 x ${formatBytes(liveBytes(h))} live list)`,
    ],
  };
}

/** Whether growth operation `op` times a Request or a Response. */
export function takesMessages(op: GrowthOp): boolean {
  return op.startsWith("request-") || op.startsWith("response-");
}

/** Whether `costCase` needs the side's Request and Response (see {@link MessageApi}). */
export function needsMessages(costCase: CostCase): boolean {
  return costCase.probe === "unread" || costCase.probe === "growth" && takesMessages(costCase.op);
}

/** The URL every message of the probes is made for (nothing is fetched). */
export const MESSAGE_URL = "http://127.0.0.1/headerproof";

/** Units of the ballast each `unread` init carries (see {@link UnreadInit}): 64 KiB of heap. */
export const BALLAST_LENGTH = 16_384;

/** Message `i` of an `unread` case, made from a fresh init that is then dropped. */
export function unreadMessage(
  // deno-lint-ignore no-explicit-any
  Headers: any,
  messages: MessageApi,
  message: "request" | "response",
  init: UnreadInit,
  entries: number,
  i: number,
): unknown {
  const record: Record<string, string> = {};
  for (let k = 0; k < entries; k++) record[`X-Unread-${k}`] = `v-${i}-${k}`;
  const ballast = new Array(BALLAST_LENGTH).fill(i);
  const make = (from: unknown) =>
    message === "request"
      ? new messages.Request(MESSAGE_URL, from)
      : new messages.Response(null, from);
  if (init === "message") {
    const upstream = make({ headers: record });
    upstream.ballast = ballast;
    return message === "request" ? new messages.Request(upstream) : make(upstream);
  }
  return make({ headers: init === "init-headers" ? new Headers(record) : record, ballast });
}

/**
 * Heap retained by `count` messages never read (their `.headers` never touched), against the same
 * messages read (each `.headers.has()` once): an unread message may keep its headers in another
 * form, but not more than twice what its materialized form keeps (see {@link UnreadInit}).
 */
export function measureUnread(
  // deno-lint-ignore no-explicit-any
  Headers: any,
  messages: MessageApi,
  meter: Meter,
  message: "request" | "response",
  init: UnreadInit,
  count: number,
  entries: number,
): CostFigures {
  const make = (read: boolean) => {
    const kept: unknown[] = [];
    for (let i = 0; i < count; i++) {
      // deno-lint-ignore no-explicit-any
      const made: any = unreadMessage(Headers, messages, message, init, entries, i);
      if (read) made.headers.has("X-Unread-0");
      kept.push(made);
    }
    return kept;
  };
  make(true);
  make(false);
  // Both sets stay alive to the end (each is read below), each measured as what it added.
  const base = meter.heapAfterGc();
  const unreadKept = make(false);
  const unread = meter.heapAfterGc() - base;
  const readKept = make(true);
  const read = meter.heapAfterGc() - base - unread;
  const bound = ALLOWANCE_BYTES + 2 * Math.max(read, 0);
  return {
    over: unread > bound,
    retainedBytes: unread,
    boundBytes: bound,
    lines: [
      `${unreadKept.length} unread ${message}s made from ${init} retain ${formatBytes(unread)}; ` +
      `${readKept.length} read, ${formatBytes(read)} (bound ${formatBytes(bound)}: ` +
      `${formatBytes(ALLOWANCE_BYTES)} + 2 x read)`,
    ],
  };
}

/** The name or value piece of `form` cut from parent `i` of `parentLength` code units. */
export function parentPiece(form: ParentForm, i: number, parentLength: number): string {
  const parent = (i: number, tag: string) =>
    (`X-Sliced-${tag}-${i}-`).padEnd(parentLength, "abcdefgh");
  switch (form) {
    case "name-slice":
      return parent(i, "Name").slice(0, 24);
    case "name-concat":
      return parent(i, "Head").slice(0, 12) + parent(i, "Tail").slice(0, 12);
    case "value-slice":
    case "set-cookie-slice":
      return parent(i, "Value").slice(0, 24);
    case "value-substring":
      return parent(i, "Value").substring(2, 26);
    case "value-concat":
      return parent(i, "Left").slice(0, 12) + " " + parent(i, "Right").slice(0, 12);
  }
}

/** Heap retained by one Headers given `count` pieces of 1 MiB parents (see {@link CostCase}). */
export function measureParents(
  // deno-lint-ignore no-explicit-any
  Headers: any,
  meter: Meter,
  form: ParentForm,
  count: number,
  parentLength: number,
): CostFigures {
  const fill = (h: { append(name: string, value: string): void }, n: number, length: number) => {
    for (let i = 0; i < n; i++) {
      const piece = parentPiece(form, i, length);
      if (form === "name-slice" || form === "name-concat") h.append(piece, "v");
      else if (form === "set-cookie-slice") h.append("Set-Cookie", piece);
      else h.append(`X-Name-${i}`, piece);
    }
  };
  fill(new Headers(), 4, 1024);
  const before = meter.heapAfterGc();
  const h = new Headers();
  fill(h, count, parentLength);
  const retained = meter.heapAfterGc() - before;
  const bound = retainedBound(h);
  return {
    over: retained > bound,
    retainedBytes: retained,
    boundBytes: bound,
    lines: [
      `retained ${formatBytes(retained)} holding ${count} ${form} pieces of ${
        formatBytes(parentLength)
      } parents (bound ${formatBytes(bound)}; the parents together: ${
        formatBytes(count * parentLength)
      })`,
    ],
  };
}

/** `count` distinct 40-unit header names starting at `from`, differing in their last units. */
export function distinctNames(from: number, count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => "x-distinct-".padEnd(34, "n") + (from + i).toString(36).padStart(6, "0"),
  );
}

/**
 * Heap the module keeps after Headers objects with `distinctNames` distinct names (half appended,
 * half as record keys) are all dropped, measured after each half: a module whose state is bounded
 * stops growing.
 */
export function measureModule(
  // deno-lint-ignore no-explicit-any
  Headers: any,
  meter: Meter,
  count: number,
  namesPerObject: number,
): CostFigures {
  const use = (names: string[]) => {
    for (let i = 0; i < names.length; i += namesPerObject) {
      const chunk = names.slice(i, i + namesPerObject);
      const h = new Headers();
      for (const name of chunk) h.append(name, "v");
      h.get(chunk[0]);
      const record: Record<string, string> = {};
      for (const name of chunk) record[name.toUpperCase()] = "v";
      new Headers(record).has(chunk[0]);
    }
  };
  use(distinctNames(10_000_000, 1000));
  const before = meter.heapAfterGc();
  use(distinctNames(0, count / 2));
  const half = meter.heapAfterGc() - before;
  use(distinctNames(count / 2, count / 2));
  const whole = meter.heapAfterGc() - before;
  const growth = whole - half;
  return {
    over: growth > ALLOWANCE_BYTES,
    retainedBytes: growth,
    boundBytes: ALLOWANCE_BYTES,
    lines: [
      `the module kept ${formatBytes(half)} after ${count / 2} distinct names and ${
        formatBytes(whole)
      } after ${count}: the second half added ${formatBytes(growth)} (bound ${
        formatBytes(ALLOWANCE_BYTES)
      })`,
    ],
  };
}

/**
 * One rep of `op` on a Headers of `size` entries: prepares outside the clock, then times `size`
 * steps (so a cost paid once per object, such as a log built on the first write, is amortized the
 * same way at every size) and returns ns per step. Every step but a delete's touches one of the
 * same `working` names whatever the size (the first of `names`, which holds 2 × size + working), so
 * a step costs more at 16 n only when its own work grows with the list, not because more memory is
 * touched. A construction, a forEach and a getSetCookie are one step per entry they handle. Stops
 * early once `budgetMs` has passed.
 * The garbage of the preparation is collected before the clock starts.
 */
export function growthRep(
  // deno-lint-ignore no-explicit-any
  Headers: any,
  messages: MessageApi | null,
  meter: Meter,
  op: GrowthOp,
  names: string[],
  working: number,
  size: number,
  budgetMs: number,
): number {
  const pairs: [string, string][] = [];
  const offset = op === "append" ? working : 0;
  for (let i = 0; i < size; i++) pairs.push([names[offset + i], "v"]);
  const h = new Headers(op === "get-set-cookie" ? [] : pairs);
  const absent: string[] = [];
  for (let i = 0; i < working; i++) {
    absent.push(op.endsWith("-never") ? `y-never-${i}` : names[2 * size + i]);
  }
  if (op.endsWith("-seen")) {
    for (const name of absent) h.append(name, "v");
    for (const name of absent) h.delete(name);
  }
  if (op === "get-set-cookie") { for (let i = 0; i < size; i++) h.append("set-cookie", names[i]); }
  const record: Record<string, string> = {};
  if (op === "construct-from-record") { for (const [name, value] of pairs) record[name] = value; }
  // An unread message of `size` entries, made outside the clock for the steps that take one.
  const unread = messages === null || !takesMessages(op)
    ? null
    : op.startsWith("request")
    ? new messages.Request(MESSAGE_URL, { headers: pairs })
    : new messages.Response(null, { headers: pairs });
  const iterator = h.entries();
  let sink = 0;
  const steps: Record<GrowthOp, (i: number) => void> = {
    "append": (i) => h.append(names[i], "v"),
    "set": (i) => h.set(names[i], "w"),
    "delete": (i) => h.delete(names[i]),
    "get-hit": (i) => sink += h.get(names[i]).length,
    "get-miss-seen": (i) => sink += h.get(absent[i]) === null ? 1 : 0,
    "get-miss-never": (i) => sink += h.get(absent[i]) === null ? 1 : 0,
    "has-hit": (i) => sink += h.has(names[i]) ? 1 : 0,
    "has-miss-seen": (i) => sink += h.has(absent[i]) ? 1 : 0,
    "has-miss-never": (i) => sink += h.has(absent[i]) ? 1 : 0,
    "iterator-next-with-set": (i) => {
      sink += iterator.next().done ? 1 : 0;
      h.set(names[i], "w");
    },
    "for-each-with-set": () => {
      let i = 0;
      h.forEach(() => h.set(names[i++ % working], "w"));
    },
    "construct-from-record": () => new Headers(record),
    "construct-from-sequence": () => new Headers(pairs),
    "construct-from-headers": () => new Headers(h),
    "get-set-cookie": () => sink += h.getSetCookie().length,
    "response-unread": () => new messages!.Response(null, { headers: pairs }),
    "response-clone-unread": () => unread.clone(),
    "response-first-read": () => sink += unread.headers.has(names[0]) ? 1 : 0,
    "request-unread": () => new messages!.Request(MESSAGE_URL, { headers: pairs }),
    "request-from-request-unread": () => new messages!.Request(unread),
  };
  const step = steps[op];
  const whole = op.startsWith("construct") || op === "for-each-with-set" ||
    op === "get-set-cookie" || takesMessages(op);
  // The preparation's garbage is collected first: a collector still busy with it slows the
  // steps, and more so after a larger preparation.
  meter.collect();
  const started = performance.now();
  let done = 0;
  if (whole) {
    step(0);
    done = size;
  } else {
    while (done < size && performance.now() - started < budgetMs) {
      const end = Math.min(done + 64, size);
      for (; done < end; done++) step(op === "delete" ? done : done % working);
    }
  }
  const ns = ((performance.now() - started) * 1e6) / done;
  return sink === -1 ? -1 : ns;
}

/** The median of `values`. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * ns per step of `op` at size n and 16 n, the steps touching the same n names at both sizes
 * (see {@link growthRep}). Each round takes, per size, the fastest of up to 3 reps
 * (fewer once 60 ms are spent; a garbage collection or another process landing in one rep does
 * not count), and the figures are the medians over `rounds` rounds.
 */
export function measureGrowth(
  // deno-lint-ignore no-explicit-any
  Headers: any,
  messages: MessageApi | null,
  meter: Meter,
  op: GrowthOp,
  n: number,
  rounds: number,
  factor: number,
): CostFigures {
  const big = 16 * n;
  const names: string[] = [];
  for (let i = 0; i < 2 * big + n; i++) names.push(`x-step-${i}`);
  const fastest = (size: number) => {
    let best = Infinity;
    const started = performance.now();
    for (let rep = 0; rep < 3 && (rep === 0 || performance.now() - started < 60); rep++) {
      best = Math.min(best, growthRep(Headers, messages, meter, op, names, n, size, 30));
    }
    return best;
  };
  // Warm-up at both sizes: in a fresh process the first reps run code not yet optimized, which
  // would make n look slow and hide a step whose cost grows.
  fastest(n);
  if (fastest(big) <= 3 * factor * fastest(n)) fastest(n);
  const small: number[] = [];
  const large: number[] = [];
  const started = performance.now();
  // A step whose cost grows with the list can make one round take seconds: once 3 s are spent,
  // or once the first round is over three times the factor, the rounds so far decide.
  for (
    let round = 0;
    round < rounds &&
    (round === 0 || (performance.now() - started < 3000 && large[0] / small[0] <= 3 * factor));
    round++
  ) {
    small.push(fastest(n));
    large.push(fastest(big));
  }
  const atN = median(small);
  const at16N = median(large);
  const ratio = at16N / Math.max(atN, 0.001);
  return {
    over: ratio > factor,
    nsPerStep: [atN, at16N],
    lines: [
      `${op}: ${atN.toFixed(1)} ns per step at n = ${n}, ${at16N.toFixed(1)} ns at 16n = ${big} ` +
      `(medians of ${small.length} rounds): x${ratio.toFixed(2)} (bound x${factor}; linear per ` +
      "step would be about x16)",
    ],
  };
}

/** Runs `input` and checks its answers; returns what went wrong, or null. */
// deno-lint-ignore no-explicit-any
export function largeInputProblem(Headers: any, input: LargeInput): string | null {
  const expect = (what: string, actual: unknown, expected: unknown) => {
    if (actual !== expected) {
      throw new Error(`wrong answer: ${what} is ${String(actual)}, expected ${String(expected)}`);
    }
  };
  try {
    if (input === "value-8-mib") {
      const value = "a".repeat(8 << 20);
      const h = new Headers();
      h.append("x-large", value);
      h.append("x-padded", ` ${value}\t`);
      h.set("x-set", value + "b");
      expect("get(x-large).length", h.get("x-large").length, value.length);
      expect("get(x-padded).length", h.get("x-padded").length, value.length);
      expect("get(x-set).length", h.get("x-set").length, value.length + 1);
      h.append("x-large", value);
      expect("the combined value's length", h.get("x-large").length, 2 * value.length + 2);
      let total = 0;
      for (const [, v] of new Headers(h)) total += v.length;
      expect("the copy's total length", total, 4 * value.length + 3);
    } else if (input === "headers-100000") {
      const pairs: [string, string][] = [];
      for (let i = 0; i < 100_000; i++) pairs.push([`x-header-${i}`, `${i}`]);
      const h = new Headers(pairs);
      expect("get(x-header-99999)", h.get("x-header-99999"), "99999");
      let count = 0;
      for (const _ of h) count++;
      expect("the entries", count, 100_000);
      const copy = new Headers(h);
      for (let i = 0; i < 100_000; i += 2) copy.delete(`x-header-${i}`);
      count = 0;
      copy.forEach(() => count++);
      expect("the copy's entries after deleting half", count, 50_000);
      expect("has(x-header-1) on the original", h.has("x-header-1"), true);
    } else {
      const h = new Headers();
      for (let i = 0; i < 50_000; i++) h.append("set-cookie", `c${i}=v${i}; Path=/`);
      expect("getSetCookie().length", h.getSetCookie().length, 50_000);
      let count = 0;
      for (const [name] of h) if (name === "set-cookie") count++;
      expect("set-cookie entries in iteration", count, 50_000);
      expect("the copy's getSetCookie().length", new Headers(h).getSetCookie().length, 50_000);
      expect("get(set-cookie).length > 0", h.get("set-cookie").length > 0, true);
    }
    return null;
  } catch (error) {
    const name = (error as Error)?.name ?? "a non-Error";
    const message = String((error as Error)?.message ?? error);
    return name === "RangeError"
      ? `RangeError (a limit the standard does not set): ${message}`
      : message.startsWith("wrong answer")
      ? message
      : `${name}: ${message}`;
  }
}

/**
 * Runs `costCase` on `Headers` (and `messages`, for a case that {@link needsMessages}) and
 * returns its figures. A candidate that throws during a legal sequence is over its bound, with
 * what it threw as the problem.
 */
export function runCostCase(
  // deno-lint-ignore no-explicit-any
  Headers: any,
  meter: Meter,
  costCase: CostCase,
  messages: MessageApi | null = null,
): CostFigures {
  try {
    return costFiguresOf(Headers, meter, costCase, messages);
  } catch (error) {
    const problem = `${(error as Error)?.name ?? "a non-Error"}: ${
      String((error as Error)?.message ?? error)
    }`;
    return { over: true, problem, lines: [`the candidate threw ${problem}`] };
  }
}

/** The figures of `costCase` (see {@link runCostCase}). */
export function costFiguresOf(
  // deno-lint-ignore no-explicit-any
  Headers: any,
  meter: Meter,
  costCase: CostCase,
  messages: MessageApi | null,
): CostFigures {
  switch (costCase.probe) {
    case "churn":
      return measureChurn(Headers, meter, costCase.setup, costCase.cycle, costCase.repeat);
    case "unread":
      return measureUnread(
        Headers,
        messages!,
        meter,
        costCase.message,
        costCase.init,
        costCase.count,
        costCase.entries,
      );
    case "parents":
      return measureParents(
        Headers,
        meter,
        costCase.form,
        costCase.count,
        costCase.parentLength,
      );
    case "module":
      return measureModule(Headers, meter, costCase.distinctNames, costCase.namesPerObject);
    case "growth":
      return measureGrowth(
        Headers,
        messages,
        meter,
        costCase.op,
        costCase.n,
        costCase.rounds,
        costCase.factor,
      );
    case "large": {
      const started = performance.now();
      const problem = largeInputProblem(Headers, costCase.input);
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      return problem === null
        ? { over: false, lines: [`${costCase.input}: right answers in ${seconds} s`] }
        : { over: true, problem, lines: [`${costCase.input}: ${problem}`] };
    }
  }
}
