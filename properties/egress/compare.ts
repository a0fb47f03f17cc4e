/**
 * How the egress stage judges a head: the field lines of a raw HTTP/1.1 head, and their comparison
 * with the reference's header list: names case-insensitively (as HTTP/1.1 allows), the values of
 * a name in order (one field line of several values joined by ", " equals the lines apart, as
 * HTTP/1.1 allows, but for `set-cookie`: one line per value), a field the runtime adds by itself
 * accounted for by a named allowance (an egress class) or a mismatch.
 *
 * @example
 * ```ts
 * import { compareHeads, headFieldLines } from "./compare.ts";
 * const lines = headFieldLines("HTTP/1.1 200 OK\r\nX-A: 1\r\nDate: now\r\n\r\n");
 * const context = { side: "server", clone: false, init: "absent", body: "absent", status: null, emptyText: false,
 *   nonAsciiText: false } as const;
 * compareHeads([["x-a", "1"]], lines, [], context).mismatch; // "date: added (no allowance names it)"
 * ```
 *
 * @module
 */
import type { HeaderList } from "../../spec/header_list.ts";

/**
 * Which message the head is: a server's response, or a client's request, over HTTP/1.1
 * ("server", "client") or HTTP/2 ("h2-server", "h2-client": an h2 header block).
 */
export type EgressSide = "server" | "client" | "h2-server" | "h2-client";

/** Whether `side` is a server's response (over HTTP/1.1 or h2). */
export function isServerSide(side: EgressSide): side is "server" | "h2-server" {
  return side === "server" || side === "h2-server";
}

/** Whether `side` speaks HTTP/2. */
export function isH2EgressSide(side: EgressSide): side is "h2-server" | "h2-client" {
  return side === "h2-server" || side === "h2-client";
}

/** What a class may ask of the message a head was written for. */
export interface EgressContext {
  side: EgressSide;
  /** Whether the message is a clone of one whose headers were never read. */
  clone: boolean;
  /** The init's kind ("absent": none given). */
  init: "absent" | "status" | "object" | "array" | "headers";
  /** The body's kind, "json" for `Response.json`. */
  body: "absent" | "null" | "string" | "bytes" | "stream" | "json";
  /** The init's status (null: none given). */
  status: number | null;
  /** Whether the body is the empty string. */
  emptyText: boolean;
  /** Whether the body is a string with a code point above U+007F. */
  nonAsciiText: boolean;
}

/**
 * A known way a runtime's server or client differs on egress, as the stage applies it (the class
 * registry's egress classes, properties/classes/egress/, implement it).
 */
export interface EgressRecognizer {
  /** The class name. */
  name: string;
  /** The sides it applies to. */
  sides: readonly EgressSide[];
  /** An allowance: the field names (lowercase) the runtime writes by itself on these sides. */
  adds?: readonly string[];
  /** A divergence: the expected header list as the runtime writes it (null: unchanged). */
  rewrite?(expected: HeaderList, context: EgressContext): HeaderList | null;
}

/** What one comparison found. */
export interface HeadComparison {
  /** The first difference, one line; null when the head agrees. */
  mismatch: string | null;
  /** How many fields each class accounted for. */
  counted: Record<string, number>;
}

/** The field lines of a raw head (the status or request line and body left out), as written. */
export function headFieldLines(raw: string): HeaderList {
  const end = raw.indexOf("\r\n\r\n");
  const head = end === -1 ? raw : raw.slice(0, end);
  return head.split("\r\n").slice(1).filter((line) => line !== "").map((line) => {
    const colon = line.indexOf(":");
    if (colon === -1) return [line, ""];
    return [line.slice(0, colon), line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, "")];
  });
}

/**
 * The regular fields of a decoded h2 header block as field lines, or why they cannot be compared
 * (RFC 9113 8.2, 8.3): a pseudo-header after a regular field, a name with an uppercase letter (an
 * h2 peer must treat it as malformed); `cookie` crumbs are joined with "; " where the first was
 * (RFC 9113 8.2.3), since a client may split one field into crumbs.
 *
 * @example
 * ```ts
 * import { h2BlockFieldLines } from "./compare.ts";
 * h2BlockFieldLines([[":status", "200"], ["cookie", "a"], ["x", "1"], ["cookie", "b"]]);
 * // { lines: [["cookie", "a; b"], ["x", "1"]], problem: null }
 * ```
 */
export function h2BlockFieldLines(
  fields: readonly (readonly [string, string])[],
): { lines: HeaderList; problem: string | null } {
  const lines: [string, string][] = [];
  let cookieAt = -1;
  for (const [name, value] of fields) {
    if (name.startsWith(":")) {
      if (lines.length > 0) return { lines, problem: `${name}: a pseudo-header after a field` };
      continue;
    }
    if (name !== name.toLowerCase()) {
      return { lines, problem: `${name}: an uppercase name in an h2 header block` };
    }
    if (name === "cookie" && cookieAt >= 0) {
      lines[cookieAt] = ["cookie", `${lines[cookieAt][1]}; ${value}`];
      continue;
    }
    if (name === "cookie") cookieAt = lines.length;
    lines.push([name, value]);
  }
  return { lines, problem: null };
}

/** The values of each name (lowercase) of `list`, in order. */
function valuesByName(list: HeaderList): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const [name, value] of list) {
    const key = name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), value]);
  }
  return byName;
}

/** The values of `name` as compared: one per line for set-cookie, else joined by ", ". */
function compared(name: string, values: readonly string[]): string {
  return JSON.stringify(
    name === "set-cookie" ? values : values.join(", ").replace(/^[ \t]+|[ \t]+$/g, ""),
  );
}

/**
 * Compares the field lines `actual` a runtime wrote with the reference's `expected` header list,
 * `classes` the egress classes in force on this runtime and side: each allowance accounts for the
 * fields the runtime adds by itself; when the list as the standard gives it differs, each
 * divergence class rewrites the expected list in turn, and a difference the rewritten list
 * explains is counted under the classes that rewrote it.
 */
export function compareHeads(
  expected: HeaderList,
  actual: HeaderList,
  classes: readonly EgressRecognizer[],
  context: EgressContext,
): HeadComparison {
  const plain = compareLists(expected, actual, classes);
  if (plain.mismatch === null) return plain;
  const rewrote: string[] = [];
  let list = expected;
  for (const c of classes) {
    const rewritten = c.rewrite?.(list, context) ?? null;
    if (rewritten !== null && JSON.stringify(rewritten) !== JSON.stringify(list)) {
      rewrote.push(c.name);
      list = rewritten;
    }
  }
  if (rewrote.length === 0) return plain;
  const explained = compareLists(list, actual, classes);
  if (explained.mismatch !== null) return plain;
  for (const name of rewrote) explained.counted[name] = (explained.counted[name] ?? 0) + 1;
  return explained;
}

/** {@link compareHeads} of one expected list, the allowances of `classes` in force. */
function compareLists(
  expected: HeaderList,
  actual: HeaderList,
  classes: readonly EgressRecognizer[],
): HeadComparison {
  const counted: Record<string, number> = {};
  const want = valuesByName(expected);
  const got = valuesByName(actual);
  for (const [name, values] of want) {
    const written = got.get(name);
    if (written === undefined) return { mismatch: `${name}: not written`, counted };
    if (compared(name, written) !== compared(name, values)) {
      return {
        mismatch: `${name}: written ${compared(name, written)}, expected ${compared(name, values)}`,
        counted,
      };
    }
  }
  for (const name of got.keys()) {
    if (want.has(name)) continue;
    const allowance = classes.find((c) => c.adds?.includes(name));
    if (allowance === undefined) {
      return { mismatch: `${name}: added (no allowance names it)`, counted };
    }
    counted[allowance.name] = (counted[allowance.name] ?? 0) + 1;
  }
  return { mismatch: null, counted };
}
