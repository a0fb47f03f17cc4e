/**
 * The flags of the suite entry points (`suite.ts`, `deno.ts`), turned into {@link RunOptions}.
 *
 * @example
 * ```ts
 * import { parseArgs } from "./args.ts";
 * import { SUITE_FLAGS, suiteOptions } from "./options.ts";
 * const args = parseArgs(["--quick", "--impls", "impl,native"], SUITE_FLAGS);
 * const options = suiteOptions(args, "/work/main");
 * options.timeMs; // 3
 * ```
 *
 * @module
 */

import { type FlagSpec, integerFlag, type ParsedArgs } from "./args.ts";
import { moduleUrl, parseImplName } from "./implementations.ts";
import { DEFAULT_OPTIONS, QUICK_OPTIONS, type RunOptions } from "./runner.ts";

/** Flags every suite entry point accepts. */
export const SUITE_FLAGS: FlagSpec = {
  booleans: ["quick"],
  strings: ["time", "warmup", "filter", "impls", "spec-module", "impl-module", "batch-ns"],
};

/** Help text for {@link SUITE_FLAGS}. */
export const SUITE_USAGE = `flags:
  --quick               a few ms per task (smoke test; numbers not meaningful)
  --time MS             time budget per task (default ${DEFAULT_OPTIONS.timeMs})
  --warmup MS           warm-up budget per task (default ${DEFAULT_OPTIONS.warmupMs})
  --batch-ns NS         target duration of one timed batch (default ${DEFAULT_OPTIONS.batchTargetNs})
  --filter TEXT         only scenarios whose label or id contains TEXT
  --impls LIST          comma-separated subset of spec,impl,native,floor (default all four)
  --spec-module PATH    benchmark this module instead of spec/mod.ts
  --impl-module PATH    benchmark this module instead of impl/mod.ts (a stub, another commit)`;

/** Turns parsed suite flags into run options; relative module paths are taken from `cwd`. */
export function suiteOptions(args: ParsedArgs, cwd: string): RunOptions {
  const base = args.booleans.has("quick") ? QUICK_OPTIONS : DEFAULT_OPTIONS;
  const impls = args.strings.get("impls");
  const modules: RunOptions["modules"] = {};
  const specModule = args.strings.get("spec-module");
  const implModule = args.strings.get("impl-module");
  if (specModule !== undefined) modules.spec = moduleUrl(specModule, cwd);
  if (implModule !== undefined) modules.impl = moduleUrl(implModule, cwd);
  return {
    ...base,
    impls: impls === undefined ? base.impls : impls.split(",").map(parseImplName),
    modules,
    filter: args.strings.get("filter") ?? "",
    timeMs: integerFlag(args, "time", base.timeMs),
    warmupMs: integerFlag(args, "warmup", base.warmupMs),
    batchTargetNs: integerFlag(args, "batch-ns", base.batchTargetNs),
  };
}
