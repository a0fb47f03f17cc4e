/**
 * What the wire classes (properties/classes/wire/, and the wire parts of answer classes) share:
 * rewriting a header list as a runtime's server or client builds it, and the reproduction of a
 * fetch() answered with chosen bytes.
 *
 * @example
 * ```ts
 * import { joinCookieHeaders } from "./wire_helpers.ts";
 * joinCookieHeaders([["Cookie", "a=1"], ["Cookie", "b=2"]]); // [["Cookie", "a=1; b=2"]]
 * ```
 *
 * @module
 */
import type { HeaderList } from "../../spec/header_list.ts";
import { h2EndsSource } from "../wire/h2.ts";
import { startRuntimeH2Client, startRuntimeH2Server } from "../wire/h2_runtime.ts";

/** Joins every `Cookie` header of `list` into the first one, with "; ". */
export function joinCookieHeaders(list: HeaderList): HeaderList {
  const cookies = list.filter(([name]) => name.toLowerCase() === "cookie");
  if (cookies.length < 2) return list;
  const first = list.findIndex(([name]) => name.toLowerCase() === "cookie");
  const joined: [string, string] = [list[first][0], cookies.map(([, v]) => v).join("; ")];
  return list.flatMap((header, i) =>
    i === first ? [joined] : header[0].toLowerCase() === "cookie" ? [] : [header]
  );
}

/**
 * The body of an async observation that answers the runtime's fetch() from a raw TCP server on
 * 127.0.0.1 with `head` (the status line and field lines, CRLF-separated) and returns
 * `read` (an expression over `headers`, the response's Headers).
 */
export function fetchObservation(head: string, read: string): string {
  return `const net = await import("node:net");
  const answer = ${JSON.stringify(`${head}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`)};
  const server = net.createServer((socket) => socket.once("data", () => socket.end(answer)));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const response = await fetch(\`http://127.0.0.1:\${server.address().port}/\`);
    await response.body?.cancel();
    const headers = response.headers;
    return ${read};
  } finally {
    server.close();
  }`;
}

/** The bindings the embedded h2 ends (wire/h2.ts, wire/h2_runtime.ts) use, imported in place. */
const H2_IMPORTS = `const { Buffer } = await import("node:buffer");
  const { execFileSync } = await import("node:child_process");
  const { mkdtempSync, readFileSync, rmSync, writeFileSync } = await import("node:fs");
  const http2 = await import("node:http2");
  const net = await import("node:net");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const tls = await import("node:tls");
  const LOOPBACK = "127.0.0.1";`;

/**
 * The body of an async observation that answers the runtime's fetch() over h2 (TLS, a certificate
 * made now with openssl) from a raw h2 responder on 127.0.0.1 with the header block `fields`
 * (`:status` first, written byte for byte) and returns `read` over `headers`, the response's
 * Headers; it throws where the runtime's fetch() has no h2 (Bun's).
 */
export function h2FetchObservation(fields: readonly (readonly [string, string])[], read: string) {
  return `${H2_IMPORTS}
  ${h2EndsSource()}
  ${startRuntimeH2Client.toString()}
  const certificate = makeLoopbackCertificate();
  if (typeof certificate === "string") throw new Error(certificate);
  const client = await startRuntimeH2Client(certificate.ca);
  if (typeof client === "string") throw new Error(\`no fetch() over h2: \${client}\`);
  const responder = await startH2Responder(certificate);
  responder.answerWith({ fields: ${JSON.stringify(fields)}, reset: false });
  try {
    const response = await client.fetch(\`https://127.0.0.1:\${responder.port}/\`, AbortSignal.timeout(5000));
    await response.body?.cancel().catch(() => {});
    const headers = response.headers;
    return ${read};
  } finally {
    await client.close();
    await responder.close();
  }`;
}

/**
 * The body of an async observation that sends the runtime's own h2c server (`Deno.serve`, else a
 * `node:http2` server whose request becomes a Request) one request with the header block `fields`
 * (pseudo-headers first, written byte for byte, CONTINUATION frames as its size needs) from a raw
 * h2 client on 127.0.0.1, and returns `read` over `headers`, the Request's Headers the handler saw.
 */
export function h2ServeObservation(fields: readonly (readonly [string, string])[], read: string) {
  const deno = [
    "  if (typeof Deno !== 'undefined') {",
    "    const s = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, handler);",
    "    return { port: s.addr.port, kind: 'Deno.serve', close: () => s.shutdown() };",
    "  }",
  ].join("\n");
  return `${H2_IMPORTS}
  ${h2EndsSource()}
  ${startRuntimeH2Server.toString()}
  // Under Deno, Deno.serve (started below) answers h2c itself; it is handed over as \`http1\`.
  const startRuntimeServer = null;
  let headers;
  const handler = (request) => {
    headers = request.headers;
    return new Response("observed");
  };
  const h1 = (() => {
${deno}
  })();
  const server = await startRuntimeH2Server(handler, h1);
  try {
    await sendH2Request(server.port, ${JSON.stringify(fields)}, 5000);
  } finally {
    await server.close();
    await h1?.close();
  }
  if (headers === undefined) throw new Error("the handler saw no request");
  return ${read};`;
}
