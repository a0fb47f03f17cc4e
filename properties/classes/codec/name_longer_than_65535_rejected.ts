/**
 * The codec class `name-longer-than-65535-rejected`.
 *
 * @module
 */
import { codecClass } from "../class.ts";

/** The class `name-longer-than-65535-rejected`. */
export const nameLongerThan65535Rejected = codecClass({
  name: "name-longer-than-65535-rejected",
  runtimes: [],
  summary: "HeaderName rejects a name longer than 65,535 bytes, which a Fetch header name " +
    "(any length of token bytes) allows",
  seenIn: ["http 1.4.0", "http 1.5.0"],
  rule: "name-at-most-65535-bytes",
  seenThrough: ["deno"],
  example: { kind: "name", bytes: "a".repeat(65536) },
  report: null,
  notes: "",
});
