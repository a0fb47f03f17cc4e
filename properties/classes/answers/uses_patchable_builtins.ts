/**
 * The answer class `uses-patchable-builtins`.
 *
 * @module
 */
import { answerClass } from "../class.ts";

/** The class `uses-patchable-builtins`. */
export const usesPatchableBuiltins = answerClass({
  name: "uses-patchable-builtins",
  runtimes: ["node"],
  seenIn: ["Node 22.23.3"],
  summary: "Headers calls built-ins user code can replace (String.prototype.toLowerCase, " +
    "Reflect.get, ...), so replacing one changes what it stores and answers",
  covers: () => false,
  // No recognizer: any operation may call a patched built-in, so while the class is in force the
  // tampered-realm property is not run and no difference of it is ever seen to recognize; it
  // cannot be made narrower than that.
  silences: "tampered realm",
  recognized: [
    { when: "(switches the tampered-realm property off)", after: "—" },
  ],
  example: { steps: [], message: "the candidate called these patched built-ins: Reflect.get" },
  report: {
    title: "Headers calls built-ins that user code can replace",
    observe: `const h = new Headers();
  const lower = String.prototype.toLowerCase;
  String.prototype.toLowerCase = () => "x-not-what-you-asked";
  try {
    h.append("Accept", "a");
  } finally {
    String.prototype.toLowerCase = lower;
  }
  return [...h];`,
    expected: { ok: [["accept", "a"]] },
    standard: {
      algorithm: "append, then byte-lowercase",
      step: "the name is byte-lowercased by the standard's own algorithm, which user code " +
        "replacing String.prototype.toLowerCase cannot change",
      url: "https://infra.spec.whatwg.org/#byte-lowercase",
    },
  },
  notes: "`Headers` calls built-ins that user code can replace after startup, so replacing " +
    "one changes what it stores. `const h = new Headers(); const lower = " +
    "String.prototype.toLowerCase; String.prototype.toLowerCase = () => " +
    '"x-not-what-you-asked"; h.append("Accept", "a"); String.prototype.toLowerCase = ' +
    'lower; [...h]` gives `[["x-not-what-you-asked", "a"]]`; Deno and Bun give ' +
    '`[["accept", "a"]]`, as a built-in must (the standard is written for built-ins, ' +
    "whose behaviour user code cannot change). Found by the tampered-realm property, " +
    "whose first report was `Reflect.get` called by `delete`. With the class in " +
    "force, campaigns skip that property.",
});
