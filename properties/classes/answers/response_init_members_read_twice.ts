/**
 * The answer class `response-init-members-read-twice`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { loggedInitOf, RESPONSE_MEMBERS, sameReads, withoutReads } from "../answer_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `response-init-members-read-twice`. */
export const responseInitMembersReadTwice = answerClass({
  name: "response-init-members-read-twice",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "the Response constructor reads status and statusText of its ResponseInit twice " +
    "and headers after them (WebIDL: each member once, in lexicographic order)",
  covers: (op) => loggedInitOf(op, "response"),
  // The read logs differ only in the reads of status, statusText and headers: their count and
  // order (the reads after a member whose conversion threw differ with the order).
  explains: (d) => {
    const others = (entries: string[]) => withoutReads(entries, RESPONSE_MEMBERS);
    return d.step.op === "response" && sameReads(d, others, others) ? "go on" : null;
  },
  recognized: [
    {
      when: "a Response init's read logs differ only in the reads of `headers`, `status`, " +
        "`statusText` (count, order)",
      after: "go on",
    },
  ],
  example: {
    steps: [{
      op: "response",
      message: 0,
      how: "json",
      body: null,
      init: { via: "proxy", members: [] },
      status: null,
    }],
    message: "",
  },
  report: {
    title: "new Response reads ResponseInit members more than once, headers last",
    observe: `const read = [];
  const init = {};
  for (const [key, value] of [["headers", { a: "1" }], ["status", 200], ["statusText", "OK"]]) {
    Object.defineProperty(init, key, { get() { read.push(key); return value; } });
  }
  new Response(null, init);
  return read;`,
    expected: { ok: ["headers", "status", "statusText"] },
    standard: {
      algorithm: "JavaScript value to dictionary (ResponseInit)",
      step: "each member is read once with Get, in lexicographical order",
      url: `${WEBIDL}#js-dictionary`,
    },
  },
  notes: "with getters for `headers`, `status` and `statusText`, `new Response(null, " +
    "init)` reads `status, status, statusText, statusText, headers`; standard " +
    "`headers, status, statusText`.",
});
