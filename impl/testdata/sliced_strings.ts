/**
 * Subprocess of `retained_heap_test.ts`, run under Deno, Node and Bun: for each way a name or
 * value reaches a header list, the heap one Headers retains after a full GC while it holds
 * {@link PIECES} pieces (24 code units) each cut from its own 1 MiB string. Prints `{way: bytes}` as JSON.
 *
 * @module
 */

import { Headers, headersFromRawList } from "../mod.ts";
import { openMeter } from "../../properties/costs/probes.ts";

/** Pieces per Headers: a stored piece that keeps its parent retains this many MiB. */
const PIECES = 32;

/** Text of the pieces cut: the warm-up's differ from the measured ones, so no cache holds them. */
let tag = "";

/** Piece `i` of its own parent of `length` code units: `lead` then 24 - `lead` units of text. */
function piece(i: number, length: number, lead = ""): string {
  return (lead + `X-Sliced-${tag}${i}-`).padEnd(length, "abcdefgh").slice(0, 24);
}

/** Each way fills one Headers with {@link PIECES} pieces and reads it once. */
const WAYS: Record<string, (length: number) => Headers> = {
  "append value": (length) => {
    const headers = new Headers();
    for (let i = 0; i < PIECES; i++) headers.append(`X-Name-${i}`, piece(i, length));
    return headers;
  },
  "set value": (length) => {
    const headers = new Headers();
    for (let i = 0; i < PIECES; i++) headers.set(`x-name-${i}`, piece(i, length));
    return headers;
  },
  "set-cookie value": (length) => {
    const headers = new Headers();
    for (let i = 0; i < PIECES; i++) headers.append("Set-Cookie", piece(i, length));
    return headers;
  },
  "trimmed value": (length) => {
    const headers = new Headers();
    for (let i = 0; i < PIECES; i++) headers.append(`x-name-${i}`, piece(i, length, " \t"));
    return headers;
  },
  "record value": (length) => {
    const record: Record<string, string> = {};
    for (let i = 0; i < PIECES; i++) record[`x-name-${i}`] = piece(i, length);
    const headers = new Headers(record);
    headers.get("x-name-0");
    return headers;
  },
  "sequence value": (length) => {
    const pairs: [string, string][] = [];
    for (let i = 0; i < PIECES; i++) pairs.push([`X-Name-${i}`, piece(i, length)]);
    const headers = new Headers(pairs);
    headers.get("x-name-0");
    return headers;
  },
  "raw list value": (length) => {
    const flat: string[] = [];
    for (let i = 0; i < PIECES; i++) flat.push(`X-Name-${i}`, piece(i, length));
    const headers = headersFromRawList(flat);
    headers.get("x-name-0");
    return headers;
  },
  "append name": (length) => {
    const headers = new Headers();
    for (let i = 0; i < PIECES; i++) headers.append(piece(i, length), "v");
    return headers;
  },
  "raw list name": (length) => {
    const flat: string[] = [];
    for (let i = 0; i < PIECES; i++) flat.push(piece(i, length), "v");
    const headers = headersFromRawList(flat);
    headers.get("x-name-0");
    return headers;
  },
};

const meter = await openMeter();
const retained: Record<string, number> = {};
/** The Headers measured, alive while the heap is read. */
const alive: Headers[] = [];
for (const [way, fill] of Object.entries(WAYS)) {
  tag = "Warm-";
  fill(1024);
  tag = "";
  const before = meter.heapAfterGc();
  alive[0] = fill(1 << 20);
  retained[way] = meter.heapAfterGc() - before;
  alive.length = 0;
}
console.log(JSON.stringify(retained));
