/**
 * The target-kinds table: one row per kind of `--target` argument, each in its own file in kinds/.
 * Code outside properties/targets/ asks the row of an argument (`kindOf(arg).hostGlobals`,
 * `kindOf(arg).defaults.realm`) and never compares a target to a string; runtimes are asked the
 * same way of the runtimes table (properties/core/runtime_kinds.ts, one file per runtime). A
 * published release of Deno, Bun or Node is not a target kind: it is `native` under
 * `--runtime deno@X` (installed by runtimes.ts), its runtime a row of the runtimes table.
 *
 * ## A new target kind: one file and one row
 *
 * 1. Write `kinds/<name>.ts` exporting one {@link TargetKind} (kind.ts says what each member
 *    means): how an argument is recognized, what `prepare` installs, copies or builds (the
 *    loader module beside it in properties/targets/, which throws `RuntimeChoiceError` for a
 *    malformed argument: exit 2), the runtime that must run it, its defaults (profile, realm,
 *    `auto` or no known classes, and whose Headers' classes `auto` means), the stages that judge
 *    it, how a reproduction reaches it (`standalone`), and a few `examples`.
 * 2. Add its row to {@link TARGET_KINDS} below, anywhere before `MODULE`, which claims whatever
 *    no other row does and stays last.
 * 3. Add its forms to the `--target` lines of the usage text (campaign/cli_args.ts).
 *
 * Nothing else changes: the command line, the coordinator, the stages, the replay commands and
 * the reproductions read the row. kinds_test.ts checks that every file in kinds/ has its row,
 * that each row's examples are claimed by that row alone, and that `MODULE` is last.
 *
 * @example
 * ```ts
 * import { kindOf } from "./kinds.ts";
 * const kind = kindOf("undici@8.13.1");
 * console.log(kind.name, kind.runtime, kind.defaults.knownDivergences, kind.stages);
 * ```
 *
 * @module
 */
import type { TargetKind } from "./kind.ts";
import { DENO_SRC } from "./kinds/deno_src.ts";
import { HTTP } from "./kinds/http.ts";
import { HTTP_SRC } from "./kinds/http_src.ts";
import { IMPL } from "./kinds/impl.ts";
import { MODULE } from "./kinds/module.ts";
import { NATIVE } from "./kinds/native.ts";
import { UNDICI } from "./kinds/undici.ts";
import { UNDICI_SRC } from "./kinds/undici_src.ts";
import type { RuntimeName } from "../core/runtime_kind.ts";
import { runtimeKindOf } from "../core/runtime_kinds.ts";
import { RuntimeChoiceError } from "./runtimes.ts";

export type { TargetKind };

/** Every target kind, in the order arguments are matched: the first row that recognizes wins. */
export const TARGET_KINDS: readonly TargetKind[] = [
  IMPL,
  NATIVE,
  DENO_SRC,
  UNDICI,
  UNDICI_SRC,
  HTTP,
  HTTP_SRC,
  MODULE,
];

/** The kind of `arg`, a `--target` as typed (or a target the coordinator prepared). */
export function kindOf(arg: string): TargetKind {
  return TARGET_KINDS.find((kind) => kind.recognizes(arg)) ?? MODULE;
}

/**
 * The runtime whose own Headers a target of `kind` is, when the workers run under `workers`;
 * null for headerproof's or a user's module. The known classes `auto` expects are about it.
 */
export function headersRuntimeOf(kind: TargetKind, workers: RuntimeName): RuntimeName | null {
  return kind.headersOf === "workers" ? workers : kind.headersOf;
}

/**
 * What the workers load for `arg` of `kind` when they run under `workers`: `arg` itself when the
 * kind has nothing to prepare, else the module its `prepare` wrote. Throws
 * {@link RuntimeChoiceError} when `kind` must run under another runtime (naming the task that
 * runs it) and whatever `prepare` throws.
 */
export function preparedTarget(kind: TargetKind, arg: string, workers: RuntimeName): string {
  if (kind.prepare === null) return arg;
  if (kind.runtime !== null && kind.runtime !== workers) {
    const needed = runtimeKindOf(kind.runtime);
    throw new RuntimeChoiceError(
      `--target ${arg} runs under ${needed.title}: use ${needed.task}, ` +
        `or --runtime ${needed.name}@X`,
    );
  }
  return kind.prepare(arg);
}
