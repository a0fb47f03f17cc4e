/**
 * The network ends of the wire property, all on 127.0.0.1 with ephemeral ports, each read and
 * wait bounded in bytes and time:
 * - {@link sendRawRequest}: a raw TCP client that writes request bytes as given and reads the
 *   response until the server closes;
 * - {@link startRawResponder}: a raw TCP server that answers every request with the response
 *   bytes it is told to, then closes;
 * - {@link startRuntimeServer}: the HTTP server of the runtime under test (`Deno.serve`,
 *   `Bun.serve`, or `node:http` with each request turned into a `Request`), whose handler sees
 *   the runtime's own `request.headers`.
 *
 * Bytes travel as strings of code units up to 0xFF, written and read as Latin-1.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import * as http from "node:http";
import * as net from "node:net";

/** The only address anything here listens on or connects to. */
export const LOOPBACK = "127.0.0.1";

/** At most this many response bytes are read; a longer answer is cut there. */
export const MAX_RESPONSE_BYTES = 1 << 16;

/** What came back for a raw request: the response bytes read, or why nothing complete came. */
export interface RawExchange {
  /** The response bytes read before the server closed (possibly empty). */
  response: string;
  /** "closed": the server closed; "timeout"/"error": the exchange was cut. */
  end: "closed" | "timeout" | "error";
}

/**
 * Writes `request` (bytes as a Latin-1 string) to 127.0.0.1:`port` and reads until the server
 * closes, at most `timeoutMs`.
 *
 * @example
 * ```ts
 * import { sendRawRequest } from "./endpoints.ts";
 * // await sendRawRequest(port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 2000);
 * ```
 */
export function sendRawRequest(
  port: number,
  request: string,
  timeoutMs: number,
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let settled = false;
    const socket = net.connect({ host: LOOPBACK, port });
    const finish = (end: RawExchange["end"]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ response: Buffer.concat(chunks).toString("latin1"), end });
    };
    const timer = setTimeout(() => finish("timeout"), timeoutMs);
    socket.on("connect", () => socket.write(Buffer.from(request, "latin1")));
    socket.on("data", (chunk: Buffer) => {
      if (length < MAX_RESPONSE_BYTES) chunks.push(chunk);
      length += chunk.length;
    });
    socket.on("end", () => finish("closed"));
    socket.on("close", () => finish("closed"));
    socket.on("error", () => finish("error"));
  });
}

/** The status code of a raw HTTP/1.1 response, or null when there is no status line. */
export function statusOf(response: string): number | null {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(response);
  return match === null ? null : Number(match[1]);
}

/** A running raw responder. */
export interface RawResponder {
  port: number;
  /** Sets the bytes the next connections are answered with. */
  answerWith(response: string): void;
  /** Stops listening and destroys every open connection. */
  close(): Promise<void>;
}

/**
 * Starts a raw TCP server on 127.0.0.1 (ephemeral port) that reads each request head (up to
 * the blank line, at most 64 KiB) and answers with the bytes last given to `answerWith`, then
 * closes the connection.
 *
 * @example
 * ```ts
 * import { startRawResponder } from "./endpoints.ts";
 * const responder = await startRawResponder();
 * responder.answerWith("HTTP/1.1 200 OK\r\nX-A: 1\r\nContent-Length: 0\r\n\r\n");
 * // (await fetch(`http://127.0.0.1:${responder.port}/`)).headers.get("x-a") === "1"
 * await responder.close();
 * ```
 */
export function startRawResponder(): Promise<RawResponder> {
  let answer = "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n";
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    let head = "";
    socket.on("data", (chunk: Buffer) => {
      head += chunk.toString("latin1");
      if (head.includes("\r\n\r\n") || head.length > MAX_RESPONSE_BYTES) {
        socket.end(Buffer.from(answer, "latin1"));
      }
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => sockets.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, LOOPBACK, () => {
      resolve({
        port: (server.address() as net.AddressInfo).port,
        answerWith(response) {
          answer = response;
        },
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** A running server of the runtime under test. */
export interface RuntimeServer {
  port: number;
  /** Which server this is: "Deno.serve", "Bun.serve" or "node:http". */
  kind: string;
  close(): Promise<void>;
}

interface DenoServeLike {
  serve(
    options: { hostname: string; port: number; onListen(addr: { port: number }): void },
    handler: (request: Request) => Response | Promise<Response>,
  ): { shutdown(): Promise<void>; finished: Promise<void> };
}

interface BunServeLike {
  serve(options: {
    hostname: string;
    port: number;
    fetch(request: Request): Response | Promise<Response>;
  }): { port: number; stop(closeActiveConnections?: boolean): void };
}

/**
 * Starts the runtime's own HTTP server on 127.0.0.1 (ephemeral port); `handler` sees each
 * request as the runtime hands it to user code. Under Node, `node:http`'s request becomes a
 * `Request` whose headers are its raw field lines, in order (what a framework adapter does).
 *
 * @example
 * ```ts
 * import { startRuntimeServer } from "./endpoints.ts";
 * const server = await startRuntimeServer(() => new Response("ok"));
 * await server.close();
 * ```
 */
export async function startRuntimeServer(
  handler: (request: Request) => Response | Promise<Response>,
): Promise<RuntimeServer> {
  const runtime = globalThis as { Deno?: DenoServeLike; Bun?: BunServeLike };
  if (runtime.Deno !== undefined && typeof runtime.Deno.serve === "function") {
    const deno = runtime.Deno;
    let server: ReturnType<DenoServeLike["serve"]> | undefined;
    const port = await new Promise<number>((resolve) => {
      server = deno.serve(
        { hostname: LOOPBACK, port: 0, onListen: ({ port }) => resolve(port) },
        handler,
      );
    });
    return {
      port,
      kind: "Deno.serve",
      close: async () => {
        await server!.shutdown();
        await server!.finished;
      },
    };
  }
  if (runtime.Bun !== undefined) {
    const server = runtime.Bun.serve({ hostname: LOOPBACK, port: 0, fetch: handler });
    return {
      port: server.port,
      kind: "Bun.serve",
      close: () => {
        server.stop(true);
        return Promise.resolve();
      },
    };
  }
  return await startNodeServer(handler);
}

/**
 * `node:http`'s server on 127.0.0.1 (ephemeral port), each request turned into a `Request` whose
 * headers are its raw field lines, in order; {@link startRuntimeServer} under Node.
 *
 * @example
 * ```ts
 * import { startNodeServer } from "./endpoints.ts";
 * const server = await startNodeServer(() => new Response("ok"));
 * await server.close();
 * ```
 */
export function startNodeServer(
  handler: (request: Request) => Response | Promise<Response>,
): Promise<RuntimeServer> {
  const server = http.createServer(async (incoming, outgoing) => {
    const pairs: [string, string][] = [];
    for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) {
      pairs.push([incoming.rawHeaders[i], incoming.rawHeaders[i + 1]]);
    }
    try {
      const response = await handler(
        new Request(`http://${LOOPBACK}${incoming.url ?? "/"}`, {
          method: incoming.method,
          headers: pairs,
        }),
      );
      outgoing.writeHead(response.status, { "Content-Type": "text/plain" });
      outgoing.end(await response.text());
    } catch (error) {
      outgoing.writeHead(500);
      outgoing.end(String(error));
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, LOOPBACK, () => {
      resolve({
        port: (server.address() as net.AddressInfo).port,
        kind: "node:http",
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
