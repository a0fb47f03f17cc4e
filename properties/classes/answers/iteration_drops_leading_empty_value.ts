/**
 * The answer class `iteration-drops-leading-empty-value`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import {
  bothOk,
  normalizesToEmpty,
  sameAs,
  stringsOf,
  stringsRewritten,
} from "../answer_helpers.ts";
import { FETCH } from "../standards.ts";
import type { HeaderList } from "../../../spec/header_list.ts";

/** The class `iteration-drops-leading-empty-value`. */
export const iterationDropsLeadingEmptyValue = answerClass({
  name: "iteration-drops-leading-empty-value",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: 'iteration shows "a" for values ["", "a"] where get() (and the standard) say ", a"',
  covers: (op) => stringsOf(op).some(normalizesToEmpty),
  // Only leading ", " runs of combined values differ (in whatever shows pairs or values: a
  // listing, a next(), a forEach, a spread); no name starts so, and a single value is trimmed.
  explains: (d) =>
    bothOk(d, sameAs((value) => stringsRewritten(value, (v) => v.replace(/^(?:,[\t ]*)+/, ""))))
      ? "go on"
      : null,
  rewrite: (value) => stringsRewritten(value, (v) => v.replace(/^(?:,[\t ]*)+/, "")),
  // Reached by the wire stage through field lines with empty values.
  wireExample: ["X-A:", "X-A: a"],
  wire: {
    name: "iteration-drops-leading-empty-value",
    runtimes: ["deno"],
    sides: ["server", "client", "h2-server", "h2-client"],
    // fetch()'s Response made into another (`new Response(response.body, response)`, touch.ts)
    // is filled from its iteration.
    iterated,
    observation(observation, list) {
      const combined = combinedAsIterated(list);
      return {
        ...observation,
        entries: observation.entries.map(([name, value]) => [
          name,
          name === "set-cookie" ? value : combined.get(name) ?? value,
        ]),
      };
    },
  },
  recognized: [
    { when: 'only leading `", "` runs of values differ', after: "go on" },
  ],
  example: { steps: [{ op: "get", target: 4, args: [""] }], message: "" },
  report: {
    title: "Iterating Headers drops an empty first value of a combined header",
    observe: `const h = new Headers([["x", ""], ["x", "a"]]);
  return [[...h], h.get("x")];`,
    expected: { ok: [[["x", ", a"]], ", a"] },
    standard: {
      algorithm: "sort and combine",
      step: "each name's value is the header list's get of that name, which joins every value " +
        "(empty ones included) with 0x2C 0x20",
      url: `${FETCH}#concept-header-list-sort-and-combine`,
    },
  },
  notes: "iteration drops an empty first value of a combined header, while `get` keeps it. " +
    '`const h = new Headers([["x", ""], ["x", "a"]]); [[...h], h.get("x")]` gives ' +
    '`[[["x", "a"]], ", a"]`; standard `[[["x", ", a"]], ", a"]` (also `["", ""]` ' +
    'iterates as `""` while `get` says `", "`).',
});

/** Each name's values (set-cookie left out) combined as this iteration does: `""` is no value. */
function combinedAsIterated(list: HeaderList): Map<string, string> {
  const combined = new Map<string, string>();
  for (const [name, value] of list) {
    const lower = name.toLowerCase();
    if (lower === "set-cookie") continue;
    const before = combined.get(lower);
    combined.set(lower, before ? `${before}, ${value}` : value);
  }
  return combined;
}

/** `list` as this iteration shows it: names lowercased and sorted, set-cookie values apart. */
function iterated(list: HeaderList): HeaderList {
  const combined = combinedAsIterated(list);
  const names = [...new Set(list.map(([name]) => name.toLowerCase()))].sort();
  return names.flatMap((name): [string, string][] =>
    name === "set-cookie"
      ? list.filter(([n]) => n.toLowerCase() === name).map(([, value]) => [name, value])
      : [[name, combined.get(name)!]]
  );
}
