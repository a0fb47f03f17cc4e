/**
 * What touches a message from the wire before its headers are first read: the server's Request
 * and fetch()'s Response of the HTTP/1.1 runtime sides (wire_property.ts) are made by the runtime
 * without anyone reading `.headers`, and a lazy runtime keeps them unmaterialized until a read.
 * The answer stages' steps that take a message are applied to them first: none ("unread", the
 * headers read at once), `clone()` (the clone's headers are read), a body read started (`text()`, then
 * the headers), a Request made from it (`new Request(request)`; fetch()'s Response then is read at
 * once), or the runtime's inspect (`inspectedText`, oracle/operations/read.ts) before the getter. Whatever
 * touched it, the headers must show the reference's list of the same field lines.
 *
 * The touch is a function of the field lines ({@link touchOf}), so that a case replays from its
 * seed and path with the same touch; fast-check generates the lines alone, and shrinking may move
 * a case to another touch. h2 exchanges and a module's `headersFromRawList` read at once.
 *
 * @example
 * ```ts
 * import { touchOf } from "./touch.ts";
 * console.log(touchOf(["X-A: 1"]));
 * ```
 *
 * @module
 */
import { inspectedText } from "../oracle/operations/read.ts";

/** What touches the message before its headers are read. */
export type WireTouch = "unread" | "clone" | "body" | "remake" | "inspect";

/** Every touch, in the order {@link touchOf} picks them. */
export const WIRE_TOUCHES: readonly WireTouch[] = ["unread", "clone", "body", "remake", "inspect"];

/** The touch of the exchange of `lines`: an FNV-1a hash of them picks one, equally often. */
export function touchOf(lines: readonly string[]): WireTouch {
  let h = 0x811c9dc5;
  const text = lines.join("\n");
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return WIRE_TOUCHES[(h >>> 0) % WIRE_TOUCHES.length];
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
  // A Response made from a Response would read its headers as the init's member, through
  // iteration: a read, not a touch; fetch()'s Response is read at once instead.
  if (touch === "remake" && message instanceof Request) return new Request(message).headers;
  if (touch === "inspect") inspectedText(message);
  return message.headers;
}
