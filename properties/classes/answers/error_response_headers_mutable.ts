/**
 * The answer class `error-response-headers-mutable`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { forEachOf, makesGuard, okOf, threwOf } from "../answer_helpers.ts";
import {
  isPairList,
  referenceGuards,
  sameJson,
  textOf,
  validHeaderArgs,
} from "../headers_helpers.ts";
import type { CallOp, Op } from "../../oracle/ops.ts";
import { renderCall } from "../../oracle/operations/call.ts";
import type { Difference } from "../../oracle/divergences.ts";
import { headersInternals } from "../../../spec/headers.ts";
import { FETCH } from "../standards.ts";

/** The class `error-response-headers-mutable`. */
export const errorResponseHeadersMutable = answerClass({
  name: "error-response-headers-mutable",
  runtimes: ["bun"],
  seenIn: ["Bun 1.3.14"],
  summary: "Response.error().headers accepts append/set/delete instead of throwing (not immutable)",
  covers: (op) => makesGuard(op, "immutable"),
  // An append, set or delete with a valid name (and value) on an object whose reference guard
  // is "immutable" returned where the reference threw a TypeError. The candidate's list changed
  // (forked) unless the call is a delete of a name the reference's list does not hold.
  explains: (d) => {
    if (mutatedInForEach(d)) return "fork";
    const call = mutationOf(d.step, d.label);
    if (
      d.observation || call === null || okOf(d.candidate) === undefined ||
      threwOf(d.reference) !== "TypeError" || !validHeaderArgs(call.args) ||
      !referenceGuards(d).includes("immutable")
    ) return null;
    const name = textOf(call.args[0])!.toLowerCase();
    const holds = (d.lists?.() ?? []).some((list) =>
      !isPairList(list) || list.some(([n]) => n === name)
    );
    return call.op === "delete" && !holds ? "go on" : "fork";
  },
  recognized: [
    {
      when: "an append, set or delete with a valid name and value (a step's own, or a lookup " +
        'after a construction) on an object whose reference guard is "immutable" returned ' +
        "where the reference threw a TypeError",
      after: "fork",
    },
    { when: "the same, a delete of a name the reference's list does not hold", after: "go on" },
    {
      when: "a forEach's calls are the reference's up to one whose mutation, such a call, " +
        "returned where the reference's threw a TypeError",
      after: "fork",
    },
  ],
  example: {
    steps: [{ op: "copyChain", slot: 0, source: 0, links: ["immutable", "none"] }],
    message: "",
  },
  report: {
    title: "Response.error().headers is not immutable",
    observe: `Response.error().headers.append("a", "b");
  return "appended";`,
    expected: { threw: "TypeError" },
    standard: {
      algorithm: "Response.error(), then append",
      step: 'the headers\' guard is "immutable", and append throws a TypeError for that guard',
      url: `${FETCH}#dom-response-error`,
    },
  },
  notes: "`Response.error().headers` is not immutable. " +
    '`Response.error().headers.append("a", "b")` returns; standard TypeError.',
});

/**
 * Whether `d` is a forEach's outcome whose calls are the reference's up to one whose mutation,
 * an append, set or delete with valid arguments on an object whose reference guard is
 * "immutable", returned where the reference's threw a TypeError (the calls after it follow the
 * candidate's changed list).
 */
function mutatedInForEach(d: Difference): boolean {
  const forEach = d.observation ? null : forEachOf(d.step);
  const [c, r] = [okOf(d.candidate), okOf(d.reference)];
  if (forEach === null || !Array.isArray(c) || !Array.isArray(r)) return false;
  const [cCalls, rCalls] = [c[1], r[1]];
  if (!sameJson(c[0], r[0]) || !Array.isArray(cCalls) || !Array.isArray(rCalls)) return false;
  const i = cCalls.findIndex((call, j) => !sameJson(call, rCalls[j]));
  const mutation = i < 0 ? null : mutationOf(forEach.mutations[i] ?? forEach);
  if (mutation === null || !Array.isArray(cCalls[i]) || !Array.isArray(rCalls[i])) return false;
  // The objects the label names, in its order (world.ts passes them so).
  const slots = [...d.label.matchAll(/\bh\[(\d+)\]/g)].map((match) => Number(match[1]));
  const objects = d.objects?.() ?? [];
  const object = objects[slots.indexOf(mutation.target)];
  const internals = headersInternals();
  return slots.length === objects.length && internals.isHeaders(object) &&
    internals.guard(object) === "immutable" && validHeaderArgs(mutation.args) &&
    sameJson(cCalls[i].slice(0, -1), rCalls[i].slice(0, -1)) && cCalls[i].at(-1)?.[0] === "ok" &&
    sameJson(rCalls[i].at(-1), ["threw", "TypeError"]);
}

/**
 * The append, set or delete a step makes (itself, a copy step's call after it, or the lookup of
 * a construct step or the first call on a raw list that `label` renders).
 */
function mutationOf(step: Op, label?: string): CallOp | null {
  const call = step.op === "copy"
    ? step.then
    : step.op === "construct"
    ? step.lookups?.find((lookup) => renderCall(lookup) === label) ?? null
    : step.op === "rawList"
    ? (step.first !== null && "args" in step.first && renderCall(step.first) === label
      ? step.first
      : null)
    : step;
  return call !== null && (call.op === "append" || call.op === "set" || call.op === "delete")
    ? call
    : null;
}
