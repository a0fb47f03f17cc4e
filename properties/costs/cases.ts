/**
 * The cost stage's cases: which {@link CostCase}s a campaign measures, the cost class each one
 * judges, and how a failing churn or parents case is shrunk. The churn cases are the fixed
 * cycles every Headers sees in practice (delete/append and set/append on one name, copies,
 * iterators opened and dropped, set-cookie churn) plus cycles generated from the campaign's seed.
 *
 * @example
 * ```ts
 * import { costCases } from "./cases.ts";
 * console.log(costCases({ sections: ["retained"], factor: 10 }, 1).length);
 * ```
 *
 * @module
 */
import type { ChurnOp, CostCase, GrowthOp, LargeInput, ParentForm } from "./probes.ts";

/** A section of the stage (`--costs`), one per kind of probe. */
export type CostSection = "retained" | "parents" | "module" | "growth" | "large";

/** Every section, in the order the stage runs them. */
export const COST_SECTIONS: readonly CostSection[] = [
  "module",
  "retained",
  "parents",
  "growth",
  "large",
];

/** The sections `--costs` names: "all", "none" or a comma-separated list (throws on others). */
export function parseCostSections(text: string): CostSection[] {
  if (text === "all") return [...COST_SECTIONS];
  if (text === "none") return [];
  const names = text.split(",").filter((name) => name !== "");
  for (const name of names) {
    if (!COST_SECTIONS.includes(name as CostSection)) {
      throw new Error(
        `--costs is all, none or a list of ${COST_SECTIONS.join(", ")}; got ${
          JSON.stringify(name)
        }`,
      );
    }
  }
  return names as CostSection[];
}

/**
 * A class of cost finding, named in the report, the kill table and the cost classes
 * (properties/classes/costs/):
 * memory that grows with operations, retained input strings, module-level growth, superlinear
 * steps, aborts (crash, abort, out of memory, hang) under legal load, and a limit (a thrown error
 * or a wrong answer) under legal load.
 */
export type CostClass =
  | "memory-grows-with-operations"
  | "retains-parent-strings"
  | "module-grows-with-distinct-names"
  | "superlinear-steps"
  | "aborts-under-legal-load"
  | "limit-under-legal-load";

/** How the stage is tuned (`--costs`, `--cost-factor`). */
export interface CostSettings {
  /** The sections to run. */
  sections: readonly CostSection[];
  /** Largest ratio of ns per step at 16 n to ns per step at n. */
  factor: number;
}

/** Cycles repeated by the churn cases. */
export const CHURN_REPEAT = 100_000;

/** The fixed churn cases: names as a request carries them, mixed case. */
const FIXED_CHURN: { label: string; setup: [string, string][]; cycle: ChurnOp[] }[] = [
  {
    label: "delete then append one name",
    setup: [["Content-Type", "text/plain"], ["X-Trace", "0"]],
    cycle: [["delete", "X-Trace"], ["append", "X-Trace", "v"]],
  },
  {
    label: "set then append one name",
    setup: [["Content-Type", "text/plain"], ["X-Trace", "0"]],
    cycle: [["set", "X-Trace", "w"], ["append", "X-Trace", "v"]],
  },
  {
    label: "append then delete a second name",
    setup: [["Accept", "*/*"]],
    cycle: [["append", "X-Request-Id", "1"], ["delete", "X-Request-Id"]],
  },
  {
    label: "set-cookie appended and deleted",
    setup: [["Content-Type", "text/html"]],
    cycle: [["append", "Set-Cookie", "a=1"], ["append", "Set-Cookie", "b=2"], [
      "delete",
      "Set-Cookie",
    ]],
  },
  {
    label: "copies and iterators dropped while one name changes",
    setup: [["Accept", "*/*"], ["X-Trace", "0"]],
    cycle: [["copy"], ["iterate"], ["set", "X-Trace", "w"], ["forEach"]],
  },
];

/** The operations a generated churn cycle draws from (on the names of {@link CHURN_NAMES}). */
const CHURN_NAMES = ["X-Trace", "accept", "Set-Cookie", "X-Other"];

/**
 * A deterministic generator of 32-bit integers (mulberry32); model/mapping.ts's seededRandom
 * divides it into [0, 1).
 *
 * @example
 * ```ts
 * import { generator } from "./cases.ts";
 *
 * console.log(generator(1)() === generator(1)()); // true
 * ```
 */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * A churn cycle of 2-5 operations on two names, from `seed`, then a delete of each name it
 * appended to: churn must leave the live list as it found it, or 100,000 cycles are a list of
 * 100,000 headers (legal growth of the live content, not a leak).
 */
export function generatedCycle(seed: number): ChurnOp[] {
  const next = generator(seed);
  const pick = <T>(items: readonly T[]) => items[next() % items.length];
  const names = [pick(CHURN_NAMES), pick(CHURN_NAMES)];
  const cycle: ChurnOp[] = [];
  const length = 2 + (next() % 4);
  for (let i = 0; i < length; i++) {
    const name = pick(names);
    const kind = pick(["append", "set", "delete", "get", "has", "copy", "iterate"] as const);
    if (kind === "append" || kind === "set") cycle.push([kind, name, `v${next() % 4}`]);
    else if (kind === "delete" || kind === "get" || kind === "has") cycle.push([kind, name]);
    else cycle.push([kind]);
  }
  for (const name of new Set(cycle.flatMap((op) => op[0] === "append" ? [op[1]] : []))) {
    cycle.push(["delete", name]);
  }
  return cycle;
}

const PARENT_FORMS: readonly ParentForm[] = [
  "name-slice",
  "name-concat",
  "value-slice",
  "value-substring",
  "value-concat",
  "set-cookie-slice",
];

/** Every operation kind the growth section times. */
export const GROWTH_OPS: readonly GrowthOp[] = [
  "append",
  "set",
  "delete",
  "get-hit",
  "get-miss-seen",
  "get-miss-never",
  "has-hit",
  "has-miss-seen",
  "has-miss-never",
  "iterator-next-with-set",
  "for-each-with-set",
  "construct-from-record",
  "construct-from-sequence",
  "construct-from-headers",
  "get-set-cookie",
];

const LARGE_INPUTS: readonly LargeInput[] = ["value-8-mib", "headers-100000", "set-cookie-50000"];

/** The section a case belongs to. */
export function sectionOf(costCase: CostCase): CostSection {
  return costCase.probe === "churn" ? "retained" : costCase.probe;
}

/** The cases of a campaign with `settings` and base seed `seed`, in the order they run. */
export function costCases(settings: CostSettings, seed: number): CostCase[] {
  const cases: CostCase[] = [];
  for (const section of COST_SECTIONS) {
    if (!settings.sections.includes(section)) continue;
    switch (section) {
      case "module":
        cases.push({ probe: "module", distinctNames: 60_000, namesPerObject: 10 });
        break;
      case "retained":
        for (const fixed of FIXED_CHURN) {
          cases.push({ probe: "churn", ...fixed, repeat: CHURN_REPEAT });
        }
        cases.push({
          probe: "churn",
          label: `generated from seed ${seed}`,
          setup: [["X-Trace", "0"], ["accept", "*/*"]],
          cycle: generatedCycle(seed),
          repeat: CHURN_REPEAT,
        });
        break;
      case "parents":
        for (const form of PARENT_FORMS) {
          cases.push({ probe: "parents", form, count: 32, parentLength: 1 << 20 });
        }
        break;
      case "growth":
        for (const op of GROWTH_OPS) {
          cases.push({ probe: "growth", op, n: 512, rounds: 3, factor: settings.factor });
        }
        break;
      case "large":
        for (const input of LARGE_INPUTS) cases.push({ probe: "large", input });
        break;
    }
  }
  return cases;
}

/** The class a failing case shows (`problem`: what went wrong under large input). */
export function classOf(costCase: CostCase, problem: "crash" | "answer"): CostClass {
  switch (costCase.probe) {
    case "churn":
      return "memory-grows-with-operations";
    case "parents":
      return "retains-parent-strings";
    case "module":
      return "module-grows-with-distinct-names";
    case "growth":
      return "superlinear-steps";
    case "large":
      return problem === "crash" ? "aborts-under-legal-load" : "limit-under-legal-load";
  }
}

/**
 * The sections of the cost stage whose cases can show `costClass`: the part of the default stage
 * that can kill a variant of that class (the kill table runs only these). A finding counts once
 * its case, measured alone in a fresh process, is over its bound again, so it does not depend on
 * which other cases ran before it.
 */
export function sectionsShowing(costClass: CostClass): CostSection[] {
  return COST_SECTIONS.filter((section) =>
    costCases({ sections: [section], factor: 1 }, 1).some((costCase) =>
      classOf(costCase, "crash") === costClass || classOf(costCase, "answer") === costClass
    )
  );
}

/**
 * What identifies a case across shrinking and seeds: its probe and its label, form, operation or
 * input (a churn cycle generated from a seed is one key whatever the seed).
 */
export function caseKey(costCase: CostCase): string {
  switch (costCase.probe) {
    case "churn":
      return `churn: ${costCase.label.startsWith("generated") ? "generated" : costCase.label}`;
    case "parents":
      return `parents: ${costCase.form}`;
    case "module":
      return "module";
    case "growth":
      return `growth: ${costCase.op}`;
    case "large":
      return `large: ${costCase.input}`;
  }
}

/** The operations of `costCase` as a person reads them, one line each. */
export function describeCase(costCase: CostCase): string[] {
  switch (costCase.probe) {
    case "churn":
      return [
        `h = new Headers(${JSON.stringify(costCase.setup)})`,
        `repeat ${costCase.repeat} times:`,
        ...costCase.cycle.map((op) =>
          `  ${
            op[0] === "copy"
              ? "new Headers(h)  (dropped)"
              : op[0] === "iterate"
              ? "h.entries().next()  (iterator dropped)"
              : op[0] === "forEach"
              ? "h.forEach(() => {})"
              : `h.${op[0]}(${op.slice(1).map((arg) => JSON.stringify(arg)).join(", ")})`
          }`
        ),
        "full GC with h alive: measure the heap it retains",
      ];
    case "parents":
      return [
        `h = new Headers(); for i < ${costCase.count}:`,
        `  parent = ("X-Sliced-…-" + i + "-").padEnd(${costCase.parentLength}, "abcdefgh")`,
        `  h.append(…) with a ${costCase.form} of 24 code units of it (parent then dropped)`,
        "full GC with h alive: measure the heap it retains",
      ];
    case "module":
      return [
        `${costCase.distinctNames} distinct 40-unit names, ${costCase.namesPerObject} per Headers ` +
        "(appended, and as record keys), every Headers dropped",
        "full GC after each half: measure what the second half added",
      ];
    case "growth":
      return [
        `${costCase.op} on a Headers of n = ${costCase.n} and of 16n = ${16 * costCase.n} ` +
        "entries, the same names touched at both sizes",
      ];
    case "large":
      return [
        costCase.input === "value-8-mib"
          ? "values of 8 MiB: append, padded append, set, combine, copy, iterate"
          : costCase.input === "headers-100000"
          ? "new Headers(100,000 pairs): get, iterate, copy, delete half, forEach"
          : "50,000 set-cookie appends: getSetCookie, iterate, copy, get",
      ];
  }
}

/**
 * Smaller versions of a failing case to try (none for module, growth and large): a churn cycle
 * without one of its operations, or half the parents. The repeat count stays: a retained figure
 * shrunk close to its bound would not reproduce reliably.
 */
export function shrinkCandidates(costCase: CostCase): CostCase[] {
  if (costCase.probe === "churn" && costCase.cycle.length > 1) {
    return costCase.cycle.map((_, i) => ({
      ...costCase,
      cycle: costCase.cycle.filter((__, j) => j !== i),
    }));
  }
  if (costCase.probe === "parents" && costCase.count > 8) {
    return [{ ...costCase, count: costCase.count / 2 }];
  }
  return [];
}
