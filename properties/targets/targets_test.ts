import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadFailureDetail } from "./targets.ts";

Deno.test("a module that does not parse is named a SyntaxError once, not a TypeError", async () => {
  const dir = mkdtempSync(join(tmpdir(), "headerproof-syntax-"));
  try {
    const file = join(dir, "broken.mjs");
    writeFileSync(file, "export class Headers { constructor( }\n");
    const url = pathToFileURL(file).href;
    const error = await import(url).then(() => null, (caught) => caught);
    const detail = loadFailureDetail(url, error);
    assert.match(detail, /^SyntaxError: /);
    assert.doesNotMatch(detail, /TypeError/);
    // Any other error keeps its name before its message.
    assert.equal(
      loadFailureDetail(url, new RangeError("too far")).split("\n")[0],
      "RangeError: too far",
    );
    // Bun's AggregateError of parse errors lists each.
    const aggregate = new AggregateError([new Error("Expected identifier")], "2 errors building");
    assert.match(
      loadFailureDetail(url, aggregate),
      /^AggregateError: 2 errors building\n {2}Expected identifier/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
