/**
 * The cost class `quadratic-on-large-lists`.
 *
 * @module
 */
import { costClass } from "../class.ts";

/** The class `quadratic-on-large-lists`. */
export const quadraticOnLargeLists = costClass({
  name: "quadratic-on-large-lists",
  runtimes: ["deno", "bun"],
  seenIn: ["Deno 2.9.6", "Bun 1.3.14"],
  summary: "100,000 headers (construct, read, iterate, copy, delete half) give no result " +
    "within 30 s, as each append and delete scans the list (Deno 2.9.6, Bun 1.3.14; on Deno " +
    "50,000 set-cookie values too)",
  costClass: "aborts-under-legal-load",
  covers: (c) =>
    c.probe === "large" && (c.input === "headers-100000" || c.input === "set-cookie-50000"),
  example: { probe: "large", input: "headers-100000" },
  report: null,
  notes: "100,000 headers (constructed from pairs, read, iterated, copied, half deleted) " +
    "and 50,000 set-cookie values (appended, `getSetCookie`, iterated, copied) give " +
    "no result within 60 s, each time and in a fresh process " +
    "(`aborts-under-legal-load`). Node 22.23.3 and Bun 1.3.14 answer both right, as " +
    "they do 8 MiB values.",
});
