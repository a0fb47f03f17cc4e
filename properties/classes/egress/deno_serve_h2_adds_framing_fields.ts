/**
 * The egress class `deno-serve-h2-adds-framing-fields`: an allowance.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `deno-serve-h2-adds-framing-fields`. */
export const denoServeH2AddsFramingFields = egressClass({
  name: "deno-serve-h2-adds-framing-fields",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "Deno.serve over h2c writes date and content-length by itself",
  sides: ["h2-server"],
  adds: ["date", "content-length"],
  example: [["x-a", "1"]],
  report: null,
  notes: "The date and framing fields of its HTTP/1.1 answers but for the connection-specific " +
    "ones, which h2 forbids (RFC 9113 8.2.2).",
});
