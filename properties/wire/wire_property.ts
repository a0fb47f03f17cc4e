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
import { sortAndCombine } from "../../spec/header_list.ts";
import { headersFromRawList } from "../../spec/mod.ts";
import { isHeaderValue } from "../../spec/header_predicates.ts";
import {
  LOOPBACK,
  type RawExchange,
  type RuntimeServer,
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
import { type H2Field, h2Outcome, makeLoopbackCertificate, sendH2Request } from "./h2.ts";
import { startH2Responder } from "./h2.ts";
import {
  h2FieldLine,
  h2FieldOfLine,
  type H2Head,
  h2HeadArbitrary,
  readH2Fields,
} from "./h2_fields.ts";
import { startRuntimeH2Client, startRuntimeH2Server } from "./h2_runtime.ts";
import type { WireTouch } from "./touch.ts";
import { remadeResponseList, touchedHeaders, touchOf } from "./touch.ts";

/**
 * Which end of the runtime read the field lines: its server or its fetch() over HTTP/1.1, or over
 * HTTP/2 ("h2-server", "h2-client": an h2 header block, h2.ts); "h2-client-raw": the raw header
 * list an HTTP client's `request()` hands over (`responseHeaders: "raw"`, an undici tree's).
 */
export type WireSide = "server" | "client" | "h2-server" | "h2-client" | "h2-client-raw";

/** The guard of the Headers a side hands over: "request" for a server, "immutable" for fetch(). */
export function guardOf(side: WireSide): "request" | "immutable" {
  return side === "server" || side === "h2-server" ? "request" : "immutable";
}

/**
 * The reference's header list of a divergence's field lines on `side`: `parseFieldLines` of
 * HTTP/1.1 lines; `readH2Fields` of an h2 block's fields (its lines "name: value"), null when no
 * raw list can hold it.
 *
 * @example
 * ```ts
 * import { referenceListOf } from "./wire_property.ts";
 * referenceListOf("h2-server", ["cookie: a", "cookie: b"]); // [["cookie", "a; b"]]
 * ```
 */
export function referenceListOf(side: WireSide, fieldLines: readonly string[]): HeaderList | null {
  if (!isH2Side(side)) return parseFieldLines(fieldLines);
  const list = readH2Fields(
    fieldLines.map(h2FieldOfLine),
    side === "h2-server" ? "server" : "client",
  );
  return list !== null && list.every(([, value]) => isHeaderValue(value)) ? list : null;
}

/** Whether a side speaks HTTP/2 (its exchanges are the h2 property's, paths prefixed "h2:"). */
export function isH2Side(side: WireSide): boolean {
  return side === "h2-server" || side === "h2-client" || side === "h2-client-raw";
}

/** The prefix of a fast-check path of the h2 property (the other paths are HTTP/1.1's). */
export const H2_PATH_PREFIX = "h2:";

/** A Headers divergence: the runtime's Headers disagrees with the reference or with itself. */
export interface WireDivergence {
  side: WireSide;
  /**
   * "reference": differs from the reference; "metamorphic": breaks a metamorphic property;
   * "hang": a candidate module's call did not return within {@link EXCHANGE_TIMEOUT_MS}, or a
   * runtime's h2 exchange did not end within {@link RUNTIME_EXCHANGE_HANG_MS} (the wire stage,
   * stage.ts, stopped its process and made it of the exchange in progress, {@link wireStop});
   * "crash": the process ended by itself during that exchange (an abort, a panic, an exit).
   */
  kind: "reference" | "metamorphic" | "hang" | "crash";
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
  /** What touched the runtime's message before its headers were read (touch.ts), if anything. */
  touch?: WireTouch;
  /**
   * Whether `bytes` is an h2 block's regular fields handed to the module's own
   * `headersFromH2Fields` (as JSON) rather than a raw list.
   */
  h2Fields?: boolean;
  /** Whether the h2 exchange's stream was reset before its response completed. */
  reset?: boolean;
}

/** Budget of one exchange in milliseconds, a candidate module's call included. */
export const EXCHANGE_TIMEOUT_MS = 2000;

/**
 * A runtime's h2 exchange, bounded inside by {@link EXCHANGE_TIMEOUT_MS}, that has not ended after
 * this many milliseconds is a hang of the runtime: its time-outs no longer run.
 */
export const RUNTIME_EXCHANGE_HANG_MS = 5 * EXCHANGE_TIMEOUT_MS;

/**
 * How a process running the property with `onExchange` announces an exchange on standard output
 * (cli.ts): this prefix and the {@link WireExchangeStart} as JSON before the candidate is called,
 * {@link EXCHANGE_END_LINE} after it returned.
 */
export const EXCHANGE_LINE_PREFIX = "exchange ";
/** The line after a candidate module's call returned (see {@link EXCHANGE_LINE_PREFIX}). */
export const EXCHANGE_END_LINE = "exchange-end";

/**
 * An exchange about to start: a candidate module's call of `headersFromRawList` (or of its
 * `headersFromH2Fields`), or a runtime's h2 exchange.
 */
export interface WireExchangeStart {
  side: WireSide;
  /** The flat raw list handed to `headersFromRawList` (an h2 block sent), as JSON. */
  bytes: string;
  fieldLines: string[];
  /** fast-check's path of the run under the property's seed (what `path` replays). */
  path: string;
  /** Whether `bytes` are an h2 block's fields handed to `headersFromH2Fields`. */
  h2Fields?: boolean;
  /** Whether the h2 exchange resets its stream before the response completes. */
  reset?: boolean;
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
  /**
   * The module's own reading of an h2 header block, when it has one: the block's regular fields
   * as they came to a Headers (guard "request": a server's, `cookie` crumbs joined; "immutable":
   * a client's), throwing a TypeError for a block it takes to be malformed. The h2 sides then
   * judge it against the reference's reading (h2_fields.ts); without it, `headersFromRawList` is
   * fed the reference's list.
   */
  headersFromH2Fields?(
    fields: [string, string][],
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
  /**
   * A Response made from fetch()'s Response (touch "remake"): what this runtime's iteration
   * shows of a Headers holding `list` (the standard: sort and combine), the new one's fill.
   */
  iterated?(list: HeaderList): HeaderList;
  /** That fill keeps the iterated values as they are (the standard normalizes each). */
  keepsCopiedValues?: boolean;
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
  /**
   * An HTTP client's own entry points (an undici tree's, `--target undici-src:PATH`): its fetch()
   * over HTTP/1.1 and h2 and its `request()` raw list over h2 are the client sides; no server.
   */
  clients?: WireClients;
  /** Wall-clock budget for the whole property, shrinking included, in milliseconds. */
  timeLimitMs: number;
  /** Budget of one exchange, in milliseconds (default {@link EXCHANGE_TIMEOUT_MS}). */
  exchangeTimeoutMs?: number;
  /**
   * Told of each exchange of a candidate module before its `headersFromRawList` is called (and of
   * each h2 exchange of the runtime before its block is sent), and with null after the call and
   * the reading of its Headers returned (cli.ts prints them, so that the process that runs it
   * shows which exchange hung or crashed).
   */
  onExchange?: (exchange: WireExchangeStart | null) => void;
  /**
   * How the reference reads field lines into a header list (null: it rejects them); default
   * `parseFieldLines`. Tests swap in a broken one to show the property sees.
   */
  readFieldLines?: (lines: readonly string[]) => HeaderList | null;
  /**
   * How the reference reads the regular fields of an h2 header block (null: the message is
   * malformed); default `readH2Fields`. Tests swap in a broken one to show the h2 sides see.
   */
  readH2Fields?: ReadH2Fields;
  /**
   * At most this many parser divergences are kept (default 5) of HTTP/1.1 heads, and as many of
   * h2 heads; more are only counted.
   */
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
  /** The h2 ends exercised (or why not) and the h2 heads generated (shrinking included). */
  h2: H2Ends & { runs: number };
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
  /** Runs `lines` through the server side and judges the outcome (null: no server side). */
  server: ((lines: string[]) => Promise<boolean>) | null;
  /** Runs `lines` through the client side and judges the outcome. */
  client(lines: string[]): Promise<boolean>;
  /** Runs an h2 head through the h2 server side (null: none, `ends.server` says why). */
  h2Server: ((head: H2Head) => Promise<boolean>) | null;
  /** Runs an h2 head through the h2 client side (null: none, `ends.client` says why). */
  h2Client: ((head: H2Head) => Promise<boolean>) | null;
  /** The h2 ends exercised, or why not. */
  h2Ends: H2Ends;
  close(): Promise<void>;
}

/** Which h2 ends a run exercised ("Deno.serve (h2c)"), or why not ("not run: ..."). */
export interface H2Ends {
  server: string;
  client: string;
}

/** One exchange, as the judge sees it. */
interface Exchange {
  bytes: string;
  /** The generated lines. */
  lines: string[];
  /** Every field line of the head (framing ones included), as the reference reads them. */
  fieldLines: string[];
  /** The reference's header list when it is not read from `fieldLines` (an h2 block's). */
  list?: HeaderList | null;
  /** What the runtime did with the head, when it did not hand over a Headers. */
  runtimeOutcome: string;
  /** What touched the runtime's message before its headers were read (touch.ts). */
  touch?: WireTouch;
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
  const readH2 = options.readH2Fields ?? readH2Fields;
  const maxParserDivergences = options.maxParserDivergences ?? 5;
  const knownClasses = options.knownClasses ?? [];
  const knownClassCounts: Record<string, number> = {};
  const parserDivergences: ParserDivergence[] = [];
  let parserDivergenceCount = 0;
  const recordParserDivergence = (found: ParserDivergence) => {
    parserDivergenceCount++;
    // Kept apiece for HTTP/1.1 and for h2, so that h2's are shown after many HTTP/1.1 ones.
    const kept = parserDivergences.filter((d) => isH2Side(d.side) === isH2Side(found.side));
    if (kept.length < maxParserDivergences) parserDivergences.push(found);
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
    touch: WireTouch,
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
    if (remakesResponse(side, touch)) {
      const standard = remadeResponseList(explainedList);
      const iterating = applicable.find((known) => known.iterated !== undefined);
      const keeping = applicable.find((known) => known.keepsCopiedValues === true);
      const iterated = iterating?.iterated?.(explainedList) ?? sortAndCombine(explainedList);
      const normalized = remadeResponseList(iterated);
      if (iterating !== undefined && !same(normalized, standard)) used.push(iterating.name);
      if (keeping !== undefined && !same(iterated, normalized)) used.push(keeping.name);
      explainedList = keeping === undefined ? normalized : iterated;
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
    const list = exchange.list !== undefined ? exchange.list : readFieldLines(exchange.fieldLines);
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
    // A Response made from fetch()'s Response holds the list its iteration gave (touch.ts).
    const expected = expectedObservation(
      remakesResponse(side, exchange.touch ?? "unread") ? remadeResponseList(list) : list,
      guard,
      names,
      exchange.list !== undefined,
    );
    if (!same(expected, actual)) {
      const known = knownClassesFor(
        side,
        list,
        exchange.fieldLines,
        names,
        actual,
        exchange.touch ?? "unread",
      );
      if (known !== null) return countKnown(known);
      return fail({
        side,
        kind: "reference",
        bytes,
        fieldLines: lines,
        expected,
        actual,
        ...touched(exchange),
      });
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
        ...touched(exchange),
      });
    }
    return true;
  };

  // fast-check's path of the run in progress: the index of the run, then after each failure
  // the index of the failing shrink at each level (a replayed path starts where it points).
  let currentPath = "";
  const h2Path = options.path?.startsWith(H2_PATH_PREFIX)
    ? options.path.slice(H2_PATH_PREFIX.length)
    : undefined;
  const h1Path = h2Path === undefined ? options.path : undefined;
  const exchangeTimeoutMs = options.exchangeTimeoutMs ?? EXCHANGE_TIMEOUT_MS;
  // An h2 exchange gets what is left of the property's time, at most its budget and at least
  // H2_LAST_EXCHANGE_MS: h2 need not stop starting exchanges a whole budget before the end.
  const announce = (exchange: Omit<WireExchangeStart, "path"> | null) =>
    options.onExchange?.(exchange && { ...exchange, path: currentPath });
  const h2TimeoutMs = () =>
    Math.max(
      Math.min(exchangeTimeoutMs, H2_LAST_EXCHANGE_MS),
      Math.min(exchangeTimeoutMs, started + options.timeLimitMs - Date.now()),
    );
  const sides = options.clients !== undefined
    ? await clientSides(options.clients, judge, exchangeTimeoutMs, h2TimeoutMs, readH2)
    : options.candidate === undefined
    ? await runtimeSides(judge, exchangeTimeoutMs, h2TimeoutMs, readH2, announce)
    : candidateSides(options.candidate, judge, fail, readFieldLines, readH2, announce);
  /** fast-check over `arbitrary` with `predicate`, replaying `path`; paths reported with `prefix`. */
  const check = async <T>(
    arbitrary: fc.Arbitrary<T>,
    predicate: (value: T) => Promise<boolean>,
    path: string | undefined,
    prefix: string,
    timeLimitMs: number,
  ) => {
    const replayed = path === undefined ? [] : path.split(":");
    let pathPrefix = replayed.slice(0, -1);
    let pathIndex = replayed.length === 0 ? 0 : Number(replayed.at(-1));
    // The path of the last failing value: the counterexample when the time runs out while
    // shrinking, which fast-check's own path then does not point to.
    let lastFailing: string | null = null;
    const details = await fc.check(
      fc.asyncProperty(arbitrary, async (value) => {
        const local = [...pathPrefix, pathIndex].join(":");
        currentPath = `${prefix}${local}`;
        const holds = await predicate(value);
        if (holds) pathIndex++;
        else [pathPrefix, pathIndex, lastFailing] = [local.split(":"), 0, local];
        return holds;
      }),
      {
        seed: options.seed,
        // A replay shows the case at its path, not a smaller one it might shrink to.
        ...(path === undefined ? { numRuns: options.runs } : { path, endOnFailure: true }),
        interruptAfterTimeLimit: Math.max(1, timeLimitMs),
        markInterruptAsFailure: false,
      },
    );
    if (details.failed && details.interrupted && details.counterexample === null) {
      // The time ran out before a first run ended: nothing was found (fast-check calls it failed).
      return { failed: false, counterexamplePath: null };
    }
    if (details.failed && lastDivergence === null) {
      // The predicate threw instead of returning false: a harness error, not a finding.
      throw new Error(
        `wire property: the harness failed on ${JSON.stringify(details.counterexample)}`,
        {
          cause: details.errorInstance,
        },
      );
    }
    if (details.failed && details.interrupted && lastFailing !== null) {
      return { failed: true, counterexamplePath: lastFailing };
    }
    return details;
  };
  // An h2 exchange near the end gets what is left (h2TimeoutMs), at least H2_LAST_EXCHANGE_MS,
  // twice (fetch() and request() of a client): that much of the time is kept back from both
  // HTTP/1.1 and h2. A module's calls are in-process (a hang is the stage's to stop): none.
  const h2Reserve = options.candidate === undefined
    ? 2 * Math.min(exchangeTimeoutMs, H2_LAST_EXCHANGE_MS)
    : 0;
  try {
    const h2Runs = sides.h2Server !== null || sides.h2Client !== null;
    let details: { failed: boolean; counterexamplePath: string | null } | null = h2Path !==
        undefined
      ? null
      : await check(
        fieldLinesArbitrary,
        async (lines) => {
          runs++;
          return (sides.server === null || await sides.server(lines)) &&
            await sides.client(lines);
        },
        h1Path,
        "",
        // HTTP/1.1 and h2 share the time h2's reserve leaves: HTTP/1.1 gets at most its share,
        // h2 the rest.
        h2Runs && h1Path === undefined
          ? (options.timeLimitMs - h2Reserve) * HTTP1_TIME_SHARE
          : options.timeLimitMs,
      );
    let prefix = "";
    let h2RunCount = 0;
    if (!details?.failed && h2Runs && h1Path === undefined) {
      prefix = H2_PATH_PREFIX;
      details = await check(
        h2HeadArbitrary,
        async (head) => {
          h2RunCount++;
          return (sides.h2Server === null || await sides.h2Server(head)) &&
            (sides.h2Client === null || await sides.h2Client(head));
        },
        h2Path,
        H2_PATH_PREFIX,
        // h2 stops starting exchanges its reserve before the end. A replay runs its one case
        // whatever the time.
        h2Path !== undefined
          ? options.timeLimitMs
          : options.timeLimitMs - (Date.now() - started) - h2Reserve,
      );
    }
    const failed = details?.failed ?? false;
    return {
      server: sides.kind,
      ports: sides.ports,
      elapsedMs: Date.now() - started,
      runs,
      divergence: failed ? lastDivergence : null,
      parserDivergences,
      parserDivergenceCount,
      knownClassCounts,
      seed: options.seed,
      ...(failed && details?.counterexamplePath
        ? { path: `${prefix}${details.counterexamplePath}` }
        : {}),
      h2: { ...sides.h2Ends, runs: h2RunCount },
    };
  } finally {
    await sides.close();
  }
}

/** Whether `touch` on `side` makes a Response from fetch()'s Response (touch.ts). */
function remakesResponse(side: WireSide, touch: WireTouch): boolean {
  return touch === "remake" && (side === "client" || side === "h2-client");
}

/** The divergence field of `exchange`'s touch: none when its headers were read at once. */
function touched(exchange: Exchange): { touch?: WireTouch } {
  return exchange.touch === undefined || exchange.touch === "unread"
    ? {}
    : { touch: exchange.touch };
}

/**
 * The share of the wire property's time the HTTP/1.1 exchanges may take when h2 ones run too
 * (they stop earlier when their runs are done; h2 gets what is left).
 */
export const HTTP1_TIME_SHARE = 0.5;

/**
 * The least budget of an h2 exchange started near the end of the property's time (each gets what
 * is left of it, at most its whole budget): on 127.0.0.1 an exchange takes milliseconds.
 */
export const H2_LAST_EXCHANGE_MS = 500;

/** `list`, or null when one of its values is not a header value (a raw list cannot hold it). */
function feedable(list: HeaderList | null): HeaderList | null {
  return list !== null && list.every(([, value]) => isHeaderValue(value)) ? list : null;
}

/** `list` with each value's leading and trailing HTTP whitespace stripped (the Fetch "normalize"). */
function normalizedList(list: HeaderList | null): HeaderList | null {
  return list?.map(([name, value]) => [name, value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "")]) ??
    null;
}

/**
 * What the reference's Headers of `list` shows under `guard`. An h2 list (`h2`) may hold a value
 * no Headers can be built with, all of it made by the standard's own steps (`cookie` crumbs joined
 * with "; ", an empty one last): what a Headers holding that list shows is then read off the list
 * with the header list algorithms.
 */
function expectedObservation(
  list: HeaderList,
  guard: "request" | "immutable",
  names: string[],
  h2: boolean,
): HeadersObservation {
  if (h2 && !list.every(([, value]) => isHeaderValue(value))) {
    return observeHeaderList(list, names);
  }
  return observeHeaders(headersFromRawList(flat(list), guard, { profile: "server" }), names);
}

/** An HTTP client's entry points, as undici exports them (`wireClients()` of its target module). */
export interface WireClients {
  /** What they are, for the report ("undici at PATH"). */
  name: string;
  fetch(url: string, init: { dispatcher: unknown; signal: AbortSignal }): Promise<Response>;
  /** undici's `Agent`: `allowH2` asks for h2 over TLS, `connect.ca` trusts the run's CA. */
  Agent: new (options: {
    allowH2?: boolean;
    connect?: { ca: string };
  }) => { close(): Promise<void> };
  /** undici's `request()`; with `responseHeaders: "raw"` its `headers` is the flat raw list. */
  request(
    url: string,
    options: { dispatcher: unknown; responseHeaders: "raw"; signal: AbortSignal },
  ): Promise<{ headers: unknown; body: { dump(): Promise<void> } }>;
}

/**
 * An HTTP client's own sides (`clients`): its fetch() answered by the raw HTTP/1.1 responder, its
 * fetch() and its `request()` (raw list) answered by the raw h2 responder over TLS; nothing
 * listens but the responders.
 */
async function clientSides(
  clients: WireClients,
  judge: Judge,
  exchangeTimeoutMs: number,
  h2TimeoutMs: () => number,
  readH2: ReadH2Fields,
): Promise<Sides> {
  const opened: { close(): Promise<void> }[] = [];
  const closeAll = async () => {
    for (const end of opened.reverse()) await end.close();
  };
  try {
    const http1 = new clients.Agent({});
    opened.push(http1);
    const responder = await startRawResponder();
    opened.push(responder);
    const ends: H2Ends = { server: "not run: an HTTP client has no server", client: "" };
    const certificate = makeLoopbackCertificate();
    let h2Client: Sides["h2Client"] = null;
    if (typeof certificate === "string") ends.client = `not run: ${certificate}`;
    else {
      const agent = new clients.Agent({ allowH2: true, connect: { ca: certificate.ca } });
      opened.push(agent);
      const h2 = await startH2Responder(certificate);
      opened.push(h2);
      ends.client = `${clients.name}: fetch() and request() (raw) with an allowH2 Agent`;
      const url = `https://${LOOPBACK}:${h2.port}/`;
      h2Client = async (head) => {
        const lines = head.fields.map(h2FieldLine);
        const names = probedNames(lines);
        const block: H2Field[] = [[":status", "200"], ...head.fields];
        h2.answerWith({ fields: block, reset: head.reset });
        const exchange = (
          side: WireSide,
          actual: HeadersObservation | undefined,
          outcome: string,
        ) =>
          (head.reset && actual === undefined) || judge(
            side,
            "immutable",
            {
              bytes: JSON.stringify(block),
              lines,
              fieldLines: block.map(h2FieldLine),
              list: readH2(head.fields, "client"),
              runtimeOutcome: outcome,
            },
            names,
            actual,
          );
        let actual: HeadersObservation | undefined;
        let outcome = "ok";
        try {
          const response = await clients.fetch(url, {
            dispatcher: agent,
            signal: AbortSignal.timeout(h2TimeoutMs()),
          });
          actual = observeHeaders(response.headers, names);
          await response.body?.cancel().catch(() => {});
        } catch (error) {
          outcome = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        }
        if (!exchange("h2-client", actual, outcome)) return false;
        let raw: HeadersObservation | undefined;
        outcome = "ok";
        try {
          const answer = await clients.request(url, {
            dispatcher: agent,
            responseHeaders: "raw",
            signal: AbortSignal.timeout(h2TimeoutMs()),
          });
          raw = observeHeaderList(rawListOf(answer.headers), names);
          await answer.body.dump().catch(() => {});
        } catch (error) {
          outcome = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        }
        return exchange("h2-client-raw", raw, outcome);
      };
    }
    return {
      kind: clients.name,
      ports: null,
      server: null,
      async client(lines) {
        const names = probedNames(lines);
        const bytes = responseBytes(lines);
        responder.answerWith(bytes);
        let actual: HeadersObservation | undefined;
        let outcome = "ok";
        try {
          const response = await clients.fetch(`http://${LOOPBACK}:${responder.port}/`, {
            dispatcher: http1,
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
      h2Server: null,
      h2Client,
      h2Ends: ends,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/**
 * A raw header list as `request()` hands it over (`responseHeaders: "raw"`: names and values
 * alternating, Buffers or strings; read byte for byte as Latin-1), as a header list.
 */
function rawListOf(raw: unknown): HeaderList {
  const items = Array.isArray(raw) ? raw : [];
  const text = (item: unknown) =>
    typeof item === "string"
      ? item
      : item instanceof Uint8Array
      ? String.fromCharCode(...item)
      : String(item);
  const list: HeaderList = [];
  for (let i = 0; i + 1 < items.length; i += 2) list.push([text(items[i]), text(items[i + 1])]);
  return list;
}

/** How the reference reads an h2 block's regular fields (h2_fields.ts `readH2Fields`). */
export type ReadH2Fields = (
  fields: readonly H2Field[],
  side: "server" | "client",
) => HeaderList | null;

type Judge = (
  side: WireSide,
  guard: "request" | "immutable",
  exchange: Exchange,
  names: string[],
  actual: HeadersObservation | undefined,
) => boolean;

/** Told of an exchange before it starts, and with null after it ended. */
type OnExchange = (exchange: Omit<WireExchangeStart, "path"> | null) => void;

/**
 * The runtime's own server (a raw TCP client sends the head) and its own fetch() (a raw TCP
 * responder answers with the head), both on 127.0.0.1; its h2 exchanges are announced to
 * `onExchange`.
 */
async function runtimeSides(
  judge: Judge,
  exchangeTimeoutMs: number,
  h2TimeoutMs: () => number,
  readH2: ReadH2Fields,
  onExchange: OnExchange,
): Promise<Sides> {
  // The server handler files each observation under the request's id.
  const observed = new Map<number, HeadersObservation>();
  const namesById = new Map<number, string[]>();
  // The touch of each request, HTTP/1.1 or h2 (touch.ts).
  const touchById = new Map<number, WireTouch>();
  const handler = async (request: Request) => {
    const id = Number(new URL(request.url).pathname.split("/")[2]);
    const names = namesById.get(id);
    if (names !== undefined) {
      const headers = await touchedHeaders(request, touchById.get(id) ?? "unread");
      observed.set(id, observeHeaders(headers, names));
    }
    return new Response("observed");
  };
  const server = await startRuntimeServer(handler);
  let nextId = 0;
  const opened: { close(): Promise<void> }[] = [server];
  const closeAll = async () => {
    for (const end of opened.reverse()) await end.close();
  };
  let responder, h2;
  try {
    responder = await startRawResponder();
    opened.push(responder);
    h2 = await runtimeH2Ends(
      judge,
      h2TimeoutMs,
      (id, names, touch) => {
        namesById.set(id, names);
        touchById.set(id, touch);
        return () => {
          const actual = observed.get(id);
          observed.delete(id);
          namesById.delete(id);
          touchById.delete(id);
          return actual;
        };
      },
      () => nextId++,
      opened,
      { handler, server },
      readH2,
      onExchange,
    );
  } catch (error) {
    await closeAll();
    throw error;
  }
  return {
    kind: server.kind,
    ports: { server: server.port, responder: responder.port },
    ...h2,
    async server(lines) {
      const id = nextId++;
      const names = probedNames(lines);
      const touch = touchOf(lines);
      namesById.set(id, names);
      touchById.set(id, touch);
      const bytes = requestBytes(server.port, id, lines);
      const exchange: RawExchange = await sendRawRequest(server.port, bytes, exchangeTimeoutMs);
      const actual = observed.get(id);
      observed.delete(id);
      namesById.delete(id);
      touchById.delete(id);
      return judge(
        "server",
        "request",
        {
          bytes,
          lines,
          fieldLines: [`Host: 127.0.0.1:${server.port}`, ...lines, "Connection: close"],
          runtimeOutcome: `${exchange.end}, status ${statusOf(exchange.response)}`,
          touch,
        },
        names,
        actual,
      );
    },
    async client(lines) {
      const names = probedNames(lines);
      const touch = touchOf(lines);
      const bytes = responseBytes(lines);
      responder.answerWith(bytes);
      let actual: HeadersObservation | undefined;
      let outcome = "ok";
      try {
        const response = await fetch(`http://127.0.0.1:${responder.port}/`, {
          signal: AbortSignal.timeout(exchangeTimeoutMs),
        });
        actual = observeHeaders(await touchedHeaders(response, touch), names);
        if (!response.bodyUsed) await response.body?.cancel();
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
          touch,
        },
        names,
        actual,
      );
    },
    close: closeAll,
  };
}

/** The h2 exchange sides of the runtime, and what each end is (or why there is none). */
type H2Sides = Pick<Sides, "h2Server" | "h2Client" | "h2Ends">;

/**
 * The runtime's h2 ends (h2_runtime.ts), each added to `opened` for closing: its h2c server,
 * whose handler is the HTTP/1.1 server's (`expect(id, names)` files the names an exchange probes
 * and returns how to collect what the handler observed; `nextId` numbers the requests), sent a
 * raw h2 block by {@link sendH2Request}; its fetch() over h2, answered by a raw h2 responder over
 * TLS with a certificate made for this run.
 */
async function runtimeH2Ends(
  judge: Judge,
  exchangeTimeoutMs: () => number,
  expect: (id: number, names: string[], touch: WireTouch) => () => HeadersObservation | undefined,
  nextId: () => number,
  opened: { close(): Promise<void> }[],
  h1: { handler: (request: Request) => Response | Promise<Response>; server: RuntimeServer },
  readH2: ReadH2Fields,
  onExchange: OnExchange,
): Promise<H2Sides> {
  const ends: H2Ends = { server: "", client: "" };
  let h2Server: Sides["h2Server"] = null;
  let h2Client: Sides["h2Client"] = null;
  // Deno.serve answers h2c on its HTTP/1.1 port; elsewhere node:http2 listens apart.
  const server = await startRuntimeH2Server(h1.handler, h1.server);
  opened.push(server);
  ends.server = server.kind;
  h2Server = async (head) => {
    const id = nextId();
    const lines = head.fields.map(h2FieldLine);
    const names = probedNames(lines);
    const touch = touchOf(lines);
    const collect = expect(id, names, touch);
    const block: H2Field[] = [
      [":method", "GET"],
      [":scheme", "http"],
      [":authority", `${LOOPBACK}:${server.port}`],
      [":path", `/wire/${id}`],
      ...head.fields,
    ];
    const fieldLines = block.map(h2FieldLine);
    const bytes = JSON.stringify(block);
    onExchange({ side: "h2-server", bytes, fieldLines, reset: head.reset });
    const exchange = await sendH2Request(server.port, block, exchangeTimeoutMs(), head.reset);
    onExchange(null);
    const actual = collect();
    // A cancelled request may or may not reach the handler: only a Headers it saw is judged.
    if (head.reset && actual === undefined) return true;
    return judge(
      "h2-server",
      "request",
      {
        bytes,
        lines,
        // Every field of the block, pseudo-headers included: a class may depend on its size.
        fieldLines,
        list: server.normalizes
          ? normalizedList(readH2(head.fields, "server"))
          : readH2(head.fields, "server"),
        runtimeOutcome: h2Outcome(exchange),
        touch,
      },
      names,
      actual,
    );
  };
  const certificate = makeLoopbackCertificate();
  if (typeof certificate === "string") {
    ends.client = `not run: ${certificate}`;
    return { h2Server, h2Client, h2Ends: ends };
  }
  const client = await startRuntimeH2Client(certificate.ca);
  if (typeof client === "string") {
    ends.client = `not run: ${client}`;
    return { h2Server, h2Client, h2Ends: ends };
  }
  opened.push(client);
  // The responder is a node:tls server of the runtime under test: one whose node:tls cannot
  // listen (Deno 2.0.0: "callback?.call is not a function") has no client side over h2.
  let responder: Awaited<ReturnType<typeof startH2Responder>>;
  try {
    responder = await startH2Responder(certificate);
  } catch (error) {
    ends.client = `not run: this runtime's node:tls cannot serve the h2 responder: ${
      error instanceof Error ? error.message : String(error)
    }`;
    return { h2Server, h2Client, h2Ends: ends };
  }
  opened.push(responder);
  ends.client = client.kind;
  h2Client = async (head) => {
    const lines = head.fields.map(h2FieldLine);
    const names = probedNames(lines);
    const touch = touchOf(lines);
    const block: H2Field[] = [[":status", "200"], ...head.fields];
    responder.answerWith({ fields: block, reset: head.reset });
    let actual: HeadersObservation | undefined;
    let outcome = "ok";
    const bytes = JSON.stringify(block);
    onExchange({ side: "h2-client", bytes, fieldLines: block.map(h2FieldLine), reset: head.reset });
    try {
      const response = await client.fetch(
        `https://${LOOPBACK}:${responder.port}/`,
        AbortSignal.timeout(exchangeTimeoutMs()),
      );
      actual = observeHeaders(await touchedHeaders(response, touch), names);
      if (!response.bodyUsed) await response.body?.cancel().catch(() => {});
    } catch (error) {
      outcome = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    onExchange(null);
    // A reset stream may fail the fetch() before the headers: only a Headers handed over is judged.
    if (head.reset && actual === undefined) return true;
    return judge(
      "h2-client",
      "immutable",
      {
        bytes,
        lines,
        fieldLines: block.map(h2FieldLine),
        list: readH2(head.fields, "client"),
        runtimeOutcome: outcome,
        touch,
      },
      names,
      actual,
    );
  };
  return { h2Server, h2Client, h2Ends: ends };
}

/**
 * The block of a later response a module's `headersFromH2Fields` reads after the block under test
 * and before that block's Headers is first read: its names are in no generated block, so a
 * Headers that shows them (a name buffer the module shares between calls) is caught.
 */
export function laterH2Block(): [string, string][] {
  return [["x-later-a", "1"], ["x-later-b", "2"]];
}

/** The detail of an h2 block's Headers that differs at its first read. */
const H2_FIRST_READ = "read after headersFromH2Fields read a later block " +
  `(${laterH2Block().map(([name]) => name).join(", ")}), the first read differs`;
/** The detail of an h2 block's Headers right at its first read and wrong at its second. */
const H2_SECOND_READ = "the first read agrees; the second read of the same Headers differs";

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
  readH2: ReadH2Fields,
  onExchange: OnExchange,
): Sides {
  const side = (
    name: WireSide,
    guard: "request" | "immutable",
    read: (lines: string[]) => HeaderList | null = parseFieldLines,
  ) =>
  (lines: string[]) => {
    const list = read(lines);
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
          expected: observeHeaderList(
            read === parseFieldLines ? readFieldLines(lines) ?? [] : list ?? [],
            names,
          ),
          actual: null,
          detail: `${candidate.name} threw ${thrown}`,
        }));
      }
    }
    return Promise.resolve(judge(
      name,
      guard,
      {
        bytes,
        lines,
        fieldLines: lines,
        ...(read === parseFieldLines ? {} : { list }),
        runtimeOutcome: "the field-line parser rejects it",
      },
      names,
      actual,
    ));
  };
  /**
   * The module's own h2 reading of `head`'s block: it must reject what the reference reads as
   * malformed and give what the reference's list gives otherwise (a list no raw list may hold is
   * skipped, as above). The Headers is first read after the module read a later block
   * ({@link laterH2Block}), then read again: a name buffer shared between calls, or a lazy raw
   * list materialized a second time, shows there.
   */
  const h2Reader = (name: WireSide, guard: "request" | "immutable", head: H2Head): boolean => {
    const list = readH2(head.fields, guard === "request" ? "server" : "client");
    if (list !== null && feedable(list) === null) return true;
    const lines = head.fields.map(h2FieldLine);
    const names = probedNames(lines);
    const fields = head.fields.map(([n, v]): [string, string] => [n, v]);
    const bytes = JSON.stringify(fields);
    let actual: HeadersObservation | undefined;
    let again: HeadersObservation | undefined;
    let thrown: string | null = null;
    onExchange({ side: name, bytes, fieldLines: lines, h2Fields: true });
    try {
      const headers = candidate.headersFromH2Fields!([...fields], guard, { profile: "server" });
      candidate.headersFromH2Fields!(laterH2Block(), guard, { profile: "server" });
      actual = observeHeaders(headers, names);
      again = observeHeaders(headers, names);
    } catch (error) {
      thrown = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    onExchange(null);
    const found = { side: name, kind: "reference" as const, bytes, fieldLines: lines };
    if (list === null) {
      if (actual === undefined) return true;
      return fail({
        ...found,
        h2Fields: true,
        expected: null,
        actual,
        detail: `${candidate.name}'s headersFromH2Fields took a block the reference reads as ` +
          "malformed (RFC 9113 8.2)",
      });
    }
    if (actual === undefined) {
      return fail({
        ...found,
        h2Fields: true,
        expected: observeHeaderList(list, names),
        actual: null,
        detail: `${candidate.name}'s headersFromH2Fields threw ${thrown}`,
      });
    }
    const expected = observeHeaderList(list, names);
    if (JSON.stringify(expected) !== JSON.stringify(actual)) {
      return fail({ ...found, h2Fields: true, expected, actual, detail: H2_FIRST_READ });
    }
    if (JSON.stringify(expected) !== JSON.stringify(again)) {
      return fail({ ...found, h2Fields: true, expected, actual: again!, detail: H2_SECOND_READ });
    }
    return true;
  };
  return {
    kind: candidate.name,
    ports: null,
    server: side("server", "request"),
    client: side("client", "immutable"),
    // An h2 block's fields, read as an h2 server or client hands them over (h2_fields.ts); the
    // lines are its fields as "name: value". A list with a value no raw list may hold (empty
    // cookie crumbs joined: "; ") is not fed, as a head the parser rejects.
    h2Server: (head) =>
      candidate.headersFromH2Fields !== undefined
        ? Promise.resolve(h2Reader("h2-server", "request", head))
        : side("h2-server", "request", () => feedable(readH2(head.fields, "server")))(
          head.fields.map(h2FieldLine),
        ),
    h2Client: (head) =>
      candidate.headersFromH2Fields !== undefined
        ? Promise.resolve(h2Reader("h2-client", "immutable", head))
        : side("h2-client", "immutable", () => feedable(readH2(head.fields, "client")))(
          head.fields.map(h2FieldLine),
        ),
    h2Ends: {
      server: "headersFromRawList (guard request)",
      client: "headersFromRawList (guard immutable)",
    },
    close: () => Promise.resolve(),
  };
}

/**
 * The divergence of an `exchange` that stopped its process (`kind` "hang": it did not end, `detail`
 * says how long it was waited for; "crash": the process ended during it): the reference's
 * observation of its header list (none for a runtime's h2 exchange, whose lines start with the
 * harness's pseudo-headers), no actual one.
 *
 * @example
 * ```ts
 * import { wireStop } from "./wire_property.ts";
 * const hang = wireStop(
 *   { side: "server", bytes: '["x","1"]', fieldLines: ["X: 1"], path: "0" },
 *   "hang",
 *   "headersFromRawList did not return within 2 s",
 * );
 * hang.expected; // { entries: [["x", "1"]], ... }
 * ```
 */
export function wireStop(
  exchange: WireExchangeStart,
  kind: "hang" | "crash",
  detail: string,
): WireDivergence {
  const list = referenceListOf(exchange.side, exchange.fieldLines);
  const guard = guardOf(exchange.side);
  return {
    side: exchange.side,
    kind,
    bytes: exchange.bytes,
    fieldLines: exchange.fieldLines,
    expected: list === null ? null : observeHeaders(
      headersFromRawList(flat(list), guard, { profile: "server" }),
      probedNames(exchange.fieldLines),
    ),
    actual: null,
    detail,
    ...(exchange.h2Fields === true ? { h2Fields: true } : {}),
    ...(exchange.reset === undefined ? {} : { reset: exchange.reset }),
  };
}
