/**
 * The wire class `serve-joins-cookie-fields-with-semicolon`.
 *
 * @module
 */
import { wireClass } from "../class.ts";
import { joinCookieHeaders } from "../wire_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `serve-joins-cookie-fields-with-semicolon`. */
export const serveJoinsCookieFieldsWithSemicolon = wireClass({
  name: "serve-joins-cookie-fields-with-semicolon",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary:
    "Deno.serve hands user code repeated Cookie request fields as one cookie header joined " +
    'with "; " (as RFC 9113 section 8.2.3 asks of HTTP/2 cookie crumbs); its fetch() keeps ' +
    "them",
  sides: ["server"],
  list: joinCookieHeaders,
  example: ["Cookie: a=1", "Cookie: b=2"],
  report: {
    title: 'Deno.serve joins repeated Cookie request fields with "; " in request.headers',
    network: true,
    observe: `if (typeof Deno === "undefined") throw new Error("Deno.serve: run this under Deno");
  const net = await import("node:net");
  let cookie;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    cookie = request.headers.get("cookie");
    return new Response("ok");
  });
  await new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port: server.addr.port }, () =>
      socket.write("GET / HTTP/1.1\\r\\nHost: x\\r\\nCookie: a=1\\r\\nCookie: b=2\\r\\nConnection: close\\r\\n\\r\\n"));
    socket.on("data", () => {});
    socket.on("close", resolve);
    socket.on("error", resolve);
  });
  await server.shutdown();
  return cookie;`,
    expected: { ok: "a=1, b=2" },
    standard: {
      algorithm: "header list get",
      step: "the values of all headers whose name matches, in order, separated from each other " +
        'by 0x2C 0x20 (", "); each Cookie field of an HTTP/1.1 request is a header of its own',
      url: `${FETCH}#concept-header-list-get`,
    },
  },
  notes:
    '`Cookie: a=1` then `Cookie: b=2` reach the handler as `cookie: a=1; b=2`; standard two fields, `get("cookie") === "a=1, b=2"`. Two empty fields give `"; "`, a value with trailing whitespace, which no Fetch header value has.',
});
