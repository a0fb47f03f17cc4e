/**
 * `read`: the first (or a later) read of a live Request's or Response's headers. Making a message
 * (request.ts, response.ts, clone.ts) never reads them: a lazy implementation keeps them in
 * whatever form it likes until this step, which the generator may never pick. The read goes
 * through one channel a user has: the `.headers` getter alone, `get`, `has`, `getSetCookie`,
 * iteration, `forEach`, or the runtime's inspect of the message (`Deno.inspect`, `Bun.inspect`,
 * Node's `util.inspect`) before the getter. The headers then go to the next object slot, where
 * every other step and the observation after each step reach them. Outcomes: what the channel
 * gave, a multipart/form-data boundary replaced by `BOUNDARY` ({@link withBoundary}); for inspect,
 * the name/value pairs its rendering of the message (before the getter) shows, against the
 * reference's sorted-and-combined list ({@link inspectedPairs}); then the
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
 * The runtime's inspect of `value` as text (`Deno.inspect`, `Bun.inspect`, Node's
 * `util.inspect`); null in a runtime without one.
 */
export function inspectedText(value: unknown): string | null {
  const runtime = globalThis as {
    Deno?: { inspect?: (value: unknown) => string };
    Bun?: { inspect?: (value: unknown) => string };
    process?: {
      getBuiltinModule?: (name: string) => { inspect?: (value: unknown) => string } | undefined;
    };
  };
  const inspect = runtime.Deno?.inspect ?? runtime.Bun?.inspect ??
    runtime.process?.getBuiltinModule?.("node:util")?.inspect;
  return typeof inspect === "function" ? String(inspect(value)) : null;
}

/**
 * The name/value pairs `text`, a runtime's inspect of a message, shows in its first
 * `Headers { ... }`, else (a rendering with no Headers: the reference's, a module's) the pairs of
 * iterating `headers`; names lowercased, sorted and combined (set-cookie too) with `, `, so that
 * what is compared is which names and values it shows, not how the runtime lays them out (Deno
 * and Node render an object, so repeated names are joined and Node keeps the list's order and
 * case; Bun renders set-cookie as an array). Every runtime's rendering is a JavaScript object
 * literal: keys bare or quoted, values string literals (`"`, `'` or a backtick, with escapes) or
 * Bun's array of them. A rendering it cannot read (a string cut by the runtime's inspect) gives
 * `{ unparsed }`, a divergence that shows the text. Self-contained: reproductions embed it.
 */
export function inspectedPairs(text: string | null, headers: unknown): unknown {
  const start = text === null ? -1 : text.indexOf("Headers {");
  const pairs: [string, string][] = [];
  if (text === null || start < 0) {
    for (const [name, value] of headers as Iterable<[string, string]>) pairs.push([name, value]);
  } else {
    let at = start + "Headers {".length;
    const space = () => {
      while (at < text.length && /[\s,]/.test(text[at])) at++;
    };
    const literal = (): string | null => {
      const quote = text[at];
      if (quote !== '"' && quote !== "'" && quote !== "`") return null;
      let out = "";
      for (at++; at < text.length && text[at] !== quote; at++) {
        if (text[at] !== "\\") {
          out += text[at];
          continue;
        }
        const c = text[++at];
        const hex = c === "x" ? 2 : c === "u" ? 4 : 0;
        if (hex > 0) {
          out += String.fromCharCode(parseInt(text.slice(at + 1, at + 1 + hex), 16));
          at += hex;
        } else {
          out += ({ n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v", 0: "\0" } as Record<
            string,
            string
          >)[c] ?? c;
        }
      }
      if (at >= text.length) return null;
      at++;
      // A string the runtime cut ("... 2000 more characters") cannot be compared.
      return text.startsWith("...", at + 1) ? null : out;
    };
    const unparsed = { unparsed: text.slice(start, start + 300) };
    for (space(); text[at] !== "}"; space()) {
      if (at >= text.length) return unparsed;
      let name = literal();
      if (name === null) {
        const colon = text.indexOf(":", at);
        if (colon < 0) return unparsed;
        name = text.slice(at, colon).trim();
        at = colon;
      }
      if (text[at] !== ":") return unparsed;
      at++;
      space();
      if (text[at] === "[") {
        for (at++, space(); text[at] !== "]"; space()) {
          const value = literal();
          if (value === null) return unparsed;
          pairs.push([name, value]);
        }
        at++;
      } else {
        const value = literal();
        if (value === null) return unparsed;
        pairs.push([name, value]);
      }
    }
  }
  const combined: [string, string][] = [];
  const sorted = pairs.map(([name, value]) => [name.toLowerCase(), value] as [string, string])
    .sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  for (const [name, value] of sorted) {
    const last = combined.at(-1);
    if (last !== undefined && last[0] === name) last[1] += `, ${value}`;
    else combined.push([name, value]);
  }
  return withBoundary(combined);
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
  return `((text) => inspectedPairs(text, ${headers}))(inspectedText(m[${op.message}]))`;
}

/** The JavaScript of a resolved read step, saying whether the message was never read. */
function renderRead(op: ReadOp): string {
  const code = channel(op, `h[${op.slot}] = m[${op.message}].headers`);
  return op.unread ? `${code} /* m[${op.message}] unread */` : code;
}

/** Reads `headers` through `via` as {@link channel} renders it. */
function readThrough(op: ReadOp, message: unknown, take: () => unknown): unknown {
  if (op.via === "inspect") {
    const text = inspectedText(message);
    return inspectedPairs(text, take());
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
