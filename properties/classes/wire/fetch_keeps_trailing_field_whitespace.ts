/**
 * The wire class `fetch-keeps-trailing-field-whitespace`.
 *
 * @module
 */
import { wireClass } from "../class.ts";
import { fetchObservation } from "../wire_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `fetch-keeps-trailing-field-whitespace`. */
export const fetchKeepsTrailingFieldWhitespace = wireClass({
  name: "fetch-keeps-trailing-field-whitespace",
  runtimes: ["node"],
  seenIn: ["Node 22.23.3"],
  summary:
    "fetch() (undici) keeps the trailing SP/HTAB of a response field value, which HTTP says " +
    "is not part of the value and no Fetch header value has (its node:http server strips it)",
  sides: ["client"],
  list(_list, lines) {
    // The list the lines give with only the leading whitespace of each value removed. It
    // rebuilds the list from the lines, so it comes first among the classes in force.
    return lines.map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon), line.slice(colon + 1).replace(/^[ \t]+/, "")];
    });
  },
  example: ["X-A: a \t"],
  report: {
    title: "fetch() keeps the trailing whitespace of a response field value in response.headers",
    network: true,
    observe: fetchObservation("HTTP/1.1 200 OK\r\nX-A: a \t", 'headers.get("x-a")'),
    expected: { ok: "a" },
    standard: {
      algorithm: "header value",
      step: "a header value has no leading or trailing HTTP tab or space bytes (RFC 9112 section " +
        "5: the whitespace around a field value is not part of it)",
      url: `${FETCH}#header-value`,
    },
  },
  notes:
    '`X: a \\t` in a response gives `get("x") === "a \\t"`; standard `"a"` (the whitespace around a field value is not part of it).',
});
