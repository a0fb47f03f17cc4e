/**
 * The answer class `cookie-joined-with-semicolon`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { bothOk, cookiesRewritten, sameAs, stringsOf } from "../answer_helpers.ts";
import { lookupOf } from "../headers_helpers.ts";
import { joinCookieHeaders } from "../wire_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `cookie-joined-with-semicolon`. */
export const cookieJoinedWithSemicolon = answerClass({
  name: "cookie-joined-with-semicolon",
  runtimes: ["node", "bun"],
  seenIn: ["Node 22.23.3", "Bun 1.3.14"],
  summary: 'values of the "cookie" header are combined with "; " instead of ", "',
  covers: (op) => stringsOf(op).some((text) => text.toLowerCase() === "cookie"),
  // Only the cookie header's combined value differs, "; " for ", ", in whatever shows pairs
  // (a listing, a next(), a forEach, a spread), in a get("cookie"), or in a values iterator's
  // next() that shows a cookie pair's value of the object iterated.
  explains: (d) => {
    // A get step, or a get a step makes (a construct step's lookups, a raw list's first call).
    const lookup = d.observation ? null : lookupOf(d.label);
    const get = lookup?.method === "get" && lookup.name.toLowerCase() === "cookie";
    // A combined value's separator, or its last one once trimmed (an empty value last).
    const joined = (v: string) => v.replace(/;( |$)/g, ",$1");
    const normalized = sameAs((value) =>
      get && typeof value === "string" ? joined(value) : cookiesRewritten(value, d, joined)
    );
    return bothOk(d, normalized) ? "go on" : null;
  },
  rewrite: (value, _side, d) => cookiesRewritten(value, d, (v) => v.replace(/;( |$)/g, ",$1")),
  // Reached by the wire stage through repeated `Cookie` fields on both sides.
  wireExample: ["Cookie: a=1", "Cookie: b=2"],
  wire: {
    name: "cookie-joined-with-semicolon",
    runtimes: ["node", "bun"],
    sides: ["server", "client", "h2-server", "h2-client", "h2-client-raw"],
    list: joinCookieHeaders,
  },
  recognized: [
    {
      when: "only `cookie` pairs' values, `get(\"cookie\")` (a step's own or a lookup after a " +
        "construction), or a `next()` showing the value of " +
        'a `cookie` pair of the object iterated, differ, by `"; "` for `", "`',
      after: "go on",
    },
  ],
  example: { steps: [{ op: "get", target: 0, args: ["cOOKie"] }], message: "" },
  report: {
    title: 'Headers joins cookie values with "; "',
    observe: `const h = new Headers();
  h.append("cookie", "a=1");
  h.append("cookie", "b=2");
  return h.get("cookie");`,
    expected: { ok: "a=1, b=2" },
    standard: {
      algorithm: "get a header list's value",
      step: "the values are joined with 0x2C 0x20 (comma, space), whatever the name",
      url: `${FETCH}#concept-header-list-get`,
    },
  },
  notes: '`cookie` values are combined with `"; "`. `const h = new Headers(); ' +
    'h.append("cookie", "a=1"); h.append("cookie", "b=2"); h.get("cookie")` gives ' +
    '`"a=1; b=2"`; standard `"a=1, b=2"`.',
});
