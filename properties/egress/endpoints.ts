/**
 * The network ends of the egress property, on 127.0.0.1 only, ephemeral ports, every wait
 * bounded: the runtime's own server returning the handler's Response (`Deno.serve`, `Bun.serve`;
 * under Node, `node:http` writing the Response's status and headers as an adapter does), and a raw
 * TCP server that records the head a client sends and answers an empty 200.
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
import * as net from "node:net";
import type { RuntimeServer } from "../wire/endpoints.ts";
import { LOOPBACK, MAX_RESPONSE_BYTES, startRuntimeServer } from "../wire/endpoints.ts";

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
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
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
