/**
 * The runtimes table: one row per JavaScript runtime the tools run under, each in its own file in
 * runtime_kinds/. Code that starts a runtime, names its task or tells runtimes apart asks this
 * table (`runtimeKindOf(binary.name).scriptArgs`), never compares a runtime's name to a string.
 *
 * A new runtime is one file in runtime_kinds/ exporting a {@link RuntimeKind}, one row here, and
 * its name in runtime_kind.ts `RuntimeName` (properties/targets/runtimes.ts then says how
 * `--version` names it and which releases run the workers).
 *
 * @example
 * ```ts
 * import { runtimeKindOf } from "./runtime_kinds.ts";
 * console.log(runtimeKindOf("deno").scriptArgs);
 * ```
 *
 * @module
 */
import type { RuntimeKind, RuntimeName } from "./runtime_kind.ts";
import { BUN } from "./runtime_kinds/bun.ts";
import { DENO } from "./runtime_kinds/deno.ts";
import { NODE } from "./runtime_kinds/node.ts";

/** Every runtime, one row each, keyed by name. */
export const RUNTIME_KINDS: { readonly [N in RuntimeName]: RuntimeKind } = {
  deno: DENO,
  bun: BUN,
  node: NODE,
};

/** The row of runtime `name` (throws a TypeError naming it for a runtime the table lacks). */
export function runtimeKindOf(name: string): RuntimeKind {
  if (!isRuntimeName(name)) {
    throw new TypeError(`${JSON.stringify(name)} is not a runtime (deno, bun or node)`);
  }
  return RUNTIME_KINDS[name];
}

/** Whether `name` is a runtime's (a row of {@link RUNTIME_KINDS}). */
export function isRuntimeName(name: string): name is RuntimeName {
  return Object.hasOwn(RUNTIME_KINDS, name);
}
