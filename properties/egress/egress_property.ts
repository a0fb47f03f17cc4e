/**
 * The egress property: a generated Response returned from the runtime's own server's handler,
 * whose head a raw TCP client reads (server side), and a generated `fetch(url, init)` to a raw
 * TCP server that records its head (client side), both on 127.0.0.1; each head's field lines
 * compared (compare.ts) with the reference's header list of the same message. A module target
 * (a path, a kill-table variant, `deno-src:`) has no server: its `egressHeaderList(message)`, the
 * list its server or client would write, read without touching `.headers`, is compared instead.
 *
 * @example
 * ```ts
 * import { runEgressProperty } from "./egress_property.ts";
 * const result = await runEgressProperty({ runs: 10, seed: 1, timeLimitMs: 5000, classes: [] });
 * console.log(result.divergence === null);
 * ```
 *
 * @module
 */
import fc from "fast-check";
import type { HeaderList } from "../../spec/header_list.ts";
import type { EgressContext, EgressRecognizer, EgressSide } from "./compare.ts";
import { compareHeads, headFieldLines } from "./compare.ts";
import { startEgressServer, startHeadRecorder } from "./endpoints.ts";
import type { BodySpec, FetchSpec, MessageClasses, ResponseSpec } from "./sequences.ts";
import {
  buildRequest,
  buildResponse,
  fetchArbitrary,
  fetchInitOf,
  pairsOf,
  referenceRequestList,
  referenceResponseList,
  responseArbitrary,
} from "./sequences.ts";
import { LOOPBACK, sendRawRequest } from "../wire/endpoints.ts";

/** One generated case: a side and its message. */
export type EgressCase =
  | { side: "server"; response: ResponseSpec }
  | { side: "client"; fetch: FetchSpec };

/** The generator of cases: server and client sides alike. */
export const caseArbitrary: fc.Arbitrary<EgressCase> = fc.oneof(
  responseArbitrary.map((response): EgressCase => ({ side: "server", response })),
  fetchArbitrary.map((fetch): EgressCase => ({ side: "client", fetch })),
);

/** A module's egress entry points. */
export interface EgressCandidate {
  /** What the report calls it. */
  name: string;
  classes: MessageClasses;
  /** The flat header list its server or client would write for `message`. */
  egressHeaderList(message: unknown): string[];
}

/** A divergence of the egress property. */
export interface EgressDivergence {
  case: EgressCase;
  /** The reference's header list of the message. */
  expected: HeaderList;
  /** The field lines written (for a module: its egress list); null when nothing was written. */
  actual: HeaderList | null;
  /** The first difference, one line. */
  detail: string;
}

/** The options of one run. */
export interface EgressOptions {
  runs: number;
  seed: number;
  timeLimitMs: number;
  /** Replay fast-check's path of this seed. */
  path?: string;
  /** The egress classes in force (each on the runtime it names: the caller filters). */
  classes: readonly EgressRecognizer[];
  /** A module instead of the runtime's own server and fetch(). */
  candidate?: EgressCandidate;
}

/** What one run found. */
export interface EgressResult {
  runs: number;
  /** Cases the reference rejects (its constructor throws): not sent. */
  rejected: number;
  /** The shrunk divergence, or null. */
  divergence: EgressDivergence | null;
  path?: string;
  /** How many fields or lists each class accounted for. */
  knownClassCounts: Record<string, number>;
  /** The server that answered ("Deno.serve", "Bun.serve", "node:http"), or the module's name. */
  server: string;
  /** The field names the allowances in force let the runtime add (lowercase). */
  allowed: string[];
}

/** A case's time limit, in milliseconds. */
export const EGRESS_EXCHANGE_MS = 2000;

/** A raw GET that asks the server to close after its answer. */
const GET = `GET / HTTP/1.1\r\nHost: ${LOOPBACK}\r\nConnection: close\r\n\r\n`;

/**
 * The reference's list of `c` (`url` the client side's target, which no header of the list
 * depends on), or null when the reference rejects it.
 */
export function referenceListOf(c: EgressCase, url: string): HeaderList | null {
  try {
    return c.side === "server"
      ? referenceResponseList(c.response)
      : referenceRequestList(c.fetch, url);
  } catch {
    return null;
  }
}

/** What the classes may ask of `c`'s message. */
export function contextOf(c: EgressCase): EgressContext {
  const body = c.side === "server" && c.response.make === "json"
    ? { kind: "json" as const }
    : c.side === "server"
    ? (c.response as { body: BodySpec }).body
    : c.fetch.body;
  return {
    side: c.side,
    clone: c.side === "server" ? c.response.clone : c.fetch.via === "clone",
    init: (c.side === "server" ? c.response.init : c.fetch.init).kind,
    status: (c.side === "server" ? (c.response.init as { status?: number }).status : null) ?? null,
    body: body.kind,
    emptyText: "text" in body && body.text === "",
    nonAsciiText: "text" in body && /[\u0080-\uffff]/.test(body.text),
  };
}

/** Ends `promise` after `ms` with `fallback`. */
function bounded<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<T>((resolve) => timer = setTimeout(() => resolve(fallback), ms)),
  ]).finally(() => clearTimeout(timer));
}

/** Runs the egress property; returns what it found. Closes every server before it returns. */
export async function runEgressProperty(options: EgressOptions): Promise<EgressResult> {
  const counts: Record<string, number> = {};
  let rejected = 0;
  let current: EgressCase | null = null;
  let lastDivergence: EgressDivergence | null = null;
  const native = options.candidate === undefined;
  const hostClasses = { Headers, Response, Request } as unknown as MessageClasses;
  const server = native
    ? await startEgressServer(() => {
      if (current?.side !== "server") return new Response(null, { status: 500 });
      return buildResponse(current.response, hostClasses);
    })
    : null;
  const recorder = native ? await startHeadRecorder() : null;
  const url = `http://${LOOPBACK}:${recorder?.port ?? 9}/egress`;
  const actualOf = async (c: EgressCase): Promise<HeaderList | null> => {
    const candidate = options.candidate;
    if (candidate !== undefined) {
      const message = c.side === "server"
        ? buildResponse(c.response, candidate.classes)
        : buildRequest(c.fetch, url, candidate.classes) ??
          new candidate.classes.Request!(url, fetchInitOf(c.fetch, candidate.classes));
      return pairsOf(candidate.egressHeaderList(message));
    }
    if (c.side === "server") {
      const exchange = await sendRawRequest(server!.port, GET, EGRESS_EXCHANGE_MS);
      return exchange.response === "" ? null : headFieldLines(exchange.response);
    }
    const before = recorder!.heads.length;
    const request = buildRequest(c.fetch, url, hostClasses);
    const sent = request === null
      ? fetch(url, fetchInitOf(c.fetch, hostClasses) as RequestInit)
      : fetch(request as Request);
    await bounded(
      sent.then((response) => response.body?.cancel(), () => undefined),
      EGRESS_EXCHANGE_MS,
      undefined,
    );
    return recorder!.heads.length > before ? headFieldLines(recorder!.heads[before]) : null;
  };
  let runs = 0;
  try {
    const details = await fc.check(
      fc.asyncProperty(caseArbitrary, async (c) => {
        runs++;
        const expected = referenceListOf(c, url);
        if (expected === null) {
          rejected++;
          return true;
        }
        current = c;
        let actual: HeaderList | null;
        try {
          actual = await actualOf(c);
        } catch (error) {
          lastDivergence = {
            case: c,
            expected,
            actual: null,
            detail: `threw ${error instanceof Error ? `${error.name}: ${error.message}` : error}`,
          };
          return false;
        }
        if (actual === null) {
          lastDivergence = { case: c, expected, actual, detail: "no head was written" };
          return false;
        }
        const classes = options.classes.filter((k) => k.sides.includes(c.side as EgressSide));
        const compared = compareHeads(expected, actual, classes, contextOf(c));
        if (compared.mismatch !== null) {
          lastDivergence = { case: c, expected, actual, detail: compared.mismatch };
          return false;
        }
        for (const [name, n] of Object.entries(compared.counted)) {
          counts[name] = (counts[name] ?? 0) + n;
        }
        return true;
      }),
      {
        seed: options.seed,
        ...(options.path === undefined ? { numRuns: options.runs } : { path: options.path }),
        interruptAfterTimeLimit: options.timeLimitMs,
        endOnFailure: false,
      },
    );
    return {
      runs,
      rejected,
      divergence: details.failed ? lastDivergence : null,
      ...(details.failed ? { path: details.counterexamplePath ?? undefined } : {}),
      knownClassCounts: counts,
      server: options.candidate?.name ?? server!.kind,
      allowed: [...new Set(options.classes.flatMap((c) => c.adds ?? []))],
    };
  } finally {
    await server?.close();
    await recorder?.close();
  }
}
