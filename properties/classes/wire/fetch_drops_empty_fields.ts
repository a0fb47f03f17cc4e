/**
 * The wire class `fetch-drops-empty-fields`.
 *
 * @module
 */
import { wireClass } from "../class.ts";
import { fetchObservation } from "../wire_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `fetch-drops-empty-fields`. */
export const fetchDropsEmptyFields = wireClass({
  name: "fetch-drops-empty-fields",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "fetch() drops a response field whose value is empty",
  sides: ["client"],
  list: (list) => list.filter(([, value]) => value !== ""),
  example: ["X-A:"],
  report: {
    title: "fetch() drops a response field whose value is empty from response.headers",
    network: true,
    observe: fetchObservation(
      "HTTP/1.1 200 OK\r\nX-A:",
      '[headers.has("x-a"), headers.get("x-a")]',
    ),
    expected: { ok: [true, ""] },
    standard: {
      algorithm: "header list append",
      step: "every field of the response becomes a header, the empty value included (a header " +
        "value may be the empty byte sequence)",
      url: `${FETCH}#concept-header-list-append`,
    },
  },
  notes: '`X:` in a response gives `has("x") === false`; standard `true`, value `""`.',
});
