/**
 * The answer class `init-reads-non-members`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import {
  loggedInitOf,
  REQUEST_MEMBERS,
  RESPONSE_INIT_KEYS_READ,
  RESPONSE_MEMBERS,
  sameReads,
  withoutReads,
} from "../answer_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `init-reads-non-members`. */
export const initReadsNonMembers = answerClass({
  name: "init-reads-non-members",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "RequestInit conversion reads `status` and `statusText` and skips most members; " +
    "ResponseInit conversion reads `method`; neither in WebIDL's order",
  covers: (op) => loggedInitOf(op, "request") || loggedInitOf(op, "response"),
  // The read logs differ only in the reads of the dictionary's members (which, in which order)
  // and of status and statusText (RequestInit) or method (ResponseInit).
  explains: (d) => {
    const members = d.step.op === "request"
      ? [...REQUEST_MEMBERS, "status", "statusText"]
      : [...RESPONSE_MEMBERS, "method"];
    const others = (entries: string[]) => withoutReads(entries, members);
    return sameReads(d, others, others) ? "go on" : null;
  },
  recognized: [
    {
      when: "the candidate's reads, less `status`/`statusText` (RequestInit) or `method` " +
        "(ResponseInit), are among the reference's",
      after: "go on",
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
    title: "ResponseInit conversion reads `method`, which is not a member",
    observe: RESPONSE_INIT_KEYS_READ,
    expected: { ok: ["headers", "status", "statusText"] },
    standard: {
      algorithm: "JavaScript value to dictionary",
      step: "only the dictionary's members are read, in lexicographical order",
      url: `${WEBIDL}#js-dictionary`,
    },
  },
  notes: "a RequestInit Proxy logs `body, signal, headers, status, statusText, method, " +
    "redirect, cache, mode`, a ResponseInit Proxy `headers, status, statusText, " +
    "method`.",
});
