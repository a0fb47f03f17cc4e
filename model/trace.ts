/**
 * The link between the TLA+ model and a real Headers module, both directions:
 *
 * - trace validation: {@link recordTrace} drives a module with seeded random operations and
 *   records, after each step, the call, its outcome, each object's guard and its iteration
 *   view, mapped to the model's constants; {@link validateTraces} writes a batch of such traces
 *   as a TLA+ module and has TLC check (model/TraceHeadersImpl.tla) that every one is a behavior
 *   of the implementation spec HeadersImpl;
 * - model-driven tests: {@link simulateBehaviors} has TLC generate random behaviors of the
 *   standard's spec (model/SimHeaders.tla), and {@link replayBehavior} replays one against a
 *   module, comparing every outcome and view with the model's.
 *
 * Mapping: model names are the real header names; the model's value atoms "s" and "l" stand for
 * the real values "s" and "l" repeated 64 times; a combined value "l, s" is the atom sequence
 * <<"l", "s">>. A real name or value outside the mapping is emitted as itself, so TLC rejects it.
 *
 * @example
 * ```ts
 * import { recordTrace, validateTraces } from "./trace.ts";
 *
 * const mod = await import("../impl/mod.ts");
 * const traces = [1, 2, 3].map((seed) => recordTrace(mod, { seed, steps: 20 }));
 * const verdict = await validateTraces(traces);
 * console.log(verdict.accepted, verdict.rejection);
 * ```
 *
 * @module
 */

import { errorName } from "../properties/observe.ts";
import type { HeadersGuard, HeadersLike, HeadersModule } from "../spec/contract.ts";
import { runTlc, type TlcReport } from "./tlc.ts";

/** The Headers objects and iterators of the trace and simulation models. */
export const OBJECTS = ["a", "b"] as const;
/** A Headers object of the model. */
export type ObjectName = typeof OBJECTS[number];
/** The live iterators of the trace model. */
export const ITERATORS = ["i1", "i2"] as const;
/** An iterator of the model. */
export type IteratorName = typeof ITERATORS[number];

/** Every modelled name, in two casings per class (MCConstants' MCNames). */
export const MODEL_NAMES: readonly string[] = [
  "x-a",
  "X-A",
  "host",
  "Host",
  "set-cookie",
  "Set-Cookie",
  "accept",
  "Accept",
  "range",
  "Range",
];

/** The real string each value atom stands for (MCConstants' MCValues, MCValueLength). */
export const ATOM_VALUES: Readonly<Record<string, string>> = { s: "s", l: "l".repeat(64) };

/** The bound on values per list in TraceHeadersImpl.cfg (MaxListLen). */
export const TRACE_MAX_VALUES = 6;

/** The guards an object may start with in the trace model (InitGuards). */
export const INIT_GUARDS: readonly HeadersGuard[] = [
  "none",
  "request",
  "request-no-cors",
  "response",
];

/** A call as the model's `call` variable records it ("" for unused arguments). */
export interface ModelCall {
  op: "init" | "append" | "set" | "delete" | "freeze" | "open" | "next" | "copy";
  obj: string;
  src: string;
  name: string;
  value: string;
  it: string;
}

/** An outcome as the model's `result` variable records it. */
export interface ModelOutcome {
  kind: string;
  name: string;
  value: string[];
}

/** A pair of a view: lowercase name and value atoms. */
export type ModelPair = [string, string[]];

/** One trace entry: the call, and what was observed right after it. */
export interface TraceEntry {
  call: ModelCall;
  guards: Record<ObjectName, HeadersGuard>;
  /** Initial raw lists (name, atom), for the "init" entry; empty otherwise. */
  lists: Record<ObjectName, [string, string][]>;
  views: Record<ObjectName, ModelPair[]>;
  result: ModelOutcome;
}

/** Options of {@link recordTrace}. */
export interface TraceOptions {
  /** Seed of the operation choices. */
  seed: number;
  /** Number of operations after the initial state. */
  steps: number;
}

/** mulberry32: a small seeded PRNG, enough to make traces reproducible from their seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function realValue(atom: string): string {
  const value = ATOM_VALUES[atom];
  if (value === undefined) throw new Error(`no real value for the model atom ${atom}`);
  return value;
}

/** Maps a real value (possibly combined with ", ") to model atoms; unknown parts stay as is. */
export function atomsOf(value: string): string[] {
  return value.split(", ").map((part) => {
    for (const [atom, real] of Object.entries(ATOM_VALUES)) if (real === part) return atom;
    return part;
  });
}

/** The sort-and-combine view of a Headers as the model writes it. */
export function observeView(headers: HeadersLike): ModelPair[] {
  return [...headers].map(([name, value]) => [name, atomsOf(value)]);
}

function countValues(view: ModelPair[]): number {
  return view.reduce((sum, [, atoms]) => sum + atoms.length, 0);
}

const OK: ModelOutcome = { kind: "ok", name: "", value: [] };

function outcomeOf(action: () => void): ModelOutcome {
  try {
    action();
    return OK;
  } catch (error) {
    if (error instanceof TypeError) return { kind: "threw", name: "", value: [] };
    return { kind: `unexpected ${errorName(error)}`, name: "", value: [] };
  }
}

/**
 * An initial raw list the model admits for `guard` (GuardAdmits): a request list without
 * forbidden request-headers, a response list without set-cookie, a request-no-cors list of
 * accept (within the 128-byte limit) and range only.
 */
function initialList(random: () => number, guard: HeadersGuard): [string, string][] {
  const allowed = MODEL_NAMES.filter((name) => {
    const lower = name.toLowerCase();
    if (guard === "request") return lower !== "host" && lower !== "set-cookie";
    if (guard === "response") return lower !== "set-cookie";
    if (guard === "request-no-cors") return lower === "accept" || lower === "range";
    return true;
  });
  const list: [string, string][] = [];
  const length = Math.floor(random() * 4);
  let longAccept = false;
  for (let i = 0; i < length; i++) {
    const name = pick(random, allowed);
    let atom = pick(random, ["s", "l"]);
    if (guard === "request-no-cors" && name.toLowerCase() === "accept") {
      if (atom === "l" && longAccept) atom = "s";
      if (atom === "l") longAccept = true;
    }
    list.push([name, atom]);
  }
  return list;
}

function makeHeaders(
  mod: HeadersModule,
  guard: HeadersGuard,
  list: [string, string][],
): HeadersLike {
  if (!mod.headersFromRawList) {
    throw new Error("trace recording needs the module's headersFromRawList export");
  }
  return mod.headersFromRawList(list.flatMap(([name, atom]) => [name, realValue(atom)]), guard);
}

/**
 * Runs `options.steps` seeded random operations on two Headers objects of `mod` (made by
 * `headersFromRawList` under random guards) and records the trace the model checks.
 */
export function recordTrace(mod: HeadersModule, options: TraceOptions): TraceEntry[] {
  const random = seededRandom(options.seed);
  const guards = {} as Record<ObjectName, HeadersGuard>;
  const lists = {} as Record<ObjectName, [string, string][]>;
  const objects = {} as Record<ObjectName, HeadersLike>;
  for (const o of OBJECTS) {
    guards[o] = pick(random, INIT_GUARDS);
    lists[o] = initialList(random, guards[o]);
    objects[o] = makeHeaders(mod, guards[o], lists[o]);
  }
  const iterators: Partial<
    Record<IteratorName, { obj: ObjectName; it: Iterator<[string, string]> }>
  > = {};
  const views = () =>
    Object.fromEntries(OBJECTS.map((o) => [o, observeView(objects[o])])) as Record<
      ObjectName,
      ModelPair[]
    >;
  const noLists = { a: [], b: [] };
  const call = (op: ModelCall["op"], fields: Partial<ModelCall> = {}): ModelCall => ({
    op,
    obj: "",
    src: "",
    name: "",
    value: "",
    it: "",
    ...fields,
  });
  const trace: TraceEntry[] = [{
    call: call("init"),
    guards: { ...guards },
    lists,
    views: views(),
    result: OK,
  }];
  for (let step = 0; step < options.steps; step++) {
    const roll = random();
    const o = pick(random, OBJECTS);
    const name = pick(random, MODEL_NAMES);
    const atom = pick(random, ["s", "l"]);
    const i = pick(random, ITERATORS);
    const full = countValues(observeView(objects[o])) >= TRACE_MAX_VALUES - 1;
    let entryCall: ModelCall;
    let result: ModelOutcome;
    if (roll < 0.3 && !full) {
      entryCall = call("append", { obj: o, name, value: atom });
      result = outcomeOf(() => objects[o].append(name, realValue(atom)));
    } else if (roll < 0.45 && !full) {
      entryCall = call("set", { obj: o, name, value: atom });
      result = outcomeOf(() => objects[o].set(name, realValue(atom)));
    } else if (roll < 0.6) {
      entryCall = call("delete", { obj: o, name });
      result = outcomeOf(() => objects[o].delete(name));
    } else if (roll < 0.68) {
      entryCall = call("open", { obj: o, it: i });
      iterators[i] = { obj: o, it: objects[o].entries() };
      result = OK;
    } else if (roll < 0.88 && iterators[i]) {
      entryCall = call("next", { it: i });
      const step = iterators[i]!.it.next();
      result = step.done
        ? { kind: "done", name: "", value: [] }
        : { kind: "pair", name: step.value[0], value: atomsOf(step.value[1]) };
    } else if (roll < 0.96) {
      const src = o === "a" ? "b" : "a";
      entryCall = call("copy", { obj: o, src });
      objects[o] = new mod.Headers(objects[src]);
      guards[o] = "none";
      for (const it of ITERATORS) if (iterators[it]?.obj === o) delete iterators[it];
      result = OK;
    } else if (mod.freezeHeaders) {
      entryCall = call("freeze", { obj: o });
      mod.freezeHeaders(objects[o]);
      guards[o] = "immutable";
      result = OK;
    } else {
      entryCall = call("open", { obj: o, it: i });
      iterators[i] = { obj: o, it: objects[o].entries() };
      result = OK;
    }
    trace.push({ call: entryCall, guards: { ...guards }, lists: noLists, views: views(), result });
  }
  return trace;
}

/** A TLA+ string literal. */
function tlaString(text: string): string {
  return `"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

function tlaSeq(items: string[]): string {
  return `<<${items.join(", ")}>>`;
}

function tlaRecord(fields: [string, string][]): string {
  return `[${fields.map(([key, value]) => `${key} |-> ${value}`).join(", ")}]`;
}

function tlaPerObject<T>(values: Record<ObjectName, T>, show: (value: T) => string): string {
  return tlaRecord(OBJECTS.map((o) => [o, show(values[o])]));
}

function tlaEntry(entry: TraceEntry): string {
  const atoms = (list: string[]) => tlaSeq(list.map(tlaString));
  return tlaRecord([
    ["call", tlaRecord(Object.entries(entry.call).map(([k, v]) => [k, tlaString(v)]))],
    ["guards", tlaPerObject(entry.guards, tlaString)],
    [
      "lists",
      tlaPerObject(
        entry.lists,
        (list) => tlaSeq(list.map(([n, v]) => tlaSeq([tlaString(n), atoms([v])]))),
      ),
    ],
    [
      "views",
      tlaPerObject(
        entry.views,
        (view) => tlaSeq(view.map(([n, v]) => tlaSeq([tlaString(n), atoms(v)]))),
      ),
    ],
    [
      "result",
      tlaRecord([
        ["kind", tlaString(entry.result.kind)],
        ["name", tlaString(entry.result.name)],
        ["value", atoms(entry.result.value)],
      ]),
    ],
  ]);
}

/** The TLA+ module `TraceData` defining `Traces`, the batch as a sequence of traces. */
export function traceModule(traces: TraceEntry[][]): string {
  const body = traces.map((trace) => `  <<\n    ${trace.map(tlaEntry).join(",\n    ")}\n  >>`)
    .join(",\n");
  return `---- MODULE TraceData ----\n(* Generated by model/trace.ts: one recorded trace per ` +
    `element. *)\nTraces == <<\n${body}\n>>\n====\n`;
}

/** The verdict of TLC on a batch of traces. */
export interface TraceVerdict {
  /** Every trace is a behavior of HeadersImpl. */
  accepted: boolean;
  /** The first rejected trace (1-based) and entry (1-based, 1 = init), when not accepted. */
  rejection: { trace: number; entry: number; call: ModelCall } | null;
  /** TLC's report. */
  report: TlcReport;
}

const MODEL_DIR = new URL(".", import.meta.url).pathname;

/**
 * Has TLC check, in one run, that each trace of the batch is a behavior of HeadersImpl
 * (model/TraceHeadersImpl.tla: every trace starts a chain of states, each step must be the
 * implementation's action for the recorded call with the recorded observations, and a chain
 * that cannot consume its trace deadlocks).
 */
export async function validateTraces(traces: TraceEntry[][]): Promise<TraceVerdict> {
  const dir = await Deno.makeTempDir({ prefix: "headerproof-traces-" });
  try {
    await Deno.writeTextFile(`${dir}/TraceData.tla`, traceModule(traces));
    const report = await runTlc({
      spec: `${MODEL_DIR}TraceHeadersImpl.tla`,
      config: `${MODEL_DIR}TraceHeadersImpl.cfg`,
      libraryDir: dir,
    });
    if (report.outcome === "passed") return { accepted: true, rejection: null, report };
    if (report.outcome !== "deadlock") {
      throw new Error(
        `TLC did not judge the traces (outcome ${report.outcome}):\n${report.output.slice(-12000)}`,
      );
    }
    const last = report.output.slice(report.output.lastIndexOf("State "));
    const trace = Number(last.match(/tr = (\d+)/)?.[1]);
    const step = Number(last.match(/step = (\d+)/)?.[1]);
    // The last state matched entry `step`; entry step + 1 is the one no step could match.
    const entry = step + 1;
    return {
      accepted: false,
      rejection: { trace, entry, call: traces[trace - 1][entry - 1].call },
      report,
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Model-driven tests: behaviors generated by TLC, replayed against a module.

/** A TLA+ value as TLC prints it. */
export type TlaValue = string | number | boolean | TlaValue[] | { [field: string]: TlaValue };

/** Parses the TLC value syntax used in its trace files: strings, integers, booleans, `<<...>>`, */
/** records `[f |-> v]`, sets `{...}` (as arrays). */
export function parseTlaValue(text: string): TlaValue {
  let at = 0;
  const skip = () => {
    while (at < text.length && /\s/.test(text[at])) at++;
  };
  const expect = (token: string) => {
    skip();
    if (!text.startsWith(token, at)) {
      throw new Error(`TLA+ value: expected ${token} at ${at}: ${text.slice(at, at + 40)}`);
    }
    at += token.length;
  };
  const list = (close: string): TlaValue[] => {
    const items: TlaValue[] = [];
    skip();
    if (text.startsWith(close, at)) {
      at += close.length;
      return items;
    }
    for (;;) {
      items.push(value());
      skip();
      if (text.startsWith(close, at)) {
        at += close.length;
        return items;
      }
      expect(",");
    }
  };
  const value = (): TlaValue => {
    skip();
    if (text.startsWith("<<", at)) {
      at += 2;
      return list(">>");
    }
    if (text[at] === "{") {
      at++;
      return list("}");
    }
    if (text[at] === "[") {
      at++;
      const record: { [field: string]: TlaValue } = {};
      skip();
      if (text[at] === "]") {
        at++;
        return record;
      }
      for (;;) {
        skip();
        const key = text.slice(at).match(/^[A-Za-z0-9_]+/)?.[0];
        if (!key) throw new Error(`TLA+ value: expected a field name at ${at}`);
        at += key.length;
        expect("|->");
        record[key] = value();
        skip();
        if (text[at] === "]") {
          at++;
          return record;
        }
        expect(",");
      }
    }
    if (text[at] === '"') {
      let out = "";
      at++;
      while (text[at] !== '"') {
        if (text[at] === "\\") at++;
        out += text[at++];
      }
      at++;
      return out;
    }
    const word = text.slice(at).match(/^-?[A-Za-z0-9_]+/)?.[0];
    if (!word) throw new Error(`TLA+ value: unexpected ${text.slice(at, at + 40)}`);
    at += word.length;
    if (word === "TRUE") return true;
    if (word === "FALSE") return false;
    if (/^-?\d+$/.test(word)) return Number(word);
    return word;
  };
  const result = value();
  skip();
  if (at !== text.length) throw new Error(`TLA+ value: trailing text ${text.slice(at, at + 40)}`);
  return result;
}

/** One state of a TLC trace file: variable name to value. */
export type TlaState = Record<string, TlaValue>;

/** Parses a trace file written by `tlc2.TLC -simulate file=...` into its states. */
export function parseTraceFile(text: string): TlaState[] {
  const states: TlaState[] = [];
  for (const block of text.split(/^STATE_\d+ == *$/m).slice(1)) {
    const state: TlaState = {};
    const body = block.replace(/={5,}[\s\S]*$/, "");
    for (const conjunct of body.split(/^\/\\ /m).slice(1)) {
      const eq = conjunct.indexOf(" = ");
      state[conjunct.slice(0, eq).trim()] = parseTlaValue(conjunct.slice(eq + 3).trim());
    }
    states.push(state);
  }
  return states;
}

/** Options of {@link simulateBehaviors}. */
export interface SimulationOptions {
  /** TLC's simulation seed. */
  seed: number;
  /** Number of behaviors. */
  behaviors: number;
  /** Length of each behavior (TLC's -depth). */
  depth: number;
}

/** Behaviors of model/SimHeaders.tla generated by TLC's random simulation. */
export async function simulateBehaviors(options: SimulationOptions): Promise<TlaState[][]> {
  const dir = await Deno.makeTempDir({ prefix: "headerproof-sim-" });
  try {
    const report = await runTlc({
      spec: `${MODEL_DIR}SimHeaders.tla`,
      config: `${MODEL_DIR}SimHeaders.cfg`,
      workers: 1,
      extraArgs: [
        "-simulate",
        `file=${dir}/behavior,num=${options.behaviors}`,
        "-depth",
        String(options.depth),
        "-seed",
        String(options.seed),
      ],
    });
    if (report.outcome !== "passed") {
      throw new Error(`TLC simulation failed (${report.outcome}):\n${report.output.slice(-12000)}`);
    }
    const behaviors: TlaState[][] = [];
    const files = [...Deno.readDirSync(dir)].map((entry) => entry.name).sort((x, y) =>
      x.localeCompare(y, "en", { numeric: true })
    );
    for (const file of files) {
      behaviors.push(parseTraceFile(Deno.readTextFileSync(`${dir}/${file}`)));
    }
    return behaviors;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

function asRecord(value: TlaValue): { [field: string]: TlaValue } {
  return value as { [field: string]: TlaValue };
}

function modelView(value: TlaValue): ModelPair[] {
  return (value as TlaValue[]).map((pair) => {
    const [name, atoms] = pair as [string, string[]];
    return [name, atoms];
  });
}

/** A difference between a module and the model, found by {@link replayBehavior}. */
export interface ReplayMismatch {
  /** 1-based state index of the behavior. */
  state: number;
  call: TlaValue;
  what: string;
  expected: unknown;
  actual: unknown;
}

/**
 * Replays one behavior of SimHeaders against `mod`: objects built from the initial state's raw
 * lists and guards, then each state's `call` performed, and its `result` and `views` compared.
 * Returns the first mismatch, or null.
 */
export function replayBehavior(mod: HeadersModule, behavior: TlaState[]): ReplayMismatch | null {
  const first = behavior[0];
  const objects = {} as Record<string, HeadersLike>;
  const iterators: Record<string, Iterator<[string, string]>> = {};
  for (const o of OBJECTS) {
    const list = asRecord(first.list)[o] as [string, string[]][];
    const guard = asRecord(first.guard)[o] as HeadersGuard;
    objects[o] = makeHeaders(mod, guard, list.map(([name, atoms]) => [name, atoms[0]]));
  }
  for (let index = 0; index < behavior.length; index++) {
    const state = behavior[index];
    const call = asRecord(state.call) as unknown as ModelCall;
    let result: ModelOutcome = OK;
    switch (call.op) {
      case "init":
        break;
      case "append":
        result = outcomeOf(() => objects[call.obj].append(call.name, realValue(call.value)));
        break;
      case "set":
        result = outcomeOf(() => objects[call.obj].set(call.name, realValue(call.value)));
        break;
      case "delete":
        result = outcomeOf(() => objects[call.obj].delete(call.name));
        break;
      case "freeze":
        if (!mod.freezeHeaders) throw new Error("replay needs the module's freezeHeaders export");
        mod.freezeHeaders(objects[call.obj]);
        break;
      case "open":
        iterators[call.it] = objects[call.obj].entries();
        break;
      case "next": {
        const step = iterators[call.it].next();
        result = step.done
          ? { kind: "done", name: "", value: [] }
          : { kind: "pair", name: step.value[0], value: atomsOf(step.value[1]) };
        break;
      }
      case "copy":
        objects[call.obj] = new mod.Headers(objects[call.src]);
        break;
    }
    const recorded = asRecord(state.result);
    const expected = { kind: recorded.kind, name: recorded.name, value: recorded.value };
    if (JSON.stringify(result) !== JSON.stringify(expected)) {
      return { state: index + 1, call: state.call, what: "result", expected, actual: result };
    }
    for (const o of OBJECTS) {
      const want = modelView(asRecord(state.views)[o]);
      const got = observeView(objects[o]);
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        return {
          state: index + 1,
          call: state.call,
          what: `view of ${o}`,
          expected: want,
          actual: got,
        };
      }
    }
  }
  return null;
}

/** The module the tests drive by default: `impl/mod.ts` when it exists, else `spec/mod.ts`. */
export function defaultTargetPath(): string {
  const fromEnv = Deno.env.get("HEADERPROOF_MODEL_TARGET");
  if (fromEnv) return fromEnv;
  const impl = new URL("../impl/mod.ts", import.meta.url);
  try {
    Deno.statSync(impl);
    return impl.pathname;
  } catch {
    return new URL("../spec/mod.ts", import.meta.url).pathname;
  }
}
