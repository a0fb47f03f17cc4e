/**
 * The answer class `inspect-shows-last-set-cookie`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { bothOk } from "../answer_helpers.ts";
import { isPairList, sameJson } from "../headers_helpers.ts";
import { FETCH } from "../standards.ts";

/**
 * Whether `c`, the pairs an inspect shows, are the reference's `r` but for set-cookie's value,
 * which is only the last of the reference's values combined with ", " (a whole value: the part
 * after one of the separators, or all of it).
 */
function lastCookieOnly(c: unknown, r: unknown): boolean {
  if (!isPairList(c) || !isPairList(r) || c.length !== r.length) return false;
  let differs = false;
  const same = c.every(([name, value], i) => {
    if (name !== r[i][0]) return false;
    if (value === r[i][1]) return true;
    differs = true;
    return name === "set-cookie" && r[i][1].endsWith(`, ${value}`);
  });
  return same && differs && !sameJson(c, r);
}

/** The class `inspect-shows-last-set-cookie`. */
export const inspectShowsLastSetCookie = answerClass({
  name: "inspect-shows-last-set-cookie",
  runtimes: ["deno"],
  seenIn: ["Deno ext/ at f00f798dc8 and e2b1853841 (deno-src:)"],
  summary: "Deno.inspect of a Headers (or of a message, its headers) renders " +
    "Object.fromEntries(headers): of several set-cookie values it shows only the last",
  covers: (op) => op.op === "read" && op.via === "inspect",
  // An inspect read whose pairs are the reference's but set-cookie's, shown as the last of the
  // values the reference combines. Nothing else differs after it: the run goes on.
  explains: (d) =>
    !d.observation && d.step.op === "read" && d.step.via === "inspect" &&
      bothOk(d, lastCookieOnly)
      ? "go on"
      : null,
  recognized: [
    {
      when: "an inspect read shows the reference's pairs but set-cookie, whose value is the " +
        "last of those the reference combines",
      after: "go on",
    },
  ],
  example: {
    steps: [{
      op: "read",
      slot: 0,
      message: 0,
      unread: true,
      recent: false,
      via: "inspect",
      name: "content-type",
    }],
    message: "",
  },
  report: {
    title: "Deno.inspect of a Headers shows only the last set-cookie value",
    observe: `const headers = new Headers([["set-cookie", "x=1"], ["set-cookie", "y=2"]]);
  const inspect = globalThis.Deno?.inspect ?? globalThis.Bun?.inspect ??
    globalThis.process?.getBuiltinModule?.("node:util")?.inspect ??
    ((value) => JSON.stringify([...value]));
  return inspect(headers).includes("x=1");`,
    expected: { ok: true },
    standard: {
      algorithm: "sort and combine (a Headers' iteration)",
      step: "each set-cookie value is a pair of its own; a rendering of the pairs keeps them all",
      url: `${FETCH}#concept-header-list-sort-and-combine`,
    },
  },
  notes: "the Headers of those trees render `Object.fromEntries(this)` for `Deno.inspect`, and " +
    "iteration gives each set-cookie value apart, so the last one wins: " +
    '`Deno.inspect(new Headers([["set-cookie", "x"], ["set-cookie", "y"]]))` shows ' +
    '`"set-cookie": "y"`; Deno 2.9.6 shows `"x, y"`, the pairs get() and the standard give.',
});
