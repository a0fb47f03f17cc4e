import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { HpackDecoder, HpackError } from "./hpack.ts";

const hex = (text: string) => Buffer.from(text.replace(/\s/g, ""), "hex");

Deno.test("HPACK: RFC 7541 C.4's requests, Huffman-coded, the dynamic table carried over", () => {
  // Cost: pure decoding (milliseconds).
  const decoder = new HpackDecoder();
  const common: [string, string][] = [[":method", "GET"], [":scheme", "http"], [":path", "/"], [
    ":authority",
    "www.example.com",
  ]];
  assert.deepEqual(decoder.decode(hex("8286 8441 8cf1 e3c2 e5f2 3a6b a0ab 90f4 ff")), common);
  assert.deepEqual(decoder.decode(hex("8286 84be 5886 a8eb 1064 9cbf")), [
    ...common,
    ["cache-control", "no-cache"],
  ]);
  assert.deepEqual(
    decoder.decode(hex("8287 85bf 4088 25a8 49e9 5ba9 7d7f 8925 a849 e95b b8e8 b4bf")),
    [[":method", "GET"], [":scheme", "https"], [":path", "/index.html"], [
      ":authority",
      "www.example.com",
    ], ["custom-key", "custom-value"]],
  );
});

Deno.test("HPACK: literals never indexed, a table size update, and blocks that do not decode", () => {
  const decoder = new HpackDecoder();
  // A size update to 0 (0x20) empties the table; a never-indexed literal (0x10) with a new name.
  assert.deepEqual(decoder.decode(hex("20 10 01 61 01 31")), [["a", "1"]]);
  assert.throws(() => decoder.decode(hex("be")), HpackError); // index 62: no dynamic entry
  assert.throws(() => decoder.decode(hex("00 01")), HpackError); // a string cut short
  assert.throws(() => decoder.decode(hex("00 81 00 01 31")), HpackError); // bad Huffman padding
});
