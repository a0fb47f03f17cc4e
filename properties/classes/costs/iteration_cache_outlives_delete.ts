/**
 * The cost class `iteration-cache-outlives-delete`.
 *
 * @module
 */
import { costClass } from "../class.ts";

/** The class `iteration-cache-outlives-delete`. */
export const iterationCacheOutlivesDelete = costClass({
  name: "iteration-cache-outlives-delete",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "the sorted list an iteration or forEach caches is kept after a delete until the " +
    "next iteration: a 4 MiB value iterated and then deleted stays alive (Deno 2.9.6: 4.00 MiB " +
    "retained by one Headers)",
  costClass: "memory-grows-with-operations",
  covers: (c) =>
    c.probe === "churn" && c.cycle.some((op) => op[0].endsWith("-large")) &&
    c.cycle.some((op) => op[0] === "iterate" || op[0] === "forEach"),
  example: {
    probe: "churn",
    label: "append a 4 MiB value, iterate, delete",
    setup: [["Content-Type", "text/plain"]],
    cycle: [["append-large", "X-Read", 4 << 20], ["iterate"], ["delete", "X-Read"]],
    repeat: 16,
  },
  report: null,
  notes: "the sorted list an iterator or `forEach` builds is cached on the Headers and a " +
    "`delete` does not drop it, so a deleted value stays alive until the next iteration. " +
    '`h.append("x-read", 4 MiB value); h.entries().next(); h.delete("x-read");` then `gc()`: ' +
    "4.00 MiB retained (bound 1.00 MiB; without the iteration, 1.5 KiB). Node 22.23.3 and " +
    "Bun 1.3.14: under 4 KiB.",
});
