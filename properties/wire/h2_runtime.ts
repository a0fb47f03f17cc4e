/**
 * The runtime's own HTTP/2 ends, on 127.0.0.1, found by what the runtime offers (never by its
 * name):
 * - {@link startRuntimeH2Server}: `Deno.serve`, which answers h2c with prior knowledge on the
 *   port it serves HTTP/1.1 on; else `node:http2`'s h2c server, each request turned into a
 *   `Request` (Node; Bun's `node:http2`). `Bun.serve` speaks no h2c: it ends such a connection
 *   with a PROTOCOL_ERROR GOAWAY.
 * - {@link startRuntimeH2Client}: the runtime's `fetch()` over h2 with TLS, trusting the run's
 *   CA: Deno's through `Deno.createHttpClient({ http2: true, http1: false })`; Node's through an
 *   `allowH2` Agent of its own bundled undici (the class of its global dispatcher); Bun's
 *   `fetch()` offers only HTTP/1.1 in its TLS handshake, so it has none.
 *
 * @module
 */

import * as http2 from "node:http2";
import { LOOPBACK, type RuntimeServer, startRuntimeServer } from "./endpoints.ts";
import { listenH2c } from "./h2.ts";

interface DenoH2Like {
  serve?: unknown;
  createHttpClient?(
    options: { caCerts: string[]; http1: boolean; http2: boolean },
  ): { close(): void };
}

/** A runtime's h2c server. */
export interface RuntimeH2Server extends RuntimeServer {
  /**
   * Whether the Headers handed over is made by the `Request` constructor from the fields (the
   * `node:http2` adapter), which strips each value's leading and trailing whitespace, so that
   * `cookie` crumbs joined with "; " and an empty one last lose the space.
   */
  normalizes: boolean;
}

/** A runtime's `fetch()` over h2. */
export interface RuntimeH2Client {
  /** Which client: "Deno.createHttpClient" or "undici Agent (allowH2)". */
  kind: string;
  fetch(url: string, signal: AbortSignal): Promise<Response>;
  /** `fetch(input, init)` over h2: the egress stage's requests, a Request or an init. */
  send(input: Request | string, init: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The runtime's `fetch()` over h2 to servers whose certificate `ca` signed, or why the runtime
 * has none.
 *
 * @example
 * ```ts
 * import { startRuntimeH2Client } from "./h2_runtime.ts";
 * // const client = await startRuntimeH2Client(ca); // typeof client === "string": the reason
 * ```
 */
export async function startRuntimeH2Client(ca: string): Promise<RuntimeH2Client | string> {
  const deno = (globalThis as { Deno?: DenoH2Like }).Deno;
  if (deno !== undefined) {
    if (typeof deno.createHttpClient !== "function") {
      return "this Deno has no Deno.createHttpClient, the only way to ask its fetch() for h2";
    }
    const client = deno.createHttpClient({ caCerts: [ca], http1: false, http2: true });
    return {
      kind: "Deno.createHttpClient (http2)",
      fetch: (url, signal) => fetch(url, { client, signal } as RequestInit),
      send: (input, init) => fetch(input, { ...init, client } as RequestInit),
      close: () => Promise.resolve(client.close()),
    };
  }
  // Node's fetch() makes its global dispatcher on first use: an Agent of its bundled undici.
  const key = Symbol.for("undici.globalDispatcher.1");
  if ((globalThis as Record<symbol, unknown>)[key] === undefined) {
    try {
      await (await fetch("data:,")).text();
    } catch {
      // A fetch() without data: URLs has no dispatcher either; said below.
    }
  }
  const dispatcher = (globalThis as Record<symbol, unknown>)[key] as
    | { constructor: new (options: unknown) => { close(): Promise<void> } }
    | undefined;
  if (dispatcher === undefined || typeof dispatcher.constructor !== "function") {
    return "its fetch() offers only HTTP/1.1 when it connects over TLS (no undici dispatcher, " +
      "no client option that asks for h2)";
  }
  const agent = new dispatcher.constructor({ allowH2: true, connect: { ca } });
  return {
    kind: `undici ${dispatcher.constructor.name} (allowH2) of the runtime's fetch()`,
    fetch: (url, signal) => fetch(url, { dispatcher: agent, signal } as RequestInit),
    send: (input, init) => fetch(input, { ...init, dispatcher: agent } as RequestInit),
    close: () => agent.close(),
  };
}

/**
 * The runtime's own server that reads h2c requests on 127.0.0.1 (ephemeral port), `handler`
 * seeing each as the runtime hands it to user code: `Deno.serve`, else `node:http2`'s server with
 * each request turned into a `Request` whose headers are its raw fields in order, pseudo-headers
 * left out and `cookie` crumbs joined with "; " where the first was, as `node:http2`'s own
 * `request.headers.cookie` has them (RFC 9113 8.2.3). Under Deno, `http1` (a `Deno.serve` with
 * the same handler) is the h2c server too: Deno.serve answers h2c on the same port.
 *
 * @example
 * ```ts
 * import { startRuntimeH2Server } from "./h2_runtime.ts";
 * const server = await startRuntimeH2Server(() => new Response("ok"));
 * await server.close();
 * ```
 */
export async function startRuntimeH2Server(
  handler: (request: Request) => Response | Promise<Response>,
  http1?: RuntimeServer,
): Promise<RuntimeH2Server> {
  const deno = (globalThis as { Deno?: DenoH2Like }).Deno;
  if (deno !== undefined && typeof deno.serve === "function") {
    // The HTTP/1.1 server given (its handler `handler`) is closed by whoever started it.
    if (http1 !== undefined) {
      return {
        port: http1.port,
        kind: `${http1.kind} (h2c)`,
        normalizes: false,
        close: () => Promise.resolve(),
      };
    }
    const server = await startRuntimeServer(handler);
    return { ...server, kind: `${server.kind} (h2c)`, normalizes: false };
  }
  const server = http2.createServer(async (incoming, outgoing) => {
    const pairs: [string, string][] = [];
    let cookieAt = -1;
    const raw = incoming.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const [name, value] = [raw[i], raw[i + 1]];
      if (name.startsWith(":")) continue;
      if (name === "cookie" && cookieAt >= 0) {
        pairs[cookieAt] = ["cookie", `${pairs[cookieAt][1]}; ${value}`];
        continue;
      }
      if (name === "cookie") cookieAt = pairs.length;
      pairs.push([name, value]);
    }
    try {
      const response = await handler(
        new Request(`http://${LOOPBACK}${incoming.url ?? "/"}`, {
          method: incoming.method,
          headers: pairs,
        }),
      );
      outgoing.writeHead(response.status, { "content-type": "text/plain" });
      outgoing.end(await response.text());
    } catch (error) {
      outgoing.writeHead(500);
      outgoing.end(String(error));
    }
  });
  const { port, close } = await listenH2c(server);
  return { port, kind: "node:http2 (h2c)", normalizes: true, close };
}
