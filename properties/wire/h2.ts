/**
 * HTTP/2 on the wire, byte by byte, so that a header block carries exactly the fields it is given
 * (an uppercase name, a pseudo-header out of place, a value an h2 parser must reject): HPACK
 * literals without indexing and without Huffman coding (RFC 7541 6.2.2), HEADERS and CONTINUATION
 * frames (RFC 9113 6.2, 6.10), and the two ends the wire stage needs, on 127.0.0.1 only:
 * - {@link sendH2Request}: an h2c client with prior knowledge (RFC 9113 3.3) that sends one
 *   request's header block to a server and reports how the stream ended;
 * - {@link startH2Responder}: an h2 server over TLS (ALPN "h2") that answers every request with
 *   the header block it is told to, for a runtime's `fetch()`.
 * A peer's block is decoded only by a decoder the caller gives (hpack.ts: the egress stage, which
 * compares what a runtime writes) and never trusted otherwise: one that does not decode is null.
 * {@link h2EndsSource} is these ends as source text, for a self-contained reproduction.
 *
 * Fields travel as strings of code units up to 0xFF, written as Latin-1.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type * as http2 from "node:http2";
import * as net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as tls from "node:tls";
import { LOOPBACK } from "./endpoints.ts";

/** A field of a header block: a name (a pseudo-header's with its colon) and a value. */
export type H2Field = readonly [string, string];

/** The client connection preface (RFC 9113 3.4). */
const PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

/** Frame types (RFC 9113 6). */
const DATA = 0x0, HEADERS = 0x1, RST_STREAM = 0x3, SETTINGS = 0x4, GOAWAY = 0x7;
const CONTINUATION = 0x9;
/** Frame flags. */
const END_STREAM = 0x1, END_HEADERS = 0x4, ACK = 0x1, PADDED = 0x8, PRIORITY = 0x20;
/** The largest frame payload every peer takes (SETTINGS_MAX_FRAME_SIZE's initial value). */
const MAX_FRAME = 16_384;
/** RST_STREAM's CANCEL and INTERNAL_ERROR codes. */
export const CANCEL = 0x8;
const INTERNAL_ERROR = 0x2;

/** How long a client that cancelled its stream waits for the server's answer to that. */
const CANCEL_WAIT_MS = 100;

/** At most this many bytes are read from a peer; a longer exchange is cut there. */
const MAX_READ = 1 << 20;

/** An HPACK integer with an N-bit prefix, `first` the bits above the prefix (RFC 7541 5.1). */
function hpackInteger(value: number, prefixBits: number, first: number): number[] {
  const limit = (1 << prefixBits) - 1;
  if (value < limit) return [first | value];
  const bytes = [first | limit];
  let rest = value - limit;
  while (rest >= 128) {
    bytes.push((rest % 128) + 128);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return bytes;
}

/**
 * The header block of `fields`, in order, each a literal field without indexing with a new name
 * and no Huffman coding, so that the peer decodes exactly these bytes.
 *
 * @example
 * ```ts
 * import { headerBlock } from "./h2.ts";
 * headerBlock([["a", "1"]]); // <00 01 61 01 31>
 * ```
 */
export function headerBlock(fields: readonly H2Field[]): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    const nameBytes = Buffer.from(name, "latin1");
    const valueBytes = Buffer.from(value, "latin1");
    parts.push(
      Buffer.from([0x00, ...hpackInteger(nameBytes.length, 7, 0)]),
      nameBytes,
      Buffer.from(hpackInteger(valueBytes.length, 7, 0)),
      valueBytes,
    );
  }
  return Buffer.concat(parts);
}

/** One frame: its 9-byte header and `payload`. */
function frame(type: number, flags: number, stream: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(9);
  head.writeUIntBE(payload.length, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(stream & 0x7fffffff, 5);
  return Buffer.concat([head, payload]);
}

/**
 * `block` as a HEADERS frame and as many CONTINUATION frames as the largest frame size needs
 * (END_STREAM on the HEADERS frame when `endStream`).
 */
export function headerFrames(stream: number, block: Buffer, endStream: boolean): Buffer {
  const frames: Buffer[] = [];
  for (let at = 0; at === 0 || at < block.length; at += MAX_FRAME) {
    const last = at + MAX_FRAME >= block.length;
    frames.push(frame(
      at === 0 ? HEADERS : CONTINUATION,
      (last ? END_HEADERS : 0) | (at === 0 && endStream ? END_STREAM : 0),
      stream,
      block.subarray(at, at + MAX_FRAME),
    ));
  }
  return Buffer.concat(frames);
}

/** A frame read off the wire. */
interface Frame {
  type: number;
  flags: number;
  stream: number;
  payload: Buffer;
}

/** Splits incoming bytes into frames, keeping an incomplete one for the next call. */
function frameReader(onFrame: (frame: Frame) => void): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 9) {
      const length = pending.readUIntBE(0, 3);
      if (pending.length < 9 + length) break;
      onFrame({
        type: pending[3],
        flags: pending[4],
        stream: pending.readUInt32BE(5) & 0x7fffffff,
        payload: pending.subarray(9, 9 + length),
      });
      pending = pending.subarray(9 + length);
    }
  };
}

/**
 * Gathers the header block fragments of each stream (a HEADERS frame, padding and priority taken
 * off, then its CONTINUATION frames); `onBlock` gets a stream's whole block at END_HEADERS.
 */
function blockGatherer(
  onBlock: (stream: number, block: Buffer, endStream: boolean) => void,
): (incoming: Frame) => boolean {
  let open: { stream: number; parts: Buffer[]; endStream: boolean } | null = null;
  return (incoming) => {
    if (incoming.type === HEADERS) {
      let payload = incoming.payload;
      const pad = (incoming.flags & PADDED) !== 0 ? payload[0] : 0;
      if ((incoming.flags & PADDED) !== 0) payload = payload.subarray(1);
      if ((incoming.flags & PRIORITY) !== 0) payload = payload.subarray(5);
      payload = payload.subarray(0, Math.max(0, payload.length - pad));
      open = {
        stream: incoming.stream,
        parts: [payload],
        endStream: (incoming.flags & END_STREAM) !== 0,
      };
    } else if (incoming.type === CONTINUATION && open?.stream === incoming.stream) {
      open.parts.push(incoming.payload);
    } else {
      return false;
    }
    if ((incoming.flags & END_HEADERS) !== 0 && open !== null) {
      const { stream, parts, endStream } = open;
      open = null;
      onBlock(stream, Buffer.concat(parts), endStream);
    }
    return true;
  };
}

/** Reads one direction's header blocks in order (hpack.ts's `HpackDecoder`). */
export interface BlockDecoder {
  decode(block: Buffer): H2Field[];
}

/** The fields of `block` as `decoder` reads it, or null when it does not decode. */
function decoded(decoder: BlockDecoder, block: Buffer): H2Field[] | null {
  try {
    return decoder.decode(block);
  } catch {
    return null;
  }
}

/** RFC 7541's static table entries for `:status`, the first byte of an indexed field. */
const STATIC_STATUS: Record<number, number> = {
  0x88: 200,
  0x89: 204,
  0x8a: 206,
  0x8b: 304,
  0x8c: 400,
  0x8d: 404,
  0x8e: 500,
};

/** How an h2 request's stream ended, as the client saw it. */
export interface H2Exchange {
  /**
   * "response": response headers came (`status` when their block starts with a static
   * `:status`); "reset": the server reset the stream; "goaway": it ended the connection;
   * "closed", "timeout", "error": the exchange was cut; "cancelled": the client reset it itself.
   */
  end: "response" | "reset" | "goaway" | "closed" | "timeout" | "error" | "cancelled";
  /** The response's status when the server's block starts with a static `:status`, else null. */
  status: number | null;
  /** The RST_STREAM or GOAWAY error code, else null. */
  code: number | null;
  /**
   * The response's header block, decoded by the decoder given (pseudo-headers included); null
   * when it does not decode; absent without a decoder or a response.
   */
  fields?: H2Field[] | null;
}

/** An {@link H2Exchange} in a few words ("reset, code 1"). */
export function h2Outcome(exchange: H2Exchange): string {
  return `${exchange.end}${exchange.status === null ? "" : `, status ${exchange.status}`}${
    exchange.code === null ? "" : `, code ${exchange.code}`
  }`;
}

/**
 * Sends one request, stream 1 with header block `fields` (pseudo-headers included, as given) and
 * END_STREAM, to the h2c server on 127.0.0.1:`port` (prior knowledge), and reads until the
 * response's headers, a reset, a GOAWAY or `timeoutMs`. With `cancel`, resets the stream itself
 * right after sending it (CANCEL), before the response can complete, and waits at most 100 ms
 * for the server to do what it does with that. With `decoder`, the response's block is decoded.
 *
 * @example
 * ```ts
 * import { sendH2Request } from "./h2.ts";
 * // await sendH2Request(port, [[":method", "GET"], [":scheme", "http"], [":path", "/"]], 2000);
 * ```
 */
export function sendH2Request(
  port: number,
  fields: readonly H2Field[],
  timeoutMs: number,
  cancel = false,
  decoder?: BlockDecoder,
): Promise<H2Exchange> {
  return new Promise((resolve) => {
    let settled = false;
    let read = 0;
    const socket = net.connect({ host: LOOPBACK, port });
    const finish = (exchange: H2Exchange) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(exchange);
    };
    // A cancelled stream waits a little for what the server does with it, not the whole budget.
    const timer = setTimeout(
      () => finish({ end: cancel ? "cancelled" : "timeout", status: null, code: null }),
      cancel ? Math.min(timeoutMs, CANCEL_WAIT_MS) : timeoutMs,
    );
    const gather = blockGatherer((stream, block) => {
      const fields = decoder === undefined ? undefined : decoded(decoder, block);
      if (stream !== 1) return;
      finish({
        end: "response",
        status: STATIC_STATUS[block[0]] ?? null,
        code: null,
        ...(fields === undefined ? {} : { fields }),
      });
    });
    const onData = frameReader((incoming) => {
      if (incoming.type === SETTINGS && (incoming.flags & ACK) === 0) {
        socket.write(frame(SETTINGS, ACK, 0, Buffer.alloc(0)));
      } else if (gather(incoming)) {
        // A header block: answered by the gatherer at its end.
      } else if (incoming.type === RST_STREAM && incoming.stream === 1) {
        finish({ end: "reset", status: null, code: incoming.payload.readUInt32BE(0) });
      } else if (incoming.type === GOAWAY) {
        finish({ end: "goaway", status: null, code: incoming.payload.readUInt32BE(4) });
      }
    });
    socket.on("connect", () => {
      socket.write(Buffer.concat([
        Buffer.from(PREFACE, "latin1"),
        frame(SETTINGS, 0, 0, Buffer.alloc(0)),
        headerFrames(1, headerBlock(fields), true),
        ...(cancel ? [frame(RST_STREAM, 0, 1, u32(CANCEL))] : []),
      ]));
    });
    socket.on("data", (chunk: Buffer) => {
      read += chunk.length;
      if (read > MAX_READ) finish({ end: "error", status: null, code: null });
      else onData(chunk);
    });
    socket.on("end", () => finish({ end: "closed", status: null, code: null }));
    socket.on("close", () => finish({ end: "closed", status: null, code: null }));
    socket.on("error", () => finish({ end: "error", status: null, code: null }));
  });
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

/** What an h2 responder answers a request with. */
export interface H2Answer {
  /** The response's header block, `:status` included (as given: nothing is added). */
  fields: readonly H2Field[];
  /**
   * Whether the stream is reset (INTERNAL_ERROR) after the headers and a first DATA frame,
   * before the response completes; else the HEADERS frame ends the stream.
   */
  reset: boolean;
}

/** A running h2 responder. */
export interface H2Responder {
  port: number;
  /**
   * The header blocks of the last requests received, decoded (pseudo-headers included; null: a
   * block that did not decode), oldest first, at most {@link RECORDED_REQUESTS}; none without a
   * decoder.
   */
  requests: (H2Field[] | null)[];
  /** Sets what the next requests are answered with. */
  answerWith(answer: H2Answer): void;
  /** Stops listening and destroys every open connection. */
  close(): Promise<void>;
}

/** How many request header blocks a responder keeps. */
export const RECORDED_REQUESTS = 16;

/** A TLS key and certificate for 127.0.0.1, and the CA certificate that signed it (PEM). */
export interface LoopbackCertificate {
  key: string;
  cert: string;
  ca: string;
}

/**
 * Starts an h2 server over TLS (ALPN "h2" only) on 127.0.0.1 (ephemeral port) with `certificate`:
 * it answers every request stream with the answer last given to `answerWith`, at the byte level
 * (its own SETTINGS, an ACK of the client's, the answer's header block); each connection's
 * request blocks are decoded by a decoder `newDecoder` makes, when given.
 *
 * @example
 * ```ts
 * import { makeLoopbackCertificate, startH2Responder } from "./h2.ts";
 * const certificate = makeLoopbackCertificate();
 * if (typeof certificate !== "string") {
 *   const responder = await startH2Responder(certificate);
 *   await responder.close();
 * }
 * ```
 */
export function startH2Responder(
  certificate: LoopbackCertificate,
  newDecoder?: () => BlockDecoder,
): Promise<H2Responder> {
  let answer: H2Answer = { fields: [[":status", "204"]], reset: false };
  const requests: (H2Field[] | null)[] = [];
  const sockets = new Set<net.Socket>();
  const server = tls.createServer({
    key: certificate.key,
    cert: certificate.cert,
    ALPNProtocols: ["h2"],
  }, (socket) => {
    sockets.add(socket);
    let preface = Buffer.alloc(0);
    let read = 0;
    const decoder = newDecoder?.();
    const gather = blockGatherer((stream, block) => {
      if (decoder !== undefined) requests.push(decoded(decoder, block));
      if (requests.length > RECORDED_REQUESTS) requests.shift();
      respond(stream);
    });
    const onFrame = frameReader((incoming) => {
      if (incoming.type === SETTINGS && (incoming.flags & ACK) === 0) {
        socket.write(frame(SETTINGS, ACK, 0, Buffer.alloc(0)));
      } else {
        gather(incoming);
      }
    });
    const respond = (stream: number) => {
      const { fields, reset } = answer;
      socket.write(headerFrames(stream, headerBlock(fields), !reset));
      if (reset) {
        socket.write(frame(DATA, 0, stream, Buffer.from("partial")));
        socket.write(frame(RST_STREAM, 0, stream, u32(INTERNAL_ERROR)));
      }
    };
    socket.write(frame(SETTINGS, 0, 0, Buffer.alloc(0)));
    socket.on("data", (chunk: Buffer) => {
      read += chunk.length;
      if (read > MAX_READ) {
        socket.destroy();
        return;
      }
      if (preface !== null && preface.length < PREFACE.length) {
        preface = Buffer.concat([preface, chunk]);
        if (preface.length < PREFACE.length) return;
        chunk = preface.subarray(PREFACE.length);
      }
      onFrame(chunk);
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("tlsClientError", () => {});
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, LOOPBACK, () => {
      resolve({
        port: (server.address() as net.AddressInfo).port,
        requests,
        answerWith(next) {
          answer = next;
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

/**
 * A CA and a certificate it signs for IP address 127.0.0.1 (P-256, valid one day), made now with
 * `openssl` in a temporary folder that is removed before returning; or why none could be made
 * (no `openssl` on PATH). A client trusts it by the CA alone (rustls refuses a self-signed
 * certificate used as its own CA).
 *
 * @example
 * ```ts
 * import { makeLoopbackCertificate } from "./h2.ts";
 * const made = makeLoopbackCertificate();
 * console.log(typeof made === "string" ? made : made.ca.startsWith("-----BEGIN"));
 * ```
 */
export function makeLoopbackCertificate(): LoopbackCertificate | string {
  const dir = mkdtempSync(join(tmpdir(), "headerproof-h2-"));
  const file = (name: string) => join(dir, name);
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  try {
    const openssl = (...args: string[]) =>
      execFileSync("openssl", args, { stdio: ["ignore", "ignore", "pipe"], timeout: 10_000 });
    openssl(
      "req",
      "-x509",
      ...ec,
      "-keyout",
      file("ca.key"),
      "-out",
      file("ca.pem"),
      "-days",
      "1",
      "-subj",
      "/CN=headerproof loopback CA",
    );
    openssl(
      "req",
      ...ec,
      "-keyout",
      file("key.pem"),
      "-out",
      file("leaf.csr"),
      "-subj",
      "/CN=127.0.0.1",
    );
    writeFileSync(file("leaf.ext"), "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n");
    openssl(
      "x509",
      "-req",
      "-in",
      file("leaf.csr"),
      "-CA",
      file("ca.pem"),
      "-CAkey",
      file("ca.key"),
      "-set_serial",
      "1",
      "-days",
      "1",
      "-extfile",
      file("leaf.ext"),
      "-out",
      file("cert.pem"),
    );
    return {
      key: readFileSync(file("key.pem"), "utf8"),
      cert: readFileSync(file("cert.pem"), "utf8"),
      ca: readFileSync(file("ca.pem"), "utf8"),
    };
  } catch (error) {
    return `no certificate for 127.0.0.1: openssl failed (${
      error instanceof Error ? error.message.split("\n")[0] : String(error)
    })`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The h2 ends above as source text, for a self-contained reproduction to embed (one copy of the
 * code): their constants and functions ({@link sendH2Request}, {@link startH2Responder},
 * {@link makeLoopbackCertificate}, {@link h2Outcome} and what they call). The embedding file
 * defines `LOOPBACK` and imports `Buffer`, `net`, `tls`, `execFileSync`, `mkdtempSync`,
 * `readFileSync`, `rmSync`, `writeFileSync`, `tmpdir` and `join` as this module does.
 *
 * @example
 * ```ts
 * import { h2EndsSource } from "./h2.ts";
 * console.log(h2EndsSource().includes("function sendH2Request"));
 * ```
 */
/**
 * `server`, a `node:http2` h2c server, listening on 127.0.0.1 at a port of its own; `close` ends
 * its sessions, then the server. Embedded in reproductions with the raw h2 ends
 * ({@link h2EndsSource}).
 */
export function listenH2c(
  server: http2.Http2Server,
): Promise<{ port: number; close: () => Promise<void> }> {
  server.on("sessionError", () => {});
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.on("error", () => {});
    session.on("close", () => sessions.delete(session));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, LOOPBACK, () => {
      resolve({
        port: (server.address() as net.AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            for (const session of sessions) session.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

export function h2EndsSource(): string {
  const constants = {
    PREFACE,
    DATA,
    HEADERS,
    RST_STREAM,
    SETTINGS,
    GOAWAY,
    CONTINUATION,
    END_STREAM,
    END_HEADERS,
    ACK,
    PADDED,
    PRIORITY,
    MAX_FRAME,
    CANCEL,
    INTERNAL_ERROR,
    CANCEL_WAIT_MS,
    MAX_READ,
    STATIC_STATUS,
    RECORDED_REQUESTS,
  };
  return [
    `const { ${Object.keys(constants).join(", ")} } = ${JSON.stringify(constants)};`,
    ...[
      hpackInteger,
      headerBlock,
      frame,
      headerFrames,
      frameReader,
      blockGatherer,
      decoded,
      h2Outcome,
      sendH2Request,
      u32,
      startH2Responder,
      makeLoopbackCertificate,
      listenH2c,
    ].map((fn) => fn.toString()),
  ].join("\n\n");
}
