/**
 * What the egress stage sends: a generated Response (every construction path a server's handler
 * can return: string, bytes, null, absent and stream bodies; plain-object, array, Headers,
 * status-only and absent inits; `Response.json`; a clone of a Response whose headers were never
 * read) and a generated `fetch(url, init)` (a plain init, or a Request, or a clone of one), as
 * plain data a reproduction can print; how to build each with a given set of classes; and the
 * header list the reference (spec/, profile "server") gives the same message.
 *
 * @example
 * ```ts
 * import { buildResponse, referenceResponseList } from "./sequences.ts";
 * const made = { make: "new", body: { kind: "string", text: "hi" }, init: { kind: "absent" },
 *   clone: false } as const;
 * console.log(referenceResponseList(made)); // [["Content-Type", "text/plain;charset=UTF-8"]]
 * console.log(buildResponse(made, { Headers, Response }).status); // 200
 * ```
 *
 * @module
 */
import fc from "fast-check";
import type { HeaderList } from "../../spec/header_list.ts";
import { fetchClasses, headerListOf, Headers as ReferenceHeaders } from "../../spec/mod.ts";

/** A body as data: its kind and, for a text-carrying kind, its text. */
export type BodySpec =
  | { kind: "absent" }
  | { kind: "null" }
  | { kind: "string"; text: string }
  | { kind: "bytes"; text: string }
  | { kind: "stream"; text: string };

/** An init's headers as data: the form they are given in and their entries. */
export type InitSpec =
  | { kind: "absent" }
  | { kind: "status"; status: number }
  | { kind: "object" | "array" | "headers"; entries: [string, string][]; status?: number };

/** A Response as data: how it is made, and whether the handler returns a clone of it. */
export type ResponseSpec =
  | { make: "new"; body: BodySpec; init: InitSpec; clone: boolean }
  | { make: "json"; data: unknown; init: InitSpec; clone: boolean };

/** A `fetch()` as data: its method, body and headers, and how they reach fetch(). */
export interface FetchSpec {
  method: "GET" | "POST";
  body: BodySpec;
  init: InitSpec;
  /** "init": fetch(url, init); "request": fetch(new Request(url, init)); "clone": of that. */
  via: "init" | "request" | "clone";
}

/** The classes a message is built with. */
export interface MessageClasses {
  Headers: new (init?: unknown) => unknown;
  Response: {
    new (body?: unknown, init?: unknown): unknown;
    json(data: unknown, init?: unknown): unknown;
  };
  Request?: new (input: unknown, init?: unknown) => unknown;
}

/** Names a generated init holds: case variants, `Set-Cookie` and `Content-Type` among them. */
const NAMES = ["x-a", "X-A", "x-b", "Set-Cookie", "set-cookie", "Content-Type", "cache-control"];
/** Values a generated init holds: empty, with inner and edge whitespace, commas, cookies. */
const VALUES = ["1", "a b", " lead", "trail\t", "", "text/html", "a=1; Path=/", "x, y", "b=2"];

const text = fc.constantFrom("", "hi", "héllo", '{"a":1}');
const body: fc.Arbitrary<BodySpec> = fc.oneof(
  fc.constant({ kind: "absent" } as const),
  fc.constant({ kind: "null" } as const),
  fc.record({ kind: fc.constant("string" as const), text }),
  fc.record({ kind: fc.constant("bytes" as const), text }),
  fc.record({ kind: fc.constant("stream" as const), text }),
);
const entries = fc.array(fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...VALUES)), {
  maxLength: 6,
});
const status = fc.constantFrom(200, 201, 404, 500);

/** The generator of inits; `withStatus`: a Response's (a status may be given). */
function initArbitrary(withStatus: boolean): fc.Arbitrary<InitSpec> {
  const listed = fc.record({
    kind: fc.constantFrom("object" as const, "array" as const, "headers" as const),
    entries,
    ...(withStatus ? { status } : {}),
  }, { requiredKeys: ["kind", "entries"] }) as fc.Arbitrary<InitSpec>;
  return withStatus
    ? fc.oneof(
      fc.constant({ kind: "absent" } as const),
      fc.record({ kind: fc.constant("status" as const), status }),
      listed,
      listed,
    )
    : fc.oneof(fc.constant({ kind: "absent" } as const), listed, listed);
}

/** The generator of Responses. */
export const responseArbitrary: fc.Arbitrary<ResponseSpec> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      make: fc.constant("new" as const),
      body,
      init: initArbitrary(true),
      clone: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      make: fc.constant("json" as const),
      data: fc.constantFrom<unknown>(null, 1, "s", { a: [1] }),
      init: initArbitrary(true),
      clone: fc.boolean(),
    }),
  },
);

/** The generator of fetch() calls. */
export const fetchArbitrary: fc.Arbitrary<FetchSpec> = fc.record({
  method: fc.constantFrom("GET" as const, "POST" as const),
  body,
  init: initArbitrary(false),
  via: fc.constantFrom("init" as const, "request" as const, "clone" as const),
}).map((spec) => spec.method === "GET" ? { ...spec, body: { kind: "absent" } as const } : spec);

/** The body `spec` gives, made anew (a stream can be read once). */
export function bodyOf(spec: BodySpec): unknown {
  switch (spec.kind) {
    case "absent":
      return undefined;
    case "null":
      return null;
    case "string":
      return spec.text;
    case "bytes":
      return new TextEncoder().encode(spec.text);
    case "stream": {
      const bytes = new TextEncoder().encode(spec.text);
      return new ReadableStream({
        start(controller) {
          if (bytes.length > 0) controller.enqueue(bytes);
          controller.close();
        },
      });
    }
  }
}

/** The init `spec` gives, its headers in their form, built with `classes` (undefined: absent). */
export function initOf(spec: InitSpec, classes: Pick<MessageClasses, "Headers">): unknown {
  switch (spec.kind) {
    case "absent":
      return undefined;
    case "status":
      return { status: spec.status };
    default: {
      const headers = spec.kind === "array"
        ? spec.entries.map(([name, value]) => [name, value])
        : spec.kind === "headers"
        ? new classes.Headers(spec.entries)
        : Object.fromEntries(spec.entries);
      return spec.status === undefined ? { headers } : { headers, status: spec.status };
    }
  }
}

/** The Response `spec` gives, built with `classes`; its headers are never read here. */
export function buildResponse(spec: ResponseSpec, classes: MessageClasses): unknown {
  const init = initOf(spec.init, classes);
  const made = spec.make === "json"
    ? classes.Response.json(spec.data, init)
    : init === undefined
    ? new classes.Response(bodyOf(spec.body))
    : new classes.Response(bodyOf(spec.body), init);
  return spec.clone ? (made as { clone(): unknown }).clone() : made;
}

/** The init of the fetch() `spec` gives, built with `classes`. */
export function fetchInitOf(spec: FetchSpec, classes: Pick<MessageClasses, "Headers">): {
  method: string;
  body?: unknown;
  headers?: unknown;
  duplex?: "half";
} {
  const init = initOf(spec.init, classes) as { headers?: unknown } | undefined;
  return {
    method: spec.method,
    ...(spec.body.kind === "absent" ? {} : { body: bodyOf(spec.body) }),
    ...(spec.body.kind === "stream" ? { duplex: "half" as const } : {}),
    ...(init?.headers === undefined ? {} : { headers: init.headers }),
  };
}

/**
 * The Request `spec` makes for `url` with `classes` (for `via` "request" and "clone"), or null:
 * fetch() is given the url and the init.
 */
export function buildRequest(spec: FetchSpec, url: string, classes: MessageClasses): unknown {
  if (spec.via === "init") return null;
  const request = new classes.Request!(url, fetchInitOf(spec, classes));
  return spec.via === "clone" ? (request as { clone(): unknown }).clone() : request;
}

const REFERENCE = fetchClasses({ profile: "server" });
const REFERENCE_CLASSES: MessageClasses = {
  Headers: ReferenceHeaders,
  Response: REFERENCE.Response as unknown as MessageClasses["Response"],
  Request: REFERENCE.Request as unknown as MessageClasses["Request"],
};

/** A flat name, value list as a header list. */
export function pairsOf(flat: readonly string[]): HeaderList {
  const list: HeaderList = [];
  for (let i = 0; i + 1 < flat.length; i += 2) list.push([flat[i], flat[i + 1]]);
  return list;
}

/** The reference's header list of the Response `spec` gives (profile "server"); throws as it does. */
export function referenceResponseList(spec: ResponseSpec): HeaderList {
  const response = buildResponse(spec, REFERENCE_CLASSES) as { headers: ReferenceHeaders };
  return pairsOf(headerListOf(response.headers));
}

/** The reference's header list of the request the fetch() `spec` makes of `url`. */
export function referenceRequestList(spec: FetchSpec, url: string): HeaderList {
  const request = new REFERENCE.Request(url, fetchInitOf(spec, REFERENCE_CLASSES)) as unknown as {
    headers: ReferenceHeaders;
  };
  return pairsOf(headerListOf(request.headers));
}
