/**
 * The codec class `value-edge-whitespace-accepted`.
 *
 * @module
 */
import { codecClass } from "../class.ts";

/** The class `value-edge-whitespace-accepted`. */
export const valueEdgeWhitespaceAccepted = codecClass({
  name: "value-edge-whitespace-accepted",
  runtimes: [],
  summary: "HeaderValue accepts a leading or trailing space or tab, which neither a Fetch " +
    "header value nor RFC 9110's field-value has (Fetch normalizes it away first)",
  seenIn: ["http 1.4.0", "http 1.5.0"],
  rule: "value-edge-whitespace-allowed",
  seenThrough: ["deno"],
  example: { kind: "value", bytes: "a " },
  report: null,
  notes: "",
});
