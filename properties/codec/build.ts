/**
 * The codec target kinds: `--target http@VERSION` (a release of the Rust `http` crate, fetched by
 * cargo from its registry) and `--target http-src:PATH` (a checkout of the crate, relative to the
 * caller's directory). On first use the harness crate (properties/codec/harness/) is copied into
 * the ignored `.tools/codec/<target>/`, its `http` dependency pointed at the release or the
 * checkout, and built there with the machine's cargo (`HEADERPROOF_CARGO` names another); a later
 * run rebuilds only what changed (a checkout is fingerprinted by cargo). A checkout is never
 * written to; a release that does not build is removed again, with cargo's error.
 *
 * With `--codec-arch NAME` (arches.ts) the harness is cross-built into `.tools/codec/<target>-NAME/`
 * by a cargo and rustc that hold that arch's standard library (`HEADERPROOF_CROSS_CARGO` and
 * `HEADERPROOF_CROSS_RUSTC`, default Debian's /usr/bin/cargo and /usr/bin/rustc), and run under
 * the arch's emulator. The dependencies are resolved and vendored by the machine's cargo, each at
 * its newest version that declares support for the cross rustc (which may be older and offline).
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
import { HTTP } from "../targets/kinds/http.ts";
import { HTTP_SRC } from "../targets/kinds/http_src.ts";
import type { CodecArch } from "./arches.ts";

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

/** The codec target `arg` names (throws {@link CodecBuildError} for a malformed one). */
export function codecTargetOf(arg: string): CodecTarget {
  if (HTTP_SRC.recognizes(arg)) {
    const root = callerPath(HTTP_SRC.parse(arg).path!);
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
  const version = HTTP.parse(arg).version!;
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

/** Writes `text` to `path` unless it already holds it (so cargo sees no change); true if it wrote. */
function writeIfChanged(path: string, text: string): boolean {
  if (existsSync(path) && readFileSync(path, "utf8") === text) return false;
  writeFileSync(path, text);
  return true;
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

/** The cargo that cross-builds: `HEADERPROOF_CROSS_CARGO`, else Debian's /usr/bin/cargo. */
export function crossCargoCommand(): string {
  return process.env.HEADERPROOF_CROSS_CARGO || "/usr/bin/cargo";
}

/** The rustc that cross-builds: `HEADERPROOF_CROSS_RUSTC`, else Debian's /usr/bin/rustc. */
export function crossRustcCommand(): string {
  return process.env.HEADERPROOF_CROSS_RUSTC || "/usr/bin/rustc";
}

/** Whether `command` runs with `args` (exit 0); its stdout, or null. */
function probe(command: string, args: string[]): string | null {
  const run = spawnSync(command, args, { encoding: "utf8" });
  return run.error === undefined && run.status === 0 ? run.stdout : null;
}

/**
 * What the cross build for `arch` lacks on this machine, one line each with the apt packages that
 * bring it; empty when nothing is missing. Also the cross rustc's version (null if it is missing).
 */
export function missingCrossTools(
  arch: CodecArch,
): { missing: string[]; rustVersion: string | null } {
  const missing: string[] = [];
  const cargo = crossCargoCommand();
  const rustc = crossRustcCommand();
  if (probe(cargo, ["--version"]) === null) {
    missing.push(`${cargo} (HEADERPROOF_CROSS_CARGO): apt-get install cargo`);
  }
  const version = probe(rustc, ["--version"]);
  const sysroot = probe(rustc, ["--print", "sysroot"]);
  if (version === null || sysroot === null) {
    missing.push(`${rustc} (HEADERPROOF_CROSS_RUSTC): apt-get install rustc ${arch.std}`);
  } else if (!existsSync(join(sysroot.trim(), "lib/rustlib", arch.rustTarget, "lib"))) {
    missing.push(
      `the ${arch.rustTarget} standard library of ${rustc} (none in ${sysroot.trim()}/lib/rustlib/): ` +
        `apt-get install ${arch.std}`,
    );
  }
  for (const tool of [arch.linker, arch.emulator]) {
    if (probe(tool.command, ["--version"]) === null) {
      missing.push(`${tool.command}: apt-get install ${tool.packages}`);
    }
  }
  if (!existsSync(arch.loader.path)) {
    missing.push(`${arch.loader.path}: apt-get install ${arch.loader.packages}`);
  }
  const match = version === null ? null : /(\d+\.\d+)\.\d+/.exec(version);
  return { missing, rustVersion: match === null ? null : match[1] };
}

/** Throws unless the ELF header of `binary` says it is for `arch` (its byte order and machine). */
function checkElf(binary: string, arch: CodecArch): void {
  const head = readFileSync(binary).subarray(0, 20);
  const bigEndian = head[5] === 2;
  const machine = bigEndian ? head.readUInt16BE(18) : head.readUInt16LE(18);
  if (
    head.readUInt32BE(0) !== 0x7f454c46 || bigEndian !== arch.elf.bigEndian ||
    machine !== arch.elf.machine
  ) {
    throw new CodecBuildError(
      `${binary} is not an ELF binary for ${arch.name} (${
        bigEndian ? "big" : "little"
      }-endian, e_machine ${machine})`,
    );
  }
}

/**
 * Cross-builds the harness against `target` for `arch` into its own folder and returns the
 * binary and the command line it runs under (the arch's emulator). Throws
 * {@link CodecBuildError} naming every missing tool and its apt packages, or with cargo's error.
 */
export function buildCrossHarness(
  target: CodecTarget,
  arch: CodecArch,
): { binary: string; runner: string[] } {
  const { missing, rustVersion } = missingCrossTools(arch);
  if (missing.length > 0 || rustVersion === null) {
    throw new CodecBuildError(
      `--codec-arch ${arch.name} needs a cross build for ${arch.rustTarget}, and this machine lacks:\n` +
        missing.map((line) => `  - ${line}`).join("\n"),
    );
  }
  const dir = `${target.dir}-${arch.name}`;
  mkdirSync(join(dir, "src"), { recursive: true });
  mkdirSync(join(dir, ".cargo"), { recursive: true });
  // rust-version: the machine's cargo resolves each dependency to its newest release that
  // declares support for the cross rustc.
  const manifest = readFileSync(join(HARNESS_DIR, "Cargo.toml"), "utf8")
    .replace(/^http = .*$/m, target.dependency)
    .replace(/^edition = .*$/m, (line) => `${line}\nrust-version = "${rustVersion}"`);
  const changed = writeIfChanged(join(dir, "Cargo.toml"), manifest);
  writeIfChanged(join(dir, "src/main.rs"), readFileSync(join(HARNESS_DIR, "src/main.rs"), "utf8"));
  const run = (command: string, args: string[], env: Record<string, string>) => {
    const done = spawnSync(command, args, {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
    if (done.error !== undefined || done.status !== 0) {
      if (target.source === null) rmSync(dir, { recursive: true, force: true });
      throw new CodecBuildError(
        `--target ${target.label} --codec-arch ${arch.name}: ${command} ${
          args.join(" ")
        } in ${dir} ` +
          `failed (${done.error?.message ?? `exit ${done.status}`}):\n${done.stderr.trim()}`,
      );
    }
  };
  if (changed || !existsSync(join(dir, "vendor"))) {
    // The cross cargo may be too old for the registry's index and for this cargo's lockfile: the
    // machine's cargo vendors the dependencies, the cross cargo resolves again from them offline.
    rmSync(join(dir, "Cargo.lock"), { force: true });
    rmSync(join(dir, "vendor"), { recursive: true, force: true });
    const fallback = { CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS: "fallback" };
    run(cargoCommand(), ["generate-lockfile", "--quiet"], fallback);
    run(cargoCommand(), ["vendor", "--quiet", "--versioned-dirs", "--locked", "vendor"], fallback);
    rmSync(join(dir, "Cargo.lock"));
  }
  writeIfChanged(
    join(dir, ".cargo/config.toml"),
    '[source.crates-io]\nreplace-with = "vendored"\n\n[source.vendored]\ndirectory = "vendor"\n\n' +
      `[target.${arch.rustTarget}]\nlinker = ${JSON.stringify(arch.linker.command)}\n`,
  );
  run(crossCargoCommand(), [
    "build",
    "--release",
    "--quiet",
    "--offline",
    "--features",
    "rustc-1-63",
    "--target",
    arch.rustTarget,
  ], { RUSTC: crossRustcCommand() });
  const binary = join(dir, "target", arch.rustTarget, "release/headerproof-codec");
  checkElf(binary, arch);
  return { binary, runner: arch.runner };
}
