/**
 * The tagged outcome of one call, the one shape every comparison of headerproof uses: what the
 * call returned (`{ ok: value }`), or the name of what it threw (`{ threw: "TypeError" }`), never
 * a message. The oracle's outcomes hold encoded values (`Outcome<Encoded>`, oracle/observe.ts);
 * the hand-written conformance scenarios, the upstream reports' expectations and the tamper
 * battery hold the value as it is (`Outcome`).
 *
 * {@link errorName} is self-contained (it refers to nothing outside itself): the answer stage's
 * reproductions embed its source text, so it must stay that way. This module imports nothing.
 *
 * @example
 * ```ts
 * import { outcomeOf, threwOf } from "./outcome.ts";
 * const outcome = outcomeOf(() => new Headers().get("a b")); // { threw: "TypeError" }
 * threwOf(outcome); // "TypeError"
 * ```
 *
 * @module
 */

/** A tagged outcome of one call: its result, or the name of the error it threw. */
export type Outcome<Value = unknown> = { ok: Value } | { threw: string };

/**
 * The name of what a call threw: the constructor name of an object, `non-error <typeof>` for a
 * thrown primitive, `unreadable` when even reading that name throws.
 *
 * @example
 * ```ts
 * import { errorName } from "./outcome.ts";
 * errorName(new RangeError("x")); // "RangeError"
 * errorName(42); // "non-error number"
 * ```
 */
export function errorName(thrown: unknown): string {
  if ((typeof thrown !== "object" || thrown === null) && typeof thrown !== "function") {
    return "non-error " + (thrown === null ? "null" : typeof thrown);
  }
  try {
    const ctor = (thrown as { constructor?: { name?: unknown } }).constructor;
    const name = ctor === undefined || ctor === null ? undefined : ctor.name;
    return typeof name === "string" ? name : "anonymous error";
  } catch {
    return "unreadable";
  }
}

/**
 * Runs `call` and tags its outcome, keeping the value it returned as it is (the oracle's
 * `attempt` encodes it instead, to read an untrusted candidate's values defensively).
 *
 * @example
 * ```ts
 * import { outcomeOf } from "./outcome.ts";
 * outcomeOf(() => 1); // { ok: 1 }
 * ```
 */
export function outcomeOf<Value>(call: () => Value): Outcome<Value> {
  try {
    return { ok: call() };
  } catch (error) {
    return { threw: errorName(error) };
  }
}

/**
 * The value of an outcome that returned, or undefined when it threw or is missing.
 *
 * @example
 * ```ts
 * import { okOf } from "./outcome.ts";
 * okOf({ ok: "v" }); // "v"
 * ```
 */
export function okOf<Value>(outcome: Outcome<Value> | undefined): Value | undefined {
  return outcome !== undefined && "ok" in outcome ? outcome.ok : undefined;
}

/**
 * The error name of an outcome that threw, or undefined.
 *
 * @example
 * ```ts
 * import { threwOf } from "./outcome.ts";
 * threwOf({ threw: "TypeError" }); // "TypeError"
 * ```
 */
export function threwOf(outcome: Outcome<unknown> | undefined): string | undefined {
  return outcome !== undefined && "threw" in outcome ? outcome.threw : undefined;
}
