/**
 * JUnit XML, the report format CI systems read: one `<testsuite>` with one `<testcase>` per check,
 * a `<failure>` inside the ones that failed. Written by the campaign (`--junit FILE`, one case) and
 * the kill table (one case per variant).
 *
 * @example
 * ```ts
 * import { renderJunit } from "./junit.ts";
 * const xml = renderJunit("headerproof fuzz", [
 *   { name: "impl against the reference", seconds: 1.5 },
 *   { name: "variant x", seconds: 2, failure: { message: "survived", detail: "5000 runs" } },
 * ]);
 * ```
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** One check. */
export interface JunitCase {
  /** What was checked. */
  name: string;
  /** How long it took. */
  seconds: number;
  /** Set when it failed: a one-line message and the full text. */
  failure?: { message: string; detail: string };
  /** What a reader must know besides the result (a partial verdict, the known classes a
   * campaign went on past), as `<system-out>`. */
  systemOut?: string;
}

/** `text` escaped for an XML attribute or text node (characters XML 1.0 forbids are dropped). */
function xml(text: string): string {
  return text
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** The JUnit XML document of `cases`, as one suite named `suite`. */
export function renderJunit(suite: string, cases: readonly JunitCase[]): string {
  const failures = cases.filter((c) => c.failure !== undefined).length;
  const seconds = cases.reduce((sum, c) => sum + c.seconds, 0);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(suite)}" tests="${cases.length}" failures="${failures}" time="${
      seconds.toFixed(3)
    }">`,
    `  <testsuite name="${xml(suite)}" tests="${cases.length}" failures="${failures}" time="${
      seconds.toFixed(3)
    }">`,
  ];
  for (const c of cases) {
    const open = `    <testcase name="${xml(c.name)}" classname="${xml(suite)}" time="${
      c.seconds.toFixed(3)
    }"`;
    if (c.failure === undefined && c.systemOut === undefined) {
      lines.push(`${open}/>`);
    } else {
      lines.push(
        `${open}>`,
        ...(c.failure === undefined ? [] : [
          `      <failure message="${xml(c.failure.message)}">${xml(c.failure.detail)}</failure>`,
        ]),
        ...(c.systemOut === undefined
          ? []
          : [`      <system-out>${xml(c.systemOut)}</system-out>`]),
        "    </testcase>",
      );
    }
  }
  lines.push("  </testsuite>", "</testsuites>", "");
  return lines.join("\n");
}

/** Writes the JUnit XML of `cases` to `file`, creating its folder. */
export function writeJunit(file: string, suite: string, cases: readonly JunitCase[]): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, renderJunit(suite, cases));
}
