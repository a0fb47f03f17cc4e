/**
 * Subprocess of `primordials_test.ts`: installs the patch named by the first argument, then
 * loads impl for the first time, runs the battery, restores the built-in and prints the
 * outcomes as JSON on stdout.
 *
 * @module
 */

import { type BatteryModule, PATCHES, runBattery } from "./tamper_battery.ts";

const patch = PATCHES.find((candidate) => candidate.name === Deno.args[0]);
if (patch === undefined) {
  console.error(`tampered_import.ts: no patch named ${Deno.args[0]}`);
  Deno.exit(2);
}
const restore = patch.install();
let outcomes;
try {
  const module = await import("../mod.ts");
  outcomes = runBattery(module as unknown as BatteryModule);
} finally {
  restore();
}
console.log(JSON.stringify(outcomes));
