/**
 * The codec arches: CPUs other than the machine's that a codec target's harness can be built for
 * and run on under an emulator (`--codec-arch NAME`), one file per arch in arches/. build.ts
 * builds with what an entry names; nothing else asks for an arch by name.
 *
 * @module
 */
import type { CodecArch } from "./arches/arch.ts";
import { S390X } from "./arches/s390x.ts";

export type { CodecArch } from "./arches/arch.ts";

/** Every codec arch, by name. */
export const CODEC_ARCHES: Readonly<Record<string, CodecArch>> = { [S390X.name]: S390X };

/** The arch `name` names, or null when there is none of that name. */
export function codecArchOf(name: string): CodecArch | null {
  return Object.hasOwn(CODEC_ARCHES, name) ? CODEC_ARCHES[name] : null;
}
