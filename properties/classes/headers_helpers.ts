/**
 * What the recognizers of the Headers-level answer classes share, beside answer_helpers.ts: the
 * init a step converts, the two read logs of an init, the reference's guard of the objects an
 * outcome is about, and comparisons of lists of pairs. Pure functions of their arguments (the
 * guard is read from the reference's objects, spec/headers.ts `headersInternals`).
 *
 * @example
 * ```ts
 * import { notByteString, withoutEntries } from "./headers_helpers.ts";
 * notByteString("\u0100"); // true
 * withoutEntries(["get a", "get b"], (entry) => entry === "get a"); // ["get b"]
 * ```
 *
 * @module
 */
import type { Arg, Init, Op } from "../oracle/ops.ts";
import { argValue } from "../oracle/ops.ts";
import type { Difference } from "../oracle/divergences.ts";
import { headersInternals } from "../../spec/headers.ts";
import { isHeaderName, isHeaderValue, normalizeHeaderValue } from "../../spec/header_predicates.ts";
import { okOf } from "./answer_helpers.ts";

/** The text `arg` converts to (as a WebIDL ByteString argument would read it), or null. */
export function textOf(arg: Arg): string | null {
  try {
    return String(argValue(arg));
  } catch {
    return null;
  }
}

/** Whether `text` is not a ByteString (it has a code point above U+00FF). */
export function notByteString(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return true;
  return false;
}

/** Whether `args` are a valid header name (and, when given, a valid value once normalized). */
export function validHeaderArgs(args: readonly Arg[]): boolean {
  const [name, value] = args.map(textOf);
  if (name === null || name === undefined || !isHeaderName(name)) return false;
  return args.length < 2 || (value !== null && isHeaderValue(normalizeHeaderValue(value)));
}

/**
 * The init a step converts into a header list: a construct step's, a Request's or Response's
 * `headers` member; null for any other step.
 */
export function headersInitOf(op: Op): Init | null {
  if (op.op === "construct") return op.init;
  if (op.op !== "request" && op.op !== "response") return null;
  const member = (op.init?.members ?? []).find(([key]) => key === "headers");
  return member === undefined ? null : (member[1] as { headers: Init }).headers;
}

/**
 * The candidate's and the reference's read log of an init (a recorded init of a construct step,
 * the dictionary of a Request or Response), when `d` is one and both are lists of strings.
 */
export function initLogs(d: Difference): [string[], string[]] | null {
  if (d.observation || !/^the log of (?:h|m)\[\d+\]'s init$/.test(d.label)) return null;
  const [c, r] = [okOf(d.candidate), okOf(d.reference)];
  const strings = (v: unknown): v is string[] =>
    Array.isArray(v) && v.every((entry) => typeof entry === "string");
  return strings(c) && strings(r) ? [c, r] : null;
}

/** `log` without the entries `drop` accepts (it sees each entry's index and the log). */
export function withoutEntries(
  log: readonly string[],
  drop: (entry: string, i: number, log: readonly string[]) => boolean,
): string[] {
  return log.filter((entry, i) => !drop(entry, i, log));
}

/** Whether `prefix` is a proper prefix of `log`. */
export function properPrefix(prefix: readonly string[], log: readonly string[]): boolean {
  return prefix.length < log.length && prefix.every((entry, i) => log[i] === entry);
}

/**
 * Whether the init log `stopped` ends at the read of the headers member (its conversion threw)
 * while `other` differs and reads it too: the reads of the other members, in whatever order and
 * count each side makes them, are left to the classes about them.
 */
export function stopsAtHeaders(stopped: readonly string[], other: readonly string[]): boolean {
  return stopped.at(-1) === "get headers" && other.includes("get headers") &&
    !sameJson(stopped, other);
}

/** Whether two values have the same JSON. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The reference's guard of each object `d` is about (for an iterator, the object it was opened
 * on); nothing for an object that is not the reference's own Headers.
 */
export function referenceGuards(d: Difference): string[] {
  const internals = headersInternals();
  return (d.objects?.() ?? []).flatMap((object) =>
    internals.isHeaders(object) ? [internals.guard(object)] : []
  );
}

/** Whether `value` is a list of `[name, value]` pairs of strings. */
export function isPairList(value: unknown): value is [string, string][] {
  return Array.isArray(value) &&
    value.every((pair) =>
      Array.isArray(pair) && pair.length === 2 && typeof pair[0] === "string" &&
      typeof pair[1] === "string"
    );
}

/** The `h[i].get(name)` or `h[i].has(name)` call a label renders, with its string name. */
export function lookupOf(label: string): { method: "get" | "has"; name: string } | null {
  const match = /^h\[\d+\]\.(get|has)\(("(?:[^"\\]|\\.)*")\)$/.exec(label);
  if (match === null) return null;
  return { method: match[1] as "get" | "has", name: JSON.parse(match[2]) as string };
}
