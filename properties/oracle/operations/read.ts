/**
 * `read`: the first (or a later) read of a live Request's or Response's headers. Making a message
 * (request.ts, response.ts, clone.ts) never reads them: a lazy implementation keeps them in
 * whatever form it likes until this step, which the generator may never pick. The read goes
 * through one channel a user has: the `.headers` getter alone, `get`, `has`, `getSetCookie`,
 * iteration, `forEach`, or the runtime's inspect of the message (`Deno.inspect`, `Bun.inspect`,
 * Node's `util.inspect`) before the getter. The headers then go to the next object slot, where
 * every other step and the observation after each step reach them. Outcomes: what the channel
 * gave, a multipart/form-data boundary replaced by `BOUNDARY` ({@link withBoundary}); for inspect,
 * the type of the text (what it shows is the runtime's own, as shape.ts judges the prototype's
 * shape: what inspecting did to the message shows in every later observation); then the
 * Content-Type with its boundary normalized in the headers too (fetch_init.ts
 * `normalizedContentType`), so that no later step compares the user agent's boundary.
 *
 * `unread` picks the message: one never read when true, one read before when false (either when
 * none is in that state); the resolved step says which it was, and shrinking keeps it. `recent`
 * takes the newest message in that state, so that chains (make, clone, read the clone) come often
 * (base/kind.ts `Side.messageRef`).
 *
 * @example
 * ```ts
 * import { renderOp } from "../world.ts";
 * renderOp({
 *   op: "read",
 *   slot: 1,
 *   message: 0,
 *   unread: true,
 *   recent: false,
 *   via: "get",
 *   name: "content-type",
 * });
 * // 'withBoundary((h[1] = m[0].headers).get("content-type")) /* m[0] unread *\/'
 * ```
 *
 * @module
 */
import fc from "fast-check";
import { objectRef } from "../base/arguments.ts";
import { attempt } from "../base/observe.ts";
import type { OperationKind } from "../base/kind.ts";
import { normalizedContentType } from "./fetch_init.ts";

/** The channel of a read. */
export type ReadVia =
  | "headers"
  | "get"
  | "has"
  | "getSetCookie"
  | "iterate"
  | "forEach"
  | "inspect";

/** `h[slot] = m[message].headers` read through `via` (`name` the argument of get and has). */
export type ReadOp = {
  op: "read";
  slot: number;
  message: number;
  unread: boolean;
  recent: boolean;
  via: ReadVia;
  name: string;
};

/** Every channel, equally often. */
const VIAS: readonly ReadVia[] = [
  "headers",
  "get",
  "has",
  "getSetCookie",
  "iterate",
  "forEach",
  "inspect",
];

/**
 * A read step: a never-read message half the time, the newest half the time; get and has ask for a
 * name a body sets among others.
 */
export const readOp: fc.Arbitrary<ReadOp> = fc.record({
  op: fc.constant("read" as const),
  slot: fc.constant(0),
  message: objectRef,
  unread: fc.boolean(),
  recent: fc.boolean(),
  via: fc.constantFrom(...VIAS),
  name: fc.constantFrom("content-type", "set-cookie", "a", "Content-Length"),
});

/**
 * `value` with every multipart/form-data boundary in its strings (nested arrays included)
 * replaced by `BOUNDARY`: the standard leaves the boundary to the user agent.
 */
export function withBoundary(value: unknown): unknown {
  if (typeof value === "string") {
    return value.replace(/(multipart\/form-data; boundary=)[^,]*/g, "$1BOUNDARY");
  }
  return Array.isArray(value) ? value.map(withBoundary) : value;
}

/**
 * What the runtime's inspect made of `value`: the type of its text, or "no inspect" in a runtime
 * without one.
 */
export function inspectedType(value: unknown): string {
  const runtime = globalThis as {
    Deno?: { inspect?: (value: unknown) => unknown };
    Bun?: { inspect?: (value: unknown) => unknown };
    process?: {
      getBuiltinModule?: (name: string) => { inspect?: (value: unknown) => unknown } | undefined;
    };
  };
  const inspect = runtime.Deno?.inspect ?? runtime.Bun?.inspect ??
    runtime.process?.getBuiltinModule?.("node:util")?.inspect;
  return typeof inspect === "function" ? typeof inspect(value) : "no inspect";
}

/** The JavaScript of the channel's read of `headers` (an expression that assigns the slot). */
function channel(op: ReadOp, headers: string): string {
  const name = JSON.stringify(op.name);
  if (op.via === "headers") return headers;
  if (op.via === "get") return `withBoundary((${headers}).get(${name}))`;
  if (op.via === "has") return `(${headers}).has(${name})`;
  if (op.via === "getSetCookie") return `(${headers}).getSetCookie()`;
  if (op.via === "iterate") return `withBoundary([...(${headers})])`;
  if (op.via === "forEach") {
    return `withBoundary(((pairs) => ((${headers}).forEach((v, k) => pairs.push([k, v])), ` +
      `pairs))([]))`;
  }
  return `(inspectedType(m[${op.message}]), ${headers}, inspectedType(m[${op.message}]))`;
}

/** The JavaScript of a resolved read step, saying whether the message was never read. */
function renderRead(op: ReadOp): string {
  const code = channel(op, `h[${op.slot}] = m[${op.message}].headers`);
  return op.unread ? `${code} /* m[${op.message}] unread */` : code;
}

/** Reads `headers` through `via` as {@link channel} renders it. */
function readThrough(op: ReadOp, message: unknown, take: () => unknown): unknown {
  if (op.via === "inspect") {
    inspectedType(message);
    take();
    return inspectedType(message);
  }
  const h = take() as {
    get(name: string): unknown;
    has(name: string): unknown;
    getSetCookie(): unknown;
    forEach(callback: (value: unknown, key: unknown) => void): void;
    [Symbol.iterator](): Iterator<unknown>;
  };
  if (op.via === "headers") return h;
  if (op.via === "get") return withBoundary(h.get(op.name));
  if (op.via === "has") return h.has(op.name);
  if (op.via === "getSetCookie") return h.getSetCookie();
  if (op.via === "iterate") return withBoundary([...h]);
  const pairs: unknown[] = [];
  h.forEach((v, k) => pairs.push([k, v]));
  return withBoundary(pairs);
}

/** The read steps: see the module doc. */
export const read: OperationKind<ReadOp> = {
  resolve(op, reference) {
    const picked = reference.messageRef(op.message, op.unread, op.recent);
    return picked === null
      ? null
      : { ...op, slot: reference.nextSlot(), message: picked.slot, unread: picked.unread };
  },
  perform(side, op, outcomes) {
    const message = side.messages[op.message] as { headers: unknown };
    outcomes.push(attempt(() =>
      readThrough(op, message, () => {
        const headers = side.place(op.slot, message.headers);
        side.read[op.message] = true;
        return headers;
      })
    ));
    outcomes.push(attempt(() => normalizedContentType(side.objects[op.slot])));
  },
  render: renderRead,
  labels: (op) => [renderRead(op), `normalizedContentType(h[${op.slot}])`],
  codes: (op) => [renderRead(op), `normalizedContentType(h[${op.slot}])`],
};
