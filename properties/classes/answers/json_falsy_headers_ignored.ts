/**
 * The answer class `json-falsy-headers-ignored`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { checksPass, isInitLog, okOf, threwOf } from "../answer_helpers.ts";
import type { Init, Op } from "../../oracle/ops.ts";
import { FETCH, WEBIDL } from "../standards.ts";

/**
 * Whether `op` is `Response.json(data, init)` with an init that is not a Proxy and whose headers
 * are a falsy value other than undefined (the generator's: null): the fast path that takes an
 * init without headers when `!init.headers`.
 */
function falsyHeaders(op: Op): boolean {
  if (op.op !== "response" || op.how !== "json" || op.init === null || op.init.via === "proxy") {
    return false;
  }
  return op.init.members.some(([key, value]) => {
    const init = key === "headers" ? (value as { headers: Init }).headers : null;
    return init?.kind === "invalid" &&
      (init.value === null || init.value === "" || init.value === false);
  });
}

/** The class `json-falsy-headers-ignored`. */
export const jsonFalsyHeadersIgnored = answerClass({
  name: "json-falsy-headers-ignored",
  runtimes: ["deno"],
  seenIn: ["Deno ext/ at e2b1853841 (deno-src:)"],
  summary: "Response.json(data, init) takes a falsy headers member (null) as no headers: it " +
    "makes the Response where the standard throws a TypeError (null is not a HeadersInit)",
  covers: falsyHeaders,
  // The construction returned where the reference threw a TypeError, its status and statusText
  // passing the standard's checks (so the headers threw): the Response exists on one side only.
  explains: (d) =>
    !d.observation && !isInitLog(d) && falsyHeaders(d.step) && checksPass(d.step) &&
      okOf(d.candidate) !== undefined && threwOf(d.reference) === "TypeError"
      ? "fork"
      : null,
  recognized: [
    {
      when: "`Response.json(data, init)`, init not a Proxy, headers null: made where the " +
        "reference threw a TypeError (its status and statusText valid)",
      after: "fork",
    },
  ],
  example: {
    steps: [{
      op: "response",
      message: 0,
      how: "json",
      body: null,
      init: { via: "plain", members: [["headers", { headers: { kind: "invalid", value: null } }]] },
      status: null,
    }],
    message: "",
  },
  report: {
    title: "Response.json(data, { headers: null }) makes a Response",
    observe: `return Response.json({}, { headers: null }).headers.get("content-type");`,
    expected: { threw: "TypeError" },
    standard: {
      algorithm: "converting ResponseInit (its headers member, a HeadersInit)",
      step: "null is neither a sequence nor a record: the conversion throws a TypeError",
      url: `${WEBIDL}#js-union`,
    },
  },
  notes: "the fast path of `Response.json(data, init)` (the PR's head only) is taken when " +
    "`!init.headers`: `Response.json({}, { headers: null })` returns a Response with only " +
    "`content-type: application/json`; standard TypeError (null converts to no HeadersInit, " +
    `${FETCH}#dom-response-json). Native Deno 2.9.6 throws.`,
});
