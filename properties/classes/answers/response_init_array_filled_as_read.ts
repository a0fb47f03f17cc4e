/**
 * The answer class `response-init-array-filled-as-read`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { initLogs, properPrefix, validHeaderArgs } from "../headers_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `response-init-array-filled-as-read`. */
export const responseInitArrayFilledAsRead = answerClass({
  name: "response-init-array-filled-as-read",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "the Response constructor appends each pair of an array given as headers as soon as " +
    "it reads it, so an invalid pair ends the conversion before the rest of the array is read " +
    "(WebIDL converts the whole sequence, then the headers are filled)",
  covers: (op) =>
    op.op === "construct" && op.guard === "response" && op.init.kind === "recorded" &&
    op.init.how === "array",
  // A recorded array init's read log under the response guard stops short of the reference's,
  // right after the reads of a pair that is not a valid header (its name or its value); the
  // construction threw on both sides, so the run goes on.
  explains: (d) => {
    const logs = initLogs(d);
    const step = d.step;
    if (
      logs === null || step.op !== "construct" || step.guard !== "response" ||
      step.init.kind !== "recorded" || !properPrefix(logs[0], logs[1])
    ) return null;
    const last = /^get pair(\d+) length$/.exec(logs[0].at(-1) ?? "");
    const pair = last === null ? undefined : step.init.items[Number(last[1])];
    return pair !== undefined && pair.length === 2 && !validHeaderArgs(pair) ? "go on" : null;
  },
  recognized: [
    {
      when: "a recorded array init's read log under the response guard stops short of the " +
        "reference's, right after the reads of a pair that is not a valid header",
      after: "go on",
    },
  ],
  example: {
    steps: [{
      op: "construct",
      slot: 0,
      guard: "response",
      init: { kind: "recorded", how: "array", items: [["a", "\0"], ["b", "1"]] },
      lookups: [],
    }],
    message: "",
  },
  report: {
    title: "new Response stops reading an array given as headers at its first invalid pair",
    observe: `let read = 0;
  const headers = [["a", "\\0"]];
  Object.defineProperty(headers, 1, {
    get() {
      read++;
      return ["b", "1"];
    },
    enumerable: true,
  });
  try {
    new Response(null, { headers });
  } catch {
    // the TypeError is expected; what matters is whether the second pair was read
  }
  return read;`,
    expected: { ok: 1 },
    standard: {
      algorithm: "converting HeadersInit (sequence<sequence<ByteString>>), then fill",
      step: "the whole sequence is converted, every element read, before the headers are " +
        "filled and the invalid pair throws",
      url: `${WEBIDL}#create-sequence-from-iterable`,
    },
  },
  notes: "the Response constructor (and `Response.json`) reads an array given as headers by " +
    "index and appends each pair as it reads it, so an invalid pair ends the conversion before " +
    'the rest is read. `let read = 0; const headers = [["a", "\\0"]]; ' +
    'Object.defineProperty(headers, 1, { get() { read++; return ["b", "1"]; }, enumerable: ' +
    "true }); try { new Response(null, { headers }); } catch {} read` gives `0`; standard `1` " +
    "(`new Headers(headers)` and `new Request(url, { headers })` give `1`). Found by the " +
    "interaction log of a recorded init.",
});
