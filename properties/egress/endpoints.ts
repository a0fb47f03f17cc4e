/**
 * The network ends of the egress property, on 127.0.0.1 only, ephemeral ports, every wait
 * bounded: the runtime's own server returning the handler's Response (`Deno.serve`, `Bun.serve`;
 * under Node, `node:http` writing the Response's status and headers as an adapter does), and a raw
 * TCP server that records the head a client sends and answers an empty 200. Over h2:
 * {@link startEgressH2Server}, the runtime's h2c server returning the handler's Response.
 *
 * @example
 * ```ts
 * import { startHeadRecorder } from "./endpoints.ts";
 * const recorder = await startHeadRecorder();
 * // await fetch(`http://127.0.0.1:${recorder.port}/`); recorder.heads.at(-1) holds its head
 * await recorder.close();
 * ```
 *
 * @module
 */
import { Buffer } from "node:buffer";
import * as http from "node:http";
import * as http2 from "node:http2";
import * as net from "node:net";
import type { RuntimeServer } from "../wire/endpoints.ts";
import { LOOPBACK, MAX_RESPONSE_BYTES, startRuntimeServer } from "../wire/endpoints.ts";
import { listenH2c } from "../wire/h2.ts";

/** The answer the recorder gives every request. */
const EMPTY_OK = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";

/** A running head recorder. */
export interface HeadRecorder {
  port: number;
  /** The request heads received, in order (up to the blank line). */
  heads: string[];
  /** Stops listening and destroys every open connection. */
  close(): Promise<void>;
}

/** Starts a raw TCP server on 127.0.0.1 that records each request head and answers 200. */
export function startHeadRecorder(): Promise<HeadRecorder> {
  const heads: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    let head = "";
    let done = false;
    socket.on("data", (chunk: Buffer) => {
      if (done) return;
      head += chunk.toString("latin1");
      const end = head.indexOf("\r\n\r\n");
      if (end !== -1 || head.length > MAX_RESPONSE_BYTES) {
        done = true;
        heads.push(end === -1 ? head : head.slice(0, end + 4));
        socket.end(Buffer.from(EMPTY_OK, "latin1"));
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
        heads,
        // Bounded: Deno 2.0.0's net server never calls back once it accepted a connection.
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            const timer = setTimeout(done, 500);
            server.close(() => {
              clearTimeout(timer);
              done();
            });
          }),
      });
    });
  });
}

/** A Response as the node:http adapter reads it. */
interface ResponseLike {
  status: number;
  headers: Iterable<[string, string]> & { getSetCookie?(): string[] };
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * `node:http`'s server on 127.0.0.1 whose handler returns a Response: the adapter writes its
 * status, every header as iteration gives it (set-cookie one line per value) and its body.
 */
function startNodeAdapter(handler: () => unknown): Promise<RuntimeServer> {
  const server = http.createServer(async (_incoming, outgoing) => {
    try {
      const response = (await handler()) as ResponseLike;
      const flat: string[] = [];
      for (const [name, value] of response.headers) flat.push(name, value);
      outgoing.writeHead(response.status, flat);
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      outgoing.writeHead(500, ["x-egress-handler-threw", String(error).replace(/[\r\n]/g, " ")]);
      outgoing.end();
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

/**
 * The runtime's own server on 127.0.0.1 returning what `handler` returns: `Deno.serve` and
 * `Bun.serve` as they are, under Node the `node:http` adapter.
 */
export function startEgressServer(handler: () => unknown): Promise<RuntimeServer> {
  const host = globalThis as { Deno?: unknown; Bun?: unknown };
  if (host.Deno !== undefined || host.Bun !== undefined) {
    return startRuntimeServer(() => handler() as Response);
  }
  return startNodeAdapter(handler);
}

/**
 * The runtime's h2c server on 127.0.0.1 returning what `handler` returns, found by what the
 * runtime offers: `Deno.serve`, which answers h2c with prior knowledge on its HTTP/1.1 port (`h1`,
 * the egress server already started with the same handler, is then reused, and closed by whoever
 * started it); else `node:http2`'s h2c server writing the Response's status, its headers as
 * iteration gives them (set-cookie one field per value) and its body, as an adapter serving a
 * fetch-style handler does (Node; Bun, whose `Bun.serve` speaks no h2c).
 */
export function startEgressH2Server(
  handler: () => unknown,
  h1: RuntimeServer,
): Promise<RuntimeServer> {
  const deno = (globalThis as { Deno?: { serve?: unknown } }).Deno;
  if (typeof deno?.serve === "function") {
    return Promise.resolve({ port: h1.port, kind: `${h1.kind} (h2c)`, close: async () => {} });
  }
  const server = http2.createServer();
  server.on("stream", async (stream) => {
    stream.on("error", () => {});
    try {
      const response = (await handler()) as ResponseLike;
      const headers: Record<string, string | string[]> = { ":status": String(response.status) };
      for (const [name, value] of response.headers) {
        const before = headers[name];
        headers[name] = before === undefined ? value : [before, value].flat();
      }
      stream.respond(headers);
      stream.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      if (!stream.headersSent) {
        stream.respond({
          ":status": 500,
          "x-egress-handler-threw": String(error).replace(/[\r\n]/g, " "),
        });
      }
      stream.end();
    }
  });
  return listenH2c(server).then(({ port, close }) => ({
    port,
    kind: "node:http2 (h2c)",
    close,
  }));
}
