/**
 * The codec target kinds: `--target http@VERSION` (a release of the Rust `http` crate, fetched by
 * cargo from its registry) and `--target http-src:PATH` (a checkout of the crate, relative to the
 * caller's directory). On first use the harness crate (properties/codec/harness/) is copied into
 * the ignored `.tools/codec/<target>/`, its `http` dependency pointed at the release or the
 * checkout, and built there with the machine's cargo (`HEADERPROOF_CARGO` names another); a later
 * run rebuilds only what changed (a checkout is fingerprinted by cargo). A checkout is never
 * written to; a release that does not build is removed again, with cargo's error.
 *
 * @example
 * ```ts
 * import { buildHarness, codecTargetOf } from "./build.ts";
 * const binary = buildHarness(codecTargetOf("http@1.4.0")); // .tools/codec/http@1.4.0/...
 * ```
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { callerPath } from "../targets/runtime.ts";

/** The ignored folder the harness is built in, one folder per target. */
export const CODEC_TOOLS: string = fileURLToPath(new URL("../../.tools/codec/", import.meta.url));
/** The harness crate's folder. */
export const HARNESS_DIR: string = fileURLToPath(new URL("./harness/", import.meta.url));

/** A codec target that cannot be used: no cargo, a bad argument, a build that fails (exit 2). */
export class CodecBuildError extends Error {
  /** `message` says what is missing or what cargo said. */
  constructor(message: string) {
    super(message);
    this.name = "CodecBuildError";
  }
}

/** What a codec `--target` names. */
export interface CodecTarget {
  /** As typed. */
  label: string;
  /** The `http` dependency line of the harness's Cargo.toml. */
  dependency: string;
  /** The folder the harness is built in. */
  dir: string;
  /** The crate's source folder when it is a checkout (null for a release until it is built). */
  source: string | null;
}

/** Whether `target` names a codec target (`http@VERSION` or `http-src:PATH`). */
export function isCodecTarget(target: string): boolean {
  return target.startsWith("http@") || target.startsWith("http-src:");
}

/** The codec target `arg` names (throws {@link CodecBuildError} for a malformed one). */
export function codecTargetOf(arg: string): CodecTarget {
  if (arg.startsWith("http-src:")) {
    const root = callerPath(arg.slice("http-src:".length));
    if (!existsSync(join(root, "Cargo.toml")) || !existsSync(join(root, "src/header/name.rs"))) {
      throw new CodecBuildError(
        `--target ${arg}: ${root} is not a checkout of the http crate (no Cargo.toml and ` +
          "src/header/name.rs there)",
      );
    }
    const key = createHash("sha256").update(root).digest("hex").slice(0, 12);
    return {
      label: arg,
      dependency: `http = { path = ${JSON.stringify(root)} }`,
      dir: join(CODEC_TOOLS, `http-src-${key}`),
      source: root,
    };
  }
  const version = arg.slice("http@".length);
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    throw new CodecBuildError(`--target ${arg}: give a release as http@MAJOR.MINOR.PATCH`);
  }
  return {
    label: arg,
    dependency: `http = "=${version}"`,
    dir: join(CODEC_TOOLS, `http@${version}`),
    source: null,
  };
}

/** The cargo to build with: `HEADERPROOF_CARGO`, else `cargo` on PATH. */
export function cargoCommand(): string {
  return process.env.HEADERPROOF_CARGO || "cargo";
}

/** Writes `text` to `path` unless it already holds it (so cargo sees no change). */
function writeIfChanged(path: string, text: string): void {
  if (existsSync(path) && readFileSync(path, "utf8") === text) return;
  writeFileSync(path, text);
}

/**
 * Builds the harness against `target` (once; later calls rebuild only what changed) and returns
 * the binary's path. Throws {@link CodecBuildError} when cargo is missing or the build fails,
 * with cargo's own error.
 */
export function buildHarness(target: CodecTarget): string {
  const cargo = cargoCommand();
  const probe = spawnSync(cargo, ["--version"], { encoding: "utf8" });
  if (probe.error !== undefined || probe.status !== 0) {
    throw new CodecBuildError(
      `--target ${target.label} needs cargo and rustc (tried: Rust 1.95), and ${cargo} ` +
        `does not run (${
          probe.error?.message ?? `exit ${probe.status}`
        }): install Rust, or name a cargo with HEADERPROOF_CARGO`,
    );
  }
  mkdirSync(join(target.dir, "src"), { recursive: true });
  const manifest = readFileSync(join(HARNESS_DIR, "Cargo.toml"), "utf8")
    .replace(/^http = .*$/m, target.dependency);
  writeIfChanged(join(target.dir, "Cargo.toml"), manifest);
  writeIfChanged(
    join(target.dir, "src/main.rs"),
    readFileSync(join(HARNESS_DIR, "src/main.rs"), "utf8"),
  );
  const build = spawnSync(cargo, ["build", "--release", "--quiet"], {
    cwd: target.dir,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  if (build.error !== undefined || build.status !== 0) {
    // A release that does not build is not kept (a checkout's folder is, to keep its cache).
    if (target.source === null) rmSync(target.dir, { recursive: true, force: true });
    throw new CodecBuildError(
      `--target ${target.label}: cargo build of the harness in ${target.dir} failed (${
        build.error?.message ?? `exit ${build.status}`
      }):\n${build.stderr.trim()}`,
    );
  }
  return join(target.dir, "target/release/headerproof-codec");
}

/**
 * The source folder of the crate the harness of `target` was built against: the checkout, or the
 * release cargo unpacked into its registry (asked of `cargo metadata`).
 */
export function crateSource(target: CodecTarget): string {
  if (target.source !== null) return target.source;
  const metadata = spawnSync(
    cargoCommand(),
    ["metadata", "--format-version", "1", "--offline"],
    { cwd: target.dir, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (metadata.status !== 0) {
    throw new CodecBuildError(`cargo metadata in ${target.dir} failed:\n${metadata.stderr}`);
  }
  const packages = JSON.parse(metadata.stdout).packages as {
    name: string;
    manifest_path: string;
  }[];
  const http = packages.find((p) => p.name === "http");
  if (http === undefined) throw new CodecBuildError(`cargo metadata in ${target.dir}: no http`);
  return http.manifest_path.replace(/\/Cargo\.toml$/, "");
}
