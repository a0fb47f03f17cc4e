/** Unit tests of model/mapping.ts: real values to model atoms, the seeded PRNG. */

import assert from "node:assert/strict";
import { atomsOf, realValue, seededRandom } from "./mapping.ts";

Deno.test("atomsOf maps combined real values to model atoms and keeps unknown parts", () => {
  assert.deepEqual(atomsOf(`${realValue("l")}, s`), ["l", "s"]);
  assert.deepEqual(atomsOf("s, x"), ["s", "x"]);
  assert.deepEqual(atomsOf("s, "), ["s", "e"]);
});

Deno.test('atomsOf maps a trimmed trailing ", " to the pseudo-atom cut', () => {
  assert.deepEqual(atomsOf("s,"), ["s", "cut"]);
  assert.deepEqual(atomsOf("s, ,"), ["s", "e", "cut"]);
  assert.deepEqual(atomsOf("s,, s"), ["s", "cut", "s"]);
});

Deno.test("the atoms l and e sit at the 128-byte no-CORS limit and one byte over it", () => {
  assert.equal(`${realValue("l")}, ${realValue("e")}`.length, 128);
  assert.equal(`${realValue("l")}, ${realValue("s")}`.length, 129);
});

Deno.test("seededRandom repeats for a seed and differs across seeds", () => {
  const first = seededRandom(7);
  const again = seededRandom(7);
  const other = seededRandom(8);
  const a = [first(), first(), first()];
  assert.deepEqual(a, [again(), again(), again()]);
  assert.notDeepEqual(a, [other(), other(), other()]);
  assert.ok(a.every((x) => x >= 0 && x < 1));
});
