/**
 * The wire class `h2-fetch-keeps-first-singleton-field`.
 *
 * @module
 */
import { wireClass } from "../class.ts";
import { h2FetchObservation } from "../wire_helpers.ts";
import { FETCH } from "../standards.ts";

/**
 * The names `node:http2` takes to have one value (its list of single-value headers, seen in Node
 * 22): of repeated fields of these names, it keeps the first.
 */
const SINGLE_VALUE_NAMES = [
  "access-control-allow-credentials",
  "access-control-max-age",
  "access-control-request-method",
  "age",
  "authorization",
  "content-encoding",
  "content-language",
  "content-length",
  "content-location",
  "content-md5",
  "content-range",
  "content-type",
  "date",
  "dnt",
  "etag",
  "expires",
  "from",
  "host",
  "if-match",
  "if-modified-since",
  "if-none-match",
  "if-range",
  "if-unmodified-since",
  "last-modified",
  "location",
  "max-forwards",
  "proxy-authorization",
  "range",
  "referer",
  "retry-after",
  "tk",
  "upgrade-insecure-requests",
  "user-agent",
  "x-content-type-options",
];

/** The class `h2-fetch-keeps-first-singleton-field`. */
export const h2FetchKeepsFirstSingletonField = wireClass({
  name: "h2-fetch-keeps-first-singleton-field",
  runtimes: ["node"],
  seenIn: ["Node 22.23.3"],
  summary: "fetch() over HTTP/2 (undici's allowH2 client on node:http2) keeps only the first of " +
    "repeated response fields of a name node:http2 takes to have one value (content-type, ...)",
  sides: ["h2-client", "h2-client-raw"],
  list: (list) =>
    list.filter(([name], i) => {
      const lower = name.toLowerCase();
      return !SINGLE_VALUE_NAMES.includes(lower) ||
        !list.slice(0, i).some(([earlier]) => earlier.toLowerCase() === lower);
    }),
  example: ["content-type: a", "content-type: b"],
  report: {
    title: "fetch() over HTTP/2 keeps only the first of two content-type fields of a response",
    network: true,
    observe: h2FetchObservation(
      [[":status", "200"], ["content-type", "a"], ["content-type", "b"]],
      'headers.get("content-type")',
    ),
    expected: { ok: "a, b" },
    standard: {
      algorithm: "header list get",
      step: "the values of all headers whose name matches, in order, separated from each other " +
        'by 0x2C 0x20 (", "); each field of the response is a header of its own',
      url: `${FETCH}#concept-header-list-get`,
    },
  },
  notes: "An h2 response with `content-type: a` then `content-type: b` gives " +
    '`get("content-type") === "a"` through an `Agent({ allowH2: true })` of Node\'s own undici; ' +
    'standard `"a, b"`, as over HTTP/1.1. The wire stage\'s h2 client side ' +
    "(`./headerproof fuzz:node`) reproduces it.",
});
