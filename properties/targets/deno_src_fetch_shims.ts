/**
 * Stand-ins for the modules a Deno checkout's `ext/fetch/22_body.js`, `23_request.js` and
 * `23_response.js` import but that cannot run outside Deno's snapshot (their state lives in Rust
 * or in another extension's internals), for `--target deno-src:PATH` (deno_src_target.ts). Each is
 * built on the host runtime's own classes (the Deno the wrapper runs), which are also the classes
 * the campaign's bodies are made of (properties/oracle/operations/fetch_init.ts `bodyOf`):
 *
 * | module                          | stand-in                                                                                                 | reaches headers?                                   |
 * | ------------------------------- | -------------------------------------------------------------------------------------------------------- | -------------------------------------------------- |
 * | `00_url.js`                     | the host's `URL` and `URLSearchParams.prototype`                                                         | no (URL parsing; a URLSearchParams body's text)    |
 * | `09_file.js`                    | the host's `Blob` and `File`                                                                             | a Blob body's `type`, as the host's Blob keeps it  |
 * | `21_formdata.js`                | the checkout's own file, bridged ({@link formDataBridge})                                                | yes: the checkout's `formDataToBlob` still decides |
 * | `06_streams.js`                 | the host's streams ({@link createReadableStream}, `tee`, `pipeThrough`, its `[[disturbed]]` slot)        | no (no campaign step reads a body)                 |
 * | `03_abort_signal.js`            | the host's `AbortController` and `AbortSignal.any`                                                       | no                                                 |
 * | `01_dom_exception.js`           | the host's `DOMException`                                                                                | no                                                 |
 * | `08_text_encoding.js`           | the host's `TextDecoderStream`                                                                           | no                                                 |
 * | `12_location.js`                | `getLocationHref()` is undefined: Deno without `--location`                                              | no                                                 |
 * | `01_console.js`, `02_console.js` | {@link createFilteredInspectProxy}: the keys a message's inspect shows, read from it | its `headers` getter, as Deno's |
 * | `22_http_client.js`             | the `HttpClient` brand: never reached (throws, naming itself)                                            | no                                                 |
 *
 * None of them touches a header list, a guard, or the Content-Type a body sets, except as the
 * table says: those steps stay the checkout's.
 *
 * @example
 * ```ts
 * import { getLocationHref } from "./deno_src_fetch_shims.ts";
 * console.log(getLocationHref()); // undefined
 * ```
 *
 * @module
 */

type Fn = (...args: unknown[]) => unknown;

/** A function the loaded files import but no campaign step reaches: it throws, naming itself. */
function unreached(name: string): Fn {
  return () => {
    throw new Error(`${name} is not shimmed by headerproof (deno_src_fetch_shims.ts)`);
  };
}

/** `ext:deno_web/00_url.js` (`ext:deno_url/00_url.js` before): the host's URL. */
export const URL: typeof globalThis.URL = globalThis.URL;
/** The host's `URLSearchParams.prototype`, which a URLSearchParams body inherits from. */
export const URLSearchParamsPrototype: object = globalThis.URLSearchParams.prototype;
/** Parses a body read as form data: no campaign step reads a body. */
export const parseUrlEncoded: Fn = unreached("parseUrlEncoded");

/** `ext:deno_web/09_file.js`: the host's Blob and File. */
export const Blob: typeof globalThis.Blob = globalThis.Blob;
/** The host's `Blob.prototype`. */
export const BlobPrototype: object = globalThis.Blob.prototype;
/** The host's File. */
export const File: typeof globalThis.File = globalThis.File;
/** The host's `File.prototype`. */
export const FilePrototype: object = globalThis.File.prototype;
/** Resolves a `blob:` URL: every campaign Request is for an `http:` URL. */
export const blobFromObjectUrl: Fn = unreached("blobFromObjectUrl");

/** The exports of a checkout's `21_formdata.js` that the bridge reads. */
export interface FormDataFile {
  FormData: new () => { append(name: unknown, value: unknown): void };
  formDataToBlob(form: unknown): unknown;
  [name: string]: unknown;
}

/**
 * The checkout's `21_formdata.js` as `22_body.js` sees it: everything as the file has it, except
 * that a FormData is recognized by the host's `FormData.prototype` (the campaign's bodies are the
 * host's), and `formDataToBlob` copies the host FormData's entries into one of the checkout's own
 * FormData (with its `append`) and serializes that with the checkout's `formDataToBlob`. So the
 * Content-Type a FormData body sets (`multipart/form-data; boundary=...`) is the checkout's.
 */
export function formDataBridge(file: FormDataFile): Record<string, unknown> {
  const hostEntries = globalThis.FormData.prototype.entries;
  return {
    ...file,
    FormDataPrototype: globalThis.FormData.prototype,
    formDataToBlob(form: unknown) {
      const own = new file.FormData();
      for (const [name, value] of hostEntries.call(form as FormData)) own.append(name, value);
      return file.formDataToBlob(own);
    },
  };
}

/** The symbol named `description` among the own keys of `object`, if any. */
function ownSymbol(object: object, description: string): symbol | undefined {
  return Object.getOwnPropertySymbols(object).find((key) => key.description === description);
}

/** The host Deno's WebIDL brand (`webidl.brand` of its own snapshot), read off one of its objects. */
const hostBrand = ownSymbol(new globalThis.URLSearchParams(), "[[webidl.brand]]");

/**
 * Registers WebIDL interface converters for the body classes on the host's classes, in the
 * checkout's `webidl.converters`, as `00_url.js`, `09_file.js`, `06_streams.js` and
 * `21_formdata.js` register theirs in Deno: `22_body.js`'s `BodyInit` conversion looks them up when
 * it runs. Each does what `webidl.createInterfaceConverter(name, prototype)` does, with the host's
 * prototype and the host's brand (the checkout's brand is a symbol of its own, which no host object
 * carries): a TypeError unless the value inherits from the prototype and carries the brand.
 * `21_formdata.js`'s own FormData converter, registered as the file loads, is replaced (the
 * campaign's FormData is the host's).
 */
export function registerHostBodyConverters(webidl: { converters: Record<string, unknown> }): void {
  const prototypes: [string, object][] = [
    ["Blob", globalThis.Blob.prototype],
    ["FormData", globalThis.FormData.prototype],
    ["URLSearchParams", globalThis.URLSearchParams.prototype],
    ["ReadableStream", globalThis.ReadableStream.prototype],
  ];
  for (const [name, prototype] of prototypes) {
    webidl.converters[name] = (value: unknown) => {
      const branded = hostBrand === undefined ||
        (value as Record<symbol, unknown>)[hostBrand] === hostBrand;
      if (!Object.prototype.isPrototypeOf.call(prototype, value as object) || !branded) {
        throw new TypeError(`${String(value)} is not of type ${name}`);
      }
      return value;
    };
  }
}

/** The streams disturbed through {@link readableStreamDisturb}. */
const disturbed = new WeakSet<object>();
/** The host Deno's own `[[disturbed]]` slot of a ReadableStream, read off one of its streams. */
const hostDisturbed = ownSymbol(new globalThis.ReadableStream(), "[[disturbed]]");

/** `ext:deno_web/06_streams.js`: the host's `ReadableStream.prototype`. */
export const ReadableStreamPrototype: object = globalThis.ReadableStream.prototype;

/**
 * Deno's `createReadableStream(start, pull, cancel, highWaterMark)` on the host's
 * `ReadableStream`: the algorithms become the underlying source's methods.
 */
export function createReadableStream(
  start: Fn,
  pull: Fn,
  cancel: Fn,
  highWaterMark = 1,
): ReadableStream {
  return new globalThis.ReadableStream({
    start: () => start(),
    pull: (controller) => pull(controller) as Promise<void> | undefined,
    cancel: (reason) => cancel(reason) as Promise<void> | undefined,
  }, { highWaterMark });
}

/**
 * Whether `stream` is disturbed: by the host's own slot where the host Deno keeps one, or
 * through {@link readableStreamDisturb}.
 */
export function isReadableStreamDisturbed(stream: object): boolean {
  return disturbed.has(stream) ||
    (hostDisturbed !== undefined && (stream as Record<symbol, unknown>)[hostDisturbed] === true);
}

/** Marks `stream` disturbed. */
export function readableStreamDisturb(stream: object): void {
  disturbed.add(stream);
}

/** The two branches of the host's `tee()`. */
export function readableStreamTee(stream: ReadableStream): ReadableStream[] {
  return stream.tee();
}

/** Deno's `createProxy`: the stream piped through an identity transform. */
export function createProxy(stream: ReadableStream): ReadableStream {
  return stream.pipeThrough(new globalThis.TransformStream());
}

/** The host Deno's own `[[controller]]` slot of a ReadableStream. */
const hostController = ownSymbol(new globalThis.ReadableStream(), "[[controller]]");

/**
 * Deno's `readableStreamClose`, which `22_body.js` calls on the empty stream it hands out for a
 * body already consumed: closed through the host's own controller slot (a stream without one,
 * on another host, is left open).
 */
export function readableStreamClose(stream: ReadableStream): void {
  if (hostController === undefined) return;
  const controller = (stream as unknown as Record<symbol, unknown>)[hostController];
  (controller as ReadableStreamDefaultController | undefined)?.close();
}
/**
 * Deno's `readableStreamCollectIntoUint8Array`: reads `stream` to its end through the host's
 * reader, its chunks joined. The first `read()` is called before this returns, so the stream is
 * disturbed at once, as in Deno (a body step's `text()` then `bodyUsed`).
 */
export async function readableStreamCollectIntoUint8Array(
  stream: ReadableStream<Uint8Array>,
): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
  }
  const joined = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}

/** The host Deno's own `[[state]]` and `[[storedError]]` slots of a ReadableStream. */
const hostState = ownSymbol(new globalThis.ReadableStream(), "[[state]]");
const hostStoredError = ownSymbol(new globalThis.ReadableStream(), "[[storedError]]");

/**
 * Deno's `readableStreamThrowIfErrored`: throws the error `stream` was errored with, read off
 * the host's own slots; without them nothing (reading the stream then rejects with it).
 */
export function readableStreamThrowIfErrored(stream: ReadableStream): void {
  if (hostState === undefined || hostStoredError === undefined) return;
  const slots = stream as unknown as Record<symbol, unknown>;
  if (slots[hostState] === "errored") throw slots[hostStoredError];
}
/** Errors a body after an aborted fetch: no campaign step fetches. */
export const errorReadableStream: Fn = unreached("errorReadableStream");

/** `ext:deno_web/08_text_encoding.js`: the host's. */
export const TextDecoderStream: typeof globalThis.TextDecoderStream = globalThis.TextDecoderStream;

/** `ext:deno_web/01_dom_exception.js`: the host's. */
export const DOMException: typeof globalThis.DOMException = globalThis.DOMException;

/** The method a signal from {@link newSignal} aborts itself with. */
export const signalAbort: unique symbol = Symbol("[[signalAbort]]");

/** `ext:deno_web/03_abort_signal.js`'s `newSignal`: a host signal that aborts via {@link signalAbort}. */
export function newSignal(): AbortSignal {
  const controller = new AbortController();
  Object.defineProperty(controller.signal, signalAbort, {
    value: (reason: unknown) => controller.abort(reason),
  });
  return controller.signal;
}

/** A signal aborted when any of `signals` is (the host's `AbortSignal.any`). */
export function createDependentAbortSignal(signals: AbortSignal[]): AbortSignal {
  return AbortSignal.any(signals);
}

/** Deno 2023's `follow`: `following` aborts when `parent` does. */
export function follow(following: AbortSignal, parent: AbortSignal | null): void {
  if (parent === null) return;
  const abort = (following as unknown as Record<symbol, Fn>)[signalAbort];
  if (parent.aborted) abort(parent.reason);
  else parent.addEventListener("abort", () => abort(parent.reason), { once: true });
}

/** `ext:deno_web/12_location.js`: no `--location`, so no base URL. */
export function getLocationHref(): undefined {
  return undefined;
}

/**
 * `ext:deno_web/01_console.js` (`ext:deno_console/...` before): what a Request's or Response's
 * inspect renders: an object named after `object`'s class holding the values of `keys` read from
 * it (its `headers` getter included, as Deno's proxy reads them), or none when `evaluate` is
 * false.
 */
export function createFilteredInspectProxy(
  { object, keys, evaluate }: { object: object; keys: string[]; evaluate: boolean },
): object {
  const name = object.constructor?.name ?? "Object";
  const shown = new ({ [name]: class {} })[name]() as Record<string, unknown>;
  if (!evaluate) return shown;
  for (const key of keys) shown[key] = (object as Record<string, unknown>)[key];
  return shown;
}

/** `ext:deno_fetch/22_http_client.js`: a prototype no campaign object inherits from. */
export const HttpClientPrototype: object = Object.freeze({ __proto__: null });

/** The specifiers each group of stand-ins answers, in every form the checkouts name them. */
export const FETCH_STAND_INS: Readonly<Record<string, Record<string, unknown>>> = {
  "ext:deno_web/00_url.js": { URL, URLSearchParamsPrototype, parseUrlEncoded },
  "ext:deno_url/00_url.js": { URL, URLSearchParamsPrototype, parseUrlEncoded },
  "ext:deno_web/09_file.js": { Blob, BlobPrototype, File, FilePrototype, blobFromObjectUrl },
  "ext:deno_web/06_streams.js": {
    createProxy,
    createReadableStream,
    errorReadableStream,
    isReadableStreamDisturbed,
    readableStreamClose,
    readableStreamCollectIntoUint8Array,
    readableStreamDisturb,
    ReadableStreamPrototype,
    readableStreamTee,
    readableStreamThrowIfErrored,
  },
  "ext:deno_web/08_text_encoding.js": { TextDecoderStream },
  "ext:deno_web/01_dom_exception.js": { DOMException },
  "ext:deno_web/03_abort_signal.js": {
    createDependentAbortSignal,
    follow,
    newSignal,
    signalAbort,
  },
  "ext:deno_web/12_location.js": { getLocationHref },
  "ext:deno_web/01_console.js": { createFilteredInspectProxy },
  "ext:deno_console/01_console.js": { createFilteredInspectProxy },
  "ext:deno_console/02_console.js": { createFilteredInspectProxy },
  "ext:deno_fetch/22_http_client.js": { HttpClientPrototype },
};
