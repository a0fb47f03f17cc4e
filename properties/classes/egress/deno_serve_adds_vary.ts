/**
 * The egress class `deno-serve-adds-vary`: an allowance.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `deno-serve-adds-vary`. */
export const denoServeAddsVary = egressClass({
  name: "deno-serve-adds-vary",
  runtimes: ["deno"],
  seenIn: ["Deno 2.0.0"],
  summary: "Deno.serve writes vary: Accept-Encoding by itself for a compressible body",
  sides: ["server", "h2-server"],
  adds: ["vary"],
  example: [["content-type", "application/json"]],
  report: null,
  notes: "`Deno.serve(() => Response.json(null))` answers an HTTP/1.1 or h2c request with " +
    "`vary: Accept-Encoding` (its automatic compression's field), not in the Response's list; " +
    "Deno 2.9.6 does not.",
});
