/**
 * A failed case of the answer stages, as the worker processes report it, the coordinator
 * confirms it and the corpus keeps it; and the properties a campaign checks.
 *
 * @example
 * ```ts
 * import type { Failure } from "./failure.ts";
 * const failure: Pick<Failure, "kind" | "property"> = { kind: "hang", property: "model" };
 * console.log(failure.kind);
 * ```
 *
 * @module
 */
import type { Op } from "../oracle/ops.ts";

/**
 * The properties a campaign checks: "model", the candidate against the reference over random
 * command sequences; "tampered-realm", the same while user code has replaced the built-ins the
 * candidate could call (tampered_realm.ts); "invalid-raw-list", raw lists that break the contract
 * are rejected.
 */
export type PropertyName = "model" | "tampered-realm" | "invalid-raw-list";

/** A failed case. */
export interface Failure {
  /**
   * "divergence": candidate and reference differ; "invalid-raw-list": an invalid raw list was
   * accepted; "harness-error": the harness itself threw (a bug in properties/). Set by the
   * coordinator (worker_pool.ts): "hang" (no progress within the case time limit), "crash" (the
   * worker process died). A candidate module that cannot be loaded is a usage error, not a
   * failure. Set by the worker (worker.ts): "replaced-builtins" (the candidate replaced built-ins
   * the reference and the harness call; properties/targets/builtins.ts).
   */
  kind:
    | "divergence"
    | "invalid-raw-list"
    | "harness-error"
    | "hang"
    | "crash"
    | "replaced-builtins";
  /** Which property failed. */
  property: PropertyName;
  /** The seed of the run. */
  seed: number;
  /** fast-check's path of the shrunk case. */
  path: string;
  /** fast-check's commands replay path (model property). */
  replayPath: string | null;
  /** The resolved steps that reproduce it (the last one diverges). */
  steps: Op[];
  /** What differed (or what was accepted), one paragraph. */
  message: string;
  /** Runs of its property up to and including the first failing one (before shrinking); 0 when
   * not known (hang, crash, load error). */
  runsToFailure: number;
  /**
   * Set by the coordinator before it reports a divergence or an accepted invalid raw list, from
   * fresh worker processes: "alone" when the seed and path replay it; "after-history" when only
   * the campaign's earlier runs in one process (`history`) bring it back (module state the
   * candidate keeps across runs decides it); "never" when neither does.
   */
  replays?: "alone" | "after-history" | "never";
  /** The phases, with their run counts, that reproduce an "after-history" failure in one process. */
  history?: { property: PropertyName; runs: number }[];
  /** The patched built-ins the candidate called in the diverging step (tampered-realm property). */
  patches?: string[];
}
