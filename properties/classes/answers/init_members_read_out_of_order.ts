/**
 * The answer class `init-members-read-out-of-order`.
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

/** The class `init-members-read-out-of-order`. */
export const initMembersReadOutOfOrder = answerClass({
  name: "init-members-read-out-of-order",
  runtimes: ["node"],
  seenIn: ["Node 22.23.3"],
  summary: "RequestInit and ResponseInit members are read in the order the dictionaries " +
    "declare them (method, headers, body, ...; status, statusText, headers), not WebIDL's " +
    "lexicographic order, and RequestInit reads a non-member `dispatcher`",
  covers: (op) => loggedInitOf(op, "request") || loggedInitOf(op, "response"),
  // The read logs differ only in the reads of the dictionary's members (their order, and so
  // which are read before a conversion throws) and of dispatcher.
  explains: (d) => {
    const others = (entries: string[]) =>
      withoutReads(entries, [
        ...(d.step.op === "request" ? REQUEST_MEMBERS : RESPONSE_MEMBERS),
        "dispatcher",
      ]);
    return sameReads(d, others, others) ? "go on" : null;
  },
  recognized: [
    {
      when:
        "an init's read logs differ only in the reads of its dictionary's members and `dispatcher`",
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
    title: "RequestInit and ResponseInit members are not read in lexicographical order",
    observe: RESPONSE_INIT_KEYS_READ,
    expected: { ok: ["headers", "status", "statusText"] },
    standard: {
      algorithm: "JavaScript value to dictionary",
      step: "for each dictionary member in lexicographical order, Get(jsDict, key)",
      url: `${WEBIDL}#js-dictionary`,
    },
  },
  notes: "a ResponseInit Proxy logs `status, statusText, headers`, a RequestInit Proxy " +
    "`method, headers, body, referrer, referrerPolicy, mode, credentials, cache, " +
    "redirect, integrity, keepalive, signal, window, duplex, dispatcher` (declaration " +
    "order, and the non-member `dispatcher`); standard lexicographic order, members " +
    "only.",
});
