import assert from "node:assert/strict";
import { rejectedInvalidRawList } from "./raw_list.ts";

Deno.test("an invalid raw list counts as rejected only if the first throw is a TypeError", () => {
  assert.equal(rejectedInvalidRawList([{ threw: "TypeError" }]), true);
  assert.equal(rejectedInvalidRawList([{ ok: null }, { ok: null }, { threw: "TypeError" }]), true);
  assert.equal(rejectedInvalidRawList([{ ok: null }, { threw: "RangeError" }]), false);
  assert.equal(rejectedInvalidRawList([{ ok: null }, { ok: "a" }]), false);
});
