/**
 * The egress class `fetch-joins-request-set-cookie`.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `fetch-joins-request-set-cookie`. */
export const fetchJoinsRequestSetCookie = egressClass({
  name: "fetch-joins-request-set-cookie",
  runtimes: ["node"],
  seenIn: ["Node 22.23.3"],
  summary: "fetch() writes a request's set-cookie headers as one field line joined by a comma",
  sides: ["client", "h2-client"],
  rewrite: (expected, context) => {
    const cookies = expected.filter(([name]) => name.toLowerCase() === "set-cookie");
    if (cookies.length < 2) return null;
    return [
      ...expected.filter(([name]) => name.toLowerCase() !== "set-cookie"),
      // An HTTP/1.1 field line's trailing whitespace is not part of its value; an h2 field's is.
      [
        cookies[0][0],
        cookies.map(([, value]) => value).join(", ").replace(
          context.side === "client" ? /[ \t]+$/ : /$^/,
          "",
        ),
      ],
    ];
  },
  example: [["set-cookie", "a"], ["set-cookie", "b"]],
  report: null,
  notes: '`fetch(url, { headers: [["set-cookie", "a"], ["set-cookie", "b"]] })` writes ' +
    "`set-cookie: a, b`; the header list holds two. Over h2 the same joined value is one field, " +
    "ending in a space when the last value is empty, which RFC 9113 8.2.1 makes malformed.",
});
