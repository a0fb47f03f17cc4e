/**
 * The codec class `to-str-rejects-obs-text`.
 *
 * @module
 */
import { codecClass } from "../class.ts";

/** The class `to-str-rejects-obs-text`. */
export const toStrRejectsObsText = codecClass({
  name: "to-str-rejects-obs-text",
  runtimes: [],
  summary: "HeaderValue::to_str fails for a valid value holding a byte 0x80-0xFF (obs-text), " +
    "which Fetch reads as the isomorphic decode of the bytes",
  seenIn: ["http 1.4.0", "http 1.5.0"],
  rule: "to-str-visible-ascii-only",
  seenThrough: ["deno"],
  example: { kind: "value", bytes: "a\x80" },
  report: null,
  notes: "",
});
