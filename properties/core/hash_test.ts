import assert from "node:assert/strict";
import { fnv1a, shortHash } from "./hash.ts";

// The published FNV-1a 32-bit values ("", "a", "foobar"), and what the hand-written loops this
// replaced (corpus.ts and costs/stage.ts `hash`) gave for the rest: file names stay the same.
const KNOWN: [string, string][] = [
  ["", "811c9dc5"],
  ["a", "e40c292c"],
  ["foobar", "bf9cf968"],
  ["headerproof", "9b05cd5e"],
  ["é€😀", "0c5e230d"],
  ['[[["append","a","1"]],"x"]', "304ba7f5"],
];

Deno.test("shortHash gives FNV-1a's known values as 8 hex digits, leading zeros kept", () => {
  for (const [text, hex] of KNOWN) assert.equal(shortHash(text), hex, JSON.stringify(text));
});

Deno.test("fnv1a is the unsigned 32-bit value shortHash spells", () => {
  for (const [text, hex] of KNOWN) assert.equal(fnv1a(text), parseInt(hex, 16));
  assert.equal(fnv1a("a"), 3826002220);
});
