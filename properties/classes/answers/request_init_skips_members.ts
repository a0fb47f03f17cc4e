/**
 * The answer class `request-init-skips-members`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import {
  bothOk,
  isInitLog,
  loggedInitOf,
  okOf,
  REQUEST_MEMBERS,
  threwOf,
} from "../answer_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The RequestInit members the class's Request reads (and `client`, which is not one). */
const READ = ["body", "headers", "method", "redirect", "signal"];

/** The members it never reads. */
const SKIPPED = REQUEST_MEMBERS.filter((member) => !READ.includes(member));

/** Whether the read logs `candidate` and `reference` differ only as the class says. */
function readsUpToReference(candidate: unknown, reference: unknown): boolean {
  if (!Array.isArray(candidate) || !Array.isArray(reference)) return false;
  const key = (entry: string) => entry.slice(entry.lastIndexOf(" ") + 1);
  const read = (candidate as string[]).map(key).filter((k) => k !== "client");
  const stopped = (reference as string[]).map(key);
  const last = stopped.at(-1);
  if (last === undefined || !read.every((k) => READ.includes(k))) return false;
  const sorted = (keys: string[]) => JSON.stringify([...keys].sort());
  return sorted(read.filter((k) => k <= last)) ===
    sorted(stopped.filter((k) => READ.includes(k)));
}

/** The class `request-init-skips-members`. */
export const requestInitSkipsMembers = answerClass({
  name: "request-init-skips-members",
  runtimes: ["deno"],
  seenIn: ["Deno ext/ at 396498bf9e, f843a1fdff, f00f798dc8 and e2b1853841 (deno-src:)"],
  summary: "converting a RequestInit reads only `body`, `headers`, `method`, `redirect`, " +
    "`signal` and `client` (not a member): the other ten members are never read",
  covers: (op) =>
    loggedInitOf(op, "request") ||
    (op.op === "request" && (op.init?.members ?? []).some(([key]) => SKIPPED.includes(key))),
  // The candidate reads, less client's reads, the members of READ, and those that sort before
  // where the reference stopped (its last read: a member it throws on, or the last member) are
  // the reference's reads of READ's members; an init whose skipped member is invalid makes a
  // Request where the reference throws (forked).
  explains: (d) => {
    if (d.step.op !== "request") return null;
    if (isInitLog(d) && bothOk(d, readsUpToReference)) return "go on";
    return !d.observation &&
        (d.step.init?.members ?? []).some(([key]) => SKIPPED.includes(key)) &&
        okOf(d.candidate) !== undefined && threwOf(d.reference) === "TypeError"
      ? "fork"
      : null;
  },
  recognized: [
    {
      when: "the candidate reads `client` and of the members only `body`, `headers`, `method`, " +
        "`redirect` and `signal`, the same as the reference up to where it stopped",
      after: "go on",
    },
    {
      when: "an init with one of those ten members makes the Request where the reference " +
        "throws a TypeError (an invalid `mode`, say)",
      after: "fork",
    },
  ],
  example: {
    steps: [{
      op: "request",
      message: 0,
      input: 6,
      unread: false,
      init: { via: "proxy", members: [] },
    }],
    message: "",
  },
  report: {
    title: "new Request never reads ten of the RequestInit members (an invalid mode is accepted)",
    observe: `return new Request("http://a/", { mode: "bogus" }).mode;`,
    expected: { threw: "TypeError" },
    standard: {
      algorithm: "JavaScript value to dictionary (RequestInit), then new Request(input, init)",
      step: 'every member is read and converted: `mode` to a RequestMode, which "bogus" is not',
      url: `${WEBIDL}#js-dictionary`,
    },
  },
  notes: "a RequestInit Proxy logs reads of `body, client, headers, method, redirect, signal` " +
    "(the RequestInit dictionary of ext/fetch/23_request.js at these commits has those six " +
    'keys), so `new Request(url, { mode: "bogus" })` makes a Request; standard: the fifteen ' +
    "members in lexicographic order, nothing else, and a TypeError for that mode. Seen with " +
    "`./headerproof sweep deno-src:REPO@f00f798dc8,e2b1853841 --seed 1`. " +
    `WebIDL: ${WEBIDL}#js-dictionary.`,
});
