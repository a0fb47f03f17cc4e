/**
 * The codec class `lowercase-name-accepts-dquote`.
 *
 * @module
 */
import { codecClass } from "../class.ts";

/** The class `lowercase-name-accepts-dquote`. */
export const lowercaseNameAcceptsDquote = codecClass({
  name: "lowercase-name-accepts-dquote",
  runtimes: [],
  summary: 'HeaderName::from_lowercase and HeaderName::from_static accept a double quote (") ' +
    "in a name, which is not a token byte (their table has it; from_bytes's does not)",
  seenIn: ["http 1.4.0", "http 1.5.0"],
  rule: "lowercase-name-allows-dquote",
  seenThrough: [],
  example: { kind: "name", bytes: 'a"b' },
  report: null,
  notes: "",
});
