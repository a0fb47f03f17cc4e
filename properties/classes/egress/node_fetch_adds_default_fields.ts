/**
 * The egress class `node-fetch-adds-default-fields`: an allowance.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `node-fetch-adds-default-fields`. */
export const nodeFetchAddsDefaultFields = egressClass({
  name: "node-fetch-adds-default-fields",
  runtimes: ["node"],
  seenIn: ["Node 22.23.3"],
  summary:
    "fetch() (undici) writes host, connection, accept, accept-*, sec-fetch-mode, user-agent, framing",
  sides: ["client"],
  adds: [
    "host",
    "connection",
    "accept",
    "accept-language",
    "accept-encoding",
    "sec-fetch-mode",
    "user-agent",
    "content-length",
    "transfer-encoding",
  ],
  example: [["x-a", "1"]],
  report: null,
  notes: "The fields undici's fetch adds, `sec-fetch-mode: cors` among them, and framing.",
});
