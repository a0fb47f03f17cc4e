/**
 * The answer class `request-init-reads-client`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import {
  loggedInitOf,
  REQUEST_MEMBERS,
  sameReads,
  threwOf,
  withoutReads,
} from "../answer_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `request-init-reads-client`. */
export const requestInitReadsClient = answerClass({
  name: "request-init-reads-client",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "converting a RequestInit reads `client`, which is not a member, and never reads " +
    'the members `duplex` and `window`; `{ client: "x" }` throws a TypeError',
  covers: (op) =>
    loggedInitOf(op, "request") ||
    (op.op === "request" && (op.init?.members ?? []).some(([key]) => key === "client")),
  // The read log holds client's reads where the reference's holds duplex's and window's; an
  // init with a client member throws where the reference makes the Request (forked).
  explains: (d) => {
    if (
      d.step.op === "request" &&
      sameReads(
        d,
        (entries) => withoutReads(entries, ["client"]),
        (entries) => withoutReads(entries, ["duplex", "window"]),
      )
    ) return "go on";
    return !d.observation && d.step.op === "request" &&
        (d.step.init?.members ?? []).some(([key]) => key === "client") &&
        threwOf(d.candidate) === "TypeError" && threwOf(d.reference) === undefined
      ? "fork"
      : null;
  },
  recognized: [
    { when: "the read logs differ only by `client` for `duplex` and `window`", after: "go on" },
    {
      when: "an init with `client` throws a TypeError where the reference makes the Request",
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
    title: "new Request reads a RequestInit property `client` that is not a member",
    observe: `const read = [];
  const init = new Proxy({}, { get(target, key) { read.push(String(key)); return undefined; } });
  new Request("http://a/", init);
  return read;`,
    expected: { ok: REQUEST_MEMBERS },
    standard: {
      algorithm: "JavaScript value to dictionary (RequestInit)",
      step: "for each dictionary member in lexicographical order, Get(jsDict, key): exactly the " +
        "members, each once",
      url: `${WEBIDL}#js-dictionary`,
    },
  },
  notes: "a RequestInit Proxy logs reads of `body, cache, client, credentials, headers, " +
    "integrity, keepalive, method, mode, priority, redirect, referrer, " +
    "referrerPolicy, signal`: `client` is not a member (and `new Request(url, { " +
    'client: "x" })` throws a TypeError), `duplex` and `window` are never read; ' +
    "standard: the fifteen members in lexicographic order, nothing else.",
});
