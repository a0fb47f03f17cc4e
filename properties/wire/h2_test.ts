import assert from "node:assert/strict";
import fc from "fast-check";
import { wireClasses } from "../classes/classes.ts";
import { Buffer } from "node:buffer";
import { type H2Field, headerBlock, headerFrames, makeLoopbackCertificate } from "./h2.ts";
import { sendH2Request } from "./h2.ts";
import { startH2Responder } from "./h2.ts";
import { h2FieldOfLine, h2HeadArbitrary, LARGE_VALUE_SIZES, readH2Fields } from "./h2_fields.ts";
import { startRuntimeH2Client, startRuntimeH2Server } from "./h2_runtime.ts";
import { HpackDecoder } from "./hpack.ts";
import { runWireProperty } from "./wire_property.ts";

const REQUEST: H2Field[] = [[":method", "GET"], [":scheme", "http"], [":path", "/h2"]];

Deno.test("headerBlock writes HPACK literals a peer decodes byte for byte", async () => {
  assert.deepEqual([...headerBlock([["a", "1"]])], [0, 1, 0x61, 1, 0x31]);
  // A length of 127 or more takes a second byte (RFC 7541 5.1).
  assert.deepEqual([...headerBlock([["a", "v".repeat(200)]]).subarray(0, 5)], [
    0,
    1,
    0x61,
    127,
    73,
  ]);
  let seen: [string, string][] | undefined;
  const server = await startRuntimeH2Server((request) => {
    seen = [...request.headers];
    return new Response("ok");
  });
  try {
    const fields: H2Field[] = [["x-a", "\u00e9\u0085 b"], ["x-b", "v".repeat(300)]];
    const exchange = await sendH2Request(
      server.port,
      [...REQUEST, ...fields],
      2000,
      false,
      new HpackDecoder(),
    );
    assert.equal(exchange.end, "response");
    assert.equal(exchange.status, 200);
    assert.deepEqual(seen, fields);
    // The response's block, decoded (hpack.ts): Deno.serve's own fields.
    assert.deepEqual(exchange.fields?.[0], [":status", "200"]);
    assert.ok(exchange.fields?.some(([name]) => name === "content-type"));
  } finally {
    await server.close();
  }
});

Deno.test("headerFrames splits a block larger than a frame into HEADERS and CONTINUATION", () => {
  const frames = headerFrames(3, Buffer.alloc(20_000), true);
  // HEADERS: 16,384 bytes, END_STREAM without END_HEADERS; CONTINUATION: the rest, END_HEADERS.
  assert.deepEqual([...frames.subarray(0, 9)], [0x00, 0x40, 0x00, 0x01, 0x01, 0, 0, 0, 3]);
  const second = frames.subarray(9 + 16_384);
  assert.deepEqual([...second.subarray(0, 9)], [0x00, 0x0e, 0x20, 0x09, 0x04, 0, 0, 0, 3]);
  assert.equal(second.length, 9 + 3_616);
});

Deno.test("readH2Fields joins cookie crumbs on the server side and rejects what h2 or Fetch cannot carry", () => {
  const crumbs: H2Field[] = [["cookie", "a=1"], ["x", "1"], ["cookie", "b=2"]];
  assert.deepEqual(readH2Fields(crumbs, "server"), [["cookie", "a=1; b=2"], ["x", "1"]]);
  assert.deepEqual(readH2Fields(crumbs, "client"), crumbs);
  const odd: H2Field[] = [["X", "1"], [":p", "/"], ["connection", "close"], ["x", " v"], [
    "x(",
    "v",
  ]];
  for (const field of odd) {
    assert.equal(readH2Fields([field], "server"), null, JSON.stringify(field));
  }
  assert.deepEqual(readH2Fields([["x", "a\u0001b"]], "server"), [["x", "a\u0001b"]]);
  assert.deepEqual(h2FieldOfLine(":path: /a: b"), [":path", "/a: b"]);
});

Deno.test("generated h2 heads repeat cookie crumbs, carry odd and large fields, and resets", () => {
  const heads = fc.sample(h2HeadArbitrary, { numRuns: 600, seed: 1 });
  const cookies = (fields: readonly H2Field[]) => fields.filter(([n]) => n === "cookie").length;
  assert.ok(heads.some((head) => cookies(head.fields) >= 2));
  assert.ok(heads.some((head) => head.fields.some(([name]) => name.startsWith(":"))));
  assert.ok(heads.some((head) => head.fields.some(([name]) => /[A-Z]/.test(name))));
  assert.ok(
    heads.some((head) => head.fields.some(([, v]) => LARGE_VALUE_SIZES.includes(v.length))),
  );
  assert.ok(heads.some((head) => head.reset));
});

Deno.test("Deno's fetch() reads an h2 response from the responder with a run-time certificate", async () => {
  const certificate = makeLoopbackCertificate();
  assert.ok(typeof certificate !== "string", String(certificate));
  const responder = await startH2Responder(certificate, () => new HpackDecoder());
  const client = await startRuntimeH2Client(certificate.ca);
  assert.ok(typeof client !== "string", String(client));
  try {
    responder.answerWith({
      fields: [[":status", "200"], ["x-a", "1"], ["x-a", "2"]],
      reset: false,
    });
    const response = await client.fetch(
      `https://127.0.0.1:${responder.port}/`,
      AbortSignal.timeout(2000),
    );
    assert.equal(response.headers.get("x-a"), "1, 2");
    await response.body?.cancel();
    // The request's block, decoded (hpack.ts; hyper Huffman-codes and indexes it).
    assert.deepEqual(responder.requests.at(-1)?.slice(0, 2), [[":method", "GET"], [
      ":scheme",
      "https",
    ]]);
    assert.ok(
      responder.requests.at(-1)?.some(([name, value]) => name === "accept" && value === "*/*"),
    );
  } finally {
    await client.close();
    await responder.close();
  }
});

Deno.test("a reference that joins cookie crumbs with a comma is caught on the h2 server side, and replays", async () => {
  const commaJoined = (fields: readonly H2Field[], side: "server" | "client") => {
    const list = readH2Fields(fields, side);
    return list?.map(([name, value]): [string, string] => [name, value.replaceAll("; ", ", ")]) ??
      null;
  };
  const options = {
    runs: 60,
    seed: 7,
    timeLimitMs: 20_000,
    knownClasses: wireClasses(),
    readH2Fields: commaJoined,
  };
  const result = await runWireProperty(options);
  const divergence = result.divergence;
  assert.ok(divergence !== null, "the planted bug was not caught");
  assert.equal(divergence.side, "h2-server");
  assert.ok(result.path?.startsWith("h2:"), result.path);
  assert.ok(divergence.fieldLines.filter((line) => line.startsWith("cookie:")).length >= 2);
  const again = await runWireProperty({ ...options, path: result.path });
  assert.deepEqual(again.divergence?.fieldLines, divergence.fieldLines);
  assert.equal(again.runs, 0, "a replay of an h2 path runs no HTTP/1.1 head");
});

Deno.test("an HTTP client's request() raw list that drops cookie fields is caught on h2-client-raw", async () => {
  // A client of the WireClients shape on Deno's own fetch() (its Agent a Deno HTTP client that
  // trusts the run's CA), whose request() hands over the response's fields but the cookies.
  class Agent {
    client: Deno.HttpClient;
    constructor(options: { allowH2?: boolean; connect?: { ca: string } }) {
      this.client = Deno.createHttpClient({
        caCerts: options.connect === undefined ? [] : [options.connect.ca],
        http2: options.allowH2 === true,
        http1: options.allowH2 !== true,
      });
    }
    close() {
      this.client.close();
      return Promise.resolve();
    }
  }
  const viaAgent = (url: string, init: { dispatcher: unknown; signal: AbortSignal }) =>
    fetch(url, { client: (init.dispatcher as Agent).client, signal: init.signal });
  const result = await runWireProperty({
    runs: 60,
    seed: 7,
    timeLimitMs: 20_000,
    knownClasses: wireClasses(),
    clients: {
      name: "Deno's fetch() as a client",
      fetch: viaAgent,
      Agent,
      async request(url, options) {
        const response = await viaAgent(url, options);
        // One field per name with get()'s value (set-cookie: each of getSetCookie()), so that
        // the list shows what the Headers holds; the planted bug leaves out cookie.
        const headers = response.headers;
        const names = [...new Set([...headers].map(([name]) => name))];
        const raw = names.filter((name) => name !== "cookie").flatMap((name) =>
          name === "set-cookie"
            ? headers.getSetCookie().flatMap((value) => [name, value])
            : [name, headers.get(name)!]
        );
        return { headers: raw, body: { dump: () => response.body?.cancel() ?? Promise.resolve() } };
      },
    },
  });
  assert.equal(result.h2.server, "not run: an HTTP client has no server");
  const divergence = result.divergence;
  assert.ok(divergence !== null, "the planted bug was not caught");
  assert.equal(divergence.side, "h2-client-raw");
  assert.ok(divergence.fieldLines.some((line) => line.startsWith("cookie:")));
});
