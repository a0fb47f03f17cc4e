/**
 * Proof that the codec stage sees: bugs of the kinds word-at-a-time header code has, each planted
 * by a patch in a copy of the http crate's release source (the one cargo unpacked for the base
 * release's harness), each copy fuzzed by the default codec campaign (`--target http-src:COPY`,
 * default runs and costs, a fixed seed) in a child process, which must exit 1. The copies go to
 * the ignored `.cache/codec-variants/`. Run with `./headerproof fuzz:kill:codec [--seed N]`;
 * exit 0 when every variant is killed and the unpatched copy is not, 1 otherwise, 2 when the
 * harness cannot be built.
 *
 * @example
 * ```sh
 * ./headerproof fuzz:kill:codec --seed 1
 * ```
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { CLI } from "../core/cli_runner.ts";
import { exit, runtime, selfCommand, writeErr, writeOut } from "../targets/runtime.ts";
import { buildHarness, CodecBuildError, codecTargetOf, crateSource } from "./build.ts";

/** The release the variants patch. */
export const BASE_RELEASE = "http@1.4.0";
/** Where the patched copies go. */
export const VARIANTS_DIR: string = fileURLToPath(
  new URL("../../.cache/codec-variants/", import.meta.url),
);

/** A planted bug: text that occurs once in src/header/name.rs, and what replaces it. */
export interface CodecVariant {
  name: string;
  bug: string;
  search: string;
  replace: string;
}

/** parse_hdr's copy of a name (64 bytes at most) into its scratch buffer, through the table. */
const PARSE_HDR_COPY = `            data.iter()
                .zip(b.iter_mut())
                .for_each(|(index, out)| *out = MaybeUninit::new(table[*index as usize]));`;

/** The check of each byte of a name longer than 64 bytes in \`from_bytes\`. */
const LONG_NAME_CHECK = `                for b in buf.iter() {
                    // HEADER_CHARS maps all bytes to valid single-byte UTF-8
                    let b = HEADER_CHARS[*b as usize];

                    if b == 0 {
                        return Err(InvalidHeaderName::new());
                    }

                    dst.put_u8(b);
                }`;

/** Every planted bug. */
export const CODEC_VARIANTS: readonly CodecVariant[] = [
  {
    name: "word-bound-off-by-one",
    bug: "the word loop's bound is off by one (i + 8 <= len + 1): it reads a word that overruns " +
      "the name by a byte",
    search: PARSE_HDR_COPY,
    replace: `            let mut i = 0;
            while i + 8 <= len + 1 {
                for j in 0..8 {
                    b[i + j] = MaybeUninit::new(table[data[i + j] as usize]);
                }
                i += 8;
            }
            while i < len {
                b[i] = MaybeUninit::new(table[data[i] as usize]);
                i += 1;
            }`,
  },
  {
    name: "tail-not-processed",
    bug: "the bytes after the last whole word are copied as they are, not through the table " +
      "(not lowercased, not validated)",
    search: PARSE_HDR_COPY,
    replace: `            let mut i = 0;
            while i + 8 <= len {
                for j in 0..8 {
                    b[i + j] = MaybeUninit::new(table[data[i + j] as usize]);
                }
                i += 8;
            }
            while i < len {
                b[i] = MaybeUninit::new(data[i]);
                i += 1;
            }`,
  },
  {
    name: "case-bit-on-non-letter",
    bug: "a word is lowercased by setting bit 0x20 of every valid byte, letters or not " +
      "(^ becomes ~, _ becomes DEL)",
    search: PARSE_HDR_COPY,
    replace: `            for (index, out) in data.iter().zip(b.iter_mut()) {
                let valid = table[*index as usize] != 0;
                *out = MaybeUninit::new(if valid { *index | 0x20 } else { 0 });
            }`,
  },
  {
    name: "zero-mask-misses-top-byte",
    bug: "a name longer than 64 bytes is validated a word at a time with a zero-byte mask that " +
      "leaves out the word's last byte (0x0080808080808080)",
    search: LONG_NAME_CHECK,
    replace: `                for chunk in buf.chunks(8) {
                    let mut word: u64 = 0;
                    for (j, b) in chunk.iter().enumerate() {
                        let b = HEADER_CHARS[*b as usize];
                        word |= (b as u64) << (8 * j);
                        dst.put_u8(b);
                    }
                    let zero = if chunk.len() == 8 {
                        word.wrapping_sub(0x0101010101010101) & !word & 0x0080808080808080 != 0
                    } else {
                        chunk.iter().any(|b| HEADER_CHARS[*b as usize] == 0)
                    };
                    if zero {
                        return Err(InvalidHeaderName::new());
                    }
                }`,
  },
  {
    name: "revalidates-prefix-per-word",
    bug: "a name longer than 64 bytes is checked again from its start at every word boundary: " +
      "right answers at O(n^2 / 8) cost (the cost stage must see it)",
    search: LONG_NAME_CHECK,
    replace: `                for (i, b) in buf.iter().enumerate() {
                    let b = HEADER_CHARS[*b as usize];
                    if b == 0 || (i % 8 == 0 && buf[..i].iter().any(|p| HEADER_CHARS[*p as usize] == 0)) {
                        return Err(InvalidHeaderName::new());
                    }
                    dst.put_u8(b);
                }`,
  },
];

/** Copies `source` to `dir` with `variant` planted (none: the unpatched copy). */
export function plantedCopy(source: string, dir: string, variant: CodecVariant | null): string {
  rmSync(dir, { recursive: true, force: true });
  cpSync(source, dir, { recursive: true });
  if (variant === null) return dir;
  const file = join(dir, "src/header/name.rs");
  const text = readFileSync(file, "utf8");
  if (text.split(variant.search).length !== 2) {
    throw new Error(`variant ${variant.name} no longer applies to ${source}: update it`);
  }
  writeFileSync(file, text.replace(variant.search, variant.replace));
  return dir;
}

/** One row of the kill table. */
export interface KillRow {
  name: string;
  bug: string;
  /** The campaign's exit status. */
  status: number | null;
  killed: boolean;
  seconds: number;
  /** The report's divergence or crash line. */
  finding: string;
}

/** Runs the default codec campaign on `dir` with `seed`; its row. */
function fuzzCopy(name: string, bug: string, dir: string, seed: number): KillRow {
  const started = Date.now();
  const command = selfCommand(CLI, ["--target", `http-src:${dir}`, "--seed", String(seed)]);
  const run = spawnSync(
    command[0],
    command.slice(1),
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const lines = run.stdout.split("\n");
  const finding = lines.find((l) => /^(CODEC DIVERGENCE|CRASH)|SUPERLINEAR$/.test(l)) ??
    lines.find((l) => l.startsWith("no divergence")) ?? run.stderr.trim().split("\n").pop() ?? "";
  return {
    name,
    bug,
    status: run.status,
    killed: run.status === 1,
    seconds: (Date.now() - started) / 1000,
    finding: finding.slice(0, 160),
  };
}

if (import.meta.main) {
  const { values } = parseArgs({ args: runtime.args, options: { seed: { type: "string" } } });
  const seed = Number(values.seed ?? "1");
  let source: string;
  try {
    const base = codecTargetOf(BASE_RELEASE);
    buildHarness(base);
    source = crateSource(base);
  } catch (error) {
    if (!(error instanceof CodecBuildError)) throw error;
    writeErr(`${error.message}\n`);
    exit(2);
  }
  const rows: KillRow[] = [];
  for (const variant of [null, ...CODEC_VARIANTS]) {
    const name = variant?.name ?? "unpatched";
    const dir = plantedCopy(source, join(VARIANTS_DIR, name), variant);
    writeErr(`fuzz:kill:codec: ${name} (http-src:${dir}, seed ${seed}) ...\n`);
    rows.push(fuzzCopy(name, variant?.bug ?? `${BASE_RELEASE} as released`, dir, seed));
  }
  writeOut(
    [
      "| variant | bug | killed | exit | seconds | what the campaign printed |",
      "| --- | --- | --- | --- | --- | --- |",
    ]
      .concat(
        rows.map((r) =>
          `| ${r.name} | ${r.bug} | ${
            r.name === "unpatched" ? "(must not be)" : r.killed ? "yes" : "NO"
          } | ${r.status} | ${r.seconds.toFixed(1)} | ${r.finding.replaceAll("|", "\\|")} |`
        ),
      ).join("\n") + "\n",
  );
  const ok = !rows[0].killed && rows[0].status === 0 && rows.slice(1).every((r) => r.killed);
  exit(ok ? 0 : 1);
}
