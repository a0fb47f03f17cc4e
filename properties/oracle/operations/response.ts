/**
 * `response`: a Response made by `new Response(body, init)` (a body of every kind, which sets
 * Content-Type when the headers have none; a {@link DictionaryInit} with `status`, `statusText`
 * and `headers` of every construct init's kind), `Response.json(data, init)`,
 * `Response.redirect(url, status)` or `Response.error()`. The Response goes to the next message
 * slot; its headers (guard "response", or "immutable" for error and redirect) are not read (a
 * read step reads them, read.ts, if the generator picks one). Outcomes as the request step's
 * (request.ts).
 *
 * @example
 * ```ts
 * import { renderOp } from "../world.ts";
 * renderOp({ op: "response", message: 0, how: "error", body: null, init: null, status: null });
 * // '(log = [], m[0] = Response.error())'
 * ```
 *
 * @module
 */
import fc from "fast-check";
import type { Arg } from "../base/arguments.ts";
import { argValue, renderArg } from "../base/arguments.ts";
import type { OperationKind } from "../base/kind.ts";
import type { BodyKind, DictionaryInit, Member } from "./fetch_init.ts";
import {
  bodyKind,
  bodyOf,
  dictionary,
  dictionaryValue,
  headersMember,
  renderDictionary,
  resolveDictionary,
} from "./fetch_init.ts";
import { messageCodes, messageLabels, performMessage } from "./request.ts";

/** How the Response is made. */
export type ResponseHow = "constructor" | "json" | "redirect" | "error";

/**
 * `m[message] = <made how>`: `body` the constructor's first argument (null:
 * none at all), or for json whether the data serializes ("string") or not ("undefined");
 * `status` redirect's second argument (null: none).
 */
export type ResponseOp = {
  op: "response";
  message: number;
  how: ResponseHow;
  body: BodyKind | null;
  init: DictionaryInit | null;
  status: Arg | null;
};

/** The URL redirects go to. */
const REDIRECT_URL = "http://headerproof.test/to";

/** ResponseInit members, weights out of 10: headers 6, status 2, statusText 2. */
const responseMember: fc.Arbitrary<Member> = fc.oneof(
  { weight: 6, arbitrary: headersMember },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Arg>(
      { $: "number", v: 200 },
      { $: "number", v: 204 },
      { $: "number", v: 299 },
      { $: "number", v: 101 },
      { $: "number", v: 600 },
      { $: "number", v: 65736 },
      "abc",
    ).map((v): Member => ["status", v]),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Arg>("OK", "", "a\nb", "\u00e9", "\u0100").map((
      v,
    ): Member => ["statusText", v]),
  },
);

/** An init: none 1 in 10. */
const responseInit = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 9, arbitrary: dictionary(responseMember) },
);

/**
 * A response step, weights out of 10: the constructor 6 (with no body 1 in 10), json 2,
 * redirect 1, error 1.
 */
export const responseOp: fc.Arbitrary<ResponseOp> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant("response" as const),
      message: fc.constant(0),
      how: fc.constant("constructor" as const),
      body: fc.oneof(
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 9, arbitrary: bodyKind },
      ),
      init: responseInit,
      status: fc.constant(null),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("response" as const),
      message: fc.constant(0),
      how: fc.constant("json" as const),
      body: fc.constant(null),
      init: responseInit,
      status: fc.constant(null),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("response" as const),
      message: fc.constant(0),
      how: fc.constant("redirect" as const),
      body: fc.constant(null),
      init: fc.constant(null),
      status: fc.constantFrom<Arg | null>(
        null,
        { $: "number", v: 301 },
        { $: "number", v: 308 },
        { $: "number", v: 200 },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constant<ResponseOp>({
      op: "response",
      message: 0,
      how: "error",
      body: null,
      init: null,
      status: null,
    }),
  },
);

/** The JSON data of a json step: `{ a: 1 }`, which serializes. */
const JSON_DATA = '{ a: "1" }';

/** The JavaScript of the construction. */
function renderResponse(op: ResponseOp): string {
  const init = op.init === null ? "" : ", " + renderDictionary(op.init);
  let made: string;
  if (op.how === "error") made = "Response.error()";
  else if (op.how === "redirect") {
    made = `Response.redirect(${JSON.stringify(REDIRECT_URL)}${
      op.status === null ? "" : ", " + renderArg(op.status)
    })`;
  } else if (op.how === "json") made = `Response.json(${JSON_DATA}${init})`;
  else {
    const body = op.body === null
      ? (init === "" ? "" : "undefined")
      : `bodyOf(${JSON.stringify(op.body)})`;
    made = `new Response(${body}${init})`;
  }
  return `(log = [], m[${op.message}] = ${made})`;
}

/** The response steps: see the module doc. */
export const response: OperationKind<ResponseOp> = {
  resolve: (op, reference) => ({
    ...op,
    message: reference.nextMessageSlot(),
    init: op.init === null ? null : resolveDictionary(op.init, reference.objects.length),
  }),
  perform(side, op, outcomes) {
    const Response = side.subject.fetch!.Response!;
    performMessage(side, op, op.init, outcomes, (log) => {
      const init = op.init === null
        ? []
        : [dictionaryValue(op.init, side.objects, side.subject, log)];
      if (op.how === "error") return Response.error();
      if (op.how === "redirect") {
        return op.status === null
          ? Response.redirect(REDIRECT_URL)
          : Response.redirect(REDIRECT_URL, argValue(op.status));
      }
      if (op.how === "json") return Response.json({ a: "1" }, ...init);
      if (op.body === null) {
        return init.length === 0 ? new Response() : new Response(undefined, ...init);
      }
      return new Response(bodyOf(op.body), ...init);
    });
  },
  render: renderResponse,
  labels: (op) => [renderResponse(op), ...messageLabels(op, op.init)],
  codes: (op) => [renderResponse(op), ...messageCodes(op.init)],
};
