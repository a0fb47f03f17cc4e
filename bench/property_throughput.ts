/**
 * `deno task bench:properties`: commands per second of each campaign property against impl, in
 * this one process (one worker), on fixed seeds, so a change to the harness or the reference can
 * be measured side by side (every round runs the same seed, so rounds do the same work). The model property is measured twice in alternation: as campaigns run
 * it (the reference's objects read in one sort-and-combine, targets.ts `referenceSubject`) and
 * with the reference drained through its iterator like any candidate, which is the same verdict
 * at a higher cost.
 *
 * Options: `--runs N` runs per measurement (default 600), `--rounds N` alternations (default 3).
 * The table reports the median of the rounds.
 *
 * @example
 * ```sh
 * deno task bench:properties --runs 300 --rounds 2
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import type { PropertyName } from "../properties/campaign/campaign.ts";
import { runCampaign } from "../properties/campaign/campaign.ts";
import { loadTarget } from "../properties/targets/targets.ts";
import type { Target } from "../properties/targets/targets.ts";

/** One measurement: how many commands a property ran in how long. */
export interface Throughput {
  /** What was measured. */
  name: string;
  /** Commands run. */
  commands: number;
  /** Milliseconds. */
  elapsedMs: number;
}

/** Commands per second of `measurement`, rounded. */
export function commandsPerSecond(measurement: Throughput): number {
  return Math.round((measurement.commands / measurement.elapsedMs) * 1000);
}

/** The median of `values` (the lower middle one for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Runs `property` on `target` for `runs` runs of seed `seed` and times it. */
function measure(
  name: string,
  target: Target,
  property: PropertyName,
  runs: number,
  seed: number,
): Throughput {
  const started = performance.now();
  const result = runCampaign({ target, seed, runs, property });
  if (result.failure !== null) throw new Error(`${name}: ${result.failure.message}`);
  return { name, commands: result.commands, elapsedMs: performance.now() - started };
}

async function main(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { runs: { type: "string" }, rounds: { type: "string" } },
    strict: true,
  });
  const runs = Number(values.runs ?? 600);
  const rounds = Number(values.rounds ?? 3);
  const target = await loadTarget({ target: "impl" });
  const drained: Target = {
    ...target,
    reference: { ...target.reference, readAll: undefined },
  };
  const plans: [string, Target, PropertyName, number][] = [
    ["model", target, "model", runs],
    ["model, reference drained through its iterator", drained, "model", runs],
    ["tampered-realm", target, "tampered-realm", Math.max(1, Math.ceil(runs / 10))],
    ["invalid-raw-list", target, "invalid-raw-list", runs],
  ];
  // One round of every plan first, untimed, so that every path is compiled.
  for (const [name, which, property] of plans) measure(name, which, property, 20, 1);
  const results = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    for (const [name, which, property, planRuns] of plans) {
      const rate = commandsPerSecond(measure(name, which, property, planRuns, 1));
      results.set(name, [...(results.get(name) ?? []), rate]);
    }
  }
  console.log(`property throughput against impl, one worker, ${Deno.build.target}`);
  console.log("| property | commands/s (median) | each round |");
  console.log("| --- | ---: | --- |");
  for (const [name, rates] of results) {
    console.log(`| ${name} | ${median(rates)} | ${rates.join(", ")} |`);
  }
}

if (import.meta.main) await main(Deno.args);
