import assert from "node:assert/strict";
import { essence, parseMimeType } from "./mime_type.ts";

Deno.test("parse a MIME type lowercases type and subtype and trims HTTP whitespace", () => {
  const mimeType = parseMimeType("\r\n Text/HTML \t;Charset=UTF-8");
  assert.ok(mimeType);
  assert.equal(essence(mimeType), "text/html");
  assert.deepEqual([...mimeType.parameters], [["charset", "UTF-8"]]);
});

Deno.test("parse a MIME type fails on a missing or non-token type or subtype", () => {
  for (const input of ["", "text", "text/", "/html", "te xt/html", "text/ht ml", "text/html/x?"]) {
    assert.equal(parseMimeType(input), null, JSON.stringify(input));
  }
});

Deno.test("parse a MIME type keeps the first of duplicate parameters and skips bad ones", () => {
  const mimeType = parseMimeType('text/plain;a=1;A=2;b;c=;d="x\\"y" trailing;e=\u0100;f=ok');
  assert.ok(mimeType);
  assert.deepEqual([...mimeType.parameters], [["a", "1"], ["d", 'x"y'], ["f", "ok"]]);
});

Deno.test("the standard's trailing-garbage example", () => {
  const mimeType = parseMimeType('text/html;charset="shift_jis"iso-2022-jp');
  assert.ok(mimeType);
  assert.equal(mimeType.parameters.get("charset"), "shift_jis");
});
