/**
 * The wire class `h2-serve-drops-continuation-fields`.
 *
 * @module
 */
import { wireClass } from "../class.ts";
import { h2ServeObservation } from "../wire_helpers.ts";
import { FETCH } from "../standards.ts";
import { headerBlock } from "../../wire/h2.ts";
import { h2FieldOfLine, readH2Fields } from "../../wire/h2_fields.ts";

/** The largest HEADERS frame payload before CONTINUATION frames carry the rest. */
const FIRST_FRAME = 16_384;

/** The class `h2-serve-drops-continuation-fields`. */
export const h2ServeDropsContinuationFields = wireClass({
  name: "h2-serve-drops-continuation-fields",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "node:http2's server hands over a request without the fields whose encoding does " +
    "not end within its HEADERS frame (those CONTINUATION frames carry)",
  sides: ["h2-server"],
  // The lines are the block's fields in order, pseudo-headers first, as the harness sent them.
  list: (list, lines) => {
    let end = 0;
    const kept = lines.map(h2FieldOfLine).filter((field) => {
      end += headerBlock([field]).length;
      return end <= FIRST_FRAME && !field[0].startsWith(":");
    });
    return end <= FIRST_FRAME ? list : readH2Fields(kept, "server") ?? list;
  },
  example: [`x-large: ${"v".repeat(16_400)}`, "x-a: 1"],
  report: {
    title: "node:http2's server hands over a request without the fields a CONTINUATION frame " +
      "carries",
    network: true,
    observe: h2ServeObservation(
      [[":method", "GET"], [":scheme", "http"], [":authority", "127.0.0.1"], [":path", "/"], [
        "x-large",
        "v".repeat(16_400),
      ], ["x-a", "1"]],
      '[headers.get("x-a"), headers.get("x-large")?.length ?? null]',
    ),
    expected: { ok: ["1", 16_400] },
    standard: {
      algorithm: "header list append",
      step: "every field of the request becomes a header, whichever frame of its header block " +
        "(HEADERS or CONTINUATION, RFC 9113 6.10) carried it",
      url: `${FETCH}#concept-header-list-append`,
    },
  },
  notes: "A request to `node:http2`'s h2c server whose header block spans a HEADERS and a " +
    "CONTINUATION frame (`x-large` of 16,400 bytes, then `x-a: 1`) reaches the handler with " +
    "neither field in `request.rawHeaders`; standard both. The wire stage's h2 server side " +
    "(`./headerproof fuzz:bun`) reproduces it.",
});
