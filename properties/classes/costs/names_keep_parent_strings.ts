/**
 * The cost class `names-keep-parent-strings`.
 *
 * @module
 */
import { costClass } from "../class.ts";

/** The class `names-keep-parent-strings`. */
export const namesKeepParentStrings = costClass({
  name: "names-keep-parent-strings",
  runtimes: ["node"],
  seenIn: ["Node 22.23.3"],
  summary: "header names are kept as given (their casing, for the raw list): 8 names sliced from " +
    "1 MiB strings keep 8 MiB alive (Node 22.23.3: 8.01 MiB; Deno 2.9.6 copies them: 15.6 KiB)",
  costClass: "retains-parent-strings",
  covers: (c) => c.probe === "parents" && c.form.startsWith("name-"),
  example: { probe: "parents", form: "name-slice", count: 8, parentLength: 1 << 20 },
  report: null,
  notes: "names too, for their casing: 8 names sliced from 1 MiB strings keep 8.01 MiB " +
    "(Deno 2.9.6: 15.6 KiB).",
});
