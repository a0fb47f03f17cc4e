/**
 * Upstream-ready cases of the wire divergence classes that only the wire reaches
 * (wire_property.ts `KNOWN_WIRE_CLASSES`; the classes it shares with the campaign have their
 * cases in properties/upstream/report_cases.ts): each observation talks to a server or a client
 * on 127.0.0.1 (an async body, `network: true`), so `./headerproof report CLASS` prints an issue
 * body with a reproduction, and no web-platform-tests test (testharness.js cannot reach a
 * runtime's own HTTP server, nor answer its fetch() with chosen bytes).
 *
 * @example
 * ```ts
 * import { WIRE_REPORT_CASES } from "./report_cases.ts";
 * console.log(WIRE_REPORT_CASES.map((c) => c.name));
 * ```
 *
 * @module
 */
import type { ReportCase } from "../upstream/report_cases.ts";

const FETCH = "https://fetch.spec.whatwg.org/";

/**
 * The body of an async observation that answers the runtime's fetch() from a raw TCP server on
 * 127.0.0.1 with `head` (the status line and field lines, CRLF-separated) and returns
 * `read` (an expression over `headers`, the response's Headers).
 */
function fetchObservation(head: string, read: string): string {
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

/** The wire classes' cases, in `KNOWN_WIRE_CLASSES` order, those shared with the campaign left out. */
export const WIRE_REPORT_CASES: readonly ReportCase[] = [
  {
    name: "fetch-keeps-trailing-field-whitespace",
    title: "fetch() keeps the trailing whitespace of a response field value in response.headers",
    network: true,
    observe: fetchObservation("HTTP/1.1 200 OK\r\nX-A: a \t", 'headers.get("x-a")'),
    expected: { ok: "a" },
    standard: {
      algorithm: "header value",
      step: "a header value has no leading or trailing HTTP tab or space bytes (RFC 9112 section " +
        "5: the whitespace around a field value is not part of it)",
      url: `${FETCH}#header-value`,
    },
  },
  {
    name: "fetch-drops-empty-fields",
    title: "fetch() drops a response field whose value is empty from response.headers",
    network: true,
    observe: fetchObservation(
      "HTTP/1.1 200 OK\r\nX-A:",
      '[headers.has("x-a"), headers.get("x-a")]',
    ),
    expected: { ok: [true, ""] },
    standard: {
      algorithm: "header list append",
      step: "every field of the response becomes a header, the empty value included (a header " +
        "value may be the empty byte sequence)",
      url: `${FETCH}#concept-header-list-append`,
    },
  },
  {
    name: "repeated-unknown-fields-keep-last",
    title: "fetch() keeps only the last of repeated response fields of a name it does not know",
    network: true,
    observe: fetchObservation("HTTP/1.1 200 OK\r\nX-Dup: a\r\nX-Dup: b", 'headers.get("x-dup")'),
    expected: { ok: "a, b" },
    standard: {
      algorithm: "header list get",
      step: "the values of all headers whose name matches, in order, separated from each other " +
        'by 0x2C 0x20 (", ")',
      url: `${FETCH}#concept-header-list-get`,
    },
  },
  {
    name: "serve-joins-cookie-fields-with-semicolon",
    title: 'Deno.serve joins repeated Cookie request fields with "; " in request.headers',
    network: true,
    observe: `if (typeof Deno === "undefined") throw new Error("Deno.serve: run this under Deno");
  const net = await import("node:net");
  let cookie;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    cookie = request.headers.get("cookie");
    return new Response("ok");
  });
  await new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port: server.addr.port }, () =>
      socket.write("GET / HTTP/1.1\\r\\nHost: x\\r\\nCookie: a=1\\r\\nCookie: b=2\\r\\nConnection: close\\r\\n\\r\\n"));
    socket.on("data", () => {});
    socket.on("close", resolve);
    socket.on("error", resolve);
  });
  await server.shutdown();
  return cookie;`,
    expected: { ok: "a=1, b=2" },
    standard: {
      algorithm: "header list get",
      step: "the values of all headers whose name matches, in order, separated from each other " +
        'by 0x2C 0x20 (", "); each Cookie field of an HTTP/1.1 request is a header of its own',
      url: `${FETCH}#concept-header-list-get`,
    },
  },
];
