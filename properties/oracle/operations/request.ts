/**
 * `request`: `new Request(input, init)`, its input a URL or a live Request or Response (whose
 * headers and body the new one copies), its init a {@link DictionaryInit} (plain, getters or a
 * Proxy; `method`, `mode` with "no-cors" for the request-no-cors guard, a `headers` member of
 * every construct init's kind, a body of every kind, and a non-member `client`). The new Request
 * goes to the next message slot; its headers are not read (a read step reads them, read.ts, if
 * the generator picks one). An input message is one never read half the time (`unread`, as
 * read.ts picks it). Outcomes: the construction; the init's log unless it is plain.
 *
 * @example
 * ```ts
 * import { renderOp } from "../world.ts";
 * renderOp({ op: "request", message: 0, input: null, unread: false, init: null });
 * // '(log = [], m[0] = new Request("http://headerproof.test/"))'
 * ```
 *
 * @module
 */
import fc from "fast-check";
import type { Arg } from "../base/arguments.ts";
import { objectRef } from "../base/arguments.ts";
import { attempt } from "../base/observe.ts";
import type { OperationKind, Side } from "../base/kind.ts";
import type { DictionaryInit, Member } from "./fetch_init.ts";
import {
  bodyMember,
  dictionary,
  dictionaryValue,
  headersMember,
  renderDictionary,
  resolveDictionary,
} from "./fetch_init.ts";

/** The URL every generated Request is for. */
export const REQUEST_URL = "http://headerproof.test/";

/**
 * `m[message] = new Request(input, init)`; `input` null is {@link REQUEST_URL}, else a live
 * message, one whose headers were never read if `unread`; `init` null passes none.
 */
export type RequestOp = {
  op: "request";
  message: number;
  input: number | null;
  unread: boolean;
  init: DictionaryInit | null;
};

/** A RequestInit member other than headers and body (method, mode, a non-member). */
const otherMember: fc.Arbitrary<Member> = fc.oneof(
  fc.constantFrom<Arg>("POST", "post", "GET", "PUT", "CONNECT", "a b").map((
    v,
  ): Member => ["method", v]),
  fc.constantFrom<Arg>("no-cors", "cors", "same-origin", "navigate", "bogus").map((
    v,
  ): Member => ["mode", v]),
  fc.constantFrom<Arg>("default", "only-if-cached").map((v): Member => ["cache", v]),
  fc.constantFrom<Arg>(true, null).map((v): Member => ["keepalive", v]),
  fc.constant<Member>(["client", "x"]),
);

/**
 * RequestInit members, weights out of 10: headers 5, body 2, method, mode, cache, keepalive or a
 * non-member 3. A body comes with method POST most of the time (GET and HEAD forbid one).
 */
const requestMember: fc.Arbitrary<Member> = fc.oneof(
  { weight: 5, arbitrary: headersMember },
  { weight: 2, arbitrary: bodyMember },
  { weight: 3, arbitrary: otherMember },
);

/** A RequestInit with a body gets method POST in 3 of 4 cases, unless it names a method. */
const requestInit: fc.Arbitrary<DictionaryInit> = fc.tuple(dictionary(requestMember), fc.nat(3))
  .map(([init, coin]) =>
    coin > 0 && init.members.some(([key]) => key === "body") &&
      !init.members.some(([key]) => key === "method")
      ? { ...init, members: [...init.members, ["method", "POST"] as Member] }
      : init
  );

/**
 * A request step: its input a URL 3 times in 4, else a message never read half the time; an init
 * 9 times in 10.
 */
export const requestOp: fc.Arbitrary<RequestOp> = fc.record({
  op: fc.constant("request" as const),
  message: fc.constant(0),
  input: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: objectRef }),
  unread: fc.boolean(),
  init: fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, {
    weight: 9,
    arbitrary: requestInit,
  }),
});

/** Whether the init's log is an outcome (it is empty for a plain init). */
function logged(init: DictionaryInit | null): boolean {
  return init !== null && init.via !== "plain";
}

/** The JavaScript of the construction. */
function renderRequest(op: RequestOp): string {
  const input = op.input === null ? JSON.stringify(REQUEST_URL) : `m[${op.input}]`;
  const init = op.init === null ? "" : ", " + renderDictionary(op.init);
  const made = `(log = [], m[${op.message}] = new Request(${input}${init}))`;
  return op.input !== null && op.unread ? `${made} /* m[${op.input}] unread */` : made;
}

/**
 * Keeps the message `make` builds in `op.message`, without reading its headers, then appends the
 * log when `init` calls for it: the outcomes every step that makes a message has.
 */
export function performMessage(
  side: Side,
  op: { message: number },
  init: DictionaryInit | null,
  outcomes: ReturnType<typeof attempt>[],
  make: (log: string[]) => unknown,
): void {
  const log: string[] = [];
  outcomes.push(attempt(() => side.keep(op.message, make(log))));
  if (logged(init)) outcomes.push(attempt(() => log));
}

/** The expressions of the outcomes {@link performMessage} appends after the construction's. */
export function messageCodes(init: DictionaryInit | null): string[] {
  return logged(init) ? ["log"] : [];
}

/** The labels of the outcomes {@link performMessage} appends after the construction's. */
export function messageLabels(op: { message: number }, init: DictionaryInit | null): string[] {
  return logged(init) ? [`the log of m[${op.message}]'s init`] : [];
}

/** The request steps: see the module doc. */
export const request: OperationKind<RequestOp> = {
  resolve(op, reference) {
    const input = op.input === null ? null : reference.messageRef(op.input, op.unread);
    return {
      ...op,
      message: reference.nextMessageSlot(),
      input: input?.slot ?? null,
      unread: input?.unread ?? false,
      init: op.init === null ? null : resolveDictionary(op.init, reference.objects.length),
    };
  },
  perform(side, op, outcomes) {
    const Request = side.subject.fetch!.Request!;
    performMessage(side, op, op.init, outcomes, (log) => {
      const input = op.input === null ? REQUEST_URL : side.messages[op.input];
      return op.init === null
        ? new Request(input)
        : new Request(input, dictionaryValue(op.init, side.objects, side.subject, log));
    });
  },
  render: renderRequest,
  labels: (op) => [renderRequest(op), ...messageLabels(op, op.init)],
  codes: (op) => [renderRequest(op), ...messageCodes(op.init)],
};
