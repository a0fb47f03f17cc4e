/**
 * The wire class `repeated-unknown-fields-keep-last`.
 *
 * @module
 */
import { wireClass } from "../class.ts";
import { fetchObservation } from "../wire_helpers.ts";
import { FETCH } from "../standards.ts";

/**
 * The names of the generator's pool that Bun's HTTP parser combines when repeated; it keeps only
 * the last field of the others (seen: `Warning`, `X-Dup`, `x-a`).
 */
const NAMES_BUN_COMBINES = ["accept", "content-type", "via", "cookie", "set-cookie"];

/** The class `repeated-unknown-fields-keep-last`. */
export const repeatedUnknownFieldsKeepLast = wireClass({
  name: "repeated-unknown-fields-keep-last",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary:
    "Bun's server and fetch() keep only the last of repeated fields of a name its parser does " +
    "not know; known names (Accept, Via, ...) are combined as the standard says",
  sides: ["server", "client"],
  list(list) {
    return list.filter(([name], i) => {
      const lower = name.toLowerCase();
      return NAMES_BUN_COMBINES.includes(lower) ||
        !list.slice(i + 1).some(([later]) => later.toLowerCase() === lower);
    });
  },
  example: ["X-Dup: a", "X-Dup: b"],
  report: {
    title: "fetch() keeps only the last of repeated response fields of a name it does not know",
    network: true,
    observe: fetchObservation("HTTP/1.1 200 OK\r\nX-Dup: a\r\nX-Dup: b", 'headers.get("x-dup")'),
    expected: { ok: "a, b" },
    standard: {
      algorithm: "header list get",
      step: "the values of all headers whose name matches, in order, separated from each other " +
        'by 0x2C 0x20 (", ")',
      url: `${FETCH}#concept-header-list-get`,
    },
  },
  notes:
    '`X-Dup: a` then `X-Dup: b` give `get("x-dup") === "b"`; standard `"a, b"`. Names Bun knows (`Accept`, `Via`, `Content-Type`) are combined.',
});
