/**
 * The codec stage: a campaign on the Rust `http` crate's header codec (`./headerproof fuzz
 * --target http@VERSION|http-src:PATH`). It builds the harness (build.ts), measures what each
 * path costs per byte at n and 16n (costs.ts), then runs fast-check cases (arbitraries.ts)
 * through every conversion path and a HeaderMap, each answer compared with the reference's
 * (reference.ts) under the profile (`--codec-profile fetch|rfc9110`) and the codec classes in
 * force (given by the caller, properties/classes/codec/; `--known-divergences auto`, the default,
 * is every one). A difference no class
 * in force accounts for is shrunk, named after the class that would account for it where one
 * does, and written out as a standalone reproduction: a Cargo.toml and src/main.rs whose `cargo
 * run` prints the harness's answer line. A panic where the path documents none, and a harness
 * process that dies or hangs, are crash findings. Exit 0: nothing outside the classes in force;
 * 1: a divergence, crash or cost finding; 2: no cargo, a failed build, a bad option.
 *
 * @example
 * ```sh
 * ./headerproof fuzz --target http@1.4.0
 * ./headerproof fuzz --target http-src:/tmp/http-pr804 --time 30 --known-divergences none
 * ```
 *
 * @module
 */
import fc from "fast-check";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Stage } from "../core/stage.ts";
import { everyKey } from "../core/stage.ts";
import { EXIT_COUNTEREXAMPLE, EXIT_OK, EXIT_USAGE } from "../core/exit.ts";
import { COUNTEREXAMPLE_DIR } from "../corpus/corpus.ts";
import { writeJunit } from "../core/junit.ts";
import { renderReproduction } from "../core/reproduction.ts";
import { commandLine, writeErr, writeOut } from "../targets/runtime.ts";
import type { CodecCase } from "./arbitraries.ts";
import { codecCaseArbitrary } from "./arbitraries.ts";
import type { CodecTarget } from "./build.ts";
import {
  buildCrossHarness,
  buildHarness,
  CodecBuildError,
  codecTargetOf,
  HARNESS_DIR,
} from "./build.ts";
import { codecArchOf } from "./arches.ts";
import { kindOf } from "../targets/kinds.ts";
import type { CostResult } from "./costs.ts";
import { runCosts } from "./costs.ts";
import type { Answer } from "./protocol.ts";
import { CodecHarness, HarnessStopped, hexOf } from "./protocol.ts";
import type { CodecProfile, CodecRecognizer, Grammar } from "./reference.ts";
import { expectedMap, expectedName, expectedValue, stepRequest } from "./reference.ts";

/** Cases a codec campaign runs without `--runs` or `--time`. */
export const CODEC_DEFAULT_RUNS = 3000;

/** The harness request for `c`. */
export function requestOf(c: CodecCase): string[] {
  switch (c.kind) {
    case "name":
    case "value":
      return [c.kind, hexOf(c.bytes)];
    case "map":
      return ["map", ...c.steps.map(stepRequest)];
  }
}

/** The reference's answer to `c` under `grammar`. */
export function expectedOf(c: CodecCase, grammar: Grammar): Answer {
  switch (c.kind) {
    case "name":
      return expectedName(c.bytes, grammar);
    case "value":
      return expectedValue(c.bytes, grammar);
    case "map":
      return expectedMap(c.steps, grammar);
  }
}

/** The fields where `actual` differs from `expected`, one line each. */
export function differences(expected: Answer, actual: Answer): string[] {
  return Object.keys(expected).filter((key) =>
    JSON.stringify(expected[key]) !== JSON.stringify(actual[key])
  ).map((key) =>
    `${key}: expected ${JSON.stringify(expected[key])}, got ${JSON.stringify(actual[key])}`
  );
}

/** The grammar of `profile` with the rules of `classes`. */
export function grammarOf(
  profile: CodecProfile,
  classes: readonly CodecRecognizer[],
): Grammar {
  return { profile, rules: new Set(classes.map((c) => c.rule)) };
}

/**
 * The class of `known` not in force whose rule, added to those in force, accounts for `actual`,
 * or null.
 */
export function classOf(
  c: CodecCase,
  actual: Answer,
  profile: CodecProfile,
  inForce: readonly CodecRecognizer[],
  known: readonly CodecRecognizer[],
): CodecRecognizer | null {
  return known.find((candidate) =>
    !inForce.includes(candidate) &&
    differences(expectedOf(c, grammarOf(profile, [...inForce, candidate])), actual).length === 0
  ) ?? null;
}

/** A codec case the crate answered differently from the reference, shrunk. */
export interface CodecFailure {
  kind: "divergence" | "crash";
  case: CodecCase;
  /** The harness request line. */
  request: string;
  /** What differs, or how the process stopped. */
  lines: string[];
  /** The class that accounts for it (not in force), or null. */
  class: string | null;
  seed: number;
  path: string;
  replay: string;
  /** The folder of the standalone reproduction (null for a crash that has no answer). */
  reproduction: string;
}

/** The codec campaign's result. */
export interface CodecSummary {
  ok: boolean;
  target: string;
  profile: CodecProfile;
  knownDivergences: string[];
  /** Cases whose answer a class in force accounted for, by class. */
  classesHit: { name: string; summary: string; cases: number; example: string }[];
  seed: number;
  runs: number;
  elapsedMs: number;
  costs: CostResult[];
  failure: CodecFailure | null;
}

/**
 * The standalone reproduction of `request`: the harness, its main answering that line once (the
 * codec stage's part; core/reproduction.ts lays main.rs out).
 */
export function writeReproduction(
  dir: string,
  target: CodecTarget,
  request: string,
  expected: Answer | null,
): void {
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(
    join(dir, "Cargo.toml"),
    readFileSync(join(HARNESS_DIR, "Cargo.toml"), "utf8").replace(
      /^http = .*$/m,
      target.dependency,
    ),
  );
  const harness = readFileSync(join(HARNESS_DIR, "src/main.rs"), "utf8");
  // The reproduction answers one request: no stdin loop, so no BufRead and Write.
  const main = harness.slice(0, harness.indexOf("fn main() {"))
    .replace("use std::io::{BufRead, Write};\n", "");
  writeFileSync(
    join(dir, "src/main.rs"),
    renderReproduction({
      lead: main,
      header: {
        title: ["The request that diverged; `cargo run` prints the crate's answer to it."],
        notes: expected === null ? [] : [`The reference expects: ${JSON.stringify(expected)}`],
      },
      body: [
        `const REQUEST: &str = ${JSON.stringify(request)};`,
        "",
        "fn main() {",
        "    std::panic::set_hook(Box::new(|_| {}));",
        '    println!("{}", answer(REQUEST));',
        "}",
      ],
    }),
  );
}

/** The command-line options the codec stage reads (properties/campaign/cli_args.ts). */
export interface CodecStageOptions {
  /** The target as typed: `http@VERSION` or `http-src:PATH`. */
  targetArg: string;
  seed: number;
  runs?: number;
  timeSeconds?: number;
  caseTimeoutSeconds: number;
  knownDivergences: string[];
  /** Whether `knownDivergences` came from "auto". */
  knownDivergencesAuto?: boolean;
  /** `--costs`: the cost measurement runs unless no section is asked for. */
  costs: { sections: readonly unknown[] };
  /** `--codec-profile`: the grammar the stage judges with. */
  codecProfile?: "fetch" | "rfc9110";
  /** `--codec-arch`: the CPU the harness is cross-built for (arches.ts). */
  codecArch?: string;
  /** A replay of one case (`--path`). */
  path?: string;
  json: boolean;
  /** Absolute path of the JUnit XML report to write, if asked. */
  junit?: string;
  /** The folder for reproductions (default: corpus/corpus.ts `COUNTEREXAMPLE_DIR`). */
  out?: string;
}

/** The keys of {@link CodecStageOptions}, every one. */
const CODEC_READS = everyKey<CodecStageOptions>()(
  "targetArg",
  "seed",
  "runs",
  "timeSeconds",
  "caseTimeoutSeconds",
  "knownDivergences",
  "knownDivergencesAuto",
  "costs",
  "codecProfile",
  "codecArch",
  "path",
  "json",
  "junit",
  "out",
);

/** The command that replays a case alone. */
function replayOf(
  options: CodecStageOptions,
  profile: CodecProfile,
  seed: number,
  path: string,
): string {
  return [
    commandLine(),
    "--target",
    options.targetArg,
    "--seed",
    String(seed),
    "--path",
    JSON.stringify(path),
    ...(profile === "fetch" ? [] : ["--codec-profile", profile]),
    ...(options.codecArch === undefined ? [] : ["--codec-arch", options.codecArch]),
    ...(options.knownDivergencesAuto || options.knownDivergences[0] === "auto"
      ? []
      : ["--known-divergences", options.knownDivergences.join(",") || "none"]),
  ].join(" ");
}

/**
 * Runs the codec campaign of `options` (a codec target), `known` the codec classes it may put in
 * force (`--known-divergences`); returns the exit status.
 */
export async function runCodecCampaign(
  options: CodecStageOptions,
  known: readonly CodecRecognizer[],
): Promise<number> {
  const started = Date.now();
  const profile = (options.codecProfile ?? "fetch") as CodecProfile;
  const names = options.knownDivergences;
  const inForce = names[0] === "auto" || names.includes("all")
    ? [...known]
    : known.filter((c) => names.includes(c.name));
  const grammar = grammarOf(profile, inForce);
  const base = grammarOf(profile, []);
  let target: CodecTarget;
  let binary: string;
  let runner: string[] = [];
  try {
    target = codecTargetOf(options.targetArg);
    const arch = options.codecArch === undefined ? null : codecArchOf(options.codecArch);
    if (arch === null) {
      writeErr(`codec stage: building the harness against ${target.label} in ${target.dir}\n`);
      binary = buildHarness(target);
    } else {
      writeErr(
        `codec stage: cross-building the harness against ${target.label} for ${arch.rustTarget} ` +
          `in ${target.dir}-${arch.name}\n`,
      );
      ({ binary, runner } = buildCrossHarness(target, arch));
      writeErr(
        `codec stage: the harness is an ELF binary for ${arch.name} (${
          arch.elf.bigEndian ? "big" : "little"
        }-endian, checked), run as: ${runner.join(" ")} BINARY\n`,
      );
    }
  } catch (error) {
    if (!(error instanceof CodecBuildError)) throw error;
    writeErr(`${error.message}\n`);
    return EXIT_USAGE;
  }
  const harness = new CodecHarness(binary, options.caseTimeoutSeconds * 1000, runner);
  const replaying = options.path !== undefined;
  writeErr(
    `headerproof fuzz: target ${options.targetArg} (codec stage, profile ${profile}), seed ${options.seed} ` +
      `(--seed ${options.seed} repeats this campaign)\n`,
  );
  try {
    const costs = replaying || options.costs.sections.length === 0 ? [] : await runCosts(harness);
    const hits = new Map<string, { cases: number; example: string }>();
    let runs = 0;
    const timeLeft = options.timeSeconds === undefined
      ? undefined
      : Math.max(options.timeSeconds * 1000 - (Date.now() - started), options.timeSeconds * 200);
    const details = await fc.check(
      fc.asyncProperty(codecCaseArbitrary, async (c) => {
        runs++;
        const request = requestOf(c);
        let actual: Answer;
        try {
          actual = await harness.ask(request);
        } catch (error) {
          if (error instanceof HarnessStopped) throw new Error(`crash: ${error.how}`);
          throw error;
        }
        const wrong = differences(expectedOf(c, grammar), actual);
        if (wrong.length > 0) throw new Error(wrong.join("\n"));
        if (differences(expectedOf(c, base), actual).length === 0) return;
        for (const known of inForce) {
          const without = grammarOf(profile, inForce.filter((k) => k !== known));
          if (differences(expectedOf(c, without), actual).length === 0) continue;
          const hit = hits.get(known.name);
          if (hit === undefined) hits.set(known.name, { cases: 1, example: request.join(" ") });
          else hit.cases++;
        }
      }),
      {
        seed: options.seed,
        numRuns: replaying
          ? 1
          : options.runs ?? (options.timeSeconds === undefined ? CODEC_DEFAULT_RUNS : 2 ** 31 - 1),
        ...(replaying ? { path: options.path, endOnFailure: true } : {}),
        ...(timeLeft === undefined || replaying ? {} : { interruptAfterTimeLimit: timeLeft }),
      },
    );
    let failure: CodecFailure | null = null;
    if (details.failed) {
      const [c] = details.counterexample as [CodecCase];
      const request = requestOf(c);
      const message = String((details.errorInstance as Error)?.message ?? details.errorInstance);
      const crash = message.startsWith("crash: ");
      let actual: Answer | null = null;
      if (!crash) actual = await harness.ask(request);
      const path = details.counterexamplePath ?? "";
      const dir = join(
        options.out ?? COUNTEREXAMPLE_DIR,
        "codec",
        `${options.targetArg.replace(/[^A-Za-z0-9.@-]+/g, "_")}-seed${options.seed}`,
      );
      const line = JSON.stringify(request);
      writeReproduction(dir, target, line, expectedOf(c, grammar));
      const panicked = actual !== null &&
        Object.entries(actual).some(([key, value]) =>
          value === "panic" && expectedOf(c, grammar)[key] !== "panic"
        );
      failure = {
        kind: crash || panicked ? "crash" : "divergence",
        case: c,
        request: line,
        lines: message.split("\n"),
        class: actual === null ? null : classOf(c, actual, profile, inForce, known)?.name ?? null,
        seed: options.seed,
        path,
        replay: replayOf(options, profile, options.seed, path),
        reproduction: dir,
      };
    }
    const summary: CodecSummary = {
      ok: failure === null && costs.every((c) => !c.finding),
      target: options.targetArg,
      profile,
      knownDivergences: inForce.map((c) => c.name),
      classesHit: [...hits].map(([name, hit]) => ({
        name,
        summary: known.find((c) => c.name === name)!.summary,
        ...hit,
      })),
      seed: options.seed,
      runs,
      elapsedMs: Date.now() - started,
      costs,
      failure,
    };
    if (options.junit !== undefined) {
      writeJunit(options.junit, "headerproof fuzz", [{
        name: `codec stage: ${options.targetArg}`,
        seconds: summary.elapsedMs / 1000,
        ...(summary.ok ? {} : {
          failure: {
            message: failure === null ? "a cost finding" : `a codec ${failure.kind}`,
            detail: codecReport(summary),
          },
        }),
      }]);
    }
    writeOut(options.json ? JSON.stringify(summary, null, 1) + "\n" : codecReport(summary));
    return summary.ok ? EXIT_OK : EXIT_COUNTEREXAMPLE;
  } finally {
    harness.close();
  }
}

/** `c` for a person: each byte string as a JSON string. */
export function shownCase(c: CodecCase): string {
  if (c.kind !== "map") {
    return `${c.kind} ${JSON.stringify(c.bytes.length > 200 ? shortened(c.bytes) : c.bytes)} ` +
      `(${c.bytes.length} bytes)`;
  }
  return "map steps: " +
    c.steps.map((s) =>
      `${s.op}(${s.key} ${JSON.stringify(shortened(s.name))} [${s.name.length} bytes]${
        s.op === "get" ? "" : `, ${JSON.stringify(s.value)}`
      })`
    ).join(", ");
}

/** A long byte string's first and last 40 bytes. */
function shortened(bytes: string): string {
  return bytes.length <= 200 ? bytes : `${bytes.slice(0, 40)}…${bytes.slice(-40)}`;
}

/** The report a person reads. */
export function codecReport(summary: CodecSummary): string {
  const lines = [
    `headerproof fuzz: codec stage on ${summary.target} (profile ${summary.profile}): ${summary.runs} ` +
    `cases in ${(summary.elapsedMs / 1000).toFixed(1)} s, seed ${summary.seed}`,
    `known classes in force: ${summary.knownDivergences.join(", ") || "none"}`,
  ];
  for (const cost of summary.costs) {
    if (cost.stopped !== undefined) {
      lines.push(`cost ${cost.path}: the harness process stopped (${cost.stopped}) SUPERLINEAR`);
      continue;
    }
    lines.push(
      `cost ${cost.path}: ${cost.nsPerByte[0].toFixed(3)} ns/byte at ${cost.n} bytes, ` +
        `${cost.nsPerByte[1].toFixed(3)} at ${cost.n * 16} (x${cost.ratio.toFixed(2)})${
          cost.finding ? " SUPERLINEAR" : ""
        }`,
    );
  }
  for (const hit of summary.classesHit) {
    lines.push(`known class hit: ${hit.name} (${hit.cases} cases; e.g. ${shortened(hit.example)})`);
  }
  const failure = summary.failure;
  if (failure === null) {
    lines.push(summary.ok ? "no divergence outside the known classes" : "a cost finding");
  } else {
    lines.push(
      "",
      `${failure.kind === "crash" ? "CRASH" : "CODEC DIVERGENCE"} (shrunk): ${
        shownCase(failure.case)
      }`,
      ...failure.lines.map((l) => `  ${l}`),
      failure.class === null
        ? "in no known class"
        : `in known class ${failure.class} (not in force: --known-divergences)`,
      `reproduction: ${failure.reproduction} (cargo run --release there prints the crate's answer)`,
      `replay: ${failure.replay}`,
    );
  }
  return lines.join("\n") + "\n";
}

/**
 * The codec stage, for a codec target alone: it is the whole campaign, with its own report and
 * `--time` (it prints them and its run ends with the exit status). `known` is every codec class
 * (properties/classes/), those `--known-divergences` may put in force.
 */
export function codecStage(
  known: readonly CodecRecognizer[],
): Stage<CodecStageOptions, never> {
  return {
    name: "codec",
    label: "codec stage",
    reads: CODEC_READS,
    share: null,
    runs: (options) => kindOf(options.targetArg).stages.includes("codec"),
    run: async (options) => ({ exit: await runCodecCampaign(options, known) }),
    report: null,
  };
}
