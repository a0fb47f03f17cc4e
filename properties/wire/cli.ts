/**
 * The wire CLI: runs the wire property and prints the result as JSON on the last line of standard
 * output: with `--target native` (the default) against the runtime it runs in, with
 * `--target impl|PATH` against that module's `headersFromRawList`, each call (each h2 exchange of
 * the runtime) announced on a line before it and closed by one after it (`EXCHANGE_LINE_PREFIX` in
 * wire_property.ts). Its entry
 * point, properties/campaign/wire_cli.ts, gives it the wire classes (`deno run -A
 * properties/campaign/wire_cli.ts`, `node properties/campaign/wire_cli.ts`, `bun
 * properties/campaign/wire_cli.ts`); the campaign's wire stage (stage.ts) runs that in a process
 * of its own.
 * Exit status: 0 no Headers divergence (parser divergences are reported, not counted; a module
 * without `headersFromRawList` prints `notFuzzed`), 1 a Headers divergence, 2 a harness error, a
 * module that cannot be loaded, or bad options. `--help` lists the options.
 *
 * @example
 * ```sh
 * node properties/campaign/wire_cli.ts --runs 200 --seed 3 --time 20
 * deno run -A properties/campaign/wire_cli.ts --target impl --seed 3 --path 12:0
 * ```
 *
 * @module
 */
import type { ExchangeOptions, ExchangeOptionValues } from "../core/exchange_options.ts";
import { exchangeOptions } from "../core/exchange_options.ts";
import { parseCommandLine, runtime, writeErr, writeOut } from "../targets/runtime.ts";
import { BuiltinsSnapshot, stringify } from "../targets/builtins.ts";
import { candidateUrlOf, loadFailureDetail } from "../targets/targets.ts";
import { kindOf } from "../targets/kinds.ts";
import type { ObservableHeaders } from "./field_lines.ts";
import type { WireCandidate, WireClients, WireDivergenceClass } from "./wire_property.ts";
import { EXCHANGE_END_LINE, EXCHANGE_LINE_PREFIX, runWireProperty } from "./wire_property.ts";

const USAGE =
  `usage: properties/campaign/wire_cli.ts [--target native|impl|PATH] [--runs N] [--seed N]
                                       [--path P] [--time SECONDS] [--known-classes auto|none|A,B]
  --target native|impl|PATH  native: the runtime's own server and fetch() (default); impl or a
                             module path: the module's headersFromRawList (and its
                             headersFromH2Fields, if it exports one, on the h2 sides)
  --runs N                   generated heads at most (default 100)
  --seed N                   fast-check seed (default 1)
  --path P                   replay fast-check's path P of this seed
  --time SECONDS             time limit, shrinking included (default 30)
  --known-classes auto|none|A,B
                             known wire divergence classes counted instead of failing (default
                             auto: every one, each applying to its runtimes only)
exit status: 0 no Headers divergence, 1 a Headers divergence, 2 a harness error, a module that
cannot be loaded, or bad options`;

/** The classes of `known` that `--known-classes` names. */
function knownClassesOf(
  text: string,
  known: readonly WireDivergenceClass[],
): readonly WireDivergenceClass[] {
  if (text === "auto") return known;
  if (text === "none") return [];
  const names = text.split(",");
  const unknown = names.filter((name) => !known.some((c) => c.name === name));
  if (unknown.length > 0) throw new RangeError(`--known-classes: unknown ${unknown.join(", ")}`);
  return known.filter((c) => names.includes(c.name));
}

/**
 * The module at `target`'s raw-list entry point, or why it is not fuzzed (the module does not
 * export one), or why it cannot be loaded.
 */
async function candidateOf(
  target: string,
): Promise<
  { candidate: WireCandidate } | { clients: WireClients } | { notFuzzed: string } | {
    loadError: { url: string; detail: string };
  }
> {
  const url = candidateUrlOf(target) as string;
  let exports: Record<string, unknown>;
  const builtins = new BuiltinsSnapshot();
  try {
    exports = await import(url);
  } catch (error) {
    return { loadError: { url, detail: loadFailureDetail(url, error) } };
  }
  const replaced = builtins.replaced();
  if (replaced.length > 0) {
    // The answer stages report them as the finding; nothing here is judged.
    return { notFuzzed: `the module replaced built-ins when it loaded: ${replaced.join(", ")}` };
  }
  const fromRawList = exports.headersFromRawList;
  // An HTTP client's module (undici's) offers its own fetch() and request() instead.
  if (typeof fromRawList !== "function" && typeof exports.wireClients === "function") {
    return { clients: (exports.wireClients as () => WireClients)() };
  }
  if (typeof fromRawList !== "function") {
    return { notFuzzed: "the module does not export headersFromRawList" };
  }
  return {
    candidate: {
      name: `headersFromRawList of ${kindOf(target).byName ? target : url}`,
      headersFromRawList: (flat, guard, options) =>
        fromRawList(flat, guard, options) as ObservableHeaders,
      ...(typeof exports.headersFromH2Fields === "function"
        ? {
          headersFromH2Fields: (fields, guard, options) =>
            (exports.headersFromH2Fields as (...args: unknown[]) => ObservableHeaders)(
              fields,
              guard,
              options,
            ),
        }
        : {}),
    },
  };
}

/** What {@link exchangeCommandLine} makes of an exchange CLI's arguments. */
export interface ExchangeCommandLine<Own> extends ExchangeOptions {
  /** `--target` as typed (default "native"). */
  target: string;
  /** What the CLI made of its own option's value. */
  own: Own;
}

/**
 * An exchange CLI's (this one's, the egress stage's) `args`: `--target`, the exchange options and the CLI's own string option
 * `name`, whose value (undefined when absent) `ownOf` reads; or the exit status when there is
 * nothing more to do: 0 after `--help`, 2 after printing a bad option's cause and `usage`.
 */
export function exchangeCommandLine<Own>(
  args: readonly string[],
  name: string,
  ownOf: (text: string | undefined) => Own,
  usage: string,
): ExchangeCommandLine<Own> | number {
  const parsed = parseCommandLine(args, {
    help: { type: "boolean", short: "h" },
    target: { type: "string" },
    runs: { type: "string" },
    seed: { type: "string" },
    path: { type: "string" },
    time: { type: "string" },
    [name]: { type: "string" },
  }, usage);
  if (typeof parsed === "number") return parsed;
  const values = parsed.values as ExchangeOptionValues & Record<string, string | undefined>;
  try {
    return {
      ...exchangeOptions(values),
      target: values.target ?? "native",
      own: ownOf(values[name]),
    };
  } catch (error) {
    writeErr(`${(error as Error).message}\n${usage}\n`);
    return 2;
  }
}

/**
 * Parses the options and runs the property, `known` the wire classes `--known-classes` may name
 * (in the order they apply); returns the exit status.
 */
export async function wireCli(
  args: readonly string[],
  known: readonly WireDivergenceClass[],
): Promise<number> {
  const options = exchangeCommandLine(
    args,
    "known-classes",
    (text) => knownClassesOf(text ?? "auto", known),
    USAGE,
  );
  if (typeof options === "number") return options;
  const { target, own: knownClasses, ...limits } = options;
  const kind = kindOf(target);
  let found;
  try {
    // A target typed as the campaign takes it (undici-src:PATH) is prepared as the campaign does.
    found = kind.hostGlobals ? null : await candidateOf(kind.prepare?.(target) ?? target);
  } catch (error) {
    writeErr(`${(error as Error).message}\n`);
    return 2;
  }
  if (found !== null && !("candidate" in found) && !("clients" in found)) {
    writeOut(stringify({ runtime: `${runtime.name} ${runtime.version}`, ...found }) + "\n");
    return "loadError" in found ? 2 : 0;
  }
  const candidate = found !== null && "candidate" in found ? found.candidate : undefined;
  const clients = found !== null && "clients" in found ? found.clients : undefined;
  try {
    const result = await runWireProperty({
      ...limits,
      knownClasses,
      // An HTTP client's module: the known classes of `--known-classes` apply (its runtime's).
      ...(clients === undefined ? {} : { clients }),
      ...(candidate === undefined ? {} : { candidate, knownClasses: [] }),
      // Each exchange of a module (each h2 exchange of the runtime) is announced before its call
      // and closed after it, so that the process running this one names the exchange that hung
      // or crashed (stage.ts).
      ...(clients !== undefined ? {} : {
        onExchange: (exchange) =>
          writeOut(
            exchange === null
              ? `${EXCHANGE_END_LINE}\n`
              : `${EXCHANGE_LINE_PREFIX}${stringify(exchange)}\n`,
          ),
      }),
    });
    writeOut(stringify({ runtime: `${runtime.name} ${runtime.version}`, ...result }) + "\n");
    return result.divergence === null ? 0 : 1;
  } catch (error) {
    writeErr(`wire property: harness error: ${error instanceof Error ? error.stack : error}\n`);
    if (error instanceof Error && error.cause !== undefined) writeErr(`cause: ${error.cause}\n`);
    return 2;
  }
}
