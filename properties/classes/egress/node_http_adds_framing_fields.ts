/**
 * The egress class `node-http-adds-framing-fields`: an allowance.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `node-http-adds-framing-fields`. */
export const nodeHttpAddsFramingFields = egressClass({
  name: "node-http-adds-framing-fields",
  runtimes: ["node"],
  seenIn: ["Node 22.23.3"],
  summary: "node:http writes date, framing, connection and keep-alive fields by itself",
  sides: ["server"],
  adds: ["date", "content-length", "transfer-encoding", "connection", "keep-alive"],
  example: [["x-a", "1"]],
  report: null,
  notes: "Framing and date fields of `node:http` (the adapter writes the Response's own list).",
});
