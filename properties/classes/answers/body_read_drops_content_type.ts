/**
 * The answer class `body-read-drops-content-type`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { bothOk } from "../answer_helpers.ts";
import { sameJson } from "../headers_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `body-read-drops-content-type`. */
export const bodyReadDropsContentType = answerClass({
  name: "body-read-drops-content-type",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "a Request or Response made without a headers init whose body is read (text()) " +
    "before its headers loses the Content-Type its body set",
  covers: (op) => op.op === "read",
  // A read step of never-read headers of a message whose reference body is used: what it shows
  // is the reference's without Content-Type (pairs or forEach calls without it; get, has or
  // the normalized Content-Type finding none). The headers differ from then on: forked.
  explains: (d) => {
    if (d.step.op !== "read" || !d.step.unread) return null;
    // An outcome whose label names the message: its reference body is used. (One that names
    // only the headers, as the normalized Content-Type, relies on the step reading never-read
    // headers.)
    const objects = d.objects?.() ?? [];
    if (/\bm\[\d+\]/.test(d.label) && !objects.some(bodyUsed)) return null;
    const named = /content-?type/i.test(d.label);
    return bothOk(d, (c, r) =>
        (!sameJson(c, r) && sameJson(c, withoutContentType(r))) ||
        (named && ((c === null && typeof r === "string") || (c === false && r === true))))
      ? "fork"
      : null;
  },
  recognized: [
    {
      when: "a read of never-read headers of a message whose body is used shows the " +
        "reference's without Content-Type",
      after: "fork",
    },
  ],
  example: {
    steps: [{
      op: "read",
      slot: 0,
      message: 0,
      unread: true,
      recent: false,
      via: "get",
      name: "content-type",
    }],
    message: "",
  },
  report: {
    title: "Reading a body before the headers loses the Content-Type the body set",
    observe: `const response = new Response(new URLSearchParams("a=1"));
  response.text().catch(() => {});
  return response.headers.get("content-type");`,
    expected: { ok: "application/x-www-form-urlencoded;charset=UTF-8" },
    standard: {
      algorithm: "new Response(body, init), then text()",
      step: "the Content-Type the body's extraction gives is appended to the headers when the " +
        "Response is made; reading the body does not change them",
      url: `${FETCH}#dom-response`,
    },
  },
  notes: '`const response = new Response(new URLSearchParams("a=1")); ' +
    'response.text(); response.headers.get("content-type")` gives `null`; standard ' +
    '`"application/x-www-form-urlencoded;charset=UTF-8"`. The same for a Request with such a ' +
    "body and for a Blob's type; with a headers init the Content-Type stays.",
});

/** Whether `message` is a message whose `bodyUsed` is true. */
function bodyUsed(message: unknown): boolean {
  try {
    return (message as { bodyUsed?: unknown }).bodyUsed === true;
  } catch {
    return false;
  }
}

/**
 * `value` without any list in it (a pair, a forEach call) that names content-type, at any
 * depth.
 */
function withoutContentType(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value
    .filter((item) =>
      !(Array.isArray(item) && (item[0] === "content-type" || item[1] === "content-type"))
    )
    .map(withoutContentType);
}
