/**
 * The codec arch `s390x`: IBM Z, 64-bit and big-endian. The harness is built for
 * `s390x-unknown-linux-gnu` with a cargo and rustc that hold that target's standard library
 * (Debian's `rustc`, `cargo` and `libstd-rust-dev:s390x`), linked by `s390x-linux-gnu-gcc`, and
 * run under `qemu-s390x` (qemu-user) with the cross C library of `/usr/s390x-linux-gnu`.
 *
 * @module
 */
import type { CodecArch } from "./arch.ts";

/** The cross C library folder (Debian's `libc6-s390x-cross` fills it). */
const SYSROOT = "/usr/s390x-linux-gnu";

/** s390x under qemu-user. */
export const S390X: CodecArch = {
  name: "s390x",
  rustTarget: "s390x-unknown-linux-gnu",
  linker: { command: "s390x-linux-gnu-gcc", packages: "gcc-s390x-linux-gnu" },
  emulator: { command: "qemu-s390x", packages: "qemu-user" },
  loader: { path: `${SYSROOT}/lib/ld64.so.1`, packages: "libc6-dev-s390x-cross" },
  // The loader and the libraries both from the cross folder: with `libc6:s390x` also installed
  // (a dependency of `libstd-rust-dev:s390x`), the loader would otherwise find that newer libc
  // through /etc/ld.so.cache and abort ("stack smashing detected").
  runner: ["qemu-s390x", "-L", SYSROOT, "-E", `LD_LIBRARY_PATH=${SYSROOT}/lib`],
  std: "libstd-rust-dev:s390x (with rustc and cargo)",
  elf: { bigEndian: true, machine: 22 },
};
