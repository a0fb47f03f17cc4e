/**
 * A wire counterexample as a self-contained script a person can run with the runtime alone
 * (`deno run -A FILE`, `node FILE`, `bun FILE`; nothing of headerproof is imported). For a native
 * target it starts the runtime's own server (server side) or a raw TCP responder for the
 * runtime's fetch() (client side) on 127.0.0.1 with an ephemeral port, sends the shrunk field
 * lines' bytes, observes the Headers the runtime hands over; for a module target it imports the
 * module by its absolute path and calls its `headersFromRawList` with the raw list. Then it
 * prints the expected observation (embedded: the reference's, computed when the counterexample
 * was found) and the actual one, closes everything and exits 1 on divergence, 0 when they agree,
 * 2 when no Headers was handed over (the runtime's parser rejected the head this time), when it
 * runs under another runtime than the one that found it, or after 20 s. A hang (a module's call
 * that did not return) prints the call first: it never ends when it reproduces, and exits 0 when
 * the call returns or throws; a crash ends it with the runtime's exit status when it reproduces,
 * and exits 0 when the exchange ends. The network and
 * observation code is embedded from endpoints.ts and field_lines.ts (one copy of the code). This
 * is the wire stage's part of a reproduction; core/reproduction.ts lays the file out (header,
 * runtime check, loading a module candidate) around it.
 *
 * @example
 * ```ts
 * import { renderWireReproduction } from "./reproduction.ts";
 * const source = renderWireReproduction({
 *   divergence: {
 *     side: "server",
 *     kind: "reference",
 *     bytes: JSON.stringify(["X", "1"]),
 *     fieldLines: ["X: 1"],
 *     expected: { entries: [["x", "1"]], get: ["1", null], has: [true, false], getSetCookie: [] },
 *     actual: { entries: [], get: [null, null], has: [false, false], getSetCookie: [] },
 *   },
 *   candidate: { kind: "module", specifier: "file:///tmp/my_headers.mjs" },
 *   header: { title: ["a wire counterexample"], replay: "./headerproof fuzz --seed 1 --wire-path 0" },
 *   foundUnder: { name: "deno", version: "2.9.6" },
 * });
 * ```
 *
 * @module
 */
import type { CandidateSource, ReproductionHeader, RuntimeVersion } from "../core/reproduction.ts";
import { importCandidate, renderReproduction } from "../core/reproduction.ts";
import {
  LOOPBACK,
  MAX_RESPONSE_BYTES,
  sendRawRequest,
  startNodeServer,
  startRawResponder,
  startRuntimeServer,
  statusOf,
} from "./endpoints.ts";
import { brokenMetamorphicProperty, observeHeaders, probedNames } from "./field_lines.ts";
import { inspectedText } from "../oracle/operations/read.ts";
import { touchedHeaders } from "./touch.ts";
import { h2EndsSource } from "./h2.ts";
import { startRuntimeH2Client, startRuntimeH2Server } from "./h2_runtime.ts";
import type { WireDivergence } from "./wire_property.ts";
import { guardOf, laterH2Block, requestBytes } from "./wire_property.ts";

/**
 * `value` as JSON with every code unit outside printable ASCII escaped (`\u00a0`, `\u0085`),
 * so that bytes 0x7F-0xFF read as what they are.
 *
 * @example
 * ```ts
 * import { shownBytes } from "./reproduction.ts";
 * shownBytes(["X: a\u00a0"]); // '["X: a\\u00a0"]'
 * ```
 */
export function shownBytes(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** What {@link renderWireReproduction} writes a script for. */
export interface WireReproductionInput {
  /** The shrunk divergence, as the wire property reported it. */
  divergence: WireDivergence;
  /** The runtime's own server and fetch(), or the module whose headersFromRawList is called. */
  candidate: CandidateSource;
  /** The comment at the top (target, seed, replay command...). */
  header: ReproductionHeader;
  /** The runtime (and version) that found it; the file runs under it alone. */
  foundUnder: RuntimeVersion;
}

/** The helpers every wire reproduction embeds, as source text. */
const OBSERVATION_HELPERS = [observeHeaders, brokenMetamorphicProperty, shownBytes]
  .map((fn) => fn.toString()).join("\n\n");

/** The network helpers a native reproduction embeds, as source text. */
const NETWORK_HELPERS = [
  `const LOOPBACK = ${JSON.stringify(LOOPBACK)};`,
  `const MAX_RESPONSE_BYTES = ${MAX_RESPONSE_BYTES};`,
  ...[
    sendRawRequest,
    statusOf,
    startRawResponder,
    startRuntimeServer,
    startNodeServer,
    requestBytes,
    touchedHeaders,
    inspectedText,
    startRuntimeH2Server,
    startRuntimeH2Client,
  ]
    .map((fn) => fn.toString()),
  h2EndsSource(),
].join("\n\n");

/**
 * The statements that set `actual` (the observation, or undefined), `outcome` (what happened when
 * there is none) and `sent` (what was sent or handed over) for `input`.
 */
function exchange(input: WireReproductionInput): string[] {
  const { divergence, candidate } = input;
  if (candidate.kind === "module") {
    const guard = guardOf(divergence.side);
    // An h2 block's fields read by the module's own headersFromH2Fields, or a raw list.
    const entry = divergence.h2Fields === true ? "headersFromH2Fields" : "headersFromRawList";
    return [
      ...importCandidate(candidate, "candidate", true),
      `const rawList = ${divergence.bytes};`,
      `const sent = \`${entry}(\${shownBytes(rawList)}, ${
        JSON.stringify(guard)
      }, { profile: "server" })\`;`,
      ...(divergence.kind === "hang" || divergence.kind === "crash"
        ? [
          `// The campaign's process ${
            divergence.kind === "hang" ? "hung" : "ended"
          } in this call: it does here too when it reproduces.`,
          'console.log("calling:", sent);',
        ]
        : []),
      "try {",
      ...(divergence.h2Fields === true
        ? [
          `  const headers = candidate.${entry}([...rawList], ${
            JSON.stringify(guard)
          }, { profile: "server" });`,
          "  // A later response's block is read before this Headers; then it is read twice.",
          `  candidate.${entry}(${JSON.stringify(laterH2Block())}, ${
            JSON.stringify(guard)
          }, { profile: "server" });`,
          "  actual = observeHeaders(headers, names);",
          "  if (JSON.stringify(actual) === JSON.stringify(expected)) {",
          "    actual = observeHeaders(headers, names);",
          "  }",
        ]
        : [
          `  actual = observeHeaders(candidate.${entry}([...rawList], ${
            JSON.stringify(guard)
          }, { profile: "server" }), names);`,
        ]),
      "} catch (error) {",
      '  outcome = `threw ${error?.name ?? "a non-Error"}: ${error?.message ?? String(error)}`;',
      "}",
    ];
  }
  const touchOfDivergence = JSON.stringify(divergence.touch ?? "unread");
  if (divergence.side === "h2-server") {
    // The block as the campaign sent it (its :authority named the campaign's port; no matter).
    return [
      `// What touches the request before its headers are read: ${touchOfDivergence}.`,
      "const server = await startRuntimeH2Server(async (request) => {",
      `  actual = observeHeaders(await touchedHeaders(request, ${touchOfDivergence}), names);`,
      '  return new Response("observed");',
      "});",
      `const block = ${divergence.bytes};`,
      "const sent = shownBytes(block);",
      "try {",
      `  outcome = h2Outcome(await sendH2Request(server.port, block, 2000, ${
        divergence.reset === true
      }));`,
      "} finally {",
      "  await server.close();",
      "}",
    ];
  }
  if (divergence.side === "h2-client") {
    return [
      "const certificate = makeLoopbackCertificate();",
      `const block = ${divergence.bytes};`,
      "const sent = shownBytes(block);",
      'if (typeof certificate === "string") {',
      "  outcome = certificate;",
      "} else {",
      "  const client = await startRuntimeH2Client(certificate.ca);",
      "  const responder = await startH2Responder(certificate);",
      `  responder.answerWith({ fields: block, reset: ${divergence.reset === true} });`,
      "  try {",
      '    if (typeof client === "string") throw new Error(`no fetch() over h2: ${client}`);',
      "    const response = await client.fetch(",
      "      `https://127.0.0.1:${responder.port}/`,",
      "      AbortSignal.timeout(2000),",
      "    );",
      `    // What touches the response before its headers are read: ${touchOfDivergence}.`,
      `    actual = observeHeaders(await touchedHeaders(response, ${touchOfDivergence}), names);`,
      "    if (!response.bodyUsed) await response.body?.cancel().catch(() => {});",
      "  } catch (error) {",
      '    outcome = `fetch() rejected: ${error?.name ?? "a non-Error"}: ${error?.message}`;',
      "  } finally {",
      '    if (typeof client !== "string") await client.close();',
      "    await responder.close();",
      "  }",
      "}",
    ];
  }
  if (divergence.side === "server") {
    // The request the campaign sent named its server's port in Host; this one names the port
    // of the server started here, and the expected host value follows it.
    const sentPort = /\r\nHost: 127\.0\.0\.1:(\d+)\r\n/.exec(divergence.bytes)?.[1] ?? "";
    return [
      `// What touches the request before its headers are read: ${touchOfDivergence}.`,
      "const server = await startRuntimeServer(async (request) => {",
      `  actual = observeHeaders(await touchedHeaders(request, ${touchOfDivergence}), names);`,
      '  return new Response("observed");',
      "});",
      "const bytes = requestBytes(server.port, 0, fieldLines);",
      "const sent = shownBytes(bytes);",
      "try {",
      "  const answer = await sendRawRequest(server.port, bytes, 2000);",
      "  outcome = `${answer.end}, status ${statusOf(answer.response)}`;",
      "} finally {",
      "  await server.close();",
      "}",
      "if (expected !== null) {",
      "  expected.entries = expected.entries.map(([name, value]) =>",
      `    [name, name === "host" && value === ${
        JSON.stringify(`${LOOPBACK}:${sentPort}`)
      } ? \`${LOOPBACK}:\${server.port}\` : value]`,
      "  );",
      "}",
    ];
  }
  return [
    "const responder = await startRawResponder();",
    `const bytes = ${JSON.stringify(divergence.bytes)};`,
    "const sent = shownBytes(bytes);",
    "responder.answerWith(bytes);",
    "try {",
    "  const response = await fetch(`http://127.0.0.1:${responder.port}/`, {",
    "    signal: AbortSignal.timeout(2000),",
    "  });",
    `  // What touches the response before its headers are read: ${touchOfDivergence}.`,
    `  actual = observeHeaders(await touchedHeaders(response, ${touchOfDivergence}), names);`,
    "  if (!response.bodyUsed) await response.body?.cancel();",
    "} catch (error) {",
    '  outcome = `fetch() rejected: ${error?.name ?? "a non-Error"}`;',
    "} finally {",
    "  await responder.close();",
    "}",
  ];
}

/** The reproduction's source text. */
export function renderWireReproduction(input: WireReproductionInput): string {
  const { divergence, candidate } = input;
  const where = candidate.kind === "native"
    ? divergence.side === "server"
      ? "the runtime's own server, sent by a raw TCP client"
      : divergence.side === "h2-server"
      ? "the runtime's own h2c server, sent by a raw h2 client"
      : divergence.side === "h2-client"
      ? "the runtime's fetch() over h2, answered by a raw h2 responder over TLS"
      : "the runtime's fetch(), answered by a raw TCP responder"
    : `${candidate.specifier}'s headersFromRawList`;
  return renderReproduction({
    header: input.header,
    imports: candidate.kind === "native"
      ? [
        'import { Buffer } from "node:buffer";',
        'import { execFileSync } from "node:child_process";',
        'import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";',
        'import * as http from "node:http";',
        'import * as http2 from "node:http2";',
        'import * as net from "node:net";',
        'import { tmpdir } from "node:os";',
        'import { join } from "node:path";',
        'import * as tls from "node:tls";',
      ]
      : [],
    foundUnder: input.foundUnder,
    body: [
      'const exit = (code) => typeof Deno !== "undefined" ? Deno.exit(code) : process.exit(code);',
      "const watchdog = setTimeout(() => {",
      '  console.log("no answer within 20 s: not reproduced");',
      "  exit(2);",
      "}, 20_000);",
      "",
      `// ${divergence.side} side, through ${where}.`,
      `const fieldLines = ${JSON.stringify(divergence.fieldLines)};`,
      `const names = ${JSON.stringify(probedNames(divergence.fieldLines))};`,
      divergence.kind === "metamorphic"
        ? "// The reference observed the same as the runtime: the metamorphic properties are checked."
        : "// What the spec-literal reference observes on the header list these field lines give.",
      `const kind = ${JSON.stringify(divergence.kind)};`,
      `const expected = ${JSON.stringify(divergence.expected)};`,
      "",
      OBSERVATION_HELPERS,
      ...(candidate.kind === "native" ? ["", NETWORK_HELPERS] : []),
      "",
      "let actual;",
      'let outcome = "ok";',
      ...exchange(input),
      "clearTimeout(watchdog);",
      'console.log("sent:    ", sent);',
      ...(divergence.kind === "hang"
        ? ['console.log("the call returned or threw: the hang is not reproduced");', "exit(0);"]
        : divergence.kind === "crash"
        ? ['console.log("the exchange ended: the crash is not reproduced");', "exit(0);"]
        : []),
      "if (actual === undefined) {",
      '  console.log("expected:", shownBytes(expected));',
      "  console.log(`no Headers to observe: ${outcome}`);",
      '  exit(outcome.startsWith("threw") ? 1 : 2);',
      "}",
      'console.log("expected:", kind === "reference" ? shownBytes(expected) : "(the metamorphic properties)");',
      'console.log("actual:  ", shownBytes(actual));',
      'const broken = kind === "metamorphic" ? brokenMetamorphicProperty(actual, names) : null;',
      'const diverges = kind === "reference"',
      "  ? JSON.stringify(actual) !== JSON.stringify(expected)",
      "  : broken !== null;",
      "if (broken !== null) console.log(`broken: ${broken}`);",
      'console.log(diverges ? "diverges from the reference" : "no divergence: it agrees");',
      "exit(diverges ? 1 : 0);",
    ],
  });
}
