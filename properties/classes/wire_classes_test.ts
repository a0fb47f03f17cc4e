import assert from "node:assert/strict";
import type { HeaderList } from "../../spec/header_list.ts";
import { parseFieldLines } from "../wire/field_lines.ts";
import { isH2Side, runWireProperty } from "../wire/wire_property.ts";
import { codecCauseOf, wireClasses } from "./classes.ts";

const BRIEF = { runs: 60, seed: 7, timeLimitMs: 20_000 };

/** Every wire class, in the order they apply. */
const KNOWN_WIRE_CLASSES = wireClasses();

/** Whether nothing listens on 127.0.0.1:`port` any more. */
async function isClosed(port: number): Promise<boolean> {
  try {
    const connection = await Deno.connect({ hostname: "127.0.0.1", port });
    connection.close();
    return false;
  } catch (error) {
    return error instanceof Deno.errors.ConnectionRefused;
  }
}

Deno.test("Deno.serve and fetch agree with the reference, known classes aside", async () => {
  const result = await runWireProperty({ ...BRIEF, knownClasses: KNOWN_WIRE_CLASSES });
  assert.equal(result.server, "Deno.serve");
  assert.equal(result.divergence, null, JSON.stringify(result.divergence));
  assert.equal(result.runs, BRIEF.runs);
  assert.deepEqual(result.h2, {
    server: "Deno.serve (h2c)",
    client: "Deno.createHttpClient (http2)",
    runs: BRIEF.runs,
  });
  assert.equal(await isClosed(result.ports!.server), true, "the runtime's server is still open");
  assert.equal(await isClosed(result.ports!.responder), true, "the raw responder is still open");
  // Deno's HTTP parser rejects control bytes the Fetch standard allows in a header value: those
  // heads are parser divergences, reported apart, and do not fail the property.
  assert.ok(result.parserDivergenceCount > 0);
  // (HTTP/1.1 heads; h2 ones also count a header block over Deno's size limit, rejected.)
  for (const found of result.parserDivergences.filter((d) => !isH2Side(d.side))) {
    assert.equal(found.referenceAccepts, true);
    assert.equal(found.runtimeAccepts, false);
    const isControl = (c: string) => (c < " " && c !== "\t") || c === "\u007f";
    assert.ok([...found.fieldLines.join("")].some(isControl), JSON.stringify(found.fieldLines));
  }
});

Deno.test("without the known classes, Deno's own divergences are reported with their bytes", async () => {
  const result = await runWireProperty({ ...BRIEF, runs: 300 });
  const divergence = result.divergence!;
  assert.ok(divergence !== null);
  assert.equal(divergence.kind, "reference");
  assert.ok(divergence.bytes.includes(divergence.fieldLines[0]));
  const explained = KNOWN_WIRE_CLASSES.filter((c) =>
    c.name === "serve-joins-cookie-fields-with-semicolon" ||
    c.name === "iteration-drops-leading-empty-value" ||
    c.name === "copy-keeps-trailing-comma-space"
  );
  const again = await runWireProperty({ ...BRIEF, runs: 300, knownClasses: explained });
  assert.equal(again.divergence, null);
  assert.ok(Object.keys(again.knownClassCounts).length > 0);
});

Deno.test("a reference that drops repeated fields is caught, with the request bytes", async () => {
  const dropRepeated = (lines: readonly string[]): HeaderList | null => {
    const list = parseFieldLines(lines);
    if (list === null) return null;
    const seen = new Set<string>();
    return list.filter(([name]) => {
      const lower = name.toLowerCase();
      const first = !seen.has(lower);
      seen.add(lower);
      return first;
    });
  };
  const result = await runWireProperty({
    ...BRIEF,
    knownClasses: KNOWN_WIRE_CLASSES,
    readFieldLines: dropRepeated,
  });
  const divergence = result.divergence;
  assert.ok(divergence !== null, "the planted bug was not caught");
  assert.equal(divergence.kind, "reference");
  const names = divergence.fieldLines.map((line) => line.split(":")[0].toLowerCase());
  assert.ok(new Set(names).size < names.length, "the shrunk head repeats a field");
  for (const line of divergence.fieldLines) assert.ok(divergence.bytes.includes(line));
  assert.ok(result.path !== undefined);
});

Deno.test("a reference that rejects bytes 0x80-0xFF makes parser divergences, never a Headers divergence", async () => {
  const rejectHighBytes = (lines: readonly string[]) =>
    lines.some((line) => /[\u0080-\u00ff]/.test(line)) ? null : parseFieldLines(lines);
  const result = await runWireProperty({
    ...BRIEF,
    knownClasses: KNOWN_WIRE_CLASSES,
    readFieldLines: rejectHighBytes,
  });
  assert.equal(result.divergence, null);
  assert.ok(
    result.parserDivergences.some((found) => !found.referenceAccepts && found.runtimeAccepts),
  );
});

Deno.test("the CLI runs the property under Node and Bun too, known classes aside", async (t) => {
  for (const binary of ["node", "bun"]) {
    await t.step(binary, async () => {
      const output = await new Deno.Command(binary, {
        args: [
          new URL("../campaign/wire_cli.ts", import.meta.url).pathname,
          "--runs",
          "60",
          "--seed",
          "3",
          "--time",
          "20",
        ],
        stdout: "piped",
        stderr: "piped",
      }).output();
      const stderr = new TextDecoder().decode(output.stderr);
      assert.equal(output.code, 0, stderr);
      // The result is the last line (the h2 exchanges are announced on lines before it).
      const result = JSON.parse(new TextDecoder().decode(output.stdout).trim().split("\n").at(-1)!);
      assert.equal(result.runtime.split(" ")[0], binary);
      assert.equal(result.divergence, null);
      assert.ok(Object.keys(result.knownClassCounts).length > 0);
    });
  }
});

Deno.test("a Deno parser divergence on a control byte is named after its codec class", () => {
  const found = { fieldLines: ["X-Ctl: a\x01b"], referenceAccepts: true, runtimeAccepts: false };
  assert.equal(codecCauseOf("deno", found)?.name, "value-control-bytes-rejected");
  assert.equal(codecCauseOf("node", found), null);
  assert.equal(codecCauseOf("deno", { ...found, fieldLines: ["X-A: b"] }), null);
});

Deno.test("a message from the wire touched before its headers are read is judged too", async () => {
  // The bug: clone() of a message from the wire loses the last header of its list when nothing
  // read its headers first (a lazy list copied before it was filled in).
  const planted = <M extends Request | Response>(
    proto: { clone(): M },
    remake: (copy: M, headers: [string, string][]) => M,
  ) => {
    const clone = proto.clone;
    proto.clone = function (this: M) {
      const copy = clone.call(this);
      return remake(copy, [...copy.headers].slice(0, -1));
    };
    return () => proto.clone = clone;
  };
  const restore = [
    planted(Request.prototype, (copy, headers) => new Request(copy, { headers })),
    planted(
      Response.prototype,
      (copy, headers) => new Response(copy.body, { status: copy.status, headers }),
    ),
  ];
  try {
    const result = await runWireProperty({ ...BRIEF, knownClasses: KNOWN_WIRE_CLASSES });
    assert.equal(result.divergence?.touch, "clone", JSON.stringify(result.divergence));
  } finally {
    for (const undo of restore) undo();
  }
});

Deno.test("h2 messages are touched before read too: a clone losing a header is seen", async () => {
  // The same bug on h2 messages alone: fetch()'s Response over h2 (an https: URL here) and a
  // server Request without the Connection field every HTTP/1.1 request of the campaign has.
  for (
    const [proto, overH2, side] of [
      [Response.prototype, (r: Response) => r.url.startsWith("https:"), "h2-client"],
      [Request.prototype, (r: Request) => !r.headers.has("connection"), "h2-server"],
    ] as const
  ) {
    const clone = proto.clone as (this: Request | Response) => Request | Response;
    proto.clone = function (this: Request | Response) {
      const copy = clone.call(this);
      if (!(overH2 as (m: Request | Response) => boolean)(copy)) return copy;
      const headers = [...copy.headers].slice(0, -1);
      return copy instanceof Request
        ? new Request(copy, { headers })
        : new Response(copy.body, { status: copy.status, headers });
    } as never;
    try {
      const result = await runWireProperty({ ...BRIEF, knownClasses: KNOWN_WIRE_CLASSES });
      assert.equal(result.divergence?.side, side, JSON.stringify(result.divergence));
      assert.equal(result.divergence?.touch, "clone");
    } finally {
      proto.clone = clone as never;
    }
  }
});
