/**
 * The campaign's report, in the three forms people and machines read: the text a person reads
 * (the failing steps first, then what differed, where the reproduction was written and the replay
 * command), the `--json` {@link Summary}, and a JUnit XML case (`--junit FILE`).
 *
 * @example
 * ```ts
 * import { humanSummary } from "./fuzz_report.ts";
 * console.log(humanSummary({
 *   ok: true, interrupted: false, target: "impl", runtime: "deno 2.9.6", profile: "standard",
 *   entryPoints: ["Headers"], knownDivergences: [], knownDivergencesAuto: false,
 *   classesHit: [], exclusion: null, seeds: [1], workers: 1, runs: 10,
 *   commands: 200, elapsedMs: 1000, commandsPerSecond: 200, failure: null, costs: null,
 *   wire: null, egress: null, partial: [],
 * }, false));
 * ```
 *
 * @module
 */
import type { ClassHit } from "../classes/classes.ts";
import type { JunitCase } from "../core/junit.ts";
import type { Op } from "../oracle/ops.ts";
import { stepLabels } from "../oracle/world.ts";
import type { StageSection } from "../core/stage.ts";
import type { StageSections, SummaryFields } from "./stages.ts";
import { STAGES } from "./stages.ts";

/**
 * The JSON summary (`--json`): `ok`, the answer stage's fields (answers.ts), each section
 * stage's report under its name (stages.ts), and `partial`.
 */
export interface Summary extends SummaryFields, StageSections {
  ok: boolean;
  /**
   * Why the verdict is partial, one line per stage that could not finish its cases within its
   * share of `--time` (or whose process the candidate ended); empty when every stage finished.
   */
  partial: string[];
}

/** Each section stage with its report in `summary`, in the order of the STAGES table. */
function sectionsOf(summary: Summary): { section: StageSection<unknown>; report: unknown }[] {
  return STAGES.flatMap((stage) => {
    const section = stage.report?.section ?? null;
    const report = (summary as unknown as Record<string, unknown>)[stage.name] ?? null;
    return section === null || report === null ? [] : [{ section, report }];
  });
}

/** The steps of a counterexample, numbered, one line each (a step with several calls: `;`). */
export function stepList(steps: readonly Op[]): string[] {
  const width = String(steps.length).length;
  return steps.map((op, i) => `  ${String(i + 1).padStart(width)}. ${stepLabels(op).join("; ")}`);
}

/** An encoded value (observe.ts `encode`) as text: numbers bare, strings quoted. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(shown).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const tagged = value as { $?: string; v?: string };
    if (tagged.$ === "number" || tagged.$ === "bigint") return String(tagged.v);
    if (tagged.$ !== undefined) return tagged.$;
  }
  return JSON.stringify(value);
}

/** One own property as shapeOf (observe.ts) describes it, in words. */
function describedProperty(entry: unknown[]): string {
  const callable = (fn: unknown) =>
    Array.isArray(fn) ? `function ${String(fn[0])}, length ${shown(fn[1])}` : "none";
  const flags = (names: string[], values: unknown[]) =>
    names.map((name, i) => values[i] === true ? name : `not ${name}`).join(", ");
  if (entry[1] === "data") {
    const value = entry[6] === null ? String(entry[5]) : callable(entry[6]);
    return `data (${value}), ${
      flags(["writable", "enumerable", "configurable"], entry.slice(2, 5))
    }`;
  }
  return `accessor (get: ${callable(entry[4])}; set: ${callable(entry[5])}), ${
    flags(["enumerable", "configurable"], entry.slice(2, 4))
  }`;
}

/** A difference in an interface's shape: which property, what the standard has, what came. */
export interface ShapeDifference {
  property: string;
  expected: string;
  got: string;
}

/**
 * The differences between two shapes (observe.ts `shapeOf`, as encoded in an outcome), property
 * by property: the constructor, the prototype's attributes, class strings, `@@iterator`, and
 * every own property of `Headers.prototype` and of the iterator prototype (absent on one side
 * included).
 */
export function shapeDifferences(expected: unknown[], got: unknown[]): ShapeDifference[] {
  const rows: ShapeDifference[] = [];
  const scalar = (property: string, i: number, render = shown) => {
    const [e, g] = [render(expected[i]), render(got[i])];
    if (e !== g) rows.push({ property, expected: e, got: g });
  };
  const listed = (owner: string, i: number) => {
    const byKey = (list: unknown) =>
      new Map(
        (Array.isArray(list) ? list : []).map((entry) => [String(entry[0]), entry as unknown[]]),
      );
    const [e, g] = [byKey(expected[i]), byKey(got[i])];
    const keys = [...new Set([...e.keys(), ...g.keys()])].sort();
    for (const key of keys) {
      const [left, right] = [e.get(key), g.get(key)];
      const [l, r] = [
        left === undefined ? "(absent)" : describedProperty(left),
        right === undefined ? "(absent)" : describedProperty(right),
      ];
      if (l !== r) rows.push({ property: `${owner}[${JSON.stringify(key)}]`, expected: l, got: r });
    }
  };
  scalar("Headers (constructor name, length)", 0);
  scalar("Headers.prototype (writable, enumerable, configurable)", 1);
  scalar("Object.prototype.toString(headers)", 2);
  scalar("Headers.prototype[Symbol.iterator] === Headers.prototype.entries", 3);
  listed("Headers.prototype", 4);
  scalar("Object.prototype.toString(headers.entries())", 5);
  scalar("the iterator prototype inherits %IteratorPrototype%", 6);
  listed("the iterator prototype", 7);
  return rows;
}

/**
 * `message` (a divergence's) with the two outcomes of a shape observation replaced by the
 * {@link shapeDifferences} between them; any other message as it is.
 */
export function readableMessage(message: string): string {
  const lines = message.split("\n");
  const outcome = (side: string) => {
    const line = lines.find((l) => l.startsWith(`  ${side}: `));
    try {
      return line === undefined ? undefined : JSON.parse(line.slice(side.length + 4));
    } catch {
      return undefined;
    }
  };
  const [candidate, reference] = [outcome("candidate"), outcome("reference")];
  if (
    !/^step \d+: shapeOf\(/.test(lines[0]) || !Array.isArray(candidate?.ok) ||
    !Array.isArray(reference?.ok)
  ) {
    return message;
  }
  const rows = shapeDifferences(reference.ok, candidate.ok);
  return [
    lines[0],
    `  the shape differs in ${rows.length} place(s) (expected: the reference's):`,
    ...rows.flatMap((row) => [
      `  ${row.property}`,
      `    expected: ${row.expected}`,
      `    got:      ${row.got}`,
    ]),
    ...lines.filter((l) => !/^ {2}(candidate|reference): /.test(l)).slice(1),
  ].join("\n");
}

/**
 * What the report says of the known classes a campaign hit (none: nothing): those in force it
 * went on past (each with its counts and a replay command), then the known classes not in force
 * whose operations include the step of a divergence it stopped at.
 */
export function classLines(hits: readonly ClassHit[]): string[] {
  const passed = hits.filter((h) => h.replay !== null);
  const stopped = hits.filter((h) => h.replay === null);
  const seeds = (h: ClassHit) => `seed${h.seeds.length > 1 ? "s" : ""} ${h.seeds.join(", ")}`;
  const lines = passed.length === 0 ? [] : [
    "",
    `known classes hit, expected; the runs went on past them (${passed.length}, in order):`,
    ...passed.flatMap((h) => [
      `  ${h.name} (seen in ${h.seenIn.join(", ")}; ${h.runs} run(s), ${h.steps} step(s); ` +
      `${seeds(h)}): ${h.summary}`,
      `    replay (the first run, this class not in force): ${h.replay}`,
    ]),
  ];
  if (stopped.length === 0) return lines;
  const [first] = stopped;
  return [
    ...lines,
    "",
    `known class (the first whose operations include the step that differs): ${first.name} (seen in ${
      first.seenIn.join(", ")
    }): ${first.summary}`,
    `known classes hit by this campaign's workers: ${
      stopped.map((h) => `${h.name} (${seeds(h)})`).join("; ")
    }`,
    `--known-divergences ${
      stopped.map((h) => h.name).join(",")
    } (added to the classes in force) expects it`,
  ];
}

/** The report a person reads. */
export function humanSummary(summary: Summary, replaying: boolean): string {
  const lines = [
    `headerproof fuzz: target ${summary.target}, profile ${summary.profile}, ${summary.runtime}`,
    `entry points fuzzed: ${summary.entryPoints.join("; ") || "(candidate not loaded)"}`,
    `known divergences expected${
      summary.knownDivergencesAuto ? " (auto: every class known for this runtime)" : ""
    }: ${summary.knownDivergences.join(", ") || "none"}`,
    ...(summary.exclusion === null || summary.exclusion.classes.length === 0 ? [] : [
      `operations not generated (${summary.exclusion.classes.join(", ")}): ` +
      `${summary.exclusion.dropped} of ${summary.exclusion.generated} (${
        (100 * summary.exclusion.dropped / Math.max(summary.exclusion.generated, 1)).toFixed(2)
      }%), so no bug in them can be found`,
    ]),
    `${summary.workers} worker(s), seeds ${summary.seeds.join(", ")}: ${summary.runs} runs, ` +
    `${summary.commands} commands in ${(summary.elapsedMs / 1000).toFixed(1)} s = ` +
    `${summary.commandsPerSecond} commands/s`,
  ];
  const failure = summary.failure;
  if (summary.interrupted) {
    lines.push("interrupted before the budget was spent: no divergence found so far");
  } else if (failure === null) {
    // The last stage that found something names it (a stage does not run in an answer replay).
    const found = sectionsOf(summary).reverse()
      .find(({ section, report }) => section.junitFailure(report) !== null);
    lines.push(
      found !== undefined
        ? found.section.foundLine
        : replaying
        ? "the case passes: no divergence"
        : summary.classesHit.length > 0
        ? "no new divergence: every difference found was one a known class explains"
        : "no divergence found",
      ...classLines(summary.classesHit),
    );
  }
  if (failure !== null) {
    const heading = failure.replays === "after-history"
      ? "STATE-DEPENDENT COUNTEREXAMPLE"
      : failure.replays === "never"
      ? "UNCONFIRMED COUNTEREXAMPLE"
      : "COUNTEREXAMPLE";
    lines.push(
      "",
      `${heading}: ${failure.kind} (property ${failure.property}, seed ${failure.seed}, ` +
        `path ${JSON.stringify(failure.path)}), ${failure.steps.length} step(s):`,
      ...stepList(failure.steps),
      "",
      readableMessage(failure.message),
      ...classLines(summary.classesHit),
      ...(failure.replays === "after-history"
        ? [
          "",
          "Replayed alone in a fresh process, this case passes: it needs the module state the",
          "candidate kept from the runs before it in the same process, here " +
          (failure.history ?? []).map(({ property, runs }) => `${runs} ${property} run(s)`)
            .join(", ") +
          ",",
          "the last of them the failing one. The replay command runs exactly those. A candidate",
          "that exports resetHeadersCaches() has it called before every run, so that each run",
          "starts from the same module state.",
        ]
        : failure.replays === "never"
        ? [
          "",
          "Neither this case alone nor the campaign's earlier runs reproduced it in a fresh process:",
          "the candidate is not deterministic. The replay command may pass.",
        ]
        : []),
      "",
      ...(failure.reproduction === null ? [] : [
        `reproduction (self-contained; run it under ${summary.runtime}, any other runtime ` +
        `exits 2): ${failure.reproduction}`,
      ]),
      `replay: ${failure.replay}`,
      `corpus entry: ${failure.corpusFile}`,
      ...(failure.recorded === null
        ? []
        : [`recorded in the regression corpus: ${failure.recorded}`]),
    );
  }
  if (summary.partial.length > 0) {
    lines.push(
      "",
      "PARTIAL VERDICT: what ran is reported, but not everything ran:",
      ...summary.partial.map((line) => `  ${line}`),
    );
  }
  for (const { section, report } of sectionsOf(summary)) {
    const stageLines = section.lines(report);
    if (stageLines.length > 0) lines.push("", ...stageLines);
  }
  return lines.join("\n") + "\n";
}

/** The campaign as one JUnit case. */
export function junitCase(summary: Summary): JunitCase {
  const name = `fuzz ${summary.target} (${summary.runtime}, profile ${summary.profile}, seeds ${
    summary.seeds.join(",")
  })`;
  const failure = summary.failure;
  const expected = classLines(summary.classesHit.filter((h) => h.replay !== null));
  const systemOut = [
    ...(summary.partial.length > 0 ? [`partial verdict: ${summary.partial.join("; ")}`] : []),
    ...expected.slice(1),
  ];
  return {
    name,
    seconds: summary.elapsedMs / 1000,
    ...(systemOut.length === 0 ? {} : { systemOut: systemOut.join("\n") }),
    ...sectionsOf(summary).reduce((found, { section, report }) => {
      const message = section.junitFailure(report);
      return message === null
        ? found
        : { failure: { message, detail: humanSummary(summary, false) } };
    }, {}),
    ...(failure === null ? {} : {
      failure: {
        message: `${failure.kind}: ${failure.message.split("\n")[0]}`,
        detail: humanSummary(summary, false),
      },
    }),
  };
}
