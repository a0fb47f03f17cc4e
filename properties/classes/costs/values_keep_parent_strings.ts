/**
 * The cost class `values-keep-parent-strings`.
 *
 * @module
 */
import { costClass } from "../class.ts";

/** The class `values-keep-parent-strings`. */
export const valuesKeepParentStrings = costClass({
  name: "values-keep-parent-strings",
  runtimes: ["deno", "node"],
  seenIn: ["Deno 2.9.6", "Node 22.23.3"],
  summary: "header and set-cookie values are kept as given: 8 values of 24 code units sliced " +
    "from 1 MiB strings keep 8 MiB alive (Deno 2.9.6 and Node 22.23.3: 8.01 MiB)",
  costClass: "retains-parent-strings",
  covers: (c) =>
    c.probe === "parents" && (c.form.startsWith("value-") || c.form === "set-cookie-slice"),
  example: { probe: "parents", form: "value-slice", count: 8, parentLength: 1 << 20 },
  report: null,
  notes: "a value is kept as given, so a value sliced from a large string keeps the whole " +
    "string alive. `const h = new Headers(); for (let i = 0; i < 8; i++) " +
    'h.append("x-" + i, ("v" + i).padEnd(1 << 20, "a").slice(0, 24));` then `gc()`: ' +
    "8.01 MiB retained on both (bound 1.02 MiB; the reference, naive on purpose, " +
    "keeps them too); the same for `set-cookie` values and `substring`s. Bun 1.3.14: " +
    "3 KiB.",
});
