/**
 * The answer class `no-cors-guard-ignored`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { forEachOf, isNext, makesGuard, okOf } from "../answer_helpers.ts";
import type { Difference } from "../../oracle/divergences.ts";
import type { Op } from "../../oracle/ops.ts";
import { isPairList, lookupOf, referenceGuards, sameJson, textOf } from "../headers_helpers.ts";
import {
  isNoCorsSafelistedRequestHeader,
  isNoCorsSafelistedRequestHeaderName,
  isPrivilegedNoCorsRequestHeaderName,
  normalizeHeaderValue,
} from "../../../spec/header_predicates.ts";
import { FETCH } from "../standards.ts";

/** The class `no-cors-guard-ignored`. */
export const noCorsGuardIgnored = answerClass({
  name: "no-cors-guard-ignored",
  runtimes: ["deno", "node", "bun"],
  seenIn: ["Deno 2.9.6", "Node 22.23.3", "Bun 1.3.14"],
  summary:
    'new Request(url, { mode: "no-cors", headers }) does not apply the request-no-cors guard',
  covers: (op) => makesGuard(op, "request-no-cors"),
  // An outcome about an object whose reference guard is "request-no-cors" (or of a step that
  // makes an object through that guard, as a copy chain's link), both sides having returned,
  // where the candidate holds more than the guard lets in, or (a raw list) differs only in
  // pairs the guard keeps out (holdsMore); the objects differ from then on: forked.
  explains: (d) => holdsMore(d) ? "fork" : null,
  // For a listing that another class's rewrite also changes (a value of the same object):
  // the candidate's pairs without those the guard keeps out, but for one the reference's
  // listing holds as it is (a raw list's pair, which the guard never filtered).
  rewrite: (value, side, d) => {
    if (side !== "candidate" || !isPairList(value) || !aboutNoCors(d)) return value;
    const r = okOf(d.reference);
    return value.filter((pair) =>
      isNoCorsSafelistedRequestHeader(pair[0], pair[1]) ||
      (isPairList(r) && r.some((p) => sameJson(p, pair)))
    );
  },
  recognized: [
    {
      when: 'about an object whose reference guard is "request-no-cors" (or made by a step ' +
        "through that guard): a listing holding the " +
        "reference's pairs and pairs that are not no-CORS-safelisted (any pairs, for a step " +
        "copying another object), or a forEach calling back for them (and for safelisted " +
        "pairs its callback appended to that object on calls the reference never made, one " +
        "of them or an earlier one for a pair the guard keeps out); for a raw list, " +
        "whose pairs the guard does not filter, a listing whose differing pairs are all not " +
        "no-CORS-safelisted (or, the reference's, replaced by such a pair of its name); `has` true for false, or false for true of a name the guard " +
        "keeps from deletion; `get` a value that is not no-CORS-safelisted for null or a part " +
        "of it, or null for such a value; " +
        "`getSetCookie` cookies for none",
      after: "fork",
    },
    {
      when: "the same object: any other outcome both sides returned of an iterator's " +
        "`next()`, a tamper or a read step",
      after: "fork",
    },
  ],
  example: {
    steps: [{ op: "request", message: 0, input: 5, unread: false, init: null }],
    message: "",
  },
  report: {
    title: 'new Request(url, { mode: "no-cors" }) does not apply the "request-no-cors" guard',
    observe:
      `return new Request("http://a/", { mode: "no-cors", headers: { "x-a": "1" } }).headers.has("x-a");`,
    expected: { ok: false },
    standard: {
      algorithm: "new Request(input, init)",
      step: 'if mode is "no-cors", set the headers\' guard to "request-no-cors" before filling ' +
        "them; appending a header that is not no-CORS-safelisted is then ignored",
      url: `${FETCH}#dom-request`,
    },
  },
  notes: '`new Request(url, { mode: "no-cors" })` does not apply the request-no-cors ' +
    'guard. `new Request("http://a/", { mode: "no-cors", headers: { "x-a": "1" } ' +
    '}).headers.has("x-a")` gives `true`; standard `false`. Expected of a server ' +
    'runtime, but the contract\'s "server" profile keeps the no-CORS rules, so it is ' +
    "reported.",
});

/**
 * Whether `d` is about an object whose reference guard is "request-no-cors" and shows the
 * candidate holding what that guard keeps out (see `recognized`).
 */
function holdsMore(d: Difference): boolean {
  const [c, r] = [okOf(d.candidate), okOf(d.reference)];
  if (c === undefined || r === undefined || !aboutNoCors(d)) return false;
  const safe = ([name, value]: [string, string]) => isNoCorsSafelistedRequestHeader(name, value);
  const more = (c: [string, string][], r: [string, string][]) =>
    !sameJson(c, r) && r.every(safe) && r.every(([name]) => c.some(([n]) => n === name)) &&
    c.every((pair) => r.some((p) => sameJson(p, pair)) || !safe(pair) || copies(d.step));
  // A raw list is not filtered by the guard, so its pairs need not be safelisted: then only
  // pairs the guard keeps out (appended, set or deleted through it) may tell the sides apart.
  const unsafeOnly = (c: [string, string][], r: [string, string][]) => {
    const only = (a: [string, string][], b: [string, string][]) =>
      a.filter((pair) => !b.some((p) => sameJson(p, pair)));
    const [cOnly, rOnly] = [only(c, r), only(r, c)];
    // A reference pair the candidate lacks: unsafe (deleted through the guard), or replaced by
    // an unsafe one of its name (set through the guard).
    return !sameJson(c, r) && cOnly.every((pair) => !safe(pair)) &&
      rOnly.every((pair) => !safe(pair) || cOnly.some(([name]) => name === pair[0]));
  };
  if (isPairList(c) && isPairList(r)) return more(c, r) || unsafeOnly(c, r);
  // A forEach: its calls, `[value, name, ...]` each, as pairs (the mutations its callback runs
  // then differ too, so every object the step names is forked), less the calls for pairs its
  // own mutations appended that only the guard's dropped pairs let run (ranPast).
  const forEach = d.observation ? null : forEachOf(d.step);
  if (forEach !== null && Array.isArray(c) && Array.isArray(r)) {
    const pairs = (calls: unknown) =>
      Array.isArray(calls) ? calls.map((call) => [call[1], call[0]]) : null;
    const [cPairs, rPairs] = [pairs(c[1]), pairs(r[1])];
    if (!sameJson(c[0], r[0]) || !isPairList(cPairs) || !isPairList(rPairs)) return false;
    const appended = ranPast(forEach, c[1] as unknown[][], cPairs, rPairs);
    const kept = cPairs.filter((_, i) => !appended.has(i));
    return more(kept, rPairs) || unsafeOnly(kept, rPairs);
  }
  const lookup = d.observation ? null : lookupOf(d.label);
  if (lookup?.method === "has") {
    return (c === true && r === false) ||
      (c === false && r === true && !isNoCorsSafelistedRequestHeaderName(lookup.name) &&
        !isPrivilegedNoCorsRequestHeaderName(lookup.name));
  }
  if (lookup?.method === "get") {
    return (typeof c === "string" && (r === null || (typeof r === "string" && c.includes(r))) &&
      !safe([lookup.name, c])) ||
      (c === null && typeof r === "string" && !safe([lookup.name, r]));
  }
  if (!d.observation && /\.getSetCookie\(\)$/.test(d.label)) {
    return Array.isArray(r) && r.length === 0 && Array.isArray(c) && c.length > 0;
  }
  return isNext(d) || ["iterNext", "tamper", "read"].includes(d.step.op);
}

/**
 * The indexes of the candidate's forEach calls (`calls`, as `pairs`) for a no-CORS-safelisted
 * pair that `forEach`'s own mutation appended (append or set, on the object iterated, returning)
 * on a call the reference never made (its calls, `rPairs`, are fewer), when a call up to that one
 * was for a pair the guard keeps out and the reference does not show: that mutation ran only
 * because the candidate kept what the guard drops, and the live iteration then visits its pair.
 */
function ranPast(
  forEach: Extract<Op, { op: "forEach" }>,
  calls: unknown[][],
  pairs: [string, string][],
  rPairs: [string, string][],
): Set<number> {
  const appended = new Set<number>();
  const dropped = (pair: [string, string]) =>
    !isNoCorsSafelistedRequestHeader(pair[0], pair[1]) && !rPairs.some((p) => sameJson(p, pair));
  for (const [i, m] of forEach.mutations.entries()) {
    const outcome = calls[i]?.[4];
    if (i < rPairs.length || !Array.isArray(outcome) || outcome[0] !== "ok") continue;
    if (m.target !== forEach.target || (m.op !== "append" && m.op !== "set")) continue;
    if (!pairs.slice(0, i + 1).some(dropped)) continue;
    const [name, value] = m.args.map(textOf);
    if (name === null || value === null || name === undefined || value === undefined) continue;
    const pair: [string, string] = [name.toLowerCase(), normalizeHeaderValue(value)];
    if (!isNoCorsSafelistedRequestHeader(...pair)) continue;
    const at = pairs.findIndex((p, j) => j > i && !appended.has(j) && sameJson(p, pair));
    if (at >= 0) appended.add(at);
  }
  return appended;
}

/**
 * Whether `d` is about an object whose reference guard is "request-no-cors", or of a step that
 * makes an object through that guard.
 */
function aboutNoCors(d: Difference): boolean {
  return referenceGuards(d).includes("request-no-cors") || makesGuard(d.step, "request-no-cors");
}

/**
 * Whether `step` fills an object from another one's pairs: what got through the guard then
 * depends on how the source shows its values, which other classes may change (Deno's iteration
 * drops a leading empty value, so `", text/plain"` arrives as a safelisted `"text/plain"`).
 */
function copies(step: Op): boolean {
  return (step.op === "construct" && step.init.kind === "headers") || step.op === "copy" ||
    step.op === "copyChain";
}
