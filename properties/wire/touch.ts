/**
 * What touches a message from the wire before its headers are first read: the server's Request
 * and fetch()'s Response of the runtime sides (wire_property.ts), over HTTP/1.1 and h2, are made by
 * the runtime without anyone reading `.headers`, and a lazy runtime keeps them unmaterialized
 * until a read. The answer stages' steps that take a message are applied to them first: none
 * ("unread", the headers read at once), `clone()` (the clone's headers are read), a body read
 * started (`text()`, then the headers), a message made from it (`new Request(request)`, or
 * `new Response(response.body, response)`, whose init reads and iterates the headers: that
 * message's headers are read), or the runtime's inspect (`inspectedText`,
 * oracle/operations/read.ts) before the getter. Whatever touched it, the headers must show the
 * reference's list of the same field lines (a Response made from a Response: the list its
 * iteration gives, which the standard's observations do not tell apart).
 *
 * The touch is a function of the field lines ({@link touchOf}), so that a case replays from its
 * seed and path with the same touch; fast-check generates the lines alone, and shrinking may move
 * a case to another touch. A module's `headersFromRawList` reads at once.
 *
 * @example
 * ```ts
 * import { touchOf } from "./touch.ts";
 * console.log(touchOf(["X-A: 1"]));
 * ```
 *
 * @module
 */
import { fnv1a } from "../core/hash.ts";
import { inspectedText } from "../oracle/operations/read.ts";
import type { HeaderList } from "../../spec/header_list.ts";
import { sortAndCombine } from "../../spec/header_list.ts";
import { normalizeHeaderValue } from "../../spec/header_predicates.ts";

/** What touches the message before its headers are read. */
export type WireTouch = "unread" | "clone" | "body" | "remake" | "inspect";

/** Every touch, in the order {@link touchOf} picks them. */
export const WIRE_TOUCHES: readonly WireTouch[] = ["unread", "clone", "body", "remake", "inspect"];

/** The touch of the exchange of `lines`: an FNV-1a hash of them picks one, equally often. */
export function touchOf(lines: readonly string[]): WireTouch {
  return WIRE_TOUCHES[fnv1a(lines.join("\n")) % WIRE_TOUCHES.length];
}

/**
 * The headers of `message` (a Request or a Response from the wire) read after `touch`, as
 * {@link WireTouch} says; the body of a clone, or of the message a clone was made of, is
 * cancelled. Self-contained but for `inspectedText`: reproductions embed both.
 */
export async function touchedHeaders(
  message: Request | Response,
  touch: string,
): Promise<Headers> {
  if (touch === "clone") {
    const clone = message.clone();
    const headers = clone.headers;
    // A tee's branches are cancelled together: cancelling one waits for the other.
    await Promise.all([message.body?.cancel(), clone.body?.cancel()]);
    return headers;
  }
  // The body read starts (the message is disturbed) but is not awaited: a head may announce a
  // body its peer never sends.
  if (touch === "body") message.text().catch(() => {});
  if (touch === "remake" && message instanceof Request) return new Request(message).headers;
  if (touch === "remake") {
    // The new Response takes the body stream over; cancelling it disturbs the original's too.
    const remade = new Response(message.body, message);
    const headers = remade.headers;
    await remade.body?.cancel();
    return headers;
  }
  if (touch === "inspect") inspectedText(message);
  return message.headers;
}

/**
 * The list a Response made from fetch()'s Response holds when fetch()'s held `list` (the
 * reference's, or what a runtime's classes say it holds): its iteration (sort and combine),
 * each value appended to the new one's list, so normalized. The standard's observations of both
 * are the same; a runtime that keeps unnormalized values shows them normalized after the touch.
 */
export function remadeResponseList(list: HeaderList): HeaderList {
  return sortAndCombine(list).map(([name, value]) => [name, normalizeHeaderValue(value)]);
}
