import assert from "node:assert/strict";
import { touchOf } from "./touch.ts";

Deno.test("touchOf picks the same touch for the same field lines as it always has", () => {
  const picked: [string[], string][] = [
    [[], "clone"],
    [["X-A: 1"], "unread"],
    [["X-A: 1", "x-b: 2"], "body"],
    [["Set-Cookie: a=b"], "body"],
    [["a: ", "b:\t1"], "remake"],
    [["é: €"], "unread"],
  ];
  for (const [lines, touch] of picked) assert.equal(touchOf(lines), touch, JSON.stringify(lines));
});
