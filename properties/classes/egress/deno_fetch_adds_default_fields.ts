/**
 * The egress class `deno-fetch-adds-default-fields`: an allowance.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `deno-fetch-adds-default-fields`. */
export const denoFetchAddsDefaultFields = egressClass({
  name: "deno-fetch-adds-default-fields",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary:
    "fetch() writes host, accept, accept-language, accept-encoding, user-agent and framing fields",
  sides: ["client"],
  adds: [
    "host",
    "accept",
    "accept-language",
    "accept-encoding",
    "user-agent",
    "content-length",
    "transfer-encoding",
  ],
  example: [["x-a", "1"]],
  report: null,
  notes: "The fields the fetch standard's HTTP-network-or-cache fetch adds, and framing.",
});
