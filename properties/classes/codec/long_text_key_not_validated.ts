/**
 * The codec class `long-text-key-not-validated`.
 *
 * @module
 */
import { codecClass } from "../class.ts";

/** The class `long-text-key-not-validated`. */
export const longTextKeyNotValidated = codecClass({
  name: "long-text-key-not-validated",
  runtimes: [],
  summary: "a text key of 65 to 65,535 bytes given to HeaderMap insert, append or entry " +
    "(&'static str) or try_entry (&str, String) is not validated: a byte that is not a token " +
    "byte becomes 0x00 in the stored name, where a shorter key panics or is refused",
  seenIn: ["http 1.4.0", "http 1.5.0"],
  rule: "long-text-key-unvalidated",
  seenThrough: [],
  example: {
    kind: "map",
    steps: [{ op: "insert", key: "static", name: "a".repeat(64) + "(", value: "1" }],
  },
  report: null,
  notes: "",
});
