/**
 * Which runtime the workers of a campaign run under (`--runtime`): a published release of Deno,
 * Bun or Node (`deno@2.0.0`, `bun@1.1.0`, `node@22.6.0`), installed on first use from the npm
 * registry (packages `deno`, `bun`, `node`) through npm into the ignored cache
 * `.tools/runtimes/<name>@<version>/`, one folder per version; or the path of a binary you built
 * yourself, whose `--version` says which runtime it is.
 *
 * The workers run properties/campaign/worker.ts, TypeScript: every Deno 2 and Bun 1 release runs it; Node
 * strips types by default from 22.18 and 23.6, and an older Node is a usage error that says so.
 *
 * @example
 * ```ts
 * import { resolveRuntime } from "./runtimes.ts";
 * const binary = resolveRuntime("deno@2.0.0");
 * console.log(binary.name, binary.version, binary.execPath);
 * ```
 *
 * @module
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { callerPath, runtime } from "./runtime.ts";
import type { RuntimeBinary } from "./runtime.ts";
import type { RuntimeName } from "../core/runtime_kind.ts";
import { runtimeKindOf } from "../core/runtime_kinds.ts";

export type { RuntimeName };

/** The ignored folder that holds one installed release per subfolder. */
export const RUNTIME_CACHE: string = fileURLToPath(
  new URL("../../.tools/runtimes/", import.meta.url),
);

/** A `--runtime` (or sweep) argument that cannot be used; the CLIs exit 2 with its message. */
export class RuntimeChoiceError extends Error {
  /** `message` says what is wrong and what would be right. */
  constructor(message: string) {
    super(message);
    this.name = "RuntimeChoiceError";
  }
}

/** `name@version` split, or null when `text` is not of that form. */
export function parseRelease(text: string): { name: RuntimeName; version: string } | null {
  const match = /^(deno|bun|node)@(.+)$/.exec(text);
  return match === null ? null : { name: match[1] as RuntimeName, version: match[2] };
}

/** A version as numbers, for ordering (`2.10.0` after `2.9.6`); pre-releases sort by prefix. */
export function versionKey(version: string): number[] {
  return version.split(/[.-]/).map((part) => Number.parseInt(part, 10)).map((n) =>
    Number.isNaN(n) ? -1 : n
  );
}

/** Whether version `a` comes before `b`. */
export function versionBefore(a: string, b: string): boolean {
  const [x, y] = [versionKey(a), versionKey(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0;
  }
  return false;
}

const npmEnv = { ...process.env, npm_config_update_notifier: "false" };

/** The published versions of npm package `name` (one registry look-up through npm). */
export function publishedVersions(name: string): string[] {
  let output: string;
  try {
    output = execFileSync("npm", ["view", name, "versions", "--json"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: npmEnv,
    });
  } catch (error) {
    throw new RuntimeChoiceError(
      `npm could not list the versions of ${name}: ${String((error as Error).message).trim()}`,
    );
  }
  const versions = JSON.parse(output) as string[] | string;
  return Array.isArray(versions) ? versions : [versions];
}

/**
 * Whether Node `version` runs the workers' TypeScript: from 22.18 (and 23.6) Node strips types by
 * default. Earlier 22.x and 23.x releases strip them only behind a flag, and their stripper rejects
 * syntax the harness uses (`readonly #field` under 22.6), so they are refused.
 */
export function nodeRunsTypeScript(version: string): boolean {
  const [major, minor] = versionKey(version);
  return major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18);
}

const NODE_TOO_OLD = "which cannot run the campaign's TypeScript workers (Node strips types by " +
  "default from 22.18 and 23.6; earlier releases are not supported)";

/** The first Deno release that runs the campaign's workers. */
export const DENO_MINIMUM = "2.0.0";

/**
 * Whether Deno `version` runs the workers: from 2.0.0. They run in the headerproof folder, whose
 * deno.json says `"nodeModulesDir": "manual"` (where fast-check comes from), a Deno 2 setting:
 * Deno 1.x stops at reading it ("invalid type: string \"manual\", expected a boolean"; tried:
 * 1.46.3).
 */
export function denoRunsWorkers(version: string): boolean {
  return !versionBefore(version, DENO_MINIMUM);
}

const DENO_TOO_OLD = `which cannot run the campaign's workers (they need Deno ${DENO_MINIMUM} or ` +
  'later: the project\'s deno.json has "nodeModulesDir": "manual", a Deno 2 setting that Deno 1.x ' +
  "fails to read)";

/**
 * Why `name` `version` cannot run the workers, or null when it can: a Node before 22.18 (23.x
 * before 23.6) or a Deno before 2.0.0. Checked before anything is installed.
 */
export function unsupportedRelease(name: RuntimeName, version: string): string | null {
  if (name === "node" && !nodeRunsTypeScript(version)) return `Node ${version}, ${NODE_TOO_OLD}`;
  if (name === "deno" && !denoRunsWorkers(version)) return `Deno ${version}, ${DENO_TOO_OLD}`;
  return null;
}

/** What `binary --version` says it is. */
export function identify(execPath: string): { name: RuntimeName; version: string } | null {
  let output: string;
  try {
    output = execFileSync(execPath, ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 30_000,
    });
  } catch {
    return null;
  }
  const first = output.trim().split("\n")[0] ?? "";
  const deno = /^deno (\d+\.\d+\.\d+\S*)/.exec(first);
  if (deno !== null) return { name: "deno", version: deno[1] };
  const node = /^v(\d+\.\d+\.\d+\S*)$/.exec(first);
  if (node !== null) return { name: "node", version: node[1] };
  const bun = /^(\d+\.\d+\.\d+\S*)$/.exec(first);
  if (bun !== null) return { name: "bun", version: bun[1] };
  return null;
}

/**
 * Installs npm package `name@version` into `${cache}/${name}@${version}/` unless it is there, and
 * returns that folder; `expected` is the file (relative to the folder) whose presence says the
 * install is complete. The install goes to a temporary folder renamed into place, so an
 * interrupted or concurrent install never leaves a half-filled folder behind.
 */
export function installPackage(
  cache: string,
  name: string,
  version: string,
  expected: string,
): string {
  const folder = join(cache, `${name}@${version}`);
  if (existsSync(join(folder, expected))) return folder;
  if (!publishedVersions(name).includes(version)) {
    throw new RuntimeChoiceError(
      `${name}@${version} is not a published release of ${name} ` +
        `(npm view ${name} versions lists them)`,
    );
  }
  const staging = `${folder}.installing-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFileSync(
    join(staging, "package.json"),
    JSON.stringify({ private: true, dependencies: { [name]: version } }) + "\n",
  );
  writeFileSync(join(staging, ".npmrc"), "fund=false\naudit=false\n");
  process.stderr.write(`headerproof: installing ${name}@${version} into ${folder}\n`);
  try {
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: staging,
      stdio: ["ignore", "ignore", "pipe"],
      env: npmEnv,
    });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new RuntimeChoiceError(
      `npm could not install ${name}@${version}: ${String((error as Error).message).trim()}`,
    );
  }
  if (!existsSync(join(staging, expected))) {
    rmSync(staging, { recursive: true, force: true });
    throw new RuntimeChoiceError(`npm installed ${name}@${version} but it has no ${expected}`);
  }
  try {
    renameSync(staging, folder);
  } catch {
    if (existsSync(join(folder, expected))) {
      // Another process installed the same release meanwhile; keep its folder.
      rmSync(staging, { recursive: true, force: true });
    } else {
      // A folder left incomplete by an earlier interrupted install: replace it.
      rmSync(folder, { recursive: true, force: true });
      renameSync(staging, folder);
    }
  }
  return folder;
}

/**
 * Installs release `name@version` into {@link RUNTIME_CACHE} unless it is there; returns the
 * executable itself, as the runtime reports it. Some releases' `.bin` entry is a Node script that
 * starts the executable as a child (Deno 2.0), and killing a hung worker must kill the runtime,
 * not only that script.
 */
export function installRelease(name: RuntimeName, version: string): string {
  const entry = join("node_modules", ".bin", name);
  const folder = installPackage(RUNTIME_CACHE, name, version, entry);
  const shim = join(folder, entry);
  const ran = spawnSync(shim, [...runtimeKindOf(name).printExecPath], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 30_000,
  });
  if (ran.status !== 0 || ran.error !== undefined) {
    // Nothing is left behind: a release that does not run here is of no use in the cache.
    rmSync(folder, { recursive: true, force: true });
    const cause = (ran.error?.message ?? ran.stderr ?? "").trim().split("\n").slice(0, 3)
      .join(" | ");
    throw new RuntimeChoiceError(
      `${name}@${version} was installed but does not run on this machine (${
        cause || `exit status ${ran.status}`
      }); it was removed again`,
    );
  }
  return ran.stdout.trim();
}

/** The binary at `execPath` as a worker runtime, or a {@link RuntimeChoiceError}. */
function usable(execPath: string, described: string): RuntimeBinary {
  const identity = identify(execPath);
  if (identity === null) {
    throw new RuntimeChoiceError(
      `${described}: \`${execPath} --version\` does not name a Deno, Node or Bun release`,
    );
  }
  const unsupported = unsupportedRelease(identity.name, identity.version);
  if (unsupported !== null) throw new RuntimeChoiceError(`${described} is ${unsupported}`);
  return { ...identity, execPath };
}

/**
 * The runtime `text` names: `deno@X`, `bun@X`, `node@X` (installed into {@link RUNTIME_CACHE}
 * on first use) or the path of a binary (relative to the caller's directory). Throws
 * {@link RuntimeChoiceError} for an unknown release, a path that is not an executable Deno,
 * Node or Bun, or a Node too old to run the workers.
 */
export function resolveRuntime(text: string): RuntimeBinary {
  const release = parseRelease(text);
  if (release !== null) {
    const unsupported = unsupportedRelease(release.name, release.version);
    if (unsupported !== null) {
      throw new RuntimeChoiceError(`--runtime ${text} is ${unsupported}; nothing was installed`);
    }
    if (release.name === runtime.name && release.version === runtime.version) {
      // The release running this is that release: nothing to install.
      return { ...release, execPath: runtime.execPath };
    }
    return usable(installRelease(release.name, release.version), `--runtime ${text}`);
  }
  if (/^[a-z]+@/.test(text)) {
    throw new RuntimeChoiceError(
      `--runtime ${text}: a release is deno@X, bun@X or node@X, a binary is a path`,
    );
  }
  const path = callerPath(text);
  let file = false;
  try {
    file = statSync(path).isFile();
  } catch {
    file = false;
  }
  if (!file) throw new RuntimeChoiceError(`--runtime ${text}: ${path} is not a file`);
  return usable(path, `--runtime ${text}`);
}
