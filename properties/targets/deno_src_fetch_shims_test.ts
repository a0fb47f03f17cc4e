import assert from "node:assert/strict";
import {
  createReadableStream,
  formDataBridge,
  getLocationHref,
  isReadableStreamDisturbed,
  newSignal,
  readableStreamClose,
  readableStreamCollectIntoUint8Array,
  readableStreamDisturb,
  readableStreamThrowIfErrored,
  registerHostBodyConverters,
  signalAbort,
} from "./deno_src_fetch_shims.ts";

Deno.test("deno-src stand-ins for Request and Response", async (t) => {
  await t.step("a host FormData is serialized by the checkout's formDataToBlob", () => {
    // A checkout's 21_formdata.js, written here: its FormData keeps entries, its formDataToBlob
    // answers what it was given.
    class OwnFormData {
      entries: unknown[][] = [];
      append(name: unknown, value: unknown) {
        this.entries.push([name, value]);
      }
    }
    const bridged = formDataBridge({
      FormData: OwnFormData,
      formDataToBlob: (form) => ({ from: form }),
      parseFormData: "kept",
    });
    const form = new FormData();
    form.append("a", "1");
    form.append("b", "2");
    const blob = (bridged.formDataToBlob as (form: unknown) => { from: OwnFormData })(form);
    assert.ok(blob.from instanceof OwnFormData);
    assert.deepEqual(blob.from.entries, [["a", "1"], ["b", "2"]]);
    assert.equal(bridged.FormDataPrototype, FormData.prototype);
    assert.equal(bridged.parseFormData, "kept");
  });

  await t.step("body converters accept the host's objects and refuse forgeries", () => {
    const webidl = { converters: {} as Record<string, (value: unknown) => unknown> };
    registerHostBodyConverters(webidl);
    const blob = new Blob(["a"]);
    assert.equal(webidl.converters.Blob(blob), blob);
    const params = new URLSearchParams("a=1");
    assert.equal(webidl.converters.URLSearchParams(params), params);
    assert.throws(() => webidl.converters.Blob(Object.create(Blob.prototype)), TypeError);
    assert.throws(() => webidl.converters.FormData(params), TypeError);
  });

  await t.step("a stream read through the host counts as disturbed", async () => {
    const stream = createReadableStream(
      () => undefined,
      (controller) => (controller as ReadableStreamDefaultController).close(),
      () => Promise.resolve(),
      0,
    );
    assert.equal(isReadableStreamDisturbed(stream), false);
    await stream.getReader().read();
    assert.equal(isReadableStreamDisturbed(stream), true);
    const other = new ReadableStream();
    readableStreamDisturb(other);
    assert.equal(isReadableStreamDisturbed(other), true);
  });

  await t.step("a body is read through the host: disturbed at once, chunks joined", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([104, 105]));
        controller.enqueue(new Uint8Array([33]));
        controller.close();
      },
    });
    const read = readableStreamCollectIntoUint8Array(stream);
    // A body step reads bodyUsed right after text() started (22_body.js consume()).
    assert.equal(isReadableStreamDisturbed(stream), true);
    assert.deepEqual(await read, new Uint8Array([104, 105, 33]));
    const errored = new ReadableStream({
      start: (controller) => controller.error(new RangeError("e")),
    });
    assert.throws(() => readableStreamThrowIfErrored(errored), RangeError);
    readableStreamThrowIfErrored(new ReadableStream());
    const consumed = new ReadableStream();
    const reader = consumed.getReader();
    readableStreamClose(consumed);
    assert.deepEqual(await reader.read(), { done: true, value: undefined });
  });

  await t.step("signals abort through signalAbort; there is no location", () => {
    const signal = newSignal();
    (signal as unknown as Record<symbol, (reason: unknown) => void>)[signalAbort]("why");
    assert.equal(signal.aborted, true);
    assert.equal(signal.reason, "why");
    assert.equal(getLocationHref(), undefined);
  });
});
