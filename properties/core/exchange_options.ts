/**
 * The options the exchange CLIs (the wire stage's and the egress stage's, each run in a process of
 * its own) read alike: how many exchanges, the seed, the time limit and the one case to replay.
 *
 * @example
 * ```ts
 * import { exchangeOptions } from "./exchange_options.ts";
 * console.log(exchangeOptions({ runs: "200", seed: "3", time: "20" }));
 * // { runs: 200, seed: 3, timeLimitMs: 20000 }
 * ```
 *
 * @module
 */

/** The parsed values of `--runs`, `--seed`, `--time` and `--path`, as the command line gave them. */
export interface ExchangeOptionValues {
  runs?: string;
  seed?: string;
  time?: string;
  path?: string;
}

/** What {@link exchangeOptions} makes of them. */
export interface ExchangeOptions {
  /** Exchanges at most (`--runs`, default 100). */
  runs: number;
  /** The seed (`--seed`, default 1). */
  seed: number;
  /** The time limit in milliseconds (`--time` seconds, default 30). */
  timeLimitMs: number;
  /** The one case to replay (`--path`). */
  path?: string;
}

/**
 * The exchange options of `values`; throws a RangeError naming the option for a value that is not
 * a finite number, or a negative one (the seed may be negative).
 */
export function exchangeOptions(values: ExchangeOptionValues): ExchangeOptions {
  const number = (text: string | undefined, fallback: number, name: string): number => {
    const value = text === undefined ? fallback : Number(text);
    if (!Number.isFinite(value) || (name !== "seed" && value < 0)) {
      throw new RangeError(`--${name}: ${text}`);
    }
    return value;
  };
  return {
    runs: Math.floor(number(values.runs, 100, "runs")),
    seed: Math.floor(number(values.seed, 1, "seed")),
    timeLimitMs: number(values.time, 30, "time") * 1000,
    ...(values.path === undefined ? {} : { path: values.path }),
  };
}
