// headerproof test fixture, not Deno's code: ext/fetch/20_headers.js in the ES-module form Deno's
// has from 2023-03 to 2026-05 (imports of ext: specifiers, an export list), with the internals the
// deno-src loader reaches. Its Headers is headerproof's impl; a header list is an array of pairs.
import { primordials } from "ext:core/mod.js";
import * as webidl from "ext:deno_webidl/00_webidl.js";
import { byteLowerCase } from "ext:deno_web/00_infra.js";
import * as impl from "../../../../../../impl/mod.ts";

const { ArrayPrototypePush, SafeWeakMap, WeakMapPrototypeGet, WeakMapPrototypeSet } = primordials;

const Headers = impl.Headers;
const guards = new SafeWeakMap();

function headersFromHeaderList(list, guard) {
  const flat = [];
  for (let i = 0; i < list.length; i++) {
    ArrayPrototypePush(flat, list[i][0]);
    ArrayPrototypePush(flat, list[i][1]);
  }
  const headers = impl.headersFromRawList(flat, guard, { profile: "server" });
  WeakMapPrototypeSet(guards, headers, guard);
  return headers;
}

function headerListFromHeaders(headers) {
  const flat = impl.headerListOf(headers);
  const list = [];
  for (let i = 0; i < flat.length; i += 2) ArrayPrototypePush(list, [flat[i], flat[i + 1]]);
  return list;
}

function guardFromHeaders(headers) {
  return WeakMapPrototypeGet(guards, headers) ?? "none";
}

function fillHeaders(headers, object) {
  const list = headerListFromHeaders(impl.headersWithGuard("none", object, { profile: "server" }));
  for (let i = 0; i < list.length; i++) headers.append(list[i][0], list[i][1]);
}

/** The names of `headers`' list, byte-lowercased (shows the 00_infra.js import works). */
function lowercasedNames(headers) {
  const names = [];
  const list = headerListFromHeaders(headers);
  for (let i = 0; i < list.length; i++) ArrayPrototypePush(names, byteLowerCase(list[i][0]));
  return names;
}

webidl.converters["HeadersInit"] = (V) => V;

export {
  fillHeaders,
  guardFromHeaders,
  headerListFromHeaders,
  Headers,
  headersFromHeaderList,
  lowercasedNames,
};
