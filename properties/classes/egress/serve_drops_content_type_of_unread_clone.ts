/**
 * The egress class `serve-drops-content-type-of-unread-clone`.
 *
 * @module
 */
import { egressClass } from "../class.ts";

/** The Content-Types a body sets. */
const BODY_TYPES = ["text/plain;charset=UTF-8", "application/json"];

/** The class `serve-drops-content-type-of-unread-clone`. */
export const serveDropsContentTypeOfUnreadClone = egressClass({
  name: "serve-drops-content-type-of-unread-clone",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary:
    "a clone of a Response made with the init { status: 200 }, never read, is served without its " +
    "body's Content-Type",
  sides: ["server", "h2-server"],
  rewrite: (expected, context) =>
    context.clone && context.init === "status" && context.status === 200
      ? expected.filter(([name, value]) =>
        !(name.toLowerCase() === "content-type" && BODY_TYPES.includes(value))
      )
      : null,
  example: [["Content-Type", "text/plain;charset=UTF-8"]],
  report: null,
  notes: '`Deno.serve(() => new Response("x", { status: 200 }).clone())` writes no ' +
    "`content-type`; an init with `headers`, or no init, keeps it.",
});
