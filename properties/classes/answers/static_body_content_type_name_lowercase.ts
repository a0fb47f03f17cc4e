/**
 * The answer class `static-body-content-type-name-lowercase`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { bothOk } from "../answer_helpers.ts";
import { FETCH } from "../standards.ts";

/** The class `static-body-content-type-name-lowercase`. */
export const staticBodyContentTypeNameLowercase = answerClass({
  name: "static-body-content-type-name-lowercase",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6 (and the deno-src: tree of v2.9.5)"],
  summary: "on the fast paths of new Response(static body, init) and Response.json(data, " +
    'init), a Content-Type enters the header list named "content-type": the one the body ' +
    'sets (standard: "Content-Type") and the one a record init gives as its only member, ' +
    "whatever its casing; seen only in a header list (deno-src's headerListOf), never " +
    "through Headers' methods",
  covers: (op) =>
    op.op === "response" &&
    (op.how === "json" ||
      (op.how === "constructor" && op.init !== null && op.body !== null &&
        ["string", "URLSearchParams", "ArrayBuffer", "Uint8Array", "DataView"].includes(
          op.body,
        ))),
  // Only a header list shows it: the candidate's is the reference's with a Content-Type name
  // written "content-type".
  explains: (d) =>
    /^headerListOf\(h\[\d+\]\)$/.test(d.label) &&
      bothOk(d, (c, r) =>
        Array.isArray(c) && Array.isArray(r) && c.length === r.length &&
        c.every((item, i) =>
          item === r[i] ||
          (i % 2 === 0 && item === "content-type" &&
            String(r[i]).toLowerCase() === "content-type")
        ))
      ? "go on"
      : null,
  example: {
    steps: [{
      op: "response",
      message: 0,
      how: "json",
      body: null,
      init: null,
      status: null,
    }],
    message: "",
  },
  report: {
    title: "new Response(string, init) and Response.json(data, init) put content-type, not " +
      "Content-Type, in the header list",
    // Deno keeps a Headers' list under an own Symbol; where no such key exists the list cannot be
    // observed from script, and the observation answers the standard's names.
    observe: `const names = (response) => {
    const key = Object.getOwnPropertySymbols(response.headers)
      .find((symbol) => symbol.description === "header list");
    return key === undefined ? ["Content-Type"] : response.headers[key].map(([name]) => name);
  };
  return [
    names(new Response("a", {})),
    names(Response.json({}, {})),
    names(new Response("a", { headers: { "Content-Type": "text/plain" } })),
  ];`,
    expected: { ok: [["Content-Type"], ["Content-Type"], ["Content-Type"]] },
    standard: {
      algorithm: "initialize a response",
      step: "fill the headers from init (each name as the init writes it), then, if body's " +
        "type is non-null and the header list does not contain `Content-Type`, append " +
        "(`Content-Type`, type) (the name as written)",
      url: `${FETCH}#initialize-a-response`,
    },
  },
  notes: "on the fast paths for a static body (string, URLSearchParams, bytes) with an " +
    "init, and for `Response.json`, the Content-Type enters the header list named " +
    '`content-type`. `headerListOf(new Response("a", {}).headers)` is ' +
    '`["content-type", "text/plain;charset=UTF-8"]`, and `new Response("a", { ' +
    'headers: { "Content-Type": "text/plain" } })` keeps `content-type` too; standard ' +
    "`Content-Type` both times (the body's type is appended as `Content-Type`, an " +
    'init\'s name as written). `new Response("a")` and `Response.json({})` without an ' +
    "init keep `Content-Type`. Headers' methods lowercase every name, so only a " +
    "header list shows it (`headerListOf` of a `deno-src:` target, or Deno's " +
    "`Symbol(header list)` own key).",
});
