/**
 * The egress CLI: runs the egress property in a process of its own and prints the result as JSON
 * on the last line of standard output: with `--target native` (the default) against the runtime
 * it runs in (its own server and fetch() on 127.0.0.1), with `--target PATH` against that
 * module's `fetchClasses` and `egressHeaderList`. Its entry point,
 * properties/campaign/egress_cli.ts, gives it the egress classes; the campaign's egress stage
 * (stage.ts) runs that under the campaign's runtime.
 *
 * Exit status: 0 no divergence (a module without the entry points prints `notFuzzed`), 1 a
 * divergence, 2 a harness error, a module that cannot be loaded, or bad options.
 *
 * @example
 * ```sh
 * deno run -A properties/campaign/egress_cli.ts --runs 100 --seed 3 --time 10
 * ```
 *
 * @module
 */
import { runtime, writeErr, writeOut } from "../targets/runtime.ts";
import { stringify } from "../targets/builtins.ts";
import { candidateUrlOf, loadFailureDetail } from "../targets/targets.ts";
import { kindOf, preparedTarget } from "../targets/kinds.ts";
import type { EgressRecognizer } from "./compare.ts";
import type { EgressCandidate } from "./egress_property.ts";
import { runEgressProperty } from "./egress_property.ts";
import { exchangeCommandLine } from "../wire/cli.ts";
import type { MessageClasses } from "./sequences.ts";

const USAGE = `usage: properties/campaign/egress_cli.ts [--target native|PATH] [--runs N] [--seed N]
                                         [--path P] [--time SECONDS] [--classes-of NAME]
  --target native|PATH|deno-src:PATH
                        native: the runtime's own server and fetch() (default); a module path
                        or a Deno checkout: its fetchClasses() and egressHeaderList(message)
  --runs N              generated messages at most (default 100)
  --seed N              fast-check seed (default 1)
  --path P              replay fast-check's path P of this seed
  --time SECONDS        time limit, shrinking included (default 30)
  --classes-of NAME     the egress classes of runtime NAME (deno, node, bun) in force, or none
                        (default: native, the runtime this runs under; a module, none)
exit status: 0 no divergence, 1 a divergence, 2 a harness error, a module that cannot be
loaded, or bad options`;

/** The module at `target`'s egress entry points, or why it is not fuzzed or cannot be loaded. */
async function candidateOf(
  target: string,
): Promise<
  { candidate: EgressCandidate } | { notFuzzed: string } | {
    loadError: { url: string; detail: string };
  }
> {
  const url = candidateUrlOf(target) as string;
  let exports: Record<string, unknown>;
  try {
    exports = await import(url);
  } catch (error) {
    return { loadError: { url, detail: loadFailureDetail(url, error) } };
  }
  const egress = exports.egressHeaderList;
  const fetchClasses = exports.fetchClasses;
  if (typeof egress !== "function" || typeof fetchClasses !== "function") {
    return { notFuzzed: "the module does not export fetchClasses and egressHeaderList" };
  }
  const classes = fetchClasses({ profile: "server" }) as Omit<MessageClasses, "Headers">;
  return {
    candidate: {
      name: `egressHeaderList of ${kindOf(target).byName ? target : url}`,
      classes: { ...classes, Headers: exports.Headers as MessageClasses["Headers"] },
      egressHeaderList: (message) => egress(message) as string[],
    },
  };
}

/**
 * Parses the options and runs the property, `classesOf` the egress classes of a runtime by name;
 * returns the exit status.
 */
export async function egressCli(
  args: readonly string[],
  classesOf: (runtimeName: string) => readonly EgressRecognizer[],
): Promise<number> {
  const options = exchangeCommandLine(args, "classes-of", (text) => text, USAGE);
  if (typeof options === "number") return options;
  const { target: typed, own: classesOfText, ...limits } = options;
  let target: string;
  try {
    // A kind that prepares its module (deno-src:) is prepared here when given as typed.
    target = preparedTarget(kindOf(typed), typed, runtime.name);
  } catch (error) {
    writeErr(`${(error as Error).message}\n`);
    return 2;
  }
  const found = kindOf(typed).hostGlobals ? null : await candidateOf(target);
  if (found !== null && !("candidate" in found)) {
    writeOut(stringify({ runtime: `${runtime.name} ${runtime.version}`, ...found }) + "\n");
    return "loadError" in found ? 2 : 0;
  }
  const classesFrom = classesOfText ?? (found === null ? runtime.name : "none");
  try {
    const result = await runEgressProperty({
      ...limits,
      classes: classesFrom === "none" ? [] : classesOf(classesFrom),
      ...(found === null ? {} : { candidate: found.candidate }),
    });
    writeOut(stringify({ runtime: `${runtime.name} ${runtime.version}`, ...result }) + "\n");
    return result.divergence === null ? 0 : 1;
  } catch (error) {
    writeErr(`egress property: harness error: ${error instanceof Error ? error.stack : error}\n`);
    return 2;
  }
}
