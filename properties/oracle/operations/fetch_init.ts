/**
 * What the Request and Response steps (request.ts, response.ts) are called with: a body of each
 * kind ({@link bodyOf}) and an init dictionary ({@link dictionaryInit}) that is a plain object, a
 * plain object whose members are getters that log their reads, or a Proxy that logs every trap
 * (fast paths often branch on whether an init is a Proxy); its `headers` member is any
 * {@link Init} of the construct step (a Headers subclass or an overridden iterator among them).
 *
 * {@link bodyOf}, {@link dictionaryInit} and {@link normalizedContentType} are embedded in
 * counterexample snippets with `Function.prototype.toString`: each refers to nothing outside
 * itself but its arguments.
 *
 * @example
 * ```ts
 * import { renderDictionary } from "./fetch_init.ts";
 * renderDictionary({ via: "plain", members: [["status", { $: "number", v: 204 }]] });
 * // 'dictionaryInit("plain", [["status", 204]], log)'
 * ```
 *
 * @module
 */
import fc from "fast-check";
import type { Arg } from "../base/arguments.ts";
import { argValue, pair, renderArg } from "../base/arguments.ts";
import type { Subject } from "../base/observe.ts";
import type { Init } from "./construct.ts";
import { init as headersInit, initValue, renderInit } from "./construct.ts";

/** A body of each kind `extract a body` distinguishes; "null" is an explicit null. */
export type BodyKind =
  | "null"
  | "string"
  | "URLSearchParams"
  | "Blob"
  | "typed Blob"
  | "FormData"
  | "ArrayBuffer"
  | "Uint8Array"
  | "DataView";

/** One member of an init dictionary: its `headers`, its `body`, or any other value. */
export type Member =
  | [key: "headers", value: { headers: Init }]
  | [key: "body", value: { body: BodyKind }]
  | [key: string, value: Arg];

/**
 * An init dictionary: "plain" (own data properties), "getters" (each member a getter that logs
 * `get <key>` when read) or "proxy" (a Proxy that logs `get`, `has`, `ownKeys` and
 * `getOwnPropertyDescriptor` with the key, absent members included).
 */
export type DictionaryInit = { via: "plain" | "getters" | "proxy"; members: Member[] };

/** Every body kind. */
export const BODY_KINDS: readonly BodyKind[] = [
  "null",
  "string",
  "URLSearchParams",
  "Blob",
  "typed Blob",
  "FormData",
  "ArrayBuffer",
  "Uint8Array",
  "DataView",
];

/** A body of each kind, equally often. */
export const bodyKind: fc.Arbitrary<BodyKind> = fc.constantFrom(...BODY_KINDS);

/**
 * The value a body kind stands for (a fresh one each call): the same bytes `a=1` in each form, a
 * Blob without a type and one typed `text/x-Typed`.
 */
export function bodyOf(kind: string): unknown {
  if (kind === "null") return null;
  if (kind === "string") return "a=1";
  if (kind === "URLSearchParams") return new URLSearchParams("a=1");
  if (kind === "Blob") return new Blob(["a=1"]);
  if (kind === "typed Blob") return new Blob(["a=1"], { type: "text/x-Typed" });
  if (kind === "FormData") {
    const form = new FormData();
    form.append("a", "1");
    return form;
  }
  const bytes = new Uint8Array([97, 61, 49]);
  if (kind === "ArrayBuffer") return bytes.buffer;
  return kind === "Uint8Array" ? bytes : new DataView(bytes.buffer);
}

/**
 * The Content-Type of `headers` with a multipart/form-data boundary replaced by `BOUNDARY`, set
 * back into `headers` so that the generated boundary, which the standard leaves to the user agent,
 * is never compared; returns that value (null when there is no Content-Type).
 */
export function normalizedContentType(headers: unknown): unknown {
  const h = headers as { get(name: string): unknown; set(name: string, value: string): void };
  const type = h.get("content-type");
  const prefix = "multipart/form-data; boundary=";
  if (typeof type !== "string" || !type.startsWith(prefix)) return type;
  h.set("content-type", prefix + "BOUNDARY");
  return h.get("content-type");
}

/**
 * An init dictionary of `members` (`[key, value]` pairs) made `via` "plain", "getters" or "proxy"
 * (see {@link DictionaryInit}); reads are logged into `log`.
 */
export function dictionaryInit(via: string, members: [string, unknown][], log: string[]): object {
  const dictionary: Record<string, unknown> = {};
  for (const [key, value] of members) {
    if (via === "getters") {
      Object.defineProperty(dictionary, key, {
        get() {
          log.push("get " + key);
          return value;
        },
        enumerable: true,
        configurable: true,
      });
    } else dictionary[key] = value;
  }
  if (via !== "proxy") return dictionary;
  const keyName = (key: string | symbol) =>
    typeof key === "symbol" ? "Symbol(" + (key.description ?? "") + ")" : key;
  return new Proxy(dictionary, {
    // Each trap logs after it has read the target: no trap ends in a call (see recordedInit).
    get(t, key, receiver) {
      const value = Reflect.get(t, key, receiver);
      log.push("get " + keyName(key));
      return value;
    },
    has(t, key) {
      const found = Reflect.has(t, key);
      log.push("has " + keyName(key));
      return found;
    },
    ownKeys(t) {
      const keys = Reflect.ownKeys(t);
      log.push("ownKeys");
      return keys;
    },
    getOwnPropertyDescriptor(t, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(t, key);
      log.push("getOwnPropertyDescriptor " + keyName(key));
      return descriptor;
    },
  });
}

/**
 * A `headers` member: any construct init but a recorded one (the dictionary records, into the
 * same log) 9 in 10, an array of pairs with its own `@@iterator` 1 in 10.
 */
export const headersMember: fc.Arbitrary<Member> = fc.oneof(
  { weight: 9, arbitrary: headersInit.filter((init) => init.kind !== "recorded") },
  {
    weight: 1,
    arbitrary: fc.array(pair.map((p): Arg[] => p), { maxLength: 3 }).map((items): Init => ({
      kind: "exotic",
      how: "array overrides @@iterator",
      items,
    })),
  },
).map((init): Member => ["headers", { headers: init }]);

/** A `body` member. */
export const bodyMember: fc.Arbitrary<Member> = bodyKind.map((body): Member => ["body", { body }]);

/** An init dictionary made of distinct members drawn from `members`. */
export function dictionary(members: fc.Arbitrary<Member>): fc.Arbitrary<DictionaryInit> {
  return fc.record({
    via: fc.constantFrom("plain" as const, "getters" as const, "proxy" as const),
    members: fc.uniqueArray(members, { maxLength: 4, selector: ([key]) => key }),
  });
}

/** Whether `member` is the `headers` member. */
function isHeaders(member: Member): member is [key: "headers", value: { headers: Init }] {
  return member[0] === "headers";
}

/** The live Headers a `headers` member refers to resolved against `count` live objects. */
export function resolveDictionary(init: DictionaryInit, count: number): DictionaryInit {
  return {
    ...init,
    members: init.members.map((member): Member => {
      if (!isHeaders(member) || member[1].headers.kind !== "headers") return member;
      const source = member[1].headers.source;
      return [
        "headers",
        { headers: count === 0 ? { kind: "none" } : { kind: "headers", source: source % count } },
      ];
    }),
  };
}

/** The member values of `init` for one side (`objects`, `subject`: the side's). */
export function dictionaryValue(
  init: DictionaryInit,
  objects: readonly unknown[],
  subject: Subject,
  log: string[],
): object {
  const members = init.members.map(([key, value]): [string, unknown] => {
    if (key === "headers") {
      const headers = (value as { headers: Init }).headers;
      return [key, headers.kind === "none" ? undefined : initValue(headers, objects, subject)];
    }
    if (key === "body") return [key, bodyOf((value as { body: BodyKind }).body)];
    return [key, argValue(value as Arg)];
  });
  return dictionaryInit(init.via, members, log);
}

/** A JavaScript expression for `init`, logging into the snippet's `log`. */
export function renderDictionary(init: DictionaryInit): string {
  const members = init.members.map(([key, value]) => {
    const text = key === "headers"
      ? renderInit((value as { headers: Init }).headers)
      : key === "body"
      ? `bodyOf(${JSON.stringify((value as { body: BodyKind }).body)})`
      : renderArg(value as Arg);
    return `[${JSON.stringify(key)}, ${text}]`;
  });
  return `dictionaryInit(${JSON.stringify(init.via)}, [${members.join(", ")}], log)`;
}
