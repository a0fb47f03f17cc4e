import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ClassName } from "./classes.ts";
import { CLASSES, classesOf, classify, reportFiles, REPORTS_DIR } from "./classes.ts";
import { coversStep } from "../oracle/divergences.ts";
import type { CodecRecognizer } from "../codec/reference.ts";
import type { AnyClass } from "./class.ts";
import { observeHeaderList, parseFieldLines, probedNames } from "../wire/field_lines.ts";
import type { WireDivergenceClass } from "../wire/wire_property.ts";
import { remadeResponseList } from "../wire/touch.ts";
import { sortAndCombine } from "../../spec/header_list.ts";
import { expectedOf, grammarOf } from "../codec/stage.ts";

/** The folder of each stage's class files. */
const FOLDERS = {
  answers: "answers",
  costs: "costs",
  wire: "wire",
  codec: "codec",
  egress: "egress",
} as const;

Deno.test("every class file holds one row of CLASSES, and every row has its file", async () => {
  const rows = new Set<AnyClass>(CLASSES);
  const found = new Set<AnyClass>();
  for (const [stage, folder] of Object.entries(FOLDERS)) {
    const dir = new URL(`./${folder}/`, import.meta.url);
    for (const file of readdirSync(fileURLToPath(dir)).filter((f) => f.endsWith(".ts")).sort()) {
      const exported = Object.values(await import(new URL(file, dir).href)) as AnyClass[];
      assert.equal(exported.length, 1, `${folder}/${file} exports one class`);
      const [c] = exported;
      assert.ok(rows.has(c), `${folder}/${file}: ${c.name} is not a row of CLASSES`);
      assert.equal(c.stage, stage, `${folder}/${file}: stage ${c.stage}`);
      assert.equal(file, `${c.name.replaceAll("-", "_")}.ts`, `${folder}/${file}: ${c.name}`);
      found.add(c);
    }
  }
  const missing = CLASSES.filter((c) => !found.has(c)).map((c) => c.name);
  assert.deepEqual(missing, [], "rows without a file");
  assert.equal(new Set(CLASSES.map((c) => c.name)).size, CLASSES.length, "names are unique");
});

Deno.test("every answer class is the class of its planted counterexample", () => {
  const answers = classesOf("answers");
  for (const c of answers) {
    const others = answers.filter((other) => other !== c).map((other) => other.name);
    assert.equal(classify(c.example, c.runtimes[0] ?? "deno", others)?.name, c.name, c.name);
  }
});

Deno.test("every cost class covers its planted case", () => {
  for (const c of classesOf("costs")) assert.equal(c.covers(c.example), true, c.name);
});

/** Whether `w` changes the reference's expected list or observation of the field `lines`. */
function rewrites(w: WireDivergenceClass, lines: readonly string[]): boolean {
  const list = parseFieldLines(lines)!;
  const names = probedNames(lines);
  const rewritten = w.list?.(list, lines) ?? list;
  const observed = observeHeaderList(rewritten, names);
  const shown = w.observation?.(observed, rewritten) ?? observed;
  // A Response made from fetch()'s Response (touch.ts "remake"): the list it is filled with.
  const iterated = w.iterated?.(list) ?? sortAndCombine(list);
  const remade = w.keepsCopiedValues === true ? iterated : remadeResponseList(iterated);
  return JSON.stringify(shown) !== JSON.stringify(observeHeaderList(list, names)) ||
    JSON.stringify(remade) !== JSON.stringify(remadeResponseList(list));
}

Deno.test("every wire class rewrites what its planted field lines are expected to show", () => {
  for (const c of classesOf("wire")) assert.equal(rewrites(c, c.example), true, c.name);
  for (const c of classesOf("answers")) {
    if (c.wire === undefined) continue;
    assert.equal(c.wire.name, c.name);
    assert.ok(c.wireExample !== undefined, `${c.name} has a wire part and no wire example`);
    assert.equal(rewrites(c.wire, c.wireExample), true, c.name);
  }
});

Deno.test("every codec class's rule changes the expected answer of its planted case", () => {
  for (const c of classesOf("codec")) {
    const without = expectedOf(c.example, grammarOf("fetch", []));
    assert.notDeepEqual(expectedOf(c.example, grammarOf("fetch", [c])), without, c.name);
  }
});

Deno.test("a class name is a name of the table, and a class fits only its own stage", () => {
  const name: ClassName = "no-cors-guard-ignored";
  // @ts-expect-error: not a class of the table
  const wrong: ClassName = "no-such-class";
  assert.notEqual(name, wrong);
  // Checked by the type checker only (deno check fails if a line below stops being an error).
  const misuses = () => {
    const step = { op: "shape", target: 0 } as const;
    const [cost] = classesOf("costs");
    const [wire] = classesOf("wire");
    const [answer] = classesOf("answers");
    // @ts-expect-error: a cost class is no answer recognizer
    coversStep(cost, step);
    // @ts-expect-error: a wire class is no answer recognizer
    coversStep(wire, step);
    // @ts-expect-error: an answer class is no wire recognizer
    const asWire: WireDivergenceClass = answer;
    // @ts-expect-error: a wire class is no codec recognizer
    const asCodec: CodecRecognizer = wire;
    return [asWire, asCodec];
  };
  assert.equal(typeof misuses, "function");
});

Deno.test("every report has its committed issue body and WPT test, and every committed one a class", () => {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const committed = new Set(readdirSync(`${root}${REPORTS_DIR}`).map((f) => `${REPORTS_DIR}/${f}`));
  const expected = CLASSES.flatMap((c) => {
    const files = reportFiles(c);
    return files === null ? [] : [files.issue, ...(files.wpt === null ? [] : [files.wpt])];
  });
  assert.deepEqual(expected.filter((f) => !committed.has(f)), [], "reports not committed");
  assert.deepEqual([...committed].filter((f) => !expected.includes(f)), [], "reports of no class");
});
