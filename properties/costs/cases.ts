/**
 * The cost stage's cases: which {@link CostCase}s a campaign measures, the cost class each one
 * judges, and how a failing churn or parents case is shrunk. The churn cases are the fixed
 * cycles every Headers sees in practice (delete/append and set/append on one name, copies,
 * iterators opened and dropped, set-cookie churn), cycles with every read kind between the writes
 * (small values, and 2 MiB values a cache that outlives a delete would keep), plus cycles generated
 * from the campaign's seed. The unread cases keep Requests and Responses whose headers are never
 * read; the growth section times unread messages too.
 *
 * @example
 * ```ts
 * import { costCases } from "./cases.ts";
 * console.log(costCases({ sections: ["retained"], factor: 10 }, 1).length);
 * ```
 *
 * @module
 */
import type { ChurnOp, CostCase, GrowthOp, LargeInput, ParentForm, UnreadInit } from "./probes.ts";
import { takesMessages } from "./probes.ts";

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
 * memory that grows with operations, an unread Request or Response that retains more than its
 * materialized form, retained input strings, module-level growth, superlinear steps, aborts
 * (crash, abort, out of memory, hang) under legal load, and a limit (a thrown error or a wrong
 * answer) under legal load.
 */
export type CostClass =
  | "memory-grows-with-operations"
  | "unread-message-retains-more"
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

/** Why a message case is not measured on a side without Request and Response. */
export const NO_MESSAGES = "not applicable: the module exports no Request and Response, so it " +
  "has no message to keep unread (its Headers alone is measured)";

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

/**
 * Code units of a large value written between reads: one kept is twice the 1 MiB allowance of the
 * bound.
 */
export const LARGE_VALUE_LENGTH = 2 << 20;

/** Cycles repeated by the churn case with large values. */
const LARGE_CHURN_REPEAT = 4;

/**
 * Cycles repeated by the churn case with small values read between writes: 40 bytes kept per
 * cycle pass the 1 MiB allowance.
 */
const READ_CHURN_REPEAT = 30_000;

/**
 * Churn with every read kind (`get`, `has`, `getSetCookie`, iteration, `forEach`) between the
 * writes: a cache a read fills must not outlive what it cached. The probe measures what the one
 * Headers keeps beyond a warm-up run of the same cycle, so what a module keeps of its last run
 * is in the baseline, but for the last entry an iteration visited (a one-header Headers is
 * iterated before the baseline, so a module slot keeping a deleted 2 MiB value counts); the last
 * `get` reads a value no iteration visited, so a cache of it is the Headers' own.
 */
const READ_CHURN: { label: string; setup: [string, string][]; cycle: ChurnOp[] }[] = [
  {
    label: "every read kind between writes",
    setup: [["Content-Type", "text/plain"], ["Set-Cookie", "a=0"]],
    cycle: [
      ["append", "X-Read", "v"],
      ["get", "X-Read"],
      ["has", "X-Read"],
      ["iterate"],
      ["forEach"],
      ["getSetCookie"],
      ["set", "X-Read", "w"],
      ["get", "X-Read"],
      ["delete", "X-Read"],
    ],
  },
  {
    label: "every read kind between writes of 2 MiB values",
    setup: [["Content-Type", "text/plain"]],
    cycle: [
      ["append-large", "X-Read", LARGE_VALUE_LENGTH],
      ["get", "X-Read"],
      ["has", "X-Read"],
      ["iterate"],
      ["forEach"],
      ["append-large", "Set-Cookie", LARGE_VALUE_LENGTH],
      ["getSetCookie"],
      ["delete", "Set-Cookie"],
      ["set-large", "X-Read", LARGE_VALUE_LENGTH],
      ["get", "X-Read"],
      ["delete", "X-Read"],
    ],
  },
];

/** What the unread cases make their messages from. */
const UNREAD_CASES: { message: "request" | "response"; init: UnreadInit }[] = [
  { message: "response", init: "init-record" },
  { message: "response", init: "init-headers" },
  { message: "response", init: "message" },
  { message: "request", init: "init-record" },
  { message: "request", init: "message" },
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
  "response-unread",
  "response-clone-unread",
  "response-first-read",
  "request-unread",
  "request-from-request-unread",
];

const LARGE_INPUTS: readonly LargeInput[] = ["value-8-mib", "headers-100000", "set-cookie-50000"];

/** The section a case belongs to. */
export function sectionOf(costCase: CostCase): CostSection {
  return costCase.probe === "churn" || costCase.probe === "unread" ? "retained" : costCase.probe;
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
        for (const unread of UNREAD_CASES) {
          cases.push({ probe: "unread", ...unread, count: 64, entries: 16 });
        }
        for (const fixed of READ_CHURN) {
          const large = fixed.cycle.some((op) => op[0].endsWith("-large"));
          cases.push({
            probe: "churn",
            ...fixed,
            repeat: large ? LARGE_CHURN_REPEAT : READ_CHURN_REPEAT,
          });
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
        // A message of 16 n entries is made per rep (and by a runtime that scans per append in
        // O(n²)): n = 128 keeps that within a second where the list scans.
        for (const op of GROWTH_OPS) {
          const n = takesMessages(op) ? 128 : 512;
          cases.push({ probe: "growth", op, n, rounds: 3, factor: settings.factor });
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
    case "unread":
      return "unread-message-retains-more";
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
    case "unread":
      return `unread: ${costCase.message} from ${costCase.init}`;
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
              : op[0] === "append-large" || op[0] === "set-large"
              ? `h.${op[0].slice(0, -"-large".length)}(${JSON.stringify(op[1])}, ` +
                `\`\${cycle}-\`.padEnd(${op[2]}, "large"))  (a fresh ${op[2]}-unit value)`
              : `h.${op[0]}(${op.slice(1).map((arg) => JSON.stringify(arg)).join(", ")})`
          }`
        ),
        "full GC with h alive: measure the heap it retains",
      ];
    case "unread":
      return [
        `${costCase.count} ${
          costCase.message === "request" ? "new Request(url, init)" : "new Response(null, init)"
        } kept, init ${
          costCase.init === "message"
            ? `another ${costCase.message} (its input or init)`
            : `{ headers: ${costCase.init === "init-headers" ? "a Headers" : "a record"} }`
        } of ${costCase.entries} entries, plus a 64 KiB member the standard never reads`,
        "full GC: the heap they retain never read, against the same messages each read once",
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
 * Smaller versions of a failing case to try, in order (none for module, growth, large and unread):
 * a churn cycle of 4 or more operations without its first or its second half, then without one of
 * its operations; or half the parents. The repeat count stays: a retained figure shrunk close to
 * its bound would not reproduce reliably.
 */
export function shrinkCandidates(costCase: CostCase): CostCase[] {
  if (costCase.probe === "churn" && costCase.cycle.length > 1) {
    const cycle = costCase.cycle;
    const half = cycle.length >> 1;
    const halves = cycle.length < 4 ? [] : [cycle.slice(half), cycle.slice(0, half)];
    return [...halves, ...cycle.map((_, i) => cycle.filter((__, j) => j !== i))]
      .map((smaller) => ({ ...costCase, cycle: smaller }));
  }
  if (costCase.probe === "parents" && costCase.count > 8) {
    return [{ ...costCase, count: costCase.count / 2 }];
  }
  return [];
}
