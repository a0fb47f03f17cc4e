/**
 * The answer class `null-body-static-response-used-after-read`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { okOf } from "../answer_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `null-body-static-response-used-after-read`. */
export const nullBodyStaticResponseUsedAfterRead = answerClass({
  name: "null-body-static-response-used-after-read",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "reading the body of Response.error() or Response.redirect() (null) with text() " +
    "makes bodyUsed true (the standard: a null body is never used)",
  covers: (op) => op.op === "body",
  // A body step (a read with text(), or bodyUsed after one) shows bodyUsed true where the
  // reference shows false, for a reference Response with a null body made by Response.error()
  // (type "error") or Response.redirect() (a redirect status); the headers are untouched, so
  // the run goes on.
  explains: (d) => {
    if (d.observation || d.step.op !== "body") return null;
    if (okOf(d.candidate) !== true || okOf(d.reference) !== false) return null;
    return (d.objects?.() ?? []).some(madeByStaticMethod) ? "go on" : null;
  },
  recognized: [
    {
      when: "a body step shows bodyUsed true where the reference's is false, on a " +
        "Response.error() or Response.redirect() (null body)",
      after: "go on",
    },
  ],
  example: {
    steps: [{ op: "body", message: 0, unread: false, recent: true, how: "text" }],
    message: "",
  },
  report: {
    title: "Response.error().text() makes bodyUsed true",
    observe: `const response = Response.error();
  response.text().catch(() => {});
  return response.bodyUsed;`,
    expected: { ok: false },
    standard: {
      algorithm: "bodyUsed getter",
      step: "return true if this's body is non-null and this's body's stream is disturbed; " +
        "a Response.error() or Response.redirect() has a null body",
      url: `${FETCH}#dom-body-bodyused`,
    },
  },
  notes: "reading the null body of `Response.error()` or `Response.redirect(url)` marks it " +
    "used. `const response = Response.error(); response.text().catch(() => {}); " +
    "response.bodyUsed` gives `true`; standard `false` (`new Response(null)` and `new " +
    "Response(null, { status: 302 })` give `false`).",
});

/**
 * Whether `message` is a Response made by Response.error() (type "error") or Response.redirect()
 * (a redirect status): with bodyUsed false after text(), its body is null.
 */
function madeByStaticMethod(message: unknown): boolean {
  const response = message as { type?: unknown; status?: unknown };
  try {
    return response.type === "error" ||
      [301, 302, 303, 307, 308].includes(Number(response.status));
  } catch {
    return false;
  }
}
