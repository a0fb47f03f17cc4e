/**
 * The egress class `node-h2-fetch-adds-default-fields`: an allowance.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `node-h2-fetch-adds-default-fields`. */
export const nodeH2FetchAddsDefaultFields = egressClass({
  name: "node-h2-fetch-adds-default-fields",
  runtimes: ["node"],
  seenIn: ["Node 22.23.3"],
  summary:
    "fetch() over h2 (undici, allowH2) writes accept, accept-language, accept-encoding, sec-fetch-mode, user-agent and content-length",
  sides: ["h2-client"],
  adds: [
    "accept",
    "accept-language",
    "accept-encoding",
    "sec-fetch-mode",
    "user-agent",
    "content-length",
  ],
  example: [["x-a", "1"]],
  report: null,
  notes:
    "The fields undici's fetch adds over HTTP/1.1 too, host and framing left out: over h2 `:authority` carries the host and no connection-specific field may be written.",
});
