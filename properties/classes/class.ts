/**
 * The shape of one divergence class: a named, known way a runtime (or a crate) differs from the
 * reference, found by one stage (`StageName`), with how that stage recognizes it, where it was
 * seen, a planted example it must recognize, its upstream report, and its prose for
 * properties/NATIVE_DIVERGENCES.md. Each class is one file under properties/classes/ (a folder per
 * stage) and one row of `CLASSES` (classes.ts).
 *
 * Adding a class: write `properties/classes/STAGE/NAME.ts` (NAME with `_` for `-`) exporting one
 * entry made with {@link answerClass}, {@link costClass}, {@link wireClass} or
 * {@link codecClass}; add it to `CLASSES` (its position is the order it applies and is listed in);
 * regenerate properties/NATIVE_DIVERGENCES.md (`renderNativeDivergences`, native_divergences.ts);
 * run `./headerproof test:unit properties/classes/` (a file without a row, a row without a file,
 * an example its class does not recognize, or a stale NATIVE_DIVERGENCES.md fails).
 *
 * @example
 * ```ts
 * import { answerClass } from "./class.ts";
 * const example = answerClass({
 *   name: "example-class",
 *   runtimes: ["deno"],
 *   seenIn: ["Deno 2.9.6"],
 *   summary: "what the runtime does differently",
 *   covers: (op) => op.op === "shape",
 *   example: { steps: [{ op: "shape", target: 0 }], message: "" },
 *   report: null,
 *   notes: "",
 * });
 * console.log(example.stage); // "answers"
 * ```
 *
 * @module
 */
import type { Outcome } from "../core/outcome.ts";
import type { StageName } from "../core/stage.ts";
import type { AfterExplained, DivergenceClass } from "../oracle/divergences.ts";
import type { CostClass as CostFindingClass } from "../costs/cases.ts";
import type { CostCase } from "../costs/probes.ts";
import type { WireDivergenceClass } from "../wire/wire_property.ts";
import type { CodecRecognizer } from "../codec/reference.ts";
import type { CodecCase } from "../codec/arbitraries.ts";
import type { EgressRecognizer } from "../egress/compare.ts";
import type { HeaderList } from "../../spec/header_list.ts";
import type { Op } from "../oracle/ops.ts";

/** A class as an upstream report (properties/upstream/report.ts). */
export interface ReportCase {
  /** The class name. */
  name: string;
  /** The issue title. */
  title: string;
  /** The body of `function observe() { ... }`: returns what is compared. */
  observe: string;
  /** What the standard gives: a JSON value, or a thrown error of that name. */
  expected: Outcome;
  /** The algorithm, the step, and its link. */
  standard: { algorithm: string; step: string; url: string };
  /** The observation never returns on an affected runtime (a hang): it is not run. */
  hangs?: boolean;
  /**
   * The observation talks to a server or client on 127.0.0.1: an async body, and no
   * web-platform-tests test.
   */
  network?: boolean;
  /**
   * The npm release the class lives in (`undici@X`), when it is not a runtime's own Headers: the
   * reproduction takes Headers, Request and Response from that package, installed beside it, and
   * is run under Node.
   */
  package?: string;
}

/** A class's report: its {@link ReportCase} but the name, which is the class's. */
export type ClassReport = Omit<ReportCase, "name">;

/** A runtime whose own Headers, server or fetch() a class was seen in. */
export type Runtime = "deno" | "node" | "bun";

/** What every class declares, whatever its stage. */
interface ClassCommon<S extends StageName, N extends string> {
  /** The class name used by `--known-divergences` and `report`. */
  name: N;
  /** The stage that finds it. */
  stage: S;
  /** The runtimes it was seen in (none for a crate's class). */
  runtimes: readonly Runtime[];
  /** The runtimes, releases or crates, with versions, it was seen in. */
  seenIn: readonly string[];
  /** One line: what the runtime does differently. */
  summary: string;
  /** Its upstream report, or null (a cost or codec class, reported in prose). */
  report: ClassReport | null;
  /** Markdown for properties/NATIVE_DIVERGENCES.md: how it shows, with a reproduction. */
  notes: string;
}

/** One row of the recognition table of NATIVE_DIVERGENCES.md: when, and what the run does. */
export interface Recognized {
  /** When a difference is the class's (Markdown). */
  when: string;
  /** What the run does after it ("—": the class never lets a difference be seen). */
  after: AfterExplained | "—";
}

/**
 * A class of the answer stage: the recognizer world.ts applies (`DivergenceClass`), and, for a
 * behaviour the wire stage reaches too, the wire recognizer of the same name.
 */
export interface AnswerClass<N extends string = string>
  extends ClassCommon<"answers", N>, DivergenceClass {
  /** The class name. */
  name: N;
  /** The runtimes it was seen in. */
  runtimes: readonly Runtime[];
  /** The same behaviour as a wire class (its `name` is this class's). */
  wire?: WireDivergenceClass;
  /**
   * A counterexample of the class (the steps and the failure message), which classification
   * (classes.ts `classify`) puts in it when no other class is open.
   */
  example: { steps: readonly Op[]; message: string };
  /** Field lines whose expected header list or observation the wire part rewrites. */
  wireExample?: readonly string[];
  /** How it recognizes a difference, when not by `covers` alone (NATIVE_DIVERGENCES.md). */
  recognized?: readonly Recognized[];
}

/** A class of the cost stage: the cost cases it stops measuring while in force. */
export interface CostDivergenceClass<N extends string = string> extends ClassCommon<"costs", N> {
  /** The cost class (properties/costs/cases.ts) its findings have. */
  costClass: CostFindingClass;
  /** A cost case it covers. */
  example: CostCase;
  /** Whether it covers `costCase` (not measured while the class is in force). */
  covers(costCase: CostCase): boolean;
}

/** A class only the wire stage reaches: a rewrite of the expected header list or observation. */
export interface WireClass<N extends string = string>
  extends ClassCommon<"wire", N>, WireDivergenceClass {
  /** The class name. */
  name: N;
  /** The runtimes it was seen in. */
  runtimes: readonly Runtime[];
  /** Field lines whose expected header list or observation it rewrites. */
  example: readonly string[];
}

/** A class of the codec stage: a rule of the crate's grammar the reference adds or takes away. */
export interface CodecClass<N extends string = string>
  extends ClassCommon<"codec", N>, CodecRecognizer {
  /** The class name. */
  name: N;
  /** A codec case whose expected answer its rule changes. */
  example: CodecCase;
}

/**
 * A class of the egress stage: an allowance (the fields a runtime's server or client writes by
 * itself, `adds`) or a divergence (`rewrite` of the expected header list), on the sides it names.
 */
export interface EgressClass<N extends string = string>
  extends ClassCommon<"egress", N>, EgressRecognizer {
  /** The class name. */
  name: N;
  /** The runtimes it was seen in. */
  runtimes: readonly Runtime[];
  /** An expected header list it accounts for (an allowance: the names it adds are enough). */
  example: HeaderList;
}

/** A class of any stage. */
export type AnyClass = AnswerClass | CostDivergenceClass | WireClass | CodecClass | EgressClass;

/** The class of stage `S`. */
export type ClassOf<S extends StageName> = Extract<AnyClass, { stage: S }>;

/** An answer class; its name is kept as a literal type. */
export function answerClass<const N extends string>(
  entry: Omit<AnswerClass<N>, "stage">,
): AnswerClass<N> {
  return { stage: "answers", ...entry };
}

/** A cost class; its name is kept as a literal type. */
export function costClass<const N extends string>(
  entry: Omit<CostDivergenceClass<N>, "stage">,
): CostDivergenceClass<N> {
  return { stage: "costs", ...entry };
}

/** A wire class; its name is kept as a literal type. */
export function wireClass<const N extends string>(
  entry: Omit<WireClass<N>, "stage">,
): WireClass<N> {
  return { stage: "wire", ...entry };
}

/** An egress class; its name is kept as a literal type. */
export function egressClass<const N extends string>(
  entry: Omit<EgressClass<N>, "stage">,
): EgressClass<N> {
  return { stage: "egress", ...entry };
}

/** A codec class; its name is kept as a literal type. */
export function codecClass<const N extends string>(
  entry: Omit<CodecClass<N>, "stage">,
): CodecClass<N> {
  return { stage: "codec", ...entry };
}
