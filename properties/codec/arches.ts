/**
 * The codec arches: CPUs other than the machine's that a codec target's harness can be built for
 * and run on under an emulator (`--codec-arch NAME`), one file per arch in arches/. build.ts
 * builds with what an entry names; nothing else asks for an arch by name.
 *
 * @module
 */
import { S390X } from "./arches/s390x.ts";

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

/** Every codec arch, by name. */
export const CODEC_ARCHES: Readonly<Record<string, CodecArch>> = { [S390X.name]: S390X };

/** The arch `name` names, or null when there is none of that name. */
export function codecArchOf(name: string): CodecArch | null {
  return Object.hasOwn(CODEC_ARCHES, name) ? CODEC_ARCHES[name] : null;
}
