/**
 * The cost class `linear-scan-per-operation`.
 *
 * @module
 */
import { costClass } from "../class.ts";

/** The growth operations a list scanned per call makes linear. */
const SCANNED: readonly string[] = [
  "append",
  "set",
  "delete",
  "get-hit",
  "get-miss-seen",
  "get-miss-never",
  "has-hit",
  "has-miss-seen",
  "has-miss-never",
  "construct-from-record",
  "construct-from-sequence",
  "construct-from-headers",
  "response-unread",
  "request-unread",
];

/** The class `linear-scan-per-operation`. */
export const linearScanPerOperation = costClass({
  name: "linear-scan-per-operation",
  runtimes: ["deno", "bun"],
  seenIn: ["Deno 2.9.6", "Bun 1.3.14"],
  summary: "the header list is scanned per call: append, delete, get and has (miss), " +
    "construction of a Headers, Request or Response (and on Deno set and get hit) cost O(n) per step (ns per step at 4096 " +
    "entries against 256: Deno 2.9.6 get hit x17-48, delete x84-103, has miss x99-799; Bun " +
    "1.3.14 append x25, delete x18, get miss x27-41, construction from a record x33)",
  costClass: "superlinear-steps",
  covers: (c) => c.probe === "growth" && SCANNED.includes(c.op),
  example: { probe: "growth", op: "get-hit", n: 512, rounds: 3, factor: 10 },
  report: null,
  notes: "the header list is scanned on every call. ns per step on a list of 4096 entries " +
    "against 256, the same names touched: append ×17-35, set ×17-25, delete ×84-103, " +
    "get hit ×17-48, get miss ×37-1292, has miss ×99-799, construction from a Headers " +
    "×18 (0.94 ms per entry at 4096). `const h = new Headers(); for (let i = 0; i < " +
    '4096; i++) h.append("x-" + i, "v");` then timing `h.get("x-1")` against the same ' +
    "on a list of 256. Node 22.23.3 and Bun 1.3.14: within ×10.",
});
