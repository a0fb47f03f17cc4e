/**
 * The cost class `iteration-re-sorts-after-mutation`.
 *
 * @module
 */
import { costClass } from "../class.ts";

/** The class `iteration-re-sorts-after-mutation`. */
export const iterationReSortsAfterMutation = costClass({
  name: "iteration-re-sorts-after-mutation",
  runtimes: ["deno", "node", "bun"],
  seenIn: ["Deno 2.9.6", "Node 22.23.3", "Bun 1.3.14"],
  summary: "an iterator's next() (and on Deno and Bun forEach) after a mutation sorts and " +
    "combines the whole list again: O(n log n) per step (next() with a set at 256 and 4096 " +
    "entries: Deno 2.9.6 0.33 ms and 7.35 ms, Node 22.23.3 21.6 µs and 553 µs, Bun 1.3.14 " +
    "21.1 µs and 975 µs)",
  costClass: "superlinear-steps",
  covers: (c) =>
    c.probe === "growth" && (c.op === "iterator-next-with-set" || c.op === "for-each-with-set"),
  example: { probe: "growth", op: "iterator-next-with-set", n: 512, rounds: 3, factor: 10 },
  report: null,
  notes: "`next()` after a mutation sorts and combines the whole list again, O(n log n) " +
    "per step; on Deno and Bun `forEach` with a mutating callback too. `next()` with " +
    "a `set` between: Deno 0.33 ms per step at 256 entries, 7.35 ms at 4096 (measured " +
    "again in a fresh process: no result within 60 s); Node 21.6 µs and 553 µs " +
    "(×25.6); Bun 21.1 µs and 975 µs (×46; `forEach` ×92).",
});
