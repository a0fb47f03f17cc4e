/**
 * Named classes of known divergences of native Headers from the reference, each documented in
 * properties/NATIVE_DIVERGENCES.md. `--known-divergences a,b` (or `all`) puts classes in force: the
 * executor (world.ts) hands each difference to them ({@link explainedBy}), and a run goes on past a
 * difference one of them recognizes from the step and both outcomes; `--exclude-known` (opt-in)
 * also stops generating the operations a class covers. Nothing is excused silently: the report
 * lists every class in force and every class hit, and an unknown name is an error.
 *
 * @example
 * ```ts
 * import { divergenceClasses } from "./divergences.ts";
 * const [noCors] = divergenceClasses(["no-cors-guard-ignored"]);
 * noCors.covers({ op: "construct", slot: 0, guard: "request-no-cors", init: { kind: "none" } });
 * // true
 * ```
 *
 * @module
 */
import type { Arg, CallOp, Guard, Init, Op, RecordedHow } from "./ops.ts";
import { CODEC_DIVERGENCE_CLASSES } from "../codec/classes.ts";
import { okOf, threwOf } from "../core/outcome.ts";
import type { Outcome } from "./base/observe.ts";

/**
 * One outcome of a step that came out differently on the two sides (world.ts): the resolved step,
 * what was looked at, and both outcomes. `observation` is false for the step's own outcomes (its
 * calls' results, an init's read log) and true for what is looked at after every step (the
 * iteration, own keys and header list of each object, one `next()` of each iterator).
 */
export interface Difference {
  /** The resolved step; for an outcome of a call inside a batch step, that call. */
  step: Op;
  /** What was looked at (its label). */
  label: string;
  /** Whether it was an observation after the step rather than one of the step's outcomes. */
  observation: boolean;
  /** The candidate's outcome. */
  candidate: Outcome | undefined;
  /** The reference's outcome. */
  reference: Outcome | undefined;
  /**
   * The reference's pairs now, of each object the outcome is about (for an iterator, the object
   * it was opened on); absent where not known.
   */
  lists?: () => unknown[];
}

/**
 * What a run does after a step whose differences a class explains (world.ts): "go on", the class
 * changes only what the explained outcomes show, so both sides still hold the same objects and
 * every object stays compared; "fork", the objects and iterators that step touched (the slots its
 * labels and its differing outcomes name) are no longer compared, nor any step that uses them,
 * for the rest of the run. Either way a run whose two sides no longer hold as many objects,
 * iterators or messages compares nothing more.
 */
export type AfterExplained = "go on" | "fork";

/** A known divergence: which differences it explains, and where it was seen. */
export interface DivergenceClass {
  /** The class name used by `--known-divergences`. */
  name: string;
  /** The runtimes it was seen in. */
  runtimes: readonly string[];
  /** One line: what the runtime does differently. */
  summary: string;
  /**
   * Whether `op` (unresolved, as generated) may run into this divergence: the operations the
   * opt-in `--exclude-known` stops generating.
   */
  covers(op: Op): boolean;
  /**
   * Whether this class explains `difference`, from the step and both outcomes: what the run does
   * after the step, or null when it does not. Absent: a class whose operations are narrow enough
   * that any difference of a step it {@link covers}, or on an object such a step made or touched,
   * is its, after which those objects are forked ({@link explainedBy}).
   */
  explains?(difference: Difference): AfterExplained | null;
  /**
   * For a class whose divergence rewrites what an outcome shows (an order, a separator): the
   * outcome `value` of `side` rewritten so that the class's divergence no longer shows. When no
   * class explains a difference alone, the rewrites of every class in force are applied together
   * ({@link explainedBy}): two such divergences in one outcome are explained by both.
   */
  rewrite?(value: unknown, side: "candidate" | "reference", difference: Difference): unknown;
  /**
   * The step never returns (a hang): a run cannot go on past it, so while the class is in force
   * the operations it {@link covers} are not generated, the one exclusion by generation that is
   * not opt-in (its share is printed).
   */
  hangs?: true;
  /**
   * What the class makes wrong for every object of the runtime, switched off while the class is
   * in force: "own keys", the own keys of objects and iterators observed after every step;
   * "tampered realm", the tampered-realm property (tampered_realm.ts).
   */
  silences?: "own keys" | "tampered realm";
}

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
      return [];
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
function makesGuard(op: Op, guard: string): boolean {
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
function requestGuardOf(op: Extract<Op, { op: "request" }>): Guard {
  const noCors = op.input !== null ||
    (op.init?.members ?? []).some(([key, value]) => key === "mode" && value === "no-cors");
  return noCors ? "request-no-cors" : "request";
}

/** Whether `text` is empty once HTTP whitespace is stripped from its ends. */
function normalizesToEmpty(text: string): boolean {
  return /^[\t\n\r ]*$/.test(text);
}

/** Whether `op` opens an iterator (directly or as a raw list's first operation). */
function opensIterator(op: Op): boolean {
  return op.op === "iterOpen" || (op.op === "rawList" && op.first?.op === "iterOpen");
}

/** Whether `op` constructs from a recorded init of kind `how`. */
function recordedInitOf(op: Op, how: RecordedHow): boolean {
  return op.op === "construct" && op.init.kind === "recorded" && op.init.how === how;
}

/** Whether `d` is one `next()` of an open iterator (a step's, or observed after the step). */
function isNext(d: Difference): boolean {
  return /^it\[\d+\]\.next\(\)$/.test(d.label);
}

/** Whether `d` is the read log of a Request's or Response's init (request.ts). */
function isInitLog(d: Difference): boolean {
  return !d.observation && /^the log of h\[\d+\]'s init$/.test(d.label);
}

/** The forEach call of a step: a forEach step, or a raw list's first call. */
function forEachOf(step: Op): Extract<Op, { op: "forEach" }> | null {
  if (step.op === "forEach") return step;
  return step.op === "rawList" && step.first?.op === "forEach" ? step.first : null;
}

/** Whether `d` is the outcome of a forEach call with no mutations (`forEachObserved`). */
function isPlainForEach(d: Difference): boolean {
  return !d.observation && forEachOf(d.step)?.mutations.length === 0;
}

/** Whether both outcomes returned and `same` holds of their values. */
function bothOk(d: Difference, same: (candidate: unknown, reference: unknown) => boolean): boolean {
  const [c, r] = [okOf(d.candidate), okOf(d.reference)];
  return c !== undefined && r !== undefined && same(c, r);
}

/** Whether two encoded values are equal once `normalize` rewrote both. */
function sameAs(normalize: (value: unknown) => unknown): (c: unknown, r: unknown) => boolean {
  return (c, r) => JSON.stringify(normalize(c)) === JSON.stringify(normalize(r));
}

/** Whether `value` is a `[name, value]` pair of strings whose name is `name`. */
function isPairOf(value: unknown, name: string): boolean {
  return Array.isArray(value) && value.length === 2 && typeof value[1] === "string" &&
    typeof value[0] === "string" && value[0].toLowerCase() === name;
}

/** `items` with those `last` accepts moved after the others, each group in its order. */
function movedLast(items: unknown, last: (item: unknown) => boolean): unknown {
  if (!Array.isArray(items)) return items;
  return [...items.filter((item) => !last(item)), ...items.filter(last)];
}

/** `value` with every `[name, value]` pair named `name` (at any depth) rewritten by `rewrite`. */
function pairsRewritten(value: unknown, name: string, rewrite: (v: string) => string): unknown {
  if (!Array.isArray(value)) return value;
  if (isPairOf(value, name)) return [value[0], rewrite(value[1] as string)];
  return value.map((item) => pairsRewritten(item, name, rewrite));
}

/** `value` with every string in it (at any depth) rewritten by `rewrite`. */
function stringsRewritten(value: unknown, rewrite: (v: string) => string): unknown {
  if (typeof value === "string") return rewrite(value);
  return Array.isArray(value) ? value.map((item) => stringsRewritten(item, rewrite)) : value;
}

/**
 * Whether the two read logs of an init (arrays of "get status" and such) hold the same entries
 * once `candidate` and `reference` rewrote theirs, in any order.
 */
function sameReads(
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
const RESPONSE_MEMBERS = ["headers", "status", "statusText"];

/** The members of RequestInit. */
const REQUEST_MEMBERS = [
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
function withoutReads(entries: string[], keys: readonly string[]): string[] {
  return entries.filter((entry) => !keys.some((k) => entry.endsWith(` ${k}`)));
}

/**
 * Whether `d` is a Response step, with a status or statusText and headers in its init, whose
 * construction threw `candidate` where the reference threw another error that `reference` accepts.
 */
function responseThrew(
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
 * `value` with the value of every `cookie` pair in it rewritten by `rewrite`, and for a forEach
 * call's outcome (`[result, calls]`, each call `[value, name, ...]`) the value of every call for
 * `cookie`.
 */
function cookiesRewritten(value: unknown, d: Difference, rewrite: (v: string) => string): unknown {
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
function setCookieLast(value: unknown): unknown {
  const cookie = (item: unknown) => isPairOf(item, "set-cookie");
  return Array.isArray(value) && !cookie(value)
    ? movedLast(value.map(setCookieLast), cookie)
    : value;
}

/** Every known class, by name. */
export const DIVERGENCE_CLASSES: readonly DivergenceClass[] = [
  {
    name: "no-cors-guard-ignored",
    runtimes: ["deno", "node", "bun"],
    summary:
      'new Request(url, { mode: "no-cors", headers }) does not apply the request-no-cors guard',
    covers: (op) => makesGuard(op, "request-no-cors"),
  },
  {
    name: "iteration-drops-leading-empty-value",
    runtimes: ["deno"],
    summary: 'iteration shows "a" for values ["", "a"] where get() (and the standard) say ", a"',
    covers: (op) => stringsOf(op).some(normalizesToEmpty),
    // Only leading ", " runs of combined values differ (in whatever shows pairs or values: a
    // listing, a next(), a forEach, a spread); no name starts so, and a single value is trimmed.
    explains: (d) =>
      bothOk(d, sameAs((value) => stringsRewritten(value, (v) => v.replace(/^(?:,[\t ]*)+/, ""))))
        ? "go on"
        : null,
    rewrite: (value) => stringsRewritten(value, (v) => v.replace(/^(?:,[\t ]*)+/, "")),
  },
  {
    name: "iterator-latches-on-done",
    runtimes: ["bun"],
    summary: "an iterator that returned done stays done after the list grows",
    covers: opensIterator,
    // The candidate's iterator says done where the reference's yields: that iterator is forked.
    explains: (d) =>
      isNext(d) &&
        bothOk(d, (c, r) => Array.isArray(c) && Array.isArray(r) && c[0] === true && r[0] === false)
        ? "fork"
        : null,
  },
  {
    name: "for-each-iterates-snapshot",
    runtimes: ["deno"],
    summary: "forEach() does not see headers its callback adds or removes (it walks a snapshot)",
    covers: (op) =>
      (op.op === "forEach" && op.mutations.length > 0) ||
      (op.op === "rawList" && op.first?.op === "forEach" && op.first.mutations.length > 0),
    // A forEach whose callback mutates: its calls differ, and so may the list, as the callback
    // runs as many mutations as the snapshot has entries. Every object the step touched is
    // forked; other objects stay compared.
    explains: (d) =>
      [d.step, ...(d.step.op === "batch" ? d.step.ops : [])].some((step) =>
          (forEachOf(step)?.mutations.length ?? 0) > 0
        )
        ? "fork"
        : null,
  },
  {
    name: "set-cookie-sorted-last",
    runtimes: ["bun"],
    summary: "iteration puts set-cookie after every other name instead of in byte order",
    covers: (op) => stringsOf(op).some((text) => text.toLowerCase() === "set-cookie"),
    // Whatever shows pairs (a listing, a spread) or a plain forEach's calls are the reference's
    // with set-cookie moved last; an iterator that yields (or where the reference yields) a
    // set-cookie pair is forked.
    explains: (d) => {
      const cookie = (item: unknown) => isPairOf(item, "set-cookie");
      const call = (item: unknown) =>
        Array.isArray(item) && typeof item[1] === "string" && item[1] === "set-cookie";
      if (
        !isNext(d) && bothOk(d, (c, r) => JSON.stringify(c) === JSON.stringify(setCookieLast(r)))
      ) {
        return "go on";
      }
      if (isPlainForEach(d)) {
        return bothOk(d, (c, r) =>
            Array.isArray(c) && Array.isArray(r) &&
            JSON.stringify(c) === JSON.stringify([r[0], movedLast(r[1], call)]))
          ? "go on"
          : null;
      }
      // A header list (headerListOf: names and values in one flat list) copied through the
      // iteration holds set-cookie where the iteration put it: the reference's pairs, set-cookie
      // among them, in another order; that object is forked, as its list's order now differs.
      const pairsOf = (flat: unknown) =>
        Array.isArray(flat)
          ? flat.flatMap((item, i) => i % 2 === 0 ? [[item, flat[i + 1]]] : [])
          : [];
      if (
        /^headerListOf\(h\[\d+\]\)$/.test(d.label) &&
        bothOk(d, (c, r) => {
          const sorted = (flat: unknown) => JSON.stringify(pairsOf(flat).map(String).sort());
          return sorted(c) === sorted(r) && pairsOf(r).some(cookie);
        })
      ) return "fork";
      const forEach = !d.observation && forEachOf(d.step) !== null;
      const yieldsCookie = (o: unknown): boolean =>
        Array.isArray(o) && (cookie(o) || o[1] === "set-cookie" || o.some(yieldsCookie));
      // An iterator over an object holding set-cookie yields what the order puts at its
      // position, whichever pair that is: forked.
      if (isNext(d) && (d.lists?.() ?? []).some(yieldsCookie)) return "fork";
      return (isNext(d) || forEach || (!d.observation && d.step.op === "tamper")) &&
          bothOk(d, (c, r) => yieldsCookie(c) || yieldsCookie(r))
        ? "fork"
        : null;
    },
    rewrite: (value, side) => side === "reference" ? setCookieLast(value) : value,
  },
  {
    name: "record-includes-non-enumerable-keys",
    runtimes: ["node"],
    summary: "a record init also takes non-enumerable own properties (a hidden symbol key then " +
      "throws a TypeError)",
    covers: (op) =>
      op.op === "construct" &&
      ((op.init.kind === "record" &&
        (op.init.extra === "hidden string" || op.init.extra === "hidden symbol")) ||
        (op.init.kind === "exotic" && op.init.how === "callable record")),
  },
  {
    name: "record-enumerable-symbol-key-ignored",
    runtimes: ["deno"],
    summary: "a record init with an enumerable Symbol key is accepted instead of a TypeError",
    covers: (op) =>
      op.op === "construct" && op.init.kind === "record" &&
      (op.init.extra === "enumerable symbol" || op.init.extra === "proxy with enumerable symbol"),
  },
  {
    name: "copy-keeps-trailing-comma-space",
    runtimes: ["bun", "deno"],
    summary: 'new Headers(other) keeps a combined value ending in ", " where filling from the ' +
      'iteration normalizes it to "," (Bun; Deno: new Response(body, { headers: other }))',
    covers: (op) =>
      op.op === "copy" || op.op === "copyChain" ||
      (op.op === "construct" && op.init.kind === "headers") ||
      (op.op === "rawList" && op.first?.op === "copy") ||
      (op.op === "response" &&
        (op.init?.members ?? []).some(([key, value]) =>
          key === "headers" && (value as { headers: Init }).headers.kind === "headers"
        )),
    // A copy's values differ only by a trailing ", " where the reference has "," (in whatever
    // shows values: a listing, a next(), a forEach, a get()); the copy holds another list (its
    // values uncombined), so the objects it is seen in are forked.
    explains: (d) =>
      bothOk(d, sameAs((value) => stringsRewritten(value, (v) => v.replace(/, $/, ","))))
        ? "fork"
        : null,
    rewrite: (value) => stringsRewritten(value, (v) => v.replace(/, $/, ",")),
  },
  {
    name: "response-init-skips-tolength",
    runtimes: ["deno"],
    summary:
      "new Response(null, { headers: array }) reads an array-like length without ToLength, " +
      "so an array whose length reads 0.5 throws a TypeError",
    covers: (op) =>
      op.op === "construct" && op.guard === "response" && op.init.kind === "proxied array",
  },
  {
    name: "pair-next-primitive-hangs",
    runtimes: ["deno", "node"],
    summary: "a sequence init whose pair's iterator next() returns a primitive loops forever " +
      "instead of throwing a TypeError",
    covers: (op) =>
      op.op === "construct" && op.init.kind === "broken" &&
      op.init.how === "pair next returns a primitive",
    hangs: true,
  },
  {
    name: "cookie-joined-with-semicolon",
    runtimes: ["node", "bun"],
    summary: 'values of the "cookie" header are combined with "; " instead of ", "',
    covers: (op) => stringsOf(op).some((text) => text.toLowerCase() === "cookie"),
    // Only the cookie header's combined value differs, "; " for ", ", in whatever shows pairs
    // (a listing, a next(), a forEach, a spread) or in a get("cookie").
    explains: (d) => {
      const get = d.step.op === "get" && typeof d.step.args[0] === "string" &&
        d.step.args[0].toLowerCase() === "cookie" && !d.observation;
      // A combined value's separator, or its last one once trimmed (an empty value last).
      const joined = (v: string) => v.replace(/;( |$)/g, ",$1");
      const normalized = sameAs((value) =>
        get && typeof value === "string" ? joined(value) : cookiesRewritten(value, d, joined)
      );
      return bothOk(d, normalized) ? "go on" : null;
    },
    rewrite: (value, _side, d) => cookiesRewritten(value, d, (v) => v.replace(/;( |$)/g, ",$1")),
  },
  {
    name: "get-set-cookie-no-brand-check",
    runtimes: ["bun"],
    summary: "Headers.prototype.getSetCookie.call({}) returns undefined instead of throwing",
    covers: (op) => op.op === "brand" && op.method === "getSetCookie",
  },
  {
    name: "error-response-headers-mutable",
    runtimes: ["bun"],
    summary:
      "Response.error().headers accepts append/set/delete instead of throwing (not immutable)",
    covers: (op) => makesGuard(op, "immutable"),
  },
  {
    name: "headers-init-ignores-overridden-iterator",
    runtimes: ["deno", "bun"],
    summary: "a Headers given as init is copied from its internal list, ignoring an @@iterator " +
      "its subclass or the instance overrides (Deno: the Response constructor only; Bun: always)",
    covers: (op) =>
      op.op === "construct" && op.init.kind === "exotic" &&
      (op.init.how === "subclass overrides @@iterator" ||
        op.init.how === "instance overrides @@iterator"),
  },
  {
    name: "sequence-converted-after-iteration",
    runtimes: ["bun"],
    summary: "a sequence init is iterated to the end before its pairs are converted, so an " +
      "error later in the iteration wins over an invalid pair before it",
    covers: (op) =>
      (op.op === "construct" && op.init.kind === "exotic" &&
        op.init.how === "iterable throws midway") ||
      recordedInitOf(op, "array") || recordedInitOf(op, "iterator"),
  },
  {
    name: "iterator-method-read-repeatedly",
    runtimes: ["deno"],
    summary: "converting an init reads its @@iterator method two or three times (WebIDL: once, " +
      "by GetMethod, whose result is then called)",
    covers: (op) => op.op === "construct" && op.init.kind === "recorded",
  },
  {
    name: "record-value-read-before-key-check",
    runtimes: ["bun"],
    summary: "a record init's value is read and converted before its key is checked to be a " +
      "ByteString (WebIDL: the key's conversion throws first)",
    covers: (op) => recordedInitOf(op, "record"),
  },
  {
    name: "iterator-protocol-extra-reads",
    runtimes: ["node"],
    summary: "converting an iterator init reads its next method twice and reads value from the " +
      "result that says done (WebIDL: next once by GetIterator, value only when not done)",
    covers: (op) => recordedInitOf(op, "iterator"),
  },
  {
    name: "iteration-pairs-shared-with-cache",
    runtimes: ["node"],
    summary: "the pairs iteration hands out are the ones its cache keeps (undici 6.0.0): " +
      "mutating a pair of a spread changes what the next iteration yields",
    covers: (op) =>
      (op.op === "tamper" && op.what !== "getSetCookie array") ||
      (op.op === "batch" &&
        op.ops.some((inner) => inner.op === "tamper" && inner.what !== "getSetCookie array")),
  },
  {
    name: "uses-patchable-builtins",
    runtimes: ["node"],
    summary: "Headers calls built-ins user code can replace (String.prototype.toLowerCase, " +
      "Reflect.get, ...), so replacing one changes what it stores and answers",
    covers: () => false,
    silences: "tampered realm",
  },
  {
    name: "own-keys-expose-internal-state",
    runtimes: ["deno"],
    summary: "Headers objects and their iterators carry own Symbol-keyed properties holding " +
      "internal state (header list, guard, iterator state) that Reflect.ownKeys hands to user code",
    covers: () => false,
    silences: "own keys",
  },
  {
    name: "prototype-has-extra-properties",
    runtimes: ["deno", "node", "bun"],
    summary: "Headers.prototype has properties the interface does not define (Deno: internal " +
      "Symbol keys; Node: a Symbol accessor to the sorted header map; Bun: getAll, toJSON, count)",
    covers: (op) => op.op === "shape",
  },
  {
    name: "headers-request-response-serializable",
    runtimes: ["deno"],
    summary: "structuredClone of a Headers, Request or Response nested in another object " +
      'returns a copy instead of throwing a "DataCloneError" DOMException (at the top level ' +
      "it throws)",
    covers: (op) => op.op === "serialize",
  },
  {
    name: "request-init-reads-client",
    runtimes: ["deno"],
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
  },
  {
    name: "response-init-members-read-twice",
    runtimes: ["deno"],
    summary: "the Response constructor reads status and statusText of its ResponseInit twice " +
      "and headers after them (WebIDL: each member once, in lexicographic order)",
    covers: (op) => loggedInitOf(op, "response"),
    // The read logs differ only in the reads of status, statusText and headers: their count and
    // order (the reads after a member whose conversion threw differ with the order).
    explains: (d) => {
      const others = (entries: string[]) => withoutReads(entries, RESPONSE_MEMBERS);
      return d.step.op === "response" && sameReads(d, others, others) ? "go on" : null;
    },
  },
  {
    name: "response-accepts-status-101",
    runtimes: ["deno", "bun"],
    summary: "a Response accepts status 101 (the standard: a RangeError outside 200-599), so " +
      "`new Response(null, { status: 101 })` succeeds",
    covers: (op) => responseMember(op, "status", (v) => isNumber(v, 101)),
  },
  {
    name: "response-status-checked-before-headers-converted",
    runtimes: ["deno", "node"],
    summary: "the Response constructor and Response.json convert and check status and " +
      "statusText before they convert the init's headers, so a bad status (RangeError) or " +
      "statusText (TypeError) wins over an error converting the headers (WebIDL: the " +
      "dictionary conversion of headers comes first)",
    covers: (op) =>
      (responseMember(op, "status", () => true) || responseMember(op, "statusText", () => true)) &&
      responseMember(op, "headers", () => true),
    // A RangeError (a bad status) or TypeError (a bad statusText) where the reference threw what
    // converting the headers threw, which is not the status's RangeError.
    explains: (d) =>
      (responseThrew(d, "RangeError", (r) => r !== "RangeError") ||
          responseThrew(d, "TypeError", (r) => r !== "RangeError"))
        ? "go on"
        : null,
  },
  {
    name: "init-members-read-out-of-order",
    runtimes: ["node"],
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
  },
  {
    name: "init-reads-non-members",
    runtimes: ["bun"],
    summary: "RequestInit conversion reads `status` and `statusText` and skips most members; " +
      "ResponseInit conversion reads `method`; neither in WebIDL's order",
    covers: (op) => loggedInitOf(op, "request") || loggedInitOf(op, "response"),
    // The read logs differ only in the reads of the dictionary's members (which, in which order)
    // and of status and statusText (RequestInit) or method (ResponseInit).
    explains: (d) => {
      const members = d.step.op === "request"
        ? [...REQUEST_MEMBERS, "status", "statusText"]
        : [...RESPONSE_MEMBERS, "method"];
      const others = (entries: string[]) => withoutReads(entries, members);
      return sameReads(d, others, others) ? "go on" : null;
    },
  },
  {
    name: "json-content-type-has-charset",
    runtimes: ["bun"],
    summary: 'Response.json() sets Content-Type "application/json;charset=utf-8" (the standard: ' +
      '"application/json")',
    covers: (op) => op.op === "response" && op.how === "json",
  },
  {
    name: "string-body-no-content-type",
    runtimes: ["bun"],
    summary: 'a string body sets no Content-Type (the standard: "text/plain;charset=UTF-8") on ' +
      "a Request or a Response",
    covers: (op) =>
      (op.op === "response" && op.how === "constructor" && op.body === "string") ||
      (op.op === "request" &&
        (op.init?.members ?? []).some(([key, value]) =>
          key === "body" && (value as { body: string }).body === "string"
        )),
  },
  {
    name: "response-status-and-status-text-unchecked",
    runtimes: ["bun"],
    summary: "a Response accepts a body with a null body status (204: the standard throws a " +
      "TypeError) and a statusText that is not a reason phrase (a newline) or not a ByteString " +
      "(U+0100)",
    covers: (op) =>
      responseMember(op, "status", (v) => isNumber(v, 204)) ||
      responseMember(op, "statusText", (v) => v === "a\nb" || v === "\u0100"),
  },
  {
    name: "status-not-converted-to-unsigned-short",
    runtimes: ["bun"],
    summary: "ResponseInit's status is range-checked as given instead of converted to an " +
      "unsigned short first, so status 65736 (200 after the conversion) throws a RangeError",
    covers: (op) => responseMember(op, "status", (v) => isNumber(v, 65736)),
  },
  {
    name: "get-request-accepts-body",
    runtimes: ["bun"],
    summary: "new Request(url, { body }) with method GET (the default) or HEAD accepts the body " +
      "(the standard: a TypeError)",
    covers: (op) => {
      if (op.op !== "request") return false;
      const members = op.init?.members ?? [];
      const method = members.find(([key]) => key === "method")?.[1];
      return members.some(([key]) => key === "body") &&
        (method === undefined || method === "GET" || op.input !== null);
    },
  },
  {
    name: "request-constructor-checks-skipped",
    runtimes: ["bun"],
    summary: 'new Request accepts mode "navigate", cache "only-if-cached" outside mode ' +
      '"same-origin", a forbidden method (CONNECT) and a method that is not a token ("a b"); ' +
      "the standard throws a TypeError for each",
    covers: (op) =>
      op.op === "request" &&
      (op.init?.members ?? []).some(([key, value]) =>
        (key === "mode" && value === "navigate") ||
        (key === "cache" && value === "only-if-cached") ||
        (key === "method" && (value === "CONNECT" || value === "a b"))
      ),
  },
  {
    name: "response-headers-filled-before-status-check",
    runtimes: ["bun"],
    summary: "the Response constructor fills its headers before it checks the status range, so " +
      "an invalid header value wins (TypeError) over a bad status (the standard: RangeError " +
      "first)",
    covers: (op) =>
      responseMember(op, "status", () => true) && responseMember(op, "headers", () => true),
    // A TypeError (an invalid header) where the reference threw the status's RangeError.
    explains: (d) => responseThrew(d, "TypeError", (r) => r === "RangeError") ? "go on" : null,
  },
  {
    name: "response-init-ignores-array-iterator",
    runtimes: ["deno"],
    summary: "the Response constructor and Response.json read an array given as headers by " +
      "index, ignoring an @@iterator the array overrides (new Headers and new Request call it)",
    covers: (op) =>
      op.op === "construct" && op.guard === "response" && op.init.kind === "exotic" &&
      op.init.how === "array overrides @@iterator",
  },
  {
    name: "static-body-content-type-name-lowercase",
    runtimes: ["deno"],
    summary: "on the fast paths of new Response(static body, init) and Response.json(data, " +
      'init), a Content-Type enters the header list named "content-type": the one the body ' +
      'sets (standard: "Content-Type") and the one a record init gives as its only member, ' +
      "whatever its casing; seen only in a header list (deno-src's headerListOf), never " +
      "through Headers' methods",
    covers: (op) =>
      op.op === "response" &&
      (op.how === "json" ||
        (op.how === "constructor" && op.init !== null && op.body !== null &&
          ["string", "URLSearchParams", "ArrayBuffer", "Uint8Array", "DataView"].includes(
            op.body,
          ))),
  },
  {
    name: "foreign-form-data-body-is-text",
    runtimes: ["node"],
    summary: "undici 7.x and 8.x (a package beside Node's own) take a FormData body of another " +
      "class, such as Node's global FormData, for a string: Content-Type " +
      '"text/plain;charset=UTF-8" and the body "[object FormData]" (standard: ' +
      '"multipart/form-data; boundary=...")',
    covers: (op) =>
      (op.op === "response" && op.how === "constructor" && op.body === "FormData") ||
      (op.op === "request" &&
        (op.init?.members ?? []).some(([key, value]) =>
          key === "body" && (value as { body: string }).body === "FormData"
        )),
  },
];

/** Whether `op` is a response step whose init has member `key` with a value `test` accepts. */
function responseMember(op: Op, key: string, test: (value: unknown) => boolean): boolean {
  return op.op === "response" &&
    (op.init?.members ?? []).some(([k, value]) => k === key && test(value));
}

/** Whether `arg` is the number `n`. */
function isNumber(arg: unknown, n: number): boolean {
  return typeof arg === "object" && arg !== null && (arg as { $?: string }).$ === "number" &&
    (arg as { v: number }).v === n;
}

/** Whether `op` is a step of `kind` whose init dictionary logs what is read from it. */
function loggedInitOf(op: Op, kind: "request" | "response"): boolean {
  return op.op === kind && op.init !== null && op.init.via !== "plain";
}

/**
 * Whether `c` covers `step`: the step itself, for a batch any call inside it, for a Request or
 * Response step the construction from its init's headers member under the guards it may fill
 * with.
 */
export function coversStep(c: DivergenceClass, step: Op): boolean {
  if (c.covers(step)) return true;
  if (step.op === "batch") return step.ops.some((inner) => c.covers(inner));
  if (step.op !== "request" && step.op !== "response") return false;
  const guards: Guard[] = step.op === "request"
    ? ["none", "request", "request-no-cors"]
    : ["none", "response"];
  return (step.init?.members ?? []).some(([key, value]) =>
    key === "headers" &&
    guards.some((guard) =>
      c.covers({ op: "construct", slot: 0, guard, init: (value as { headers: Init }).headers })
    )
  );
}

/**
 * The first class of `known` that explains `difference`, with what the run does after it; null
 * when none does. `tainted` says whether an object the difference is about was made or touched by
 * a step a class without a recognizer of its own covers (world.ts keeps that).
 */
export function explainedBy(
  difference: Difference,
  known: readonly DivergenceClass[],
  tainted: (c: DivergenceClass) => boolean,
): { names: string[]; after: AfterExplained } | null {
  for (const c of known) {
    if (c.silences !== undefined && !c.covers(difference.step)) continue;
    const after = c.explains === undefined
      ? coversStep(c, difference.step) || tainted(c) ? "fork" : null
      : c.explains(difference);
    if (after !== null) return { names: [c.name], after };
  }
  const [candidate, reference] = [okOf(difference.candidate), okOf(difference.reference)];
  if (candidate === undefined || reference === undefined) return null;
  let [c, r]: unknown[] = [candidate, reference];
  const names: string[] = [];
  // Each rewrite may expose what another rewrites ("a; " is a trailing ", " once cookie's
  // separator is rewritten): passes until none changes anything.
  for (let pass = 0, changed = true; changed && pass < 4; pass++) {
    changed = false;
    for (const k of known) {
      if (k.rewrite === undefined) continue;
      const [c2, r2] = [
        k.rewrite(c, "candidate", difference),
        k.rewrite(r, "reference", difference),
      ];
      if (JSON.stringify([c2, r2]) === JSON.stringify([c, r])) continue;
      if (!names.includes(k.name)) names.push(k.name);
      [c, r] = [c2, r2];
      changed = true;
    }
  }
  // Rewritten together, the outcomes are equal: every class that rewrote one explains it, and
  // the objects it is about are forked (what one class's state change does to another's is not
  // modelled).
  return names.length > 1 && JSON.stringify(c) === JSON.stringify(r)
    ? { names, after: "fork" }
    : null;
}

/**
 * The classes named in `names` ("all" for every one, "none" for none); an unknown name throws.
 * "auto" is resolved by {@link knownFor} before it gets here.
 */
export function divergenceClasses(names: readonly string[]): DivergenceClass[] {
  if (names.includes("all")) return [...DIVERGENCE_CLASSES];
  if (names.length === 1 && names[0] === "none") return [];
  // Cost classes and the codec classes (properties/codec/classes.ts) are kept apart.
  const answerNames = names.filter((name) =>
    !COST_DIVERGENCE_CLASSES.some((c) => c.name === name) &&
    !CODEC_DIVERGENCE_CLASSES.some((c) => c.name === name)
  );
  return answerNames.map((name) => {
    const found = DIVERGENCE_CLASSES.find((c) => c.name === name);
    if (found === undefined) {
      throw new Error(
        `unknown divergence class "${name}"; known: all, none, auto, ${
          [...DIVERGENCE_CLASSES, ...COST_DIVERGENCE_CLASSES, ...CODEC_DIVERGENCE_CLASSES].map((
            c,
          ) => c.name).join(", ")
        }`,
      );
    }
    return found;
  });
}

/**
 * The classes already known for a target whose Headers is `runtimeName`'s ("deno", "node",
 * "bun"), answer and cost classes alike: those seen in it (`--known-divergences auto`, the
 * default for native, release and source targets).
 */
export function knownFor(runtimeName: string): (DivergenceClass | CostDivergenceClass)[] {
  return [...DIVERGENCE_CLASSES, ...COST_DIVERGENCE_CLASSES].filter((c) =>
    c.runtimes.includes(runtimeName)
  );
}

/**
 * The known class a divergence belongs to, or null (see the module doc for the rule). `runtime`
 * ("deno", "node", "bun") orders the classes seen in it first; `known` are already in force.
 */
export function classify(
  failure: { steps: readonly Op[]; message: string },
  runtimeName: string,
  known: readonly string[],
): DivergenceClass | null {
  const open = DIVERGENCE_CLASSES.filter((c) => !known.includes(c.name));
  if (/^step \d+: Reflect\.ownKeys\(/m.test(failure.message)) {
    const silencing = open.find((c) => c.silences === "own keys");
    if (silencing !== undefined) return silencing;
  }
  if (/the candidate called these patched built-ins/.test(failure.message)) {
    const silencing = open.find((c) => c.silences === "tampered realm");
    if (silencing !== undefined) return silencing;
  }
  const ordered = [
    ...open.filter((c) => c.runtimes.includes(runtimeName)),
    ...open.filter((c) => !c.runtimes.includes(runtimeName)),
  ];
  // A batch is covered by a class that covers any step inside it, as the campaign excludes it.
  const covers = (c: DivergenceClass, step: Op) =>
    c.covers(step) || (step.op === "batch" && step.ops.some((inner) => c.covers(inner)));
  for (let i = failure.steps.length - 1; i >= 0; i--) {
    const covering = ordered.find((c) => covers(c, failure.steps[i]));
    if (covering !== undefined) return covering;
  }
  return null;
}

/** A known class a campaign's divergence was put in ({@link classify}). */
export interface ClassHit {
  /** The class. */
  name: string;
  /** Its one-line summary. */
  summary: string;
  /** The runtimes it was seen in before. */
  seenIn: readonly string[];
  /** The seeds of the workers whose divergence it was. */
  seeds: number[];
  /** The runs that went on past it (0 for the class of a counterexample). */
  runs: number;
  /** The steps it explained over those runs (0 for the class of a counterexample). */
  steps: number;
  /**
   * The command that replays the first run that went on past it, with it left out of the classes
   * in force, so that the run fails on it (campaign/coordinator.ts); null for the class of a
   * counterexample, which its own replay command shows.
   */
  replay: string | null;
}

/**
 * Every known class among `failures` (each worker's first divergence, with its seed), in the
 * order first hit: what a campaign on a runtime's Headers (`runtimeName`) ran into, the classes
 * in `known` left out. A divergence no class covers is not listed.
 */
export function classesHit(
  failures: readonly { seed: number; steps: readonly Op[]; message: string }[],
  runtimeName: string,
  known: readonly string[],
): ClassHit[] {
  const hits: ClassHit[] = [];
  for (const failure of failures) {
    const c = classify(failure, runtimeName, known);
    if (c === null) continue;
    const hit = hits.find((h) => h.name === c.name);
    if (hit === undefined) {
      hits.push({
        name: c.name,
        summary: c.summary,
        seenIn: c.runtimes,
        seeds: [failure.seed],
        runs: 0,
        steps: 0,
        replay: null,
      });
    } else hit.seeds.push(failure.seed);
  }
  return hits;
}

/**
 * Rounds of a campaign, each excluding the known classes found before: what `sweep` does on each
 * release (upstream/sweep.ts) and `fuzz --known-divergences auto` within one budget
 * (campaign/coordinator.ts). Each round's divergences are put in known classes ({@link classify},
 * against the classes excluded in that round), and those classes are excluded from the next
 * round on. The rounds end at a round with no divergence, a divergence no class covers, or
 * `limit` rounds.
 */
export class ClassRounds {
  /** The classes found, in the order found (none repeated). */
  readonly found: string[] = [];
  /** The runtime whose Headers the target is. */
  readonly runtimeName: string;
  /** The classes excluded from the first round on. */
  readonly initial: readonly string[];
  /** The rounds at most. */
  readonly limit: number;
  #rounds = 0;

  /** Rounds on `runtimeName`'s Headers, `initial` excluded from the first, `limit` at most. */
  constructor(runtimeName: string, initial: readonly string[], limit = Infinity) {
    this.runtimeName = runtimeName;
    this.initial = initial;
    this.limit = limit;
  }

  /** The classes to exclude in the next round: the initial ones, then those found. */
  get excluded(): string[] {
    return [...this.initial, ...this.found];
  }

  /** The rounds recorded so far. */
  get count(): number {
    return this.#rounds;
  }

  /** Whether another round may run. */
  get more(): boolean {
    return this.#rounds < this.limit;
  }

  /**
   * Records one round's divergences: the class of each (null where no class covers it, which
   * ends the rounds), every class found added to those excluded from the next round.
   */
  record(
    failures: readonly { steps: readonly Op[]; message: string }[],
  ): (DivergenceClass | null)[] {
    const excluded = this.excluded;
    this.#rounds++;
    const classes = failures.map((failure) => classify(failure, this.runtimeName, excluded));
    for (const c of classes) {
      if (c !== null && !this.found.includes(c.name)) this.found.push(c.name);
    }
    return classes;
  }
}

/**
 * A known cost divergence of a native Headers, found by the cost stage (properties/costs/): a
 * right answer at a cost past a bound properties/README.md states. `--known-divergences NAME`
 * stops the cost cases it covers (properties/costs/known.ts); it covers no answer step.
 */
export interface CostDivergenceClass {
  /** The class name used by `--known-divergences`. */
  name: string;
  /** The runtimes it was seen in. */
  runtimes: readonly string[];
  /** One line: what the runtime's Headers costs, with the figures measured. */
  summary: string;
  /** The cost class of properties/costs/cases.ts its findings have. */
  costClass: string;
}

/** Every known cost divergence, documented in properties/NATIVE_DIVERGENCES.md. */
export const COST_DIVERGENCE_CLASSES: readonly CostDivergenceClass[] = [
  {
    name: "values-keep-parent-strings",
    runtimes: ["deno", "node"],
    summary: "header and set-cookie values are kept as given: 8 values of 24 code units sliced " +
      "from 1 MiB strings keep 8 MiB alive (Deno 2.9.6 and Node 22.23.3: 8.01 MiB)",
    costClass: "retains-parent-strings",
  },
  {
    name: "names-keep-parent-strings",
    runtimes: ["node"],
    summary:
      "header names are kept as given (their casing, for the raw list): 8 names sliced from " +
      "1 MiB strings keep 8 MiB alive (Node 22.23.3: 8.01 MiB; Deno 2.9.6 copies them: 15.6 KiB)",
    costClass: "retains-parent-strings",
  },
  {
    name: "linear-scan-per-operation",
    runtimes: ["deno", "bun"],
    summary: "the header list is scanned per call: append, delete, get and has (miss), " +
      "construction (and on Deno set and get hit) cost O(n) per step (ns per step at 4096 " +
      "entries against 256: Deno 2.9.6 get hit x17-48, delete x84-103, has miss x99-799; Bun " +
      "1.3.14 append x25, delete x18, get miss x27-41, construction from a record x33)",
    costClass: "superlinear-steps",
  },
  {
    name: "iteration-re-sorts-after-mutation",
    runtimes: ["deno", "node", "bun"],
    summary: "an iterator's next() (and on Deno and Bun forEach) after a mutation sorts and " +
      "combines the whole list again: O(n log n) per step (next() with a set at 256 and 4096 " +
      "entries: Deno 2.9.6 0.33 ms and 7.35 ms, Node 22.23.3 21.6 µs and 553 µs, Bun 1.3.14 " +
      "21.1 µs and 975 µs)",
    costClass: "superlinear-steps",
  },
  {
    name: "quadratic-on-large-lists",
    runtimes: ["deno", "bun"],
    summary: "100,000 headers (construct, read, iterate, copy, delete half) give no result " +
      "within 30 s, as each append and delete scans the list (Deno 2.9.6, Bun 1.3.14; on Deno " +
      "50,000 set-cookie values too)",
    costClass: "aborts-under-legal-load",
  },
];

/** The cost classes named in `names` ("all" for every one); answer class names are passed over. */
export function knownCostClasses(names: readonly string[]): CostDivergenceClass[] {
  return COST_DIVERGENCE_CLASSES.filter((c) => names.includes("all") || names.includes(c.name));
}
