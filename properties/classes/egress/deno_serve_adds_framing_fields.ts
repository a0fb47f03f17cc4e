/**
 * The egress class `deno-serve-adds-framing-fields`: an allowance.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `deno-serve-adds-framing-fields`. */
export const denoServeAddsFramingFields = egressClass({
  name: "deno-serve-adds-framing-fields",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "Deno.serve writes date, content-length or transfer-encoding, and connection by itself",
  sides: ["server"],
  adds: ["date", "content-length", "transfer-encoding", "connection"],
  example: [["x-a", "1"]],
  report: null,
  notes: "Framing and date fields HTTP/1.1 asks the server for; not in the Response's header list.",
});
