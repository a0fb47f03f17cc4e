/**
 * The egress class `node-http2-adds-date`: an allowance.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `node-http2-adds-date`. */
export const nodeHttp2AddsDate = egressClass({
  name: "node-http2-adds-date",
  runtimes: ["node", "bun"],
  seenIn: ["Node 22.23.3", "Bun 1.3.14"],
  summary: "a node:http2 server writes date by itself in a response's header block",
  sides: ["h2-server"],
  adds: ["date"],
  example: [["x-a", "1"]],
  report: null,
  notes:
    "`node:http2`'s `respond()` adds `date` (its `sendDate` default); the adapter writes the Response's own list.",
});
