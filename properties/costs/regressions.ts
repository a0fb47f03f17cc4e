/**
 * The cost findings pinned as regression cases: each was caught on impl by the cost stage, and
 * regressions_test.ts measures it on impl in a fresh process, expecting it within its bound.
 *
 * @example
 * ```ts
 * import { REGRESSIONS } from "./regressions.ts";
 * console.log(REGRESSIONS.map((regression) => regression.name));
 * ```
 *
 * @module
 */
import type { CostCase } from "./probes.ts";

/** A pinned cost finding. */
export interface CostRegression {
  /** What it pins. */
  name: string;
  /** Where it was found. */
  found: string;
  /** The case, as the stage shrank it. */
  costCase: CostCase;
}

/** Every pinned cost finding. */
export const REGRESSIONS: readonly CostRegression[] = [
  {
    name: "header list log grows under delete/append churn",
    found: "impl at 57d0ab2, default campaign (memory-grows-with-operations): 8.22 MiB retained " +
      "after 100,000 cycles, native Deno 2.9.6 -13.6 KiB (set/append, append/delete of a second " +
      "name and set-cookie churn likewise)",
    costCase: {
      probe: "churn",
      label: "delete then append one name",
      setup: [["Content-Type", "text/plain"], ["X-Trace", "0"]],
      cycle: [["delete", "X-Trace"], ["append", "X-Trace", "v"]],
      repeat: 100_000,
    },
  },
  {
    name: "names sliced from 1 MiB strings keep their parents alive",
    found: "impl at 57d0ab2, default campaign (retains-parent-strings): 8.02 MiB retained for 8 " +
      "mixed-case names sliced from 1 MiB strings, native Deno 2.9.6 15.6 KiB",
    costCase: { probe: "parents", form: "name-slice", count: 8, parentLength: 1 << 20 },
  },
];
