/**
 * The codec class `value-control-bytes-rejected`.
 *
 * @module
 */
import { codecClass } from "../class.ts";

/** Whether byte `c` is a control byte the crate's value grammar rejects and Fetch allows. */
function isCrateOnlyControl(c: number): boolean {
  return (c < 0x20 && c !== 0x09 && c !== 0x00 && c !== 0x0a && c !== 0x0d) || c === 0x7f;
}

/** The class `value-control-bytes-rejected`. */
export const valueControlBytesRejected = codecClass({
  name: "value-control-bytes-rejected",
  runtimes: [],
  summary: "HeaderValue rejects the control bytes 0x01-0x08, 0x0B, 0x0C, 0x0E-0x1F and 0x7F, " +
    "which a Fetch header value allows (RFC 9110's field-value excludes them too)",
  seenIn: ["http 1.4.0", "http 1.5.0"],
  rule: "value-controls-rejected",
  seenThrough: ["deno"],
  explainsRejection: (fieldLines) =>
    fieldLines.some((line) => {
      const colon = line.indexOf(":");
      const value = colon < 0 ? "" : line.slice(colon + 1);
      return [...value].some((ch) => isCrateOnlyControl(ch.charCodeAt(0)));
    }),
  example: { kind: "value", bytes: "a\x01b" },
  report: null,
  notes: "",
});
