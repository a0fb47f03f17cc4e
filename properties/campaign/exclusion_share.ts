/**
 * What `--exclude-known` would cost this runtime's native Headers (`./headerproof fuzz:exclusion`,
 * or `node`/`bun properties/campaign/exclusion_share.ts`): of 200,000 operations fast-check
 * generates (seed 1, or `--seed N`; `--count N`), the share of those the target can run that the
 * runtime's known answer classes (`--known-divergences auto`) drop together, and each alone.
 *
 * @example
 * ```sh
 * ./headerproof fuzz:exclusion
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import { exclusionShares } from "./campaign.ts";
import { divergenceClasses, knownFor } from "../classes/classes.ts";
import { loadTarget } from "../targets/targets.ts";
import { runtime, writeOut } from "../targets/runtime.ts";

const { values } = parseArgs({
  args: runtime.args,
  options: { seed: { type: "string" }, count: { type: "string" } },
});
const target = await loadTarget({ target: "native" });
const classes = divergenceClasses(knownFor(runtime.name).map((c) => c.name));
const shares = exclusionShares(
  target.capabilities,
  classes,
  Number(values.count ?? 200_000),
  Number(values.seed ?? 1),
);
const percent = (share: number) => `${(100 * share).toFixed(2)}%`;
writeOut(
  [
    `${runtime.name} ${runtime.version}: ${classes.length} known answer classes drop ` +
    `${percent(shares.all)} of the generated operations the target can run; alone:`,
    ...shares.byClass.map(({ name, share }) => `  ${name}: ${percent(share)}`),
  ].join("\n") + "\n",
);
