/**
 * What the wire classes (properties/classes/wire/, and the wire parts of answer classes) share:
 * rewriting a header list as a runtime's server or client builds it, and the reproduction of a
 * fetch() answered with chosen bytes.
 *
 * @example
 * ```ts
 * import { joinCookieHeaders } from "./wire_helpers.ts";
 * joinCookieHeaders([["Cookie", "a=1"], ["Cookie", "b=2"]]); // [["Cookie", "a=1; b=2"]]
 * ```
 *
 * @module
 */
import type { HeaderList } from "../../spec/header_list.ts";

/** Joins every `Cookie` header of `list` into the first one, with "; ". */
export function joinCookieHeaders(list: HeaderList): HeaderList {
  const cookies = list.filter(([name]) => name.toLowerCase() === "cookie");
  if (cookies.length < 2) return list;
  const first = list.findIndex(([name]) => name.toLowerCase() === "cookie");
  const joined: [string, string] = [list[first][0], cookies.map(([, v]) => v).join("; ")];
  return list.flatMap((header, i) =>
    i === first ? [joined] : header[0].toLowerCase() === "cookie" ? [] : [header]
  );
}

/**
 * The body of an async observation that answers the runtime's fetch() from a raw TCP server on
 * 127.0.0.1 with `head` (the status line and field lines, CRLF-separated) and returns
 * `read` (an expression over `headers`, the response's Headers).
 */
export function fetchObservation(head: string, read: string): string {
  return `const net = await import("node:net");
  const answer = ${JSON.stringify(`${head}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`)};
  const server = net.createServer((socket) => socket.once("data", () => socket.end(answer)));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const response = await fetch(\`http://127.0.0.1:\${server.address().port}/\`);
    await response.body?.cancel();
    const headers = response.headers;
    return ${read};
  } finally {
    server.close();
  }`;
}
