/**
 * The egress class `bun-serve-adds-framing-fields`: an allowance.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The class `bun-serve-adds-framing-fields`. */
export const bunServeAddsFramingFields = egressClass({
  name: "bun-serve-adds-framing-fields",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "Bun.serve writes date and framing fields by itself",
  sides: ["server"],
  adds: ["date", "content-length", "transfer-encoding", "connection"],
  example: [["x-a", "1"]],
  report: null,
  notes: "Framing and date fields HTTP/1.1 asks the server for; not in the Response's header list.",
});
