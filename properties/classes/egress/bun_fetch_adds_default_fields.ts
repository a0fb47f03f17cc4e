/**
 * The egress class `bun-fetch-adds-default-fields`: an allowance.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `bun-fetch-adds-default-fields`. */
export const bunFetchAddsDefaultFields = egressClass({
  name: "bun-fetch-adds-default-fields",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary:
    "fetch() writes host, connection, accept, accept-encoding, user-agent and framing fields",
  sides: ["client"],
  adds: [
    "host",
    "connection",
    "accept",
    "accept-encoding",
    "user-agent",
    "content-length",
    "transfer-encoding",
  ],
  example: [["x-a", "1"]],
  report: null,
  notes: "The fields Bun's fetch adds, and framing.",
});
