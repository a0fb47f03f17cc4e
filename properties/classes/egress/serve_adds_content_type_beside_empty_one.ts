/**
 * The egress class `serve-adds-content-type-beside-empty-one`.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `serve-adds-content-type-beside-empty-one`. */
export const serveAddsContentTypeBesideEmptyOne = egressClass({
  name: "serve-adds-content-type-beside-empty-one",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "a Response whose Content-Type is empty is served with a second one, " +
    "text/plain;charset=utf-8",
  sides: ["server"],
  rewrite: (expected) =>
    expected.some(([name, value]) => name.toLowerCase() === "content-type" && value === "")
      ? [...expected, ["content-type", "text/plain;charset=utf-8"]]
      : null,
  example: [["Content-Type", ""]],
  report: null,
  notes: '`Response.json(null, { headers: { "Content-Type": "" } })` served writes ' +
    "`Content-Type: ` and `content-type: text/plain;charset=utf-8`; the header list holds the " +
    "empty one alone.",
});
