/**
 * What a codec arch is (arches.ts lists them, one file each in this folder): a CPU the harness
 * of a codec target is cross-built for and run on under an emulator.
 *
 * @example
 * ```ts
 * import type { CrossTool } from "./arch.ts";
 * const tool: CrossTool = { command: "qemu-s390x", packages: "qemu-user" };
 * console.log(tool.command);
 * ```
 *
 * @module
 */

/** A command the cross build needs, and the apt packages that bring it. */
export interface CrossTool {
  /** The command (on PATH) or file. */
  command: string;
  /** The apt packages that bring it. */
  packages: string;
}

/** A CPU the harness is cross-built for and run on under an emulator. */
export interface CodecArch {
  /** As `--codec-arch` takes it. */
  name: string;
  /** Rust's target triple. */
  rustTarget: string;
  /** The C compiler cargo links with. */
  linker: CrossTool;
  /** The user-mode emulator the harness runs under. */
  emulator: CrossTool;
  /** The arch's dynamic loader, a file. */
  loader: { path: string; packages: string };
  /** The command line the harness binary is appended to. */
  runner: string[];
  /** The apt packages that bring a standard library for `rustTarget`. */
  std: string;
  /** What the built binary's ELF header must say: its byte order and `e_machine`. */
  elf: { bigEndian: boolean; machine: number };
}
