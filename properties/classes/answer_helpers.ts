/**
 * What the answer classes' recognizers (properties/classes/answers/) share: reading a step (the
 * strings it passes, the guards it makes, its init) and a difference (its outcomes, its label),
 * and rewriting what an outcome shows. Pure functions of their arguments.
 *
 * @example
 * ```ts
 * import { stringsOf } from "./answer_helpers.ts";
 * stringsOf({ op: "append", target: 0, args: ["a", "b"] }); // ["a", "b"]
 * ```
 *
 * @module
 */
import type { Arg, CallOp, Guard, Init, Op, RecordedHow } from "../oracle/ops.ts";
import type { AfterExplained, Difference } from "../oracle/divergences.ts";
import type { Outcome } from "../oracle/base/observe.ts";

/** Every string argument a step passes (names, values, init entries, raw lists). */
export function stringsOf(op: Op): string[] {
  const fromArgs = (args: readonly Arg[]) => args.filter((a): a is string => typeof a === "string");
  const fromCall = (call: CallOp) => fromArgs(call.args);
  const fromInit = (init: Init): string[] => {
    switch (init.kind) {
      case "sequence":
      case "iterable":
        return init.items.flatMap((item) => typeof item === "string" ? [item] : fromArgs(item));
      case "broken":
      case "proxied array":
      case "exotic":
      case "recorded":
        return init.items.flatMap(fromArgs);
      case "map":
        return init.entries.flat();
      case "record":
        return init.entries.flatMap(([key, value]) => [key, ...fromArgs([value])]);
      default:
        return [];
    }
  };
  switch (op.op) {
    case "construct":
      return [...fromInit(op.init), ...(op.lookups ?? []).flatMap(fromCall)];
    case "copy":
      return op.then === null ? [] : fromCall(op.then);
    case "rawList":
      return [...op.flat, ...(op.first === null ? [] : stringsOf(op.first))];
    case "forEach":
      return op.mutations.flatMap(fromCall);
    case "batch":
      return op.ops.flatMap(stringsOf);
    case "brand":
      return fromArgs(op.args);
    case "iterOpen":
    case "iterNext":
    case "freeze":
    case "misuse":
    case "copyChain":
    case "shape":
    case "tamper":
    case "clone":
    case "serialize":
    case "body":
      return [];
    case "read":
      return [op.name];
    case "request":
    case "response":
      return (op.init?.members ?? []).flatMap(([key, value]) =>
        key === "headers" ? fromInit((value as { headers: Init }).headers) : []
      );
    default:
      return fromCall(op);
  }
}

/**
 * Whether `op` makes an object with `guard` (directly, from a raw list, by copying, or through a
 * Request or Response).
 */
export function makesGuard(op: Op, guard: string): boolean {
  return (op.op === "construct" && op.guard === guard) || (op.op === "copy" && op.via === guard) ||
    (op.op === "copyChain" && op.links.includes(guard as Guard)) ||
    (op.op === "rawList" && op.guard === guard) ||
    (op.op === "request" && guard === requestGuardOf(op)) ||
    (op.op === "response" &&
      guard === (op.how === "error" || op.how === "redirect" ? "immutable" : "response"));
}

/**
 * The guard of the headers a request step makes: request-no-cors when its init's mode is
 * "no-cors" or its input is another Request (which may be no-cors), request otherwise.
 */
export function requestGuardOf(op: Extract<Op, { op: "request" }>): Guard {
  const noCors = op.input !== null ||
    (op.init?.members ?? []).some(([key, value]) => key === "mode" && value === "no-cors");
  return noCors ? "request-no-cors" : "request";
}

/** Whether `text` is empty once HTTP whitespace is stripped from its ends. */
export function normalizesToEmpty(text: string): boolean {
  return /^[\t\n\r ]*$/.test(text);
}

/** Whether `op` opens an iterator (directly or as a raw list's first operation). */
export function opensIterator(op: Op): boolean {
  return op.op === "iterOpen" || (op.op === "rawList" && op.first?.op === "iterOpen");
}

/** Whether `op` constructs from a recorded init of kind `how`. */
export function recordedInitOf(op: Op, how: RecordedHow): boolean {
  return op.op === "construct" && op.init.kind === "recorded" && op.init.how === how;
}

/** The value of an outcome that returned, or undefined when it threw or is missing. */
export function okOf(outcome: Outcome | undefined): unknown {
  return outcome !== undefined && "ok" in outcome ? outcome.ok : undefined;
}

/** The error name of an outcome that threw, or undefined. */
export function threwOf(outcome: Outcome | undefined): string | undefined {
  return outcome !== undefined && "threw" in outcome ? outcome.threw : undefined;
}

/** Whether `d` is one `next()` of an open iterator (a step's, or observed after the step). */
export function isNext(d: Difference): boolean {
  return /^it\[\d+\]\.next\(\)$/.test(d.label);
}

/** Whether `d` is the read log of a Request's or Response's init (request.ts). */
export function isInitLog(d: Difference): boolean {
  return !d.observation && /^the log of m\[\d+\]'s init$/.test(d.label);
}

/** The forEach call of a step: a forEach step, or a raw list's first call. */
export function forEachOf(step: Op): Extract<Op, { op: "forEach" }> | null {
  if (step.op === "forEach") return step;
  return step.op === "rawList" && step.first?.op === "forEach" ? step.first : null;
}

/** Whether `d` is the outcome of a forEach call with no mutations (`forEachObserved`). */
export function isPlainForEach(d: Difference): boolean {
  return !d.observation && forEachOf(d.step)?.mutations.length === 0;
}

/** Whether both outcomes returned and `same` holds of their values. */
export function bothOk(
  d: Difference,
  same: (candidate: unknown, reference: unknown) => boolean,
): boolean {
  const [c, r] = [okOf(d.candidate), okOf(d.reference)];
  return c !== undefined && r !== undefined && same(c, r);
}

/** Whether two encoded values are equal once `normalize` rewrote both. */
export function sameAs(
  normalize: (value: unknown) => unknown,
): (c: unknown, r: unknown) => boolean {
  return (c, r) => JSON.stringify(normalize(c)) === JSON.stringify(normalize(r));
}

/** Whether `value` is a `[name, value]` pair of strings whose name is `name`. */
export function isPairOf(value: unknown, name: string): boolean {
  return Array.isArray(value) && value.length === 2 && typeof value[1] === "string" &&
    typeof value[0] === "string" && value[0].toLowerCase() === name;
}

/** `items` with those `last` accepts moved after the others, each group in its order. */
export function movedLast(items: unknown, last: (item: unknown) => boolean): unknown {
  if (!Array.isArray(items)) return items;
  return [...items.filter((item) => !last(item)), ...items.filter(last)];
}

/** `value` with every `[name, value]` pair named `name` (at any depth) rewritten by `rewrite`. */
export function pairsRewritten(
  value: unknown,
  name: string,
  rewrite: (v: string) => string,
): unknown {
  if (!Array.isArray(value)) return value;
  if (isPairOf(value, name)) return [value[0], rewrite(value[1] as string)];
  return value.map((item) => pairsRewritten(item, name, rewrite));
}

/** `value` with every string in it (at any depth) rewritten by `rewrite`. */
export function stringsRewritten(value: unknown, rewrite: (v: string) => string): unknown {
  if (typeof value === "string") return rewrite(value);
  return Array.isArray(value) ? value.map((item) => stringsRewritten(item, rewrite)) : value;
}

/**
 * Whether the two read logs of an init (arrays of "get status" and such) hold the same entries
 * once `candidate` and `reference` rewrote theirs, in any order.
 */
export function sameReads(
  d: Difference,
  candidate: (entries: string[]) => string[],
  reference: (entries: string[]) => string[] = (entries) => entries,
): boolean {
  return isInitLog(d) &&
    bothOk(d, (c, r) => {
      if (!Array.isArray(c) || !Array.isArray(r)) return false;
      const sorted = (entries: string[]) => JSON.stringify([...entries].sort());
      return sorted(candidate(c as string[])) === sorted(reference(r as string[]));
    });
}

/** The members of ResponseInit. */
export const RESPONSE_MEMBERS = ["headers", "status", "statusText"];

/** The members of RequestInit. */
export const REQUEST_MEMBERS = [
  "body",
  "cache",
  "credentials",
  "duplex",
  "headers",
  "integrity",
  "keepalive",
  "method",
  "mode",
  "priority",
  "redirect",
  "referrer",
  "referrerPolicy",
  "signal",
  "window",
];

/** `entries` without those about members in `keys`. */
export function withoutReads(entries: string[], keys: readonly string[]): string[] {
  return entries.filter((entry) => !keys.some((k) => entry.endsWith(` ${k}`)));
}

/**
 * Whether `d` is a Response step, with a status or statusText and headers in its init, whose
 * construction threw `candidate` where the reference threw another error that `reference` accepts.
 */
export function responseThrew(
  d: Difference,
  candidate: string,
  reference: (threw: string) => boolean,
): boolean {
  const threw = threwOf(d.reference);
  return !d.observation && d.step.op === "response" && threwOf(d.candidate) === candidate &&
    threw !== undefined && threw !== candidate && reference(threw) &&
    responseMember(d.step, "headers", () => true) &&
    (responseMember(d.step, "status", () => true) ||
      responseMember(d.step, "statusText", () => true));
}

/**
 * Whether `d` is a `next()` whose result shows a value without its name (`[done, value]`, a
 * values iterator's) and the reference's value is that of a pair named `name` the object iterated
 * holds (`Difference.lists`).
 */
export function nextShowsValueOf(d: Difference, name: string): boolean {
  const r = okOf(d.reference);
  if (!isNext(d) || !Array.isArray(r) || r.length !== 2 || typeof r[1] !== "string") return false;
  return (d.lists?.() ?? []).some((pairs) =>
    Array.isArray(pairs) && pairs.some((pair) => isPairOf(pair, name) && pair[1] === r[1])
  );
}

/**
 * `value` with the value of every `cookie` pair in it rewritten by `rewrite`; for a forEach
 * call's outcome (`[result, calls]`, each call `[value, name, ...]`) the value of every call for
 * `cookie`; for a `next()` that shows the value of a `cookie` pair of the object iterated
 * ({@link nextShowsValueOf}), that value.
 */
export function cookiesRewritten(
  value: unknown,
  d: Difference,
  rewrite: (v: string) => string,
): unknown {
  if (
    Array.isArray(value) && value.length === 2 && typeof value[1] === "string" &&
    nextShowsValueOf(d, "cookie")
  ) {
    return [value[0], rewrite(value[1])];
  }
  if (!d.observation && forEachOf(d.step) !== null && Array.isArray(value)) {
    const [result, calls] = value;
    return [
      result,
      Array.isArray(calls)
        ? calls.map((call) =>
          Array.isArray(call) && typeof call[0] === "string" && call[1] === "cookie"
            ? [rewrite(call[0]), ...call.slice(1)]
            : call
        )
        : calls,
    ];
  }
  return pairsRewritten(value, "cookie", rewrite);
}

/** `value` with set-cookie pairs moved after the other pairs in every list of pairs in it. */
export function setCookieLast(value: unknown): unknown {
  const cookie = (item: unknown) => isPairOf(item, "set-cookie");
  return Array.isArray(value) && !cookie(value)
    ? movedLast(value.map(setCookieLast), cookie)
    : value;
}

/** Whether `op` is a response step whose init has member `key` with a value `test` accepts. */
export function responseMember(op: Op, key: string, test: (value: unknown) => boolean): boolean {
  return op.op === "response" &&
    (op.init?.members ?? []).some(([k, value]) => k === key && test(value));
}

/** Whether `arg` is the number `n`. */
export function isNumber(arg: unknown, n: number): boolean {
  return typeof arg === "object" && arg !== null && (arg as { $?: string }).$ === "number" &&
    (arg as { v: number }).v === n;
}

/** Whether `op` is a step of `kind` whose init dictionary logs what is read from it. */
export function loggedInitOf(op: Op, kind: "request" | "response"): boolean {
  return op.op === kind && op.init !== null && op.init.via !== "plain";
}

/** The keys `new Response(null, init)` reads from its init, in order, through a Proxy. */
export const RESPONSE_INIT_KEYS_READ = `const read = [];
  const init = new Proxy({}, { get(target, key) { read.push(String(key)); return undefined; } });
  new Response(null, init);
  return read;`;

/** Whether a step that made what `d` is about (`Difference.made`, the chain back) passes `test`. */
export function madeBy(d: Difference, test: (op: Op) => boolean): boolean {
  return (d.made?.() ?? []).some(test);
}

/** Whether `op` makes a Request or Response with a body of `kind` (the constructor's or init's). */
export function bodyIs(op: Op, kind: string): boolean {
  return (op.op === "response" && op.how === "constructor" && op.body === kind) ||
    (op.op === "request" &&
      (op.init?.members ?? []).some(([key, value]) =>
        key === "body" && (value as { body: string }).body === kind
      ));
}

/**
 * What the run does after `d` when it shows a message's Content-Type `from` (one of them) on the
 * reference's side as `to` on the candidate's (null: none), and nothing else: "go on" for a read's
 * own outcomes (get or has of content-type, a listing, the normalized Content-Type), "fork" for the
 * observation of the object after the step (its list differs from then on); null otherwise.
 */
export function contentTypeAs(
  d: Difference,
  from: readonly string[],
  to: string | null,
): AfterExplained | null {
  const [c, r] = [okOf(d.candidate), okOf(d.reference)];
  if (c === undefined || r === undefined) return null;
  const rewrite = (value: string) => from.includes(value) ? to : value;
  const read = !d.observation && d.step.op === "read" ? d.step : null;
  const named = read !== null && read.name.toLowerCase() === "content-type";
  let expected: unknown;
  if (/^normalizedContentType\(h\[\d+\]\)$/.test(d.label) || (named && read?.via === "get")) {
    expected = typeof r === "string" ? rewrite(r) : r;
  } else if (named && read?.via === "has") {
    expected = to === null ? false : r;
  } else if (/^headerListOf\(h\[\d+\]\)$/.test(d.label) && Array.isArray(r)) {
    expected = r.flatMap((item, i) => {
      if (i % 2 === 1) return [];
      const value = String(r[i + 1]);
      if (String(item).toLowerCase() !== "content-type") return [item, r[i + 1]];
      const shown = rewrite(value);
      return shown === null ? [] : [item, shown];
    });
  } else expected = contentTypePairs(r, rewrite);
  if (JSON.stringify(c) !== JSON.stringify(expected)) return null;
  return d.observation ? "fork" : "go on";
}

/**
 * `value` with every content-type pair in it (at any depth) whose value is among `from` shown as
 * `to` (removed when null): a class's `rewrite` of the reference's pairs, so that it explains a
 * listing together with the classes that rewrite the order or separators.
 */
export function contentTypeRewritten(
  value: unknown,
  from: readonly string[],
  to: string | null,
): unknown {
  return contentTypePairs(value, (v) => from.includes(v) ? to : v);
}

/** `value` with every content-type pair in it (at any depth) rewritten, or removed when null. */
function contentTypePairs(value: unknown, rewrite: (v: string) => string | null): unknown {
  if (!Array.isArray(value)) return value;
  return value.flatMap((item) => {
    if (!isPairOf(item, "content-type")) return [contentTypePairs(item, rewrite)];
    const shown = rewrite((item as string[])[1]);
    return shown === null ? [] : [[(item as string[])[0], shown]];
  });
}

/**
 * Whether `d` is the construction outcome (not the init's log) of a step of `kind`, which the
 * candidate made where the reference threw `threw`.
 */
export function madeWhereThrew(
  d: Difference,
  kind: "request" | "response",
  threw: string,
): boolean {
  return !d.observation && d.step.op === kind && !isInitLog(d) && okOf(d.candidate) !== undefined &&
    threwOf(d.reference) === threw;
}

/** The status an Arg stands for as an unsigned short, or null when it is not a number. */
function statusOf(arg: unknown): number | null {
  const v = (arg as { $?: string; v?: unknown } | null)?.v;
  return typeof v === "number" && Number.isInteger(v) ? v % 65536 : null;
}

/**
 * Whether the status and statusText of `op`'s init (a Response step's; each absent, or one the
 * generator gives) pass the standard's checks that would throw instead of the headers' conversion
 * or filling: a status in 200-599 that is not a null body status (or 101, which Deno's fast paths
 * accept and the standard rejects only after converting the headers), and a reason phrase.
 */
export function checksPass(op: Op): boolean {
  const status = (v: unknown) => {
    const n = statusOf(v);
    return n !== null && (n === 101 || (n >= 200 && n <= 599 && ![204, 205, 304].includes(n)));
  };
  const reason = (v: unknown) => typeof v === "string" && /^[\t\x20-\x7e\x80-\xff]*$/.test(v);
  return !responseMember(op, "status", (v) => !status(v)) &&
    !responseMember(op, "statusText", (v) => !reason(v));
}
