/**
 * Renders a counterexample as a self-contained JavaScript module: it replays the steps on the
 * candidate (imported by the path it is given, or the runtime's own globals for native) with the
 * same observation code the campaign used (embedded from observe.ts), compares every observation
 * with the reference's, which are embedded as data, prints the first difference and exits with
 * status 1 (a difference in a step's label alone says the file's steps are not the expected
 * trace's). Nothing of the headerproof checkout is imported, so the file can be attached to a bug
 * report. Given the runtime that found it (`foundUnder`), it names that runtime and version first
 * and, run under another runtime, says so and exits 2 before it loads anything; a different
 * version of the same runtime is named and the file runs on. Given the earlier runs of a
 * state-dependent counterexample (`history`), it replays them on the candidate alone before the
 * compared steps, as the campaign's process did. This is the answer stage's part of a
 * reproduction; core/reproduction.ts lays the file out (header, runtime check) around it.
 *
 * @example
 * ```ts
 * import * as reference from "../../spec/mod.ts";
 * import { openSubject } from "../oracle/base/observe.ts";
 * import { expectedTrace, renderSnippet } from "./snippet.ts";
 * import type { Op } from "../oracle/ops.ts";
 * const steps: Op[] = [{ op: "construct", slot: 0, guard: "none", init: { kind: "none" } }];
 * const source = renderSnippet({
 *   candidate: { kind: "module", specifier: "./my_headers.mjs" },
 *   expected: expectedTrace(openSubject(reference, "module", "standard"), steps),
 *   profile: "standard",
 *   header: { title: ["a counterexample"], replay: "./headerproof fuzz --seed 1 --path 0" },
 *   steps,
 * });
 * ```
 *
 * @module
 */
import { errorName } from "../core/outcome.ts";
import type { CandidateSource, ReproductionHeader, RuntimeVersion } from "../core/reproduction.ts";
import { exitLater, importCandidate, renderReproduction } from "../core/reproduction.ts";
import {
  attempt,
  drain,
  encode,
  nextResult,
  openSubject,
  ownKeysOf,
  patchCallerSource,
  refuseBuiltins,
  refusingPatch,
} from "../oracle/base/observe.ts";
import {
  brokenInit,
  exoticInit,
  iterableOf,
  proxiedArray,
  recordedInit,
  recordWith,
} from "../oracle/operations/construct.ts";
import { withWrappedIteratorNext } from "../oracle/operations/copy.ts";
import { bodyOf, dictionaryInit, normalizedContentType } from "../oracle/operations/fetch_init.ts";
import { inspectedPairs, inspectedText, withBoundary } from "../oracle/operations/read.ts";
import { forEachObserved } from "../oracle/operations/for_each.ts";
import { rejectedInvalidRawList } from "../oracle/operations/raw_list.ts";
import { serializationOutcome } from "../oracle/operations/serialize.ts";
import { shapeOf } from "../oracle/operations/shape.ts";
import { tamperReturned } from "../oracle/operations/tamper.ts";
import type { Subject } from "../oracle/base/observe.ts";
import type { Op } from "../oracle/ops.ts";
import type { Observation } from "../oracle/world.ts";
import { renderOp, stepCodesOf, stepLabels, World } from "../oracle/world.ts";

/** What a snippet reproduces. */
export interface SnippetInput {
  /** The candidate under test. */
  candidate: CandidateSource;
  /** What the reference observed over `steps` ({@link expectedTrace}); differential mode only. */
  expected?: Observation[];
  /** The profile the reference (and a module candidate's guard constructors) use. */
  profile: string;
  /** The comment at the top (target, seed, replay command...). */
  header: ReproductionHeader;
  /** Resolved steps, as the executor recorded them. */
  steps: Op[];
  /**
   * "differential" (default): compare candidate and reference step by step. "invalid-raw-list":
   * the first step builds a raw list that breaks the contract; the candidate alone runs, and the
   * snippet fails unless the first step that threw (construction or a later call) threw a
   * TypeError.
   */
  mode?: "differential" | "invalid-raw-list";
  /** Leave out the main block (the module then only exports `scenario`), for tests. */
  library?: boolean;
  /** Whether each observation includes own keys, as the campaign's did (default true). */
  ownKeys?: boolean;
  /**
   * Whether each observation includes the candidate's `headerListOf` of every object, as the
   * campaign's did when the candidate exports it (default false).
   */
  headerLists?: boolean;
  /**
   * The patched built-ins the candidate called (a tampered-realm counterexample): the snippet
   * replaces them before it imports the candidate ({@link refuseBuiltins}) and makes them refuse
   * the candidate's code once it has loaded, as the campaign's tampered realm did.
   */
  refuse?: readonly string[];
  /** The runtime (and version) that found the counterexample; the file runs under it alone. */
  foundUnder?: RuntimeVersion;
  /**
   * The resolved steps of every earlier run the campaign's process made before the failing one
   * (a state-dependent counterexample), and whether the campaign observed every object after
   * each step (the model properties) or not (invalid raw lists): replayed on the candidate alone,
   * each on new objects, before the compared steps.
   */
  history?: readonly { steps: readonly Op[]; observed: boolean }[];
}

/** The observation helpers, as source text (one copy of the code: observe.ts). */
const HELPERS = [
  errorName,
  encode,
  attempt,
  nextResult,
  drain,
  forEachObserved,
  rejectedInvalidRawList,
  iterableOf,
  proxiedArray,
  recordWith,
  brokenInit,
  withWrappedIteratorNext,
  openSubject,
  ownKeysOf,
  shapeOf,
  tamperReturned,
  exoticInit,
  recordedInit,
  patchCallerSource,
  refusingPatch,
  refuseBuiltins,
  bodyOf,
  dictionaryInit,
  normalizedContentType,
  serializationOutcome,
  withBoundary,
  inspectedText,
  inspectedPairs,
].map((fn) => fn.toString())
  .join("\n\n");

/**
 * Every observation the reference makes over `steps`, in the order a snippet makes them
 * (`ownKeys`, `headerLists`: whether observations include own keys and header lists, as in
 * {@link SnippetInput}).
 */
export function expectedTrace(
  reference: Subject,
  steps: readonly Op[],
  ownKeys = true,
  headerLists = false,
): Observation[] {
  const trace: Observation[] = [];
  const world = new World(reference, reference, { trace, ownKeys, headerLists });
  for (const step of steps) world.step(step);
  return trace;
}

/** The statements of the scenario body for `steps`. */
function renderSteps(steps: readonly Op[], observe: boolean): string[] {
  const lines: string[] = [];
  for (const op of steps) {
    for (const [index, code] of stepCodes(op).entries()) {
      lines.push(`  step(${JSON.stringify(stepLabels(op)[index])}, () => ${code});`);
    }
    if (observe) lines.push("  observe();");
  }
  return lines;
}

/**
 * One expression per outcome the step produces (copy+then, raw list+first, batch, and a
 * construction's recorded init log and lookups give several).
 */
function stepCodes(op: Op): string[] {
  switch (op.op) {
    case "construct":
      return [
        renderOp(op),
        ...(op.init.kind === "recorded" ? ["log"] : []),
        ...(op.lookups ?? []).flatMap((lookup) => stepCodes(lookup)),
      ];
    case "copy":
      return op.then === null ? [renderOp(op)] : [renderOp(op), ...stepCodes(op.then)];
    case "rawList":
      return op.first === null ? [renderOp(op)] : [renderOp(op), ...stepCodes(op.first)];
    case "batch":
      return op.ops.flatMap((item) => stepCodes(item));
    default:
      return stepCodesOf(op);
  }
}

/**
 * Loads what Node's fetch (undici) and any other runtime load lazily on first use of `Headers`,
 * `Request` and `Response`, before the tampered realm's replacements refuse anything: runs the
 * scenario once on the native globals while the replacements still act as the originals.
 */
const NATIVE_WARM_UP = [
  "// Node loads its fetch implementation (undici) on first use of these globals: loaded now, the",
  "// replacements below refuse nothing of it. The scenario runs once unarmed to that end.",
  'try { scenario(openSubject(globalThis, "native", profile)); } catch { /* shown below */ }',
];

/**
 * The lines that load the candidate in a tampered realm: the built-ins `refuse` names are replaced
 * first, the candidate is imported, then the replacements refuse code from the candidate's folder
 * (or the runtime's `ext:` and `node:` code, for native).
 */
function tamperedImport(candidate: CandidateSource, refuse: readonly string[]): string[] {
  const isCandidate = candidate.kind === "native"
    ? [
      'const isCandidateSource = (source) => source.startsWith("ext:") || ' +
      'source.startsWith("node:");',
    ]
    : [
      `const candidateUrl = import.meta.resolve(${JSON.stringify(candidate.specifier)});`,
      'const candidateFolder = new URL(".", candidateUrl).href;',
      'const candidateFolderPath = candidateFolder.startsWith("file:")',
      "  ? decodeURIComponent(new URL(candidateFolder).pathname)",
      "  : candidateFolder;",
      "const isCandidateSource = (source) =>",
      "  source.startsWith(candidateFolder) || source.startsWith(candidateFolderPath);",
    ];
  return [
    "// The campaign's tampered realm: these built-ins are replaced before the candidate loads and",
    "// refuse its code (EvalError) once it has loaded. The refusal reads the caller's stack frame,",
    "// which a tail call removes: under Bun, this file runs itself again with JavaScriptCore's",
    "// proper tail calls off, as the campaign's workers did.",
    'if (typeof Bun !== "undefined" && process.env.BUN_JSC_useTailCalls !== "false") {',
    "  const again = Bun.spawnSync([process.execPath, ...process.argv.slice(1)], {",
    '    env: { ...process.env, BUN_JSC_useTailCalls: "false" },',
    '    stdio: ["inherit", "inherit", "inherit"],',
    "  });",
    "  process.exit(again.exitCode);",
    "}",
    ...isCandidate,
    ...(candidate.kind === "module"
      ? (candidate.preload ?? []).map((specifier) => `await import(${JSON.stringify(specifier)});`)
      : []),
    `const refusal = refuseBuiltins(${JSON.stringify(refuse)}, isCandidateSource);`,
    ...(candidate.kind === "native"
      ? importCandidate(candidate, "candidateExports", false)
      : ["const candidateExports = await import(candidateUrl);"]),
    ...(candidate.kind === "native" ? NATIVE_WARM_UP : []),
    "refusal.armed = true;",
  ];
}

/** The statements of a scenario function over `steps`, filling its `trace`. */
function scenarioBody(input: SnippetInput, steps: readonly Op[], observed: boolean): string[] {
  return [
    "  const make = (guard, ...init) => subject.make(guard, init[0], init.length > 0);",
    "  const h = [];",
    "  const it = [];",
    "  let log = []; // what a recorded init logged",
    "  const m = []; // Requests and Responses",
    "  const { Request, Response, structuredClone } = subject.fetch; // the candidate's",
    "  const trace = [];",
    "  const step = (label, run) => trace.push([label, attempt(run)]);",
    `  const ownKeys = ${JSON.stringify(input.ownKeys ?? true)};`,
    `  const headerLists = ${JSON.stringify(input.headerLists ?? false)};`,
    "  const observe = () => {",
    "    h.forEach((headers, i) => {",
    "      step(`[...h[${i}]]`, () => drain(headers));",
    "      if (ownKeys) step(`Reflect.ownKeys(h[${i}])`, () => ownKeysOf(headers));",
    "      if (headerLists) {",
    "        step(`headerListOf(h[${i}])`, () => subject.exports.headerListOf(headers));",
    "      }",
    "    });",
    "    it.forEach((iterator, i) => {",
    "      step(`it[${i}].next()`, () => nextResult(iterator));",
    "      if (ownKeys) step(`Reflect.ownKeys(it[${i}])`, () => ownKeysOf(iterator));",
    "    });",
    "  };",
    ...renderSteps(steps, observed),
  ];
}

/** The snippet source. */
export function renderSnippet(input: SnippetInput): string {
  const mode = input.mode ?? "differential";
  const refuse = input.refuse ?? [];
  const candidateImport = refuse.length > 0
    ? tamperedImport(input.candidate, refuse)
    : importCandidate(input.candidate, "candidateExports", false);
  const history = input.history ?? [];
  const candidateKind = input.candidate.kind;
  const scenario = [
    "export function scenario(subject) {",
    ...scenarioBody(input, input.steps, mode === "differential"),
    "  return trace;",
    "}",
    ...(history.length === 0 ? [] : [
      "",
      "// The runs the campaign's process made before the failing one, on the candidate alone",
      "// (observed as the campaign observed them, nothing compared): the candidate keeps module",
      "// state across runs, and the failing run depends on it.",
      "function history(subject) {",
      ...history.flatMap((run) => ["  {", ...scenarioBody(input, run.steps, run.observed), "  }"]),
      "}",
    ]),
  ];
  const replayHistory = history.length === 0 ? [] : [
    `history(openSubject(candidateExports, ${JSON.stringify(candidateKind)}, profile));`,
    `console.log("replayed the ${history.length} earlier run(s) the failing one depends on");`,
  ];
  const main = mode === "differential"
    ? [
      ...replayHistory,
      `const candidate = scenario(openSubject(candidateExports, ${
        JSON.stringify(candidateKind)
      }, profile));`,
      "const reference = expected;",
      "const at = reference.findIndex((entry, i) => JSON.stringify(entry) !== JSON.stringify(candidate[i]));",
      "if (at === -1 && candidate.length === reference.length) {",
      '  console.log("no divergence: candidate and reference agree on every step");',
      "} else {",
      "  const index = at === -1 ? reference.length : at;",
      "  const [ran, wanted] = [candidate[index], reference[index]];",
      "  if (ran !== undefined && wanted !== undefined && ran[0] !== wanted[0]) {",
      "    // Not the candidate's divergence: the steps above are not those `expected` was made of.",
      "    const only = JSON.stringify(ran[1]) === JSON.stringify(wanted[1]);",
      '    console.log(`trace entry ${index + 1} differs ${only ? "only in its label" : ' +
      '"in its label and outcome"}: this file does not replay the program its expected trace ' +
      "was observed on (a bug of the reproduction, not of the candidate)`);",
      '    console.log("  ran:     ", ran[0], JSON.stringify(ran[1]));',
      '    console.log("  expected:", wanted[0], JSON.stringify(wanted[1]));',
      "  } else {",
      '    console.log("divergence at", (wanted ?? ran)[0]);',
      '    console.log("  candidate:", JSON.stringify(ran?.[1]));',
      '    console.log("  reference:", JSON.stringify(wanted?.[1]));',
      "  }",
      `  ${exitLater(1)}`,
      "}",
    ]
    : [
      ...replayHistory,
      `const trace = scenario(openSubject(candidateExports, ${
        JSON.stringify(candidateKind)
      }, profile));`,
      "for (const [label, outcome] of trace) console.log(label, JSON.stringify(outcome));",
      "if (!rejectedInvalidRawList(trace.map(([, outcome]) => outcome))) {",
      '  console.log("the invalid raw list was not rejected with a TypeError by construction or first read");',
      `  ${exitLater(1)}`,
      "}",
    ];
  return renderReproduction({
    header: input.header,
    foundUnder: input.foundUnder,
    body: [
      `const profile = ${JSON.stringify(input.profile)};`,
      ...candidateImport,
      "",
      ...(mode === "differential"
        ? [
          "// What the spec-literal reference observes at each step (label, outcome).",
          "const expected = [",
          ...(input.expected ?? []).map((entry) => `  ${JSON.stringify(entry)},`),
          "];",
        ]
        : []),
      "",
      HELPERS,
      "",
      ...scenario,
      "",
      ...(input.library ? [] : main),
    ],
  });
}
