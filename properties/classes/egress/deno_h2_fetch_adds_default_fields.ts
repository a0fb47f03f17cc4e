/**
 * The egress class `deno-h2-fetch-adds-default-fields`: an allowance.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `deno-h2-fetch-adds-default-fields`. */
export const denoH2FetchAddsDefaultFields = egressClass({
  name: "deno-h2-fetch-adds-default-fields",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary:
    "fetch() over h2 writes accept, accept-language, accept-encoding, user-agent and content-length",
  sides: ["h2-client"],
  adds: ["accept", "accept-language", "accept-encoding", "user-agent", "content-length"],
  example: [["x-a", "1"]],
  report: null,
  notes:
    "The fields the fetch standard's HTTP-network-or-cache fetch adds, and content-length; over h2 no host (`:authority` carries it) and no connection-specific field (RFC 9113 8.2.2).",
});
