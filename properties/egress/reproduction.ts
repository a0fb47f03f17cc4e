/**
 * An egress divergence as a self-contained script (core/reproduction.ts lays it out): it builds
 * the message of the case with the candidate's classes and shows what is written for it. For the
 * runtime itself (native), a Response is returned from its own server (`Deno.serve`, `Bun.serve`,
 * `node:http` writing the Response's headers) and read by a raw TCP client, a `fetch()` request is
 * read by a raw TCP server; both on 127.0.0.1, one exchange bounded by 2 s, the server closed and
 * the file ended by itself. For a module, its `egressHeaderList` is called. Exit status 1 when the
 * values written for a name the reference's list has differ from it, or a name neither that list
 * nor an allowance of the runtime has is written; 0 when they agree.
 *
 * @example
 * ```ts
 * import { renderEgressReproduction } from "./reproduction.ts";
 * const source = renderEgressReproduction({
 *   divergence: {
 *     case: { side: "server", response: { make: "new", body: { kind: "string", text: "x" },
 *       init: { kind: "status", status: 200 }, clone: true } },
 *     expected: [["Content-Type", "text/plain;charset=UTF-8"]], actual: [], detail: "",
 *   },
 *   candidate: { kind: "native" },
 *   allowed: ["date", "content-length", "connection"],
 *   header: { title: ["headerproof egress counterexample"] },
 * });
 * console.log(source.includes("127.0.0.1"));
 * ```
 *
 * @module
 */
import type { CandidateSource, ReproductionHeader, RuntimeVersion } from "../core/reproduction.ts";
import { exitLater, importCandidate, renderReproduction } from "../core/reproduction.ts";
import type { EgressDivergence } from "./egress_property.ts";
import { h2BlockFieldLines, isH2EgressSide } from "./compare.ts";
import { startEgressH2Server } from "./endpoints.ts";
import { LOOPBACK } from "../wire/endpoints.ts";
import { h2EndsSource } from "../wire/h2.ts";
import { startRuntimeH2Client } from "../wire/h2_runtime.ts";
import { hpackSource } from "../wire/hpack.ts";

/** What a reproduction is made of. */
export interface EgressReproduction {
  divergence: EgressDivergence;
  candidate: CandidateSource;
  /** The field names the runtime's allowances let it add (lowercase). */
  allowed: readonly string[];
  header: ReproductionHeader;
  foundUnder?: RuntimeVersion;
}

/** The statements that build the case's message with `classes` (the file's own copy). */
const BUILD = String
  .raw`const bodyOf = (b) => b.kind === "absent" ? undefined : b.kind === "null" ? null
  : b.kind === "string" ? b.text : b.kind === "bytes" ? new TextEncoder().encode(b.text)
  : new ReadableStream({ start(c) { const t = new TextEncoder().encode(b.text);
    if (t.length > 0) c.enqueue(t); c.close(); } });
const initOf = (i, classes) => i.kind === "absent" ? undefined : i.kind === "status"
  ? { status: i.status }
  : { headers: i.kind === "array" ? i.entries.map(([n, v]) => [n, v])
    : i.kind === "headers" ? new classes.Headers(i.entries) : Object.fromEntries(i.entries),
    ...(i.status === undefined ? {} : { status: i.status }) };
const fetchInitOf = (f, classes) => ({ method: f.method,
  ...(f.body.kind === "absent" ? {} : { body: bodyOf(f.body) }),
  ...(f.body.kind === "stream" ? { duplex: "half" } : {}),
  ...(initOf(f.init, classes)?.headers === undefined ? {}
    : { headers: initOf(f.init, classes).headers }) });
function buildResponse(r, classes) {
  const init = initOf(r.init, classes);
  const made = r.make === "json" ? classes.Response.json(r.data, init)
    : init === undefined ? new classes.Response(bodyOf(r.body))
    : new classes.Response(bodyOf(r.body), init);
  return r.clone ? made.clone() : made;
}
function buildRequest(f, url, classes) {
  const request = new classes.Request(url, fetchInitOf(f, classes));
  return f.via === "clone" ? request.clone() : request;
}`;

/** The native exchange: returns the written field lines of the case. */
const NATIVE = String.raw`const net = await import("node:net");
const fieldLines = (head) => head.split("\r\n\r\n")[0].split("\r\n").slice(1)
  .filter((l) => l !== "").map((l) => { const i = l.indexOf(":");
    return [l.slice(0, i), l.slice(i + 1).replace(/^[ \t]+|[ \t]+$/g, "")]; });
const bounded = (p) => Promise.race([p, new Promise((r) => setTimeout(() => r(null), 2000))]);
async function written() {
  if (CASE.side === "client") {
    let head = "";
    const server = net.createServer((s) => s.on("data", (d) => { head += d.toString("latin1");
      if (head.includes("\r\n\r\n")) s.end("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"); }));
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    const url = "http://127.0.0.1:" + server.address().port + "/egress";
    const sent = CASE.fetch.via === "init" ? fetch(url, fetchInitOf(CASE.fetch, candidate))
      : fetch(buildRequest(CASE.fetch, url, candidate));
    await bounded(sent.then((r) => r.body?.cancel(), () => {}));
    server.close();
    return fieldLines(head);
  }
  const handler = () => buildResponse(CASE.response, candidate);
  let port, close;
  if (typeof Deno !== "undefined") {
    const s = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
    port = s.addr.port; close = () => s.shutdown();
  } else if (typeof Bun !== "undefined") {
    const s = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: handler });
    port = s.port; close = () => s.stop(true);
  } else {
    const http = await import("node:http");
    const s = http.createServer(async (_q, out) => { const r = handler(); const flat = [];
      for (const [n, v] of r.headers) flat.push(n, v);
      out.writeHead(r.status, flat); out.end(Buffer.from(await r.arrayBuffer())); });
    await new Promise((r) => s.listen(0, "127.0.0.1", r));
    port = s.address().port; close = () => { s.closeAllConnections(); s.close(); };
  }
  let response = "";
  const socket = net.connect({ host: "127.0.0.1", port });
  socket.on("connect", () => socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"));
  socket.on("data", (d) => response += d.toString("latin1"));
  await bounded(new Promise((r) => socket.on("close", r)));
  socket.destroy();
  await close();
  return fieldLines(response);
}`;

/**
 * The native exchange over h2: returns the regular fields of the HEADERS block written (the
 * runtime's h2c server answering a raw h2 client, or its fetch() over h2 to a raw h2 responder
 * over TLS with a certificate made now), each block decoded by the embedded HPACK decoder; a
 * block h2 cannot carry as written (an uppercase name, a misplaced pseudo-header) is printed and
 * counts as a divergence. A runtime without the end (Bun's fetch() over h2) exits 2 saying why.
 */
const NATIVE_H2 = [
  `const LOOPBACK = ${JSON.stringify(LOOPBACK)};`,
  h2EndsSource(),
  hpackSource(),
  startRuntimeH2Client.toString(),
  startEgressH2Server.toString(),
  h2BlockFieldLines.toString(),
  String
    .raw`const bounded = (p) => Promise.race([p, new Promise((r) => setTimeout(() => r(null), 2000))]);
let problem = null;
const readBlock = (block) => {
  if (block === undefined || block === null) { problem = "no HEADERS block was read"; return []; }
  const read = h2BlockFieldLines(block);
  problem = read.problem;
  return read.lines;
};
async function written() {
  if (CASE.side === "h2-client") {
    const certificate = makeLoopbackCertificate();
    if (typeof certificate === "string") { console.log(certificate); exitLater2(); return []; }
    const client = await startRuntimeH2Client(certificate.ca);
    if (typeof client === "string") { console.log("no fetch() over h2: " + client); exitLater2(); return []; }
    const responder = await startH2Responder(certificate, () => new HpackDecoder());
    const url = "https://127.0.0.1:" + responder.port + "/egress";
    const sent = CASE.fetch.via === "init" ? client.send(url, fetchInitOf(CASE.fetch, candidate))
      : client.send(buildRequest(CASE.fetch, url, candidate), {});
    await bounded(sent.then((r) => r.body?.cancel(), () => {}));
    await client.close();
    await responder.close();
    return readBlock(responder.requests[0]);
  }
  const handler = () => buildResponse(CASE.response, candidate);
  let h1 = null;
  if (typeof Deno !== "undefined") {
    const s = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
    h1 = { port: s.addr.port, kind: "Deno.serve", close: () => s.shutdown() };
  }
  const server = await startEgressH2Server(handler, h1);
  const exchange = await sendH2Request(server.port, [[":method", "GET"], [":scheme", "http"],
    [":authority", "127.0.0.1:" + server.port], [":path", "/"]], 2000, false, new HpackDecoder());
  await server.close();
  await h1?.close();
  return readBlock(exchange.fields);
}`,
].join("\n\n");

/** The module's list: its egressHeaderList of the case's message. */
const MODULE = String.raw`async function written() {
  const classes = { ...candidate.fetchClasses({ profile: "server" }), Headers: candidate.Headers };
  const message = "response" in CASE ? buildResponse(CASE.response, classes)
    : buildRequest(CASE.fetch, "http://127.0.0.1:9/egress", classes);
  const flat = candidate.egressHeaderList(message);
  const list = [];
  for (let i = 0; i + 1 < flat.length; i += 2) list.push([flat[i], flat[i + 1]]);
  return list;
}`;

/** The comparison: prints both lists and sets the exit status. */
const COMPARE = String.raw`const lines = await written();
if (typeof problem === "string" && problem !== null) console.log("h2 block:", problem);
const byName = (list) => { const m = new Map(); for (const [n, v] of list) {
  const k = n.toLowerCase(); m.set(k, [...(m.get(k) ?? []), v]); } return m; };
const shown = (n, vs) => JSON.stringify(n === "set-cookie" ? vs
  : vs.join(", ").replace(/^[ \t]+|[ \t]+$/g, ""));
const want = byName(EXPECTED), got = byName(lines);
const differs = [...want].filter(([n, vs]) => !got.has(n) || shown(n, got.get(n)) !== shown(n, vs))
  .map(([n]) => n).concat([...got.keys()].filter((n) => !want.has(n) && !ALLOWED.includes(n)));
console.log("expected (the reference's header list):", JSON.stringify(EXPECTED));
console.log("written:", JSON.stringify(lines));
console.log(differs.length === 0 ? "agrees" : "DIVERGES on: " + differs.join(", "));`;

/** The source of the reproduction. */
export function renderEgressReproduction(reproduction: EgressReproduction): string {
  const { divergence, candidate } = reproduction;
  const h2 = candidate.kind === "native" && isH2EgressSide(divergence.case.side);
  return renderReproduction({
    header: reproduction.header,
    ...(h2
      ? {
        imports: [
          'import { Buffer } from "node:buffer";',
          'import { execFileSync } from "node:child_process";',
          'import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";',
          'import * as http2 from "node:http2";',
          'import * as net from "node:net";',
          'import { tmpdir } from "node:os";',
          'import { join } from "node:path";',
          'import * as tls from "node:tls";',
        ],
      }
      : {}),
    ...(reproduction.foundUnder === undefined ? {} : { foundUnder: reproduction.foundUnder }),
    body: [
      ...importCandidate(candidate, "candidate", true),
      `const CASE = ${JSON.stringify(divergence.case)};`,
      `const EXPECTED = ${JSON.stringify(divergence.expected)};`,
      `const ALLOWED = ${JSON.stringify(reproduction.allowed)};`,
      BUILD,
      candidate.kind === "module" ? MODULE : h2 ? NATIVE_H2 : NATIVE,
      ...(h2
        ? [
          "function exitLater2() {",
          '  typeof Deno !== "undefined" ? Deno.exit(2) : process.exit(2);',
          "}",
        ]
        : []),
      COMPARE,
      h2
        ? `if (differs.length > 0 || problem !== null) { ${exitLater(1)} }`
        : `if (differs.length > 0) { ${exitLater(1)} }`,
    ],
  });
}
