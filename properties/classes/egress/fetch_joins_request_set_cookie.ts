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
  sides: ["client"],
  rewrite: (expected) => {
    const cookies = expected.filter(([name]) => name.toLowerCase() === "set-cookie");
    if (cookies.length < 2) return null;
    return [
      ...expected.filter(([name]) => name.toLowerCase() !== "set-cookie"),
      [cookies[0][0], cookies.map(([, value]) => value).join(", ").replace(/[ \t]+$/, "")],
    ];
  },
  example: [["set-cookie", "a"], ["set-cookie", "b"]],
  report: null,
  notes: '`fetch(url, { headers: [["set-cookie", "a"], ["set-cookie", "b"]] })` writes ' +
    "`set-cookie: a, b`; the header list holds two.",
});
