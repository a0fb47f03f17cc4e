/**
 * The wire property: Headers that the runtime under test builds from HTTP/1.1 field lines it
 * parsed itself agree with the reference header list built from the same lines.
 *
 * Each run generates field lines (`field_lines.ts`) and uses them twice:
 * - server side: a raw TCP client sends a request with those lines to the runtime's own server
 *   (`Deno.serve`, `Bun.serve`, `node:http` turned into a Request); the handler observes
 *   `request.headers`;
 * - client side: a raw TCP server answers the runtime's own `fetch()` with a response carrying
 *   those lines; the property observes `response.headers`.
 * The reference is `headersFromRawList` of the header list the reference reads from the same
 * lines (guard "request" on the server side, "immutable" on the client side, profile "server").
 * A head that the runtime's HTTP parser rejects while the reference accepts it, or the reverse,
 * is a parser divergence, recorded apart and never counted as a Headers divergence. On every
 * Headers the runtime hands over, the metamorphic properties of `brokenMetamorphicProperty`
 * hold too.
 *
 * Everything listens and connects on 127.0.0.1 only; runs, each exchange and the whole property
 * are bounded; both servers are closed before the function returns.
 *
 * A candidate module (impl, a path) has no server of its own: with `candidate`, the same field
 * lines, read by the reference's field-line parser, go through the module's `headersFromRawList`
 * (the entry point a server's HTTP parser uses) under guard "request" (server side) and
 * "immutable" (client side), and nothing listens.
 *
 * @module
 */

import fc from "fast-check";
import type { HeaderList } from "../../spec/header_list.ts";
import { headersFromRawList } from "../../spec/mod.ts";
import {
  type RawExchange,
  sendRawRequest,
  startRawResponder,
  startRuntimeServer,
  statusOf,
} from "./endpoints.ts";
import {
  brokenMetamorphicProperty,
  fieldLinesArbitrary,
  type HeadersObservation,
  type ObservableHeaders,
  observeHeaderList,
  observeHeaders,
  parseFieldLines,
  probedNames,
} from "./field_lines.ts";

/** Which end of the runtime read the field lines. */
export type WireSide = "server" | "client";

/** A Headers divergence: the runtime's Headers disagrees with the reference or with itself. */
export interface WireDivergence {
  side: WireSide;
  /**
   * "reference": differs from the reference; "metamorphic": breaks a metamorphic property;
   * "hang": a candidate module's call did not return within {@link EXCHANGE_TIMEOUT_MS} (the wire
   * stage, stage.ts, stopped its process and made it of the exchange in progress, {@link wireHang}).
   */
  kind: "reference" | "metamorphic" | "hang";
  /**
   * The request bytes sent (server side) or the response bytes answered (client side); for a
   * candidate module, the flat raw list handed to its `headersFromRawList`, as JSON.
   */
  bytes: string;
  fieldLines: string[];
  expected: HeadersObservation | null;
  /** What the runtime's (or the module's) Headers showed; null when reading it threw. */
  actual: HeadersObservation | null;
  /** For "metamorphic": which property broke; for a throw: what was thrown. */
  detail?: string;
}

/** Budget of one exchange in milliseconds, a candidate module's call included. */
export const EXCHANGE_TIMEOUT_MS = 2000;

/**
 * How a process running the property with `onExchange` announces an exchange on standard output
 * (cli.ts): this prefix and the {@link WireExchangeStart} as JSON before the candidate is called,
 * {@link EXCHANGE_END_LINE} after it returned.
 */
export const EXCHANGE_LINE_PREFIX = "exchange ";
/** The line after a candidate module's call returned (see {@link EXCHANGE_LINE_PREFIX}). */
export const EXCHANGE_END_LINE = "exchange-end";

/** A candidate module's exchange about to start: its call of `headersFromRawList`. */
export interface WireExchangeStart {
  side: WireSide;
  /** The flat raw list handed to `headersFromRawList`, as JSON. */
  bytes: string;
  fieldLines: string[];
  /** fast-check's path of the run under the property's seed (what `path` replays). */
  path: string;
}

/**
 * A candidate module's `headersFromRawList` (spec/contract.ts), the way the wire property feeds
 * it: the flat raw list a server's parser hands over, a guard, the server profile.
 */
export interface WireCandidate {
  /** What is fuzzed, for the report ("headersFromRawList of impl"). */
  name: string;
  headersFromRawList(
    flat: string[],
    guard: "request" | "immutable",
    options: { profile: "server" },
  ): ObservableHeaders;
}

/** A head whose acceptance differs between the runtime's HTTP parser and the reference. */
export interface ParserDivergence {
  side: WireSide;
  bytes: string;
  fieldLines: string[];
  /** Whether the reference accepts the field lines. */
  referenceAccepts: boolean;
  /** Whether the runtime handed the Headers to user code. */
  runtimeAccepts: boolean;
  /** What the runtime did instead (a status code, a fetch error name, a timeout). */
  runtimeOutcome: string;
}

/** The runtime this code runs in, as the divergence classes name runtimes. */
export function currentRuntime(): "deno" | "bun" | "node" {
  const runtime = globalThis as { Deno?: unknown; Bun?: unknown };
  return runtime.Deno !== undefined ? "deno" : runtime.Bun !== undefined ? "bun" : "node";
}

/**
 * How the wire property recognizes a known, named way a runtime's wire-built Headers differs from
 * the reference (the wire classes of properties/classes/, which its callers pass in), expressed as
 * a change to the expected observation: `list` rewrites the reference header list (what the
 * runtime's server or client built instead from the same field `lines`), `observation` rewrites
 * what is read from it (what the runtime's Headers shows instead). A divergence that the classes
 * in force account for together is counted under their names instead of failing the property;
 * they apply in the order given (list rewrites first, then observation rewrites).
 */
export interface WireDivergenceClass {
  /** The class name (an answer class's when the same behaviour). */
  name: string;
  runtimes: readonly ("deno" | "bun" | "node")[];
  sides: readonly WireSide[];
  list?(list: HeaderList, lines: readonly string[]): HeaderList;
  observation?(observation: HeadersObservation, list: HeaderList): HeadersObservation;
}

/** Options of {@link runWireProperty}. */
export interface WirePropertyOptions {
  /** Generated heads at most (each is sent to both sides). */
  runs: number;
  /** fast-check seed. */
  seed: number;
  /** Replay: fast-check's path of a counterexample of this seed (`runs` then does not apply). */
  path?: string;
  /**
   * A candidate module's raw-list entry point, fed the field lines instead of the runtime's own
   * server and fetch() (nothing listens then).
   */
  candidate?: WireCandidate;
  /** Wall-clock budget for the whole property, shrinking included, in milliseconds. */
  timeLimitMs: number;
  /** Budget of one exchange, in milliseconds (default {@link EXCHANGE_TIMEOUT_MS}). */
  exchangeTimeoutMs?: number;
  /**
   * Told of each exchange of a candidate module before its `headersFromRawList` is called, and
   * with null after the call and the reading of its Headers returned (cli.ts prints them, so
   * that the process that runs it shows which exchange hung).
   */
  onExchange?: (exchange: WireExchangeStart | null) => void;
  /**
   * How the reference reads field lines into a header list (null: it rejects them); default
   * `parseFieldLines`. Tests swap in a broken one to show the property sees.
   */
  readFieldLines?: (lines: readonly string[]) => HeaderList | null;
  /** At most this many parser divergences are kept (default 5); more are only counted. */
  maxParserDivergences?: number;
  /** Known divergence classes, counted instead of failing (default none). */
  knownClasses?: readonly WireDivergenceClass[];
}

/** What {@link runWireProperty} found. */
export interface WirePropertyResult {
  /** Which server of the runtime was exercised, or the candidate's name. */
  server: string;
  /**
   * The ports the runtime's server and the raw responder listened on (closed by now); null for a
   * candidate module.
   */
  ports: { server: number; responder: number } | null;
  /** Wall-clock milliseconds, servers' start and stop included. */
  elapsedMs: number;
  /** Heads generated and sent (shrinking included). */
  runs: number;
  /** The first Headers divergence (after shrinking), or null. */
  divergence: WireDivergence | null;
  /** Parser divergences kept, in the order found. */
  parserDivergences: ParserDivergence[];
  /** Every parser divergence seen, kept or not. */
  parserDivergenceCount: number;
  /** How many divergences each known class accounted for (with the other classes in force). */
  knownClassCounts: Record<string, number>;
  /** The fast-check seed and path that replay the divergence. */
  seed: number;
  path?: string;
}

/**
 * The request head the raw client sends to the runtime's server on 127.0.0.1:`port`: request
 * `id`'s line, `Host`, the field `lines`, `Connection: close`.
 *
 * @example
 * ```ts
 * import { requestBytes } from "./wire_property.ts";
 * requestBytes(8000, 0, ["X: 1"]); // "GET /wire/0 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nX: 1\r\n..."
 * ```
 */
export function requestBytes(port: number, id: number, lines: readonly string[]): string {
  return `GET /wire/${id} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${
    lines.map((line) => `${line}\r\n`).join("")
  }Connection: close\r\n\r\n`;
}

function responseBytes(lines: readonly string[]): string {
  return `HTTP/1.1 200 OK\r\n${
    lines.map((line) => `${line}\r\n`).join("")
  }Content-Length: 0\r\nConnection: close\r\n\r\n`;
}

function flat(list: HeaderList): string[] {
  const result: string[] = [];
  for (const [name, value] of list) result.push(name, value);
  return result;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The Headers and where they came from, for a runtime's server, its fetch(), or a module. */
interface Sides {
  /** Which server, or the candidate's name. */
  kind: string;
  ports: { server: number; responder: number } | null;
  /** Runs `lines` through the server side and judges the outcome. */
  server(lines: string[]): Promise<boolean>;
  /** Runs `lines` through the client side and judges the outcome. */
  client(lines: string[]): Promise<boolean>;
  close(): Promise<void>;
}

/** One exchange, as the judge sees it. */
interface Exchange {
  bytes: string;
  /** The generated lines. */
  lines: string[];
  /** Every field line of the head (framing ones included), as the reference reads them. */
  fieldLines: string[];
  /** What the runtime did with the head, when it did not hand over a Headers. */
  runtimeOutcome: string;
}

/**
 * Runs the wire property against the runtime this code runs in (or against `candidate`), and
 * returns the first Headers divergence with its bytes, and the parser divergences apart.
 *
 * @example
 * ```ts
 * import { runWireProperty } from "./wire_property.ts";
 * const result = await runWireProperty({ runs: 20, seed: 1, timeLimitMs: 10_000 });
 * result.divergence; // null when the runtime agrees with the reference
 * ```
 */
export async function runWireProperty(options: WirePropertyOptions): Promise<WirePropertyResult> {
  const started = Date.now();
  const readFieldLines = options.readFieldLines ?? parseFieldLines;
  const maxParserDivergences = options.maxParserDivergences ?? 5;
  const knownClasses = options.knownClasses ?? [];
  const knownClassCounts: Record<string, number> = {};
  const parserDivergences: ParserDivergence[] = [];
  let parserDivergenceCount = 0;
  const recordParserDivergence = (found: ParserDivergence) => {
    parserDivergenceCount++;
    if (parserDivergences.length < maxParserDivergences) parserDivergences.push(found);
  };
  let runs = 0;
  let lastDivergence: WireDivergence | null = null;

  const fail = (divergence: WireDivergence): false => {
    lastDivergence = divergence;
    return false;
  };

  /**
   * The names of the classes in force that change the reference's observation on `side` when
   * they together turn it into `actual`, or null when they do not.
   */
  const knownClassesFor = (
    side: WireSide,
    list: HeaderList,
    lines: readonly string[],
    names: string[],
    actual: HeadersObservation,
  ): string[] | null => {
    const runtime = currentRuntime();
    const applicable = knownClasses.filter((known) =>
      known.runtimes.includes(runtime) && known.sides.includes(side)
    );
    const used: string[] = [];
    let explainedList = list;
    for (const known of applicable) {
      if (known.list === undefined) continue;
      const next = known.list(explainedList, lines);
      if (!same(next, explainedList)) used.push(known.name);
      explainedList = next;
    }
    let explained = observeHeaderList(explainedList, names);
    for (const known of applicable) {
      if (known.observation === undefined) continue;
      const next = known.observation(explained, explainedList);
      if (!same(next, explained)) used.push(known.name);
      explained = next;
    }
    return same(explained, actual) ? used : null;
  };
  const countKnown = (classNames: string[]): true => {
    for (const name of classNames) knownClassCounts[name] = (knownClassCounts[name] ?? 0) + 1;
    return true;
  };

  /**
   * Judges one exchange of `side`: a parser divergence when exactly one of the reference
   * (`fieldLines` read as a header list) and the runtime (`actual`) accepted the head, else the
   * runtime's Headers against the reference's list under `guard`, else the metamorphic properties.
   */
  const judge = (
    side: WireSide,
    guard: "request" | "immutable",
    exchange: Exchange,
    names: string[],
    actual: HeadersObservation | undefined,
  ): boolean => {
    const { bytes, lines } = exchange;
    const list = readFieldLines(exchange.fieldLines);
    if ((list !== null) !== (actual !== undefined)) {
      recordParserDivergence({
        side,
        bytes,
        fieldLines: lines,
        referenceAccepts: list !== null,
        runtimeAccepts: actual !== undefined,
        runtimeOutcome: exchange.runtimeOutcome,
      });
      return true;
    }
    if (list === null || actual === undefined) return true;
    const expected = observeHeaders(
      headersFromRawList(flat(list), guard, { profile: "server" }),
      names,
    );
    if (!same(expected, actual)) {
      const known = knownClassesFor(side, list, exchange.fieldLines, names, actual);
      if (known !== null) return countKnown(known);
      return fail({ side, kind: "reference", bytes, fieldLines: lines, expected, actual });
    }
    const broken = brokenMetamorphicProperty(actual, names);
    if (broken !== null) {
      return fail({
        side,
        kind: "metamorphic",
        bytes,
        fieldLines: lines,
        expected: null,
        actual,
        detail: broken,
      });
    }
    return true;
  };

  // fast-check's path of the run in progress: the index of the run, then after each failure
  // the index of the failing shrink at each level (a replayed path starts where it points).
  const replayed = options.path === undefined ? [] : options.path.split(":");
  let pathPrefix = replayed.slice(0, -1);
  let pathIndex = replayed.length === 0 ? 0 : Number(replayed.at(-1));
  let currentPath = "";
  const sides = options.candidate === undefined
    ? await runtimeSides(judge, options.exchangeTimeoutMs ?? EXCHANGE_TIMEOUT_MS)
    : candidateSides(
      options.candidate,
      judge,
      fail,
      readFieldLines,
      (exchange) => options.onExchange?.(exchange && { ...exchange, path: currentPath }),
    );
  try {
    const details = await fc.check(
      fc.asyncProperty(fieldLinesArbitrary, async (lines) => {
        runs++;
        currentPath = [...pathPrefix, pathIndex].join(":");
        const holds = await sides.server(lines) && await sides.client(lines);
        if (holds) pathIndex++;
        else [pathPrefix, pathIndex] = [currentPath.split(":"), 0];
        return holds;
      }),
      {
        seed: options.seed,
        ...(options.path === undefined ? { numRuns: options.runs } : { path: options.path }),
        interruptAfterTimeLimit: options.timeLimitMs,
        markInterruptAsFailure: false,
      },
    );
    if (details.failed && lastDivergence === null) {
      // The predicate threw instead of returning false: a harness error, not a finding.
      throw new Error(
        `wire property: the harness failed on ${JSON.stringify(details.counterexample)}`,
        {
          cause: details.errorInstance,
        },
      );
    }
    return {
      server: sides.kind,
      ports: sides.ports,
      elapsedMs: Date.now() - started,
      runs,
      divergence: details.failed ? lastDivergence : null,
      parserDivergences,
      parserDivergenceCount,
      knownClassCounts,
      seed: details.seed,
      ...(details.failed ? { path: details.counterexamplePath ?? undefined } : {}),
    };
  } finally {
    await sides.close();
  }
}

type Judge = (
  side: WireSide,
  guard: "request" | "immutable",
  exchange: Exchange,
  names: string[],
  actual: HeadersObservation | undefined,
) => boolean;

/**
 * The runtime's own server (a raw TCP client sends the head) and its own fetch() (a raw TCP
 * responder answers with the head), both on 127.0.0.1.
 */
async function runtimeSides(judge: Judge, exchangeTimeoutMs: number): Promise<Sides> {
  // The server handler files each observation under the request's id.
  const observed = new Map<number, HeadersObservation>();
  const namesById = new Map<number, string[]>();
  const server = await startRuntimeServer((request) => {
    const id = Number(new URL(request.url).pathname.split("/")[2]);
    const names = namesById.get(id);
    if (names !== undefined) observed.set(id, observeHeaders(request.headers, names));
    return new Response("observed");
  });
  let responder;
  try {
    responder = await startRawResponder();
  } catch (error) {
    await server.close();
    throw error;
  }
  let nextId = 0;
  return {
    kind: server.kind,
    ports: { server: server.port, responder: responder.port },
    async server(lines) {
      const id = nextId++;
      const names = probedNames(lines);
      namesById.set(id, names);
      const bytes = requestBytes(server.port, id, lines);
      const exchange: RawExchange = await sendRawRequest(server.port, bytes, exchangeTimeoutMs);
      const actual = observed.get(id);
      observed.delete(id);
      namesById.delete(id);
      return judge(
        "server",
        "request",
        {
          bytes,
          lines,
          fieldLines: [`Host: 127.0.0.1:${server.port}`, ...lines, "Connection: close"],
          runtimeOutcome: `${exchange.end}, status ${statusOf(exchange.response)}`,
        },
        names,
        actual,
      );
    },
    async client(lines) {
      const names = probedNames(lines);
      const bytes = responseBytes(lines);
      responder.answerWith(bytes);
      let actual: HeadersObservation | undefined;
      let outcome = "ok";
      try {
        const response = await fetch(`http://127.0.0.1:${responder.port}/`, {
          signal: AbortSignal.timeout(exchangeTimeoutMs),
        });
        actual = observeHeaders(response.headers, names);
        await response.body?.cancel();
      } catch (error) {
        outcome = error instanceof Error ? error.name : String(error);
      }
      return judge(
        "client",
        "immutable",
        {
          bytes,
          lines,
          fieldLines: [...lines, "Content-Length: 0", "Connection: close"],
          runtimeOutcome: outcome,
        },
        names,
        actual,
      );
    },
    async close() {
      await responder.close();
      await server.close();
    },
  };
}

/**
 * A candidate module's `headersFromRawList`, fed the header list the standard field-line parser
 * reads from the lines (a head it rejects never reaches a Headers, so it is skipped), under guard
 * "request" for the server side and "immutable" for the client side. A throw while building or
 * reading the Headers is a divergence: the list is a valid header list.
 */
function candidateSides(
  candidate: WireCandidate,
  judge: Judge,
  fail: (divergence: WireDivergence) => false,
  readFieldLines: (lines: readonly string[]) => HeaderList | null,
  onExchange: (exchange: Omit<WireExchangeStart, "path"> | null) => void,
): Sides {
  const side = (name: WireSide, guard: "request" | "immutable") => (lines: string[]) => {
    const list = parseFieldLines(lines);
    const names = probedNames(lines);
    const raw = list === null ? [] : flat(list);
    const bytes = JSON.stringify(raw);
    let actual: HeadersObservation | undefined;
    if (list !== null) {
      onExchange({ side: name, bytes, fieldLines: lines });
      try {
        actual = observeHeaders(
          candidate.headersFromRawList([...raw], guard, { profile: "server" }),
          names,
        );
        onExchange(null);
      } catch (error) {
        onExchange(null);
        const thrown = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        return Promise.resolve(fail({
          side: name,
          kind: "reference",
          bytes,
          fieldLines: lines,
          expected: observeHeaderList(readFieldLines(lines) ?? [], names),
          actual: null,
          detail: `${candidate.name} threw ${thrown}`,
        }));
      }
    }
    return Promise.resolve(judge(
      name,
      guard,
      { bytes, lines, fieldLines: lines, runtimeOutcome: "the field-line parser rejects it" },
      names,
      actual,
    ));
  };
  return {
    kind: candidate.name,
    ports: null,
    server: side("server", "request"),
    client: side("client", "immutable"),
    close: () => Promise.resolve(),
  };
}

/**
 * The hang divergence of a candidate module's `exchange` that did not return (`detail` says how
 * long it was waited for): the reference's observation of its header list, no actual one.
 *
 * @example
 * ```ts
 * import { wireHang } from "./wire_property.ts";
 * const hang = wireHang(
 *   { side: "server", bytes: '["x","1"]', fieldLines: ["X: 1"], path: "0" },
 *   "headersFromRawList did not return within 2 s",
 * );
 * hang.expected; // { entries: [["x", "1"]], ... }
 * ```
 */
export function wireHang(exchange: WireExchangeStart, detail: string): WireDivergence {
  const list = parseFieldLines(exchange.fieldLines);
  const guard = exchange.side === "server" ? "request" : "immutable";
  return {
    side: exchange.side,
    kind: "hang",
    bytes: exchange.bytes,
    fieldLines: exchange.fieldLines,
    expected: list === null ? null : observeHeaders(
      headersFromRawList(flat(list), guard, { profile: "server" }),
      probedNames(exchange.fieldLines),
    ),
    actual: null,
    detail,
  };
}
