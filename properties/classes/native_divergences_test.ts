import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { NATIVE_DIVERGENCES_PATH, renderNativeDivergences } from "./native_divergences.ts";
import { classesOf } from "./classes.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

Deno.test("properties/NATIVE_DIVERGENCES.md is what the classes generate", () => {
  const committed = readFileSync(`${ROOT}${NATIVE_DIVERGENCES_PATH}`, "utf8");
  assert.ok(
    committed === renderNativeDivergences(),
    `${NATIVE_DIVERGENCES_PATH} is stale: regenerate it from properties/classes/ ` +
      "(renderNativeDivergences in properties/classes/native_divergences.ts)",
  );
});

Deno.test("the generated file names every class once, in a section of its stage", () => {
  const text = renderNativeDivergences();
  for (const c of classesOf("answers")) assert.match(text, new RegExp(`^- \`${c.name}\` \\(`, "m"));
  for (const stage of ["costs", "codec", "wire"] as const) {
    for (const c of classesOf(stage)) assert.match(text, new RegExp(`^- \`${c.name}\` \\(`, "m"));
  }
  const prose = text.split("\n").filter((line) => !line.startsWith("|") && line.length > 100);
  // Only code spans longer than a line (a reproduction, a command) run past 100 characters.
  for (const line of prose) assert.match(line, /`[^`]{80,}`|^(deno|node|bun) /, line);
});
