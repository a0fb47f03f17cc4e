/**
 * The command line of the differential campaign (`./headerproof fuzz`, properties/campaign/cli.ts), read
 * with `node:util` `parseArgs`. Paths are resolved against the caller's directory (see
 * {@link callerPath}), so `--target ./my.ts` means the file next to the person who typed it.
 *
 * @example
 * ```ts
 * import { parseCliArgs } from "./cli_args.ts";
 * const options = parseCliArgs(["--target", "native", "--time", "20"]);
 * console.log(options.target, options.timeSeconds);
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import type { PropertyName } from "./campaign.ts";
import { divergenceClasses } from "../classes/classes.ts";
import { callerPath, commandLine, coreCount } from "../targets/runtime.ts";
import type { RuntimeBinary } from "../targets/runtime.ts";
import type { Profile } from "../targets/targets.ts";
import { kindOf } from "../targets/kinds.ts";
import { CODEC_ARCHES, codecArchOf } from "../codec/arches.ts";
import type { CostSettings } from "../costs/cases.ts";
import { parseCostSections } from "../costs/cases.ts";

/** The `--help` text. */
export const USAGE = `usage: ${commandLine()} [options]

  --target impl|native|PATH   candidate (default impl); PATH is a module following spec/contract.ts,
                              relative to the directory you run the command from
  --target undici@X|undici-src:PATH
                              undici's Headers (the npm release, installed on first use into
                              .tools/packages/, or a checkout), every guard through undici's own
                              internals; runs under Node (fuzz:node or --runtime node@X)
  --target deno-src:PATH      Deno's Headers from a Deno checkout at any commit since 2023-03, no
                              build: ext/fetch/20_headers.js and the ext/webidl, ext/web files it
                              needs, run under shims (copies go to .cache/deno-src/), every guard
                              through its own internals; runs under Deno; realm both
  --target http@X|http-src:PATH
                              the Rust http crate's header codec (a release, or a checkout):
                              a harness built with the machine's cargo into .tools/codec/,
                              the codec stage alone (properties/README.md, "Codec targets")
  --codec-profile fetch|rfc9110
                              the grammar the codec stage judges with (default fetch)
  --codec-arch s390x          build the codec harness for this CPU with a cross rustc and run it
                              under qemu-user (properties/README.md, "Big-endian")
  --runtime deno@X|bun@X|node@X|PATH
                              run the workers under this release (installed on first use into
                              .tools/runtimes/) or this binary (default: the runtime running this)
  --runs N                    runs per worker for the model property (default 1000 without --time)
  --time SECONDS              the whole campaign's budget: the cost stage gets 40% of it, the
                              wire stage 10%, the egress stage 5%, the answer stages the rest
                              (10% model in a tampered realm first, then 10% invalid raw lists,
                              then 80% model); with
                              --runs, whichever ends first. Every process ends by SECONDS plus a
                              margin of 2 case timeouts and 10 s (30 s by default), whatever the
                              candidate does; cases a stage could not finish are listed and the
                              verdict is partial
  --realm both|clean|tampered the realm of the model property: clean, tampered (user code has
                              replaced 112 built-ins before and after the candidate loaded; see
                              properties/README.md), or both (the tampered runs are a hundredth
                              of --runs). Default: both for impl, native and deno-src, clean
                              for a module PATH (a module that is not a runtime built-in rarely
                              needs to be immune to patched built-ins; ask with --realm both)
  --seed N                    base seed; worker i uses seed N+i (default: random, printed first)
  --profile standard|server   reference profile (default: server for native, else standard)
  --workers N                 parallel worker processes (default: all cores)
  --known-divergences A,B|all|auto|none
                              expect these named classes (see properties/NATIVE_DIVERGENCES.md):
                              every operation is still generated, a step whose differences one
                              of them explains is counted and listed with a replay command, and
                              the run goes on; it fails only on a difference none explains. auto
                              (the default for native, deno-src and undici targets): every class
                              already known for that runtime's Headers; none: no class
  --exclude-known             also stop generating the operations those classes cover (faster,
                              blind to every bug in those operations; the share of generated
                              operations it drops is printed)
  --case-timeout SECONDS      a run making no progress this long is a hang (default 10), for
                              runs of up to 40 steps; scaled by --max-commands / 40 above that
  --max-commands N            longest command sequence per run (default 40); the steps reach the
                              worker processes in a file, so any length replays and shrinks
  --costs all|none|A,B        the cost stage, first in every campaign (properties/README.md):
                              retained (memory after churn), parents (parent strings of sliced
                              names and values), module (module state after distinct names),
                              growth (ns per step at n against 16n), large (MiB values, 100,000
                              headers, 50,000 set-cookie values). Default all; none skips it
  --wire on|none              the wire stage, after the cost stage (properties/wire/README.md):
                              native: the runtime's own server and fetch() on 127.0.0.1 get
                              generated HTTP/1.1 field lines; a module: its headersFromRawList
                              gets the same lines. Default on; none skips it
  --egress on|none            the egress stage, after the wire stage (properties/egress/README.md):
                              native: Responses returned from the runtime's server and fetch()
                              requests, their heads on 127.0.0.1 against the reference's lists;
                              a module: its egressHeaderList. Default on; none skips it
  --cost-factor F             largest ratio of ns per step at 16n to n (default 10; linear is 16)
  --cost-timeout SECONDS      a cost case whose process computes this many CPU seconds, or
                              waits 3 times as long, without a result is a hang (default 10)
  --json                      print a machine-readable summary on stdout
  --junit FILE                also write the result as a JUnit XML report
  --out DIR                   where reproductions and corpus entries go (default .cache/ in the
                              headerproof folder, which git ignores)
  --record                    also add the counterexample to the committed regression corpus
                              (properties/corpus/entries/), replayed by every ./headerproof test
  --reference PATH            reference module (default spec/mod.ts)
  --phases P=N,P=N            run exactly these properties with these run counts, in order, in
                              each worker (printed to replay a state-dependent counterexample)
  replay one case (printed with every counterexample):
  --seed S --path P [--replay-path R] [--property model|tampered-realm|invalid-raw-list]
  replay one wire case (printed with every wire counterexample; runs the wire stage alone):
  --seed S --wire-path P

exit status: 0 no divergence, 1 counterexample, 2 bad usage (a wrong option, a candidate module
that cannot be loaded) or a harness error (its cause is printed), 130 interrupted (Ctrl-C; the seeds are printed)`;

/** Parsed command line. */
export interface CliOptions {
  /** "impl", "native", or the candidate's absolute path. */
  target: string;
  /** The target as typed (for the report and the replay command). */
  targetArg: string;
  runs?: number;
  timeSeconds?: number;
  seed: number;
  profile?: Profile;
  workers: number;
  /**
   * The known classes to exclude, by name; `["auto"]` until the coordinator resolves it to the
   * classes known for the target's runtime (`knownDivergencesAuto` then says so).
   */
  knownDivergences: string[];
  /** Whether `knownDivergences` came from "auto". */
  knownDivergencesAuto?: boolean;
  /** Also stop generating the operations of the known classes (`--exclude-known`). */
  excludeKnown: boolean;
  caseTimeoutSeconds: number;
  maxCommands: number;
  json: boolean;
  /** Absolute path of the JUnit XML report to write, if asked. */
  junit?: string;
  /** Absolute folder for reproductions and corpus entries; default in {@link outDirectory}. */
  out?: string;
  record: boolean;
  /** The reference's absolute path (or URL), when not the default. */
  reference?: string;
  /** The reference as typed. */
  referenceArg?: string;
  path?: string;
  replayPath?: string;
  property: PropertyName;
  /** Which realms the model property runs in. */
  realm: "both" | "clean" | "tampered";
  /** Exact phases (`--phases`), overriding runs, time and realm. */
  phases?: { property: PropertyName; runs: number }[];
  help: boolean;
  /** The cost stage's sections and growth factor (`--costs`, `--cost-factor`). */
  costs: CostSettings;
  /** Whether the wire stage runs (`--wire on|none`). */
  wire: boolean;
  /** Whether the egress stage runs (`--egress on|none`). */
  egress: boolean;
  /** `--wire-path`: replay this wire case alone. */
  wirePath?: string;
  /** `--cost-timeout`. */
  costTimeoutSeconds: number;
  /** `--codec-profile`: the grammar of a codec target's stage. */
  codecProfile?: "fetch" | "rfc9110";
  /** `--codec-arch`: the CPU a codec target's harness is cross-built for (codec/arches.ts). */
  codecArch?: string;
  /** `--runtime` as typed. */
  runtimeArg?: string;
  /** The runtime the workers run under, once the coordinator resolved `--runtime`. */
  runtime?: RuntimeBinary;
  /**
   * Set by the coordinator: the runtime whose own Headers the target is ("deno", "node", ...),
   * or null (impl, a module); the known classes are about it.
   */
  headersRuntime?: string | null;
  /**
   * Set by the coordinator under `--time`: the epoch milliseconds by which every worker process
   * ends, the budget plus its margin (budget.ts).
   */
  deadline?: number;
}

/** Bad command line. */
export class UsageError extends Error {
  /** `message` says which option is wrong. */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

const OPTIONS = {
  target: { type: "string" },
  runs: { type: "string" },
  time: { type: "string" },
  seed: { type: "string" },
  profile: { type: "string" },
  workers: { type: "string" },
  "known-divergences": { type: "string" },
  "case-timeout": { type: "string" },
  "max-commands": { type: "string" },
  json: { type: "boolean" },
  "exclude-known": { type: "boolean" },
  junit: { type: "string" },
  out: { type: "string" },
  record: { type: "boolean" },
  reference: { type: "string" },
  path: { type: "string" },
  "replay-path": { type: "string" },
  property: { type: "string" },
  realm: { type: "string" },
  phases: { type: "string" },
  runtime: { type: "string" },
  costs: { type: "string" },
  "cost-factor": { type: "string" },
  "cost-timeout": { type: "string" },
  wire: { type: "string" },
  egress: { type: "string" },
  "wire-path": { type: "string" },
  "codec-profile": { type: "string" },
  "codec-arch": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** `text` as a number of at least `min`, or a {@link UsageError} naming `flag`. */
function numberFlag(flag: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || value < min) {
    throw new UsageError(`--${flag} needs a number >= ${min}, got ${JSON.stringify(text)}`);
  }
  return value;
}

/**
 * A path option resolved against the caller's directory (its target kind says how: a module PATH
 * is resolved, "impl", "native", `deno-src:` and the others are kept as typed).
 */
function targetPath(target: string): string {
  return kindOf(target).target(target);
}

/** The phases `--phases model=120,tampered-realm=3` names (throws {@link UsageError}). */
function phaseList(text: string): { property: PropertyName; runs: number }[] {
  return text.split(",").map((item) => {
    const [property, runs] = item.split("=");
    if (property !== "model" && property !== "tampered-realm" && property !== "invalid-raw-list") {
      throw new UsageError(`--phases: unknown property ${JSON.stringify(property)} in ${item}`);
    }
    const count = Number(runs);
    if (!Number.isInteger(count) || count < 1) {
      throw new UsageError(`--phases: ${item} needs a whole number of runs >= 1`);
    }
    return { property, runs: count };
  });
}

/**
 * `args` with a negative number after a string option joined to it (`--time -5` as `--time=-5`):
 * parseArgs would read it as a missing value and an unknown option, where the option's own check
 * says what is wrong with it (and a negative `--seed` is fine).
 */
function negativeValuesJoined(args: readonly string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i].startsWith("--") ? args[i].slice(2) : null;
    const option = name === null ? undefined : (OPTIONS as Record<string, { type: string }>)[name];
    if (option?.type === "string" && /^-\d/.test(args[i + 1] ?? "")) {
      joined.push(`${args[i]}=${args[i + 1]}`);
      i++;
    } else joined.push(args[i]);
  }
  return joined;
}

/** Parses `args` (throws {@link UsageError}). */
export function parseCliArgs(args: readonly string[]): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({ args: negativeValuesJoined(args), options: OPTIONS, strict: true }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const integer = (flag: keyof typeof OPTIONS, min: number) => {
    const value = numberFlag(flag, values[flag] as string | undefined, min);
    return value === undefined ? undefined : Math.floor(value);
  };
  const profile = values.profile;
  if (profile !== undefined && profile !== "standard" && profile !== "server") {
    throw new UsageError(`--profile is standard or server, got ${JSON.stringify(profile)}`);
  }
  const property = values.property ?? "model";
  if (property !== "model" && property !== "tampered-realm" && property !== "invalid-raw-list") {
    throw new UsageError(
      `--property is model, tampered-realm or invalid-raw-list, got ${property}`,
    );
  }
  const phases = values.phases === undefined ? undefined : phaseList(values.phases);
  const targetArg = values.target ?? "impl";
  const realm = values.realm ?? kindOf(targetArg).defaults.realm;
  if (realm !== "both" && realm !== "clean" && realm !== "tampered") {
    throw new UsageError(`--realm is both, clean or tampered, got ${JSON.stringify(realm)}`);
  }
  let sections;
  try {
    sections = parseCostSections(values.costs ?? "all");
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const wire = values.wire ?? "on";
  if (wire !== "on" && wire !== "none") {
    throw new UsageError(`--wire is on or none, got ${JSON.stringify(wire)}`);
  }
  if (values["wire-path"] !== undefined && (wire === "none" || values.path !== undefined)) {
    throw new UsageError("--wire-path replays the wire stage: not with --wire none or --path");
  }
  const egress = values.egress ?? "on";
  if (egress !== "on" && egress !== "none") {
    throw new UsageError(`--egress is on or none, got ${JSON.stringify(egress)}`);
  }
  const runtimeHeaders = kindOf(targetArg).defaults.knownDivergences === "auto";
  const codecProfile = values["codec-profile"];
  if (codecProfile !== undefined && codecProfile !== "fetch" && codecProfile !== "rfc9110") {
    throw new UsageError(
      `--codec-profile is fetch or rfc9110, got ${JSON.stringify(codecProfile)}`,
    );
  }
  const codecArch = values["codec-arch"];
  if (codecArch !== undefined) {
    if (codecArchOf(codecArch) === null) {
      throw new UsageError(
        `--codec-arch is one of ${Object.keys(CODEC_ARCHES).join(", ")}, got ${
          JSON.stringify(codecArch)
        }`,
      );
    }
    if (!kindOf(targetArg).stages.includes("codec")) {
      throw new UsageError("--codec-arch goes with a codec target (--target http@X|http-src:PATH)");
    }
  }
  const knownDivergences = (values["known-divergences"] ?? (runtimeHeaders ? "auto" : ""))
    .split(",").filter((n) => n !== "");
  if (knownDivergences.includes("auto") && knownDivergences.length > 1) {
    throw new UsageError("--known-divergences auto stands alone");
  }
  try {
    if (knownDivergences[0] !== "auto") divergenceClasses(knownDivergences);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return {
    target: targetPath(targetArg),
    targetArg,
    runs: integer("runs", 1),
    timeSeconds: numberFlag("time", values.time, 0.1),
    seed: integer("seed", -(2 ** 31)) ?? Math.floor(Math.random() * 2 ** 31),
    profile,
    workers: integer("workers", 1) ?? coreCount(),
    knownDivergences,
    excludeKnown: values["exclude-known"] ?? false,
    caseTimeoutSeconds: numberFlag("case-timeout", values["case-timeout"], 0.1) ?? 10,
    maxCommands: integer("max-commands", 1) ?? 40,
    json: values.json ?? false,
    junit: values.junit === undefined ? undefined : callerPath(values.junit),
    out: values.out === undefined ? undefined : callerPath(values.out),
    record: values.record ?? false,
    reference: values.reference === undefined ? undefined : targetPath(values.reference),
    referenceArg: values.reference,
    path: values.path,
    replayPath: values["replay-path"],
    property,
    realm,
    phases,
    help: values.help ?? false,
    costs: { sections, factor: numberFlag("cost-factor", values["cost-factor"], 1) ?? 10 },
    wire: wire === "on",
    egress: egress === "on",
    wirePath: values["wire-path"],
    costTimeoutSeconds: numberFlag("cost-timeout", values["cost-timeout"], 1) ?? 10,
    codecProfile,
    codecArch,
    runtimeArg: values.runtime,
  };
}
