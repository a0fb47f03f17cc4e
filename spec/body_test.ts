import assert from "node:assert/strict";
import {
  cloneBody,
  consumeBodyAsText,
  extractBody,
  isUnusable,
  MULTIPART_FORM_DATA_TYPE_PREFIX,
  proxyBody,
} from "./body.ts";

Deno.test("extract: the type of each BodyInit kind", () => {
  assert.equal(extractBody({ kind: "string", value: "é" }).type, "text/plain;charset=UTF-8");
  assert.equal(
    extractBody({ kind: "URLSearchParams", value: new URLSearchParams("a=1") }).type,
    "application/x-www-form-urlencoded;charset=UTF-8",
  );
  assert.equal(extractBody({ kind: "Blob", value: new Blob([], { type: "a/B" }) }).type, "a/b");
  assert.equal(extractBody({ kind: "Blob", value: new Blob([]) }).type, null);
  assert.equal(extractBody({ kind: "BufferSource", value: new ArrayBuffer(3) }).type, null);
  assert.equal(extractBody({ kind: "BufferSource", value: new Int16Array(2) }).type, null);
  assert.equal(extractBody({ kind: "bytes", value: new Uint8Array(1) }).type, null);
  assert.equal(extractBody({ kind: "ReadableStream", value: new ReadableStream() }).type, null);
  const formData = extractBody({ kind: "FormData", value: new FormData() }).type!;
  assert.ok(formData.startsWith(MULTIPART_FORM_DATA_TYPE_PREFIX));
  assert.ok(formData.length > MULTIPART_FORM_DATA_TYPE_PREFIX.length);
});

Deno.test("extract: lengths and copies", () => {
  assert.equal(extractBody({ kind: "string", value: "é" }).body.length, 2);
  const buffer = new Uint8Array([1, 2, 3]);
  const { body } = extractBody({ kind: "BufferSource", value: buffer.subarray(1) });
  buffer[1] = 9;
  assert.deepEqual(body.source, new Uint8Array([2, 3]));
  assert.equal(body.length, 2);
  assert.equal(extractBody({ kind: "Blob", value: new Blob(["abcd"]) }).body.length, 4);
});

Deno.test("extract: a locked stream, or a stream with keepalive, is a TypeError", () => {
  const stream = new ReadableStream();
  stream.getReader();
  assert.throws(() => extractBody({ kind: "ReadableStream", value: stream }), /locked/);
  assert.throws(
    () => extractBody({ kind: "ReadableStream", value: new ReadableStream() }, true),
    /keepalive/,
  );
});

Deno.test("unusable, text(), clone and proxy", async () => {
  const { body } = extractBody({ kind: "string", value: "hi" });
  const clone = cloneBody(body);
  assert.equal(await consumeBodyAsText(body, "op"), "hi");
  assert.equal(isUnusable(body), true);
  assert.equal(isUnusable(clone), false);
  await assert.rejects(consumeBodyAsText(body, "op"), TypeError);
  assert.equal(await consumeBodyAsText(clone, "op"), "hi");
  assert.equal(await consumeBodyAsText(null, "op"), "");
  assert.equal(isUnusable(null), false);
  const { body: original } = extractBody({ kind: "string", value: "x" });
  const proxied = proxyBody(original);
  assert.equal(isUnusable(original), true);
  assert.equal(await consumeBodyAsText(proxied, "op"), "x");
});

Deno.test("a user stream is read, teed by clone, and unusable once locked", async () => {
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("ab"));
      controller.close();
    },
  });
  const { body } = extractBody({ kind: "ReadableStream", value: stream });
  const clone = cloneBody(body);
  assert.equal(await consumeBodyAsText(clone, "op"), "ab");
  assert.equal(await consumeBodyAsText(body, "op"), "ab");
  const locked = extractBody({ kind: "ReadableStream", value: new ReadableStream() }).body;
  locked.stream!.getReader();
  assert.equal(isUnusable(locked), true);
});

Deno.test("text() of a Blob body reads the Blob; of a FormData body says it is out of scope", async () => {
  const blob = extractBody({ kind: "Blob", value: new Blob(["b"]) }).body;
  assert.equal(await consumeBodyAsText(blob, "op"), "b");
  const formData = extractBody({ kind: "FormData", value: new FormData() }).body;
  await assert.rejects(consumeBodyAsText(formData, "op"), /multipart\/form-data/);
});
