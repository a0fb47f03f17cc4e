/**
 * The egress property: a generated Response returned from the runtime's own server's handler,
 * whose head a raw TCP client reads (server side), and a generated `fetch(url, init)` to a raw
 * TCP server that records its head (client side), both on 127.0.0.1; each head's field lines
 * compared (compare.ts) with the reference's header list of the same message. The same over h2
 * (sides "h2-server", "h2-client"): the runtime's h2c server answers a raw h2 client
 * (wire/h2.ts), its `fetch()` over h2 (wire/h2_runtime.ts) sends to a raw h2 responder over TLS,
 * and the HEADERS block written is decoded (wire/hpack.ts); a runtime without one of these ends
 * skips that side's cases and says why. A module target
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
import { compareHeads, h2BlockFieldLines, headFieldLines } from "./compare.ts";
import { startEgressH2Server, startEgressServer, startHeadRecorder } from "./endpoints.ts";
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
import { LOOPBACK, type RuntimeServer, sendRawRequest } from "../wire/endpoints.ts";
import type { H2Field, H2Responder } from "../wire/h2.ts";
import { makeLoopbackCertificate, sendH2Request, startH2Responder } from "../wire/h2.ts";
import type { RuntimeH2Client } from "../wire/h2_runtime.ts";
import { startRuntimeH2Client } from "../wire/h2_runtime.ts";
import { HpackDecoder } from "../wire/hpack.ts";

/** One generated case: a side (HTTP/1.1 or h2) and its message. */
export type EgressCase =
  | { side: "server" | "h2-server"; response: ResponseSpec }
  | { side: "client" | "h2-client"; fetch: FetchSpec };

/** The generator of cases: server and client sides alike, over HTTP/1.1 and h2 alike. */
export const caseArbitrary: fc.Arbitrary<EgressCase> = fc.oneof(
  responseArbitrary.map((response): EgressCase => ({ side: "server", response })),
  fetchArbitrary.map((fetch): EgressCase => ({ side: "client", fetch })),
  responseArbitrary.map((response): EgressCase => ({ side: "h2-server", response })),
  fetchArbitrary.map((fetch): EgressCase => ({ side: "h2-client", fetch })),
);

/** The h2 ends of a native run ("Deno.serve (h2c)"), or why there is none ("not run: ..."). */
export interface EgressH2Ends {
  server: string;
  client: string;
}

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
  /** The h2 ends exercised, or why not. */
  h2: EgressH2Ends;
  /** Cases of an h2 side the runtime has no end for: not sent. */
  h2Skipped: number;
}

/** A case's time limit, in milliseconds. */
export const EGRESS_EXCHANGE_MS = 2000;

/** A raw GET that asks the server to close after its answer. */
const GET = `GET / HTTP/1.1\r\nHost: ${LOOPBACK}\r\nConnection: close\r\n\r\n`;

/** The request block the raw h2 client sends the h2c server. */
function h2Get(port: number): H2Field[] {
  return [[":method", "GET"], [":scheme", "http"], [":authority", `${LOOPBACK}:${port}`], [
    ":path",
    "/",
  ]];
}

/**
 * The reference's list of `c` (`url` the client side's target, which no header of the list
 * depends on), or null when the reference rejects it.
 */
export function referenceListOf(c: EgressCase, url: string): HeaderList | null {
  try {
    return "response" in c ? referenceResponseList(c.response) : referenceRequestList(c.fetch, url);
  } catch {
    return null;
  }
}

/** What the classes may ask of `c`'s message. */
export function contextOf(c: EgressCase): EgressContext {
  const body = "response" in c && c.response.make === "json"
    ? { kind: "json" as const }
    : "response" in c
    ? (c.response as { body: BodySpec }).body
    : c.fetch.body;
  return {
    side: c.side,
    clone: "response" in c ? c.response.clone : c.fetch.via === "clone",
    init: ("response" in c ? c.response.init : c.fetch.init).kind,
    status: ("response" in c ? (c.response.init as { status?: number }).status : null) ?? null,
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
  const handler = () => {
    if (current === null || !("response" in current)) return new Response(null, { status: 500 });
    return buildResponse(current.response, hostClasses);
  };
  const server = native ? await startEgressServer(handler) : null;
  const opened: { close(): Promise<void> }[] = [];
  let h2Ends: EgressH2Ends = {
    server: "not run: a module has no server",
    client: "not run: a module has no client",
  };
  let h2Server: RuntimeServer | null = null;
  let h2Client: { client: RuntimeH2Client; responder: H2Responder } | null = null;
  let recorder: Awaited<ReturnType<typeof startHeadRecorder>> | null = null;
  try {
    if (server !== null) {
      opened.push(server);
      recorder = await startHeadRecorder();
      opened.push(recorder);
      h2Server = await startEgressH2Server(handler, server);
      opened.push(h2Server);
      h2Ends = { server: h2Server.kind, client: "" };
      h2Client = await startH2Client(opened, h2Ends);
    }
  } catch (error) {
    for (const end of opened.reverse()) await end.close();
    throw error;
  }
  const url = `http://${LOOPBACK}:${recorder?.port ?? 9}/egress`;
  let h2Skipped = 0;
  /** What was written for `c`: field lines, null when nothing, a string when unreadable. */
  const actualOf = async (c: EgressCase): Promise<HeaderList | null | string> => {
    const candidate = options.candidate;
    if (candidate !== undefined) {
      const message = "response" in c
        ? buildResponse(c.response, candidate.classes)
        : buildRequest(c.fetch, url, candidate.classes) ??
          new candidate.classes.Request!(url, fetchInitOf(c.fetch, candidate.classes));
      return pairsOf(candidate.egressHeaderList(message));
    }
    if (c.side === "server") {
      const exchange = await sendRawRequest(server!.port, GET, EGRESS_EXCHANGE_MS);
      return exchange.response === "" ? null : headFieldLines(exchange.response);
    }
    if ("response" in c) {
      const exchange = await sendH2Request(
        h2Server!.port,
        h2Get(h2Server!.port),
        EGRESS_EXCHANGE_MS,
        false,
        new HpackDecoder(),
      );
      if (exchange.fields === undefined || exchange.fields === null) return null;
      const read = h2BlockFieldLines(exchange.fields);
      return read.problem ?? read.lines;
    }
    if (c.side === "h2-client") {
      const { client, responder } = h2Client!;
      responder.requests.length = 0;
      const h2Url = `https://${LOOPBACK}:${responder.port}/egress`;
      const request = buildRequest(c.fetch, h2Url, hostClasses);
      const sent = request === null
        ? client.send(h2Url, fetchInitOf(c.fetch, hostClasses) as RequestInit)
        : client.send(request as Request, {});
      await bounded(
        sent.then((response) => response.body?.cancel(), () => undefined),
        EGRESS_EXCHANGE_MS,
        undefined,
      );
      const block = responder.requests[0];
      if (block === undefined) return null;
      if (block === null) return "the request's header block does not decode (HPACK)";
      const read = h2BlockFieldLines(block);
      return read.problem ?? read.lines;
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
        if (
          native &&
          (c.side === "h2-server" ? h2Server : c.side === "h2-client" ? h2Client : 1) === null
        ) {
          h2Skipped++;
          return true;
        }
        const expected = referenceListOf(c, url);
        if (expected === null) {
          rejected++;
          return true;
        }
        current = c;
        let actual: HeaderList | null | string;
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
        if (typeof actual === "string") {
          lastDivergence = { case: c, expected, actual: null, detail: actual };
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
      h2: h2Ends,
      h2Skipped,
    };
  } finally {
    for (const end of opened.reverse()) await end.close();
  }
}

/**
 * The runtime's fetch() over h2 and a raw h2 responder over TLS that records each request's
 * header block, both added to `opened`; or null, `ends.client` saying why there is none.
 */
async function startH2Client(
  opened: { close(): Promise<void> }[],
  ends: EgressH2Ends,
): Promise<{ client: RuntimeH2Client; responder: H2Responder } | null> {
  const certificate = makeLoopbackCertificate();
  if (typeof certificate === "string") {
    ends.client = `not run: ${certificate}`;
    return null;
  }
  const client = await startRuntimeH2Client(certificate.ca);
  if (typeof client === "string") {
    ends.client = `not run: ${client}`;
    return null;
  }
  opened.push(client);
  let responder: H2Responder;
  try {
    responder = await startH2Responder(certificate, () => new HpackDecoder());
  } catch (error) {
    // Deno 2.0.0's node:tls server cannot listen on a host and an ephemeral port.
    ends.client = `not run: the raw h2 responder (node:tls) cannot listen here: ${
      error instanceof Error ? error.message : String(error)
    }`;
    return null;
  }
  opened.push(responder);
  ends.client = client.kind;
  return { client, responder };
}
