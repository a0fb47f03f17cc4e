/**
 * The named ways the Rust `http` crate's header codec differs from the reference (codec classes),
 * part of the divergence registry (properties/oracle/divergences.ts lists them beside the answer
 * and cost classes). Each is a rule: a change to the grammar the reference judges with
 * (reference.ts), so a class in force changes what is expected, exactly and no more, and a
 * divergence the classes in force do not account for is still a finding. `seenThrough` names the
 * runtimes whose HTTP stack turns header bytes into the crate's types (Deno's fetch and serve,
 * through hyper): a parser divergence of their wire stage with the same cause is named after the
 * class ({@link codecCauseOf}).
 *
 * @example
 * ```ts
 * import { codecClasses } from "./classes.ts";
 * console.log(codecClasses(["all"]).map((c) => c.name));
 * ```
 *
 * @module
 */

/** A grammar rule a codec class adds to (or takes from) the reference's. */
export type CodecRule =
  | "value-controls-rejected"
  | "value-edge-whitespace-allowed"
  | "to-str-visible-ascii-only"
  | "name-at-most-65535-bytes"
  | "long-text-key-unvalidated"
  | "lowercase-name-allows-dquote";

/** A known codec divergence. */
export interface CodecDivergenceClass {
  /** The class name used by `--known-divergences`. */
  name: string;
  /** One line: what the crate does differently. */
  summary: string;
  /** The crate releases it was seen in (properties/README.md, the seed verdict). */
  seenIn: string;
  /** The rule it changes in the reference's grammar. */
  rule: CodecRule;
  /** Runtimes whose HTTP stack runs header bytes through the crate. */
  seenThrough: readonly string[];
  /**
   * For a wire-stage parser divergence (the runtime rejects field lines the reference accepts):
   * whether this class's rule explains it, from the field lines' bytes.
   */
  explainsRejection?(fieldLines: readonly string[]): boolean;
}

/** Whether byte `c` is a control byte the crate's value grammar rejects and Fetch allows. */
export function isCrateOnlyControl(c: number): boolean {
  return (c < 0x20 && c !== 0x09 && c !== 0x00 && c !== 0x0a && c !== 0x0d) || c === 0x7f;
}

/** Every codec class. */
export const CODEC_DIVERGENCE_CLASSES: readonly CodecDivergenceClass[] = [
  {
    name: "value-control-bytes-rejected",
    summary: "HeaderValue rejects the control bytes 0x01-0x08, 0x0B, 0x0C, 0x0E-0x1F and 0x7F, " +
      "which a Fetch header value allows (RFC 9110's field-value excludes them too)",
    seenIn: "http 1.4.0 and 1.5.0 (seed 1)",
    rule: "value-controls-rejected",
    seenThrough: ["deno"],
    explainsRejection: (fieldLines) =>
      fieldLines.some((line) => {
        const colon = line.indexOf(":");
        const value = colon < 0 ? "" : line.slice(colon + 1);
        return [...value].some((ch) => isCrateOnlyControl(ch.charCodeAt(0)));
      }),
  },
  {
    name: "value-edge-whitespace-accepted",
    summary: "HeaderValue accepts a leading or trailing space or tab, which neither a Fetch " +
      "header value nor RFC 9110's field-value has (Fetch normalizes it away first)",
    seenIn: "http 1.4.0 and 1.5.0 (seed 1)",
    rule: "value-edge-whitespace-allowed",
    seenThrough: ["deno"],
  },
  {
    name: "to-str-rejects-obs-text",
    summary: "HeaderValue::to_str fails for a valid value holding a byte 0x80-0xFF (obs-text), " +
      "which Fetch reads as the isomorphic decode of the bytes",
    seenIn: "http 1.4.0 and 1.5.0 (seed 1)",
    rule: "to-str-visible-ascii-only",
    seenThrough: ["deno"],
  },
  {
    name: "name-longer-than-65535-rejected",
    summary: "HeaderName rejects a name longer than 65,535 bytes, which a Fetch header name " +
      "(any length of token bytes) allows",
    seenIn: "http 1.4.0 and 1.5.0 (seed 1)",
    rule: "name-at-most-65535-bytes",
    seenThrough: ["deno"],
  },
  {
    name: "long-text-key-not-validated",
    summary: "a text key of 65 to 65,535 bytes given to HeaderMap insert, append or entry " +
      "(&'static str) or try_entry (&str, String) is not validated: a byte that is not a token " +
      "byte becomes 0x00 in the stored name, where a shorter key panics or is refused",
    seenIn: "http 1.4.0 and 1.5.0 (seed 1)",
    rule: "long-text-key-unvalidated",
    seenThrough: [],
  },
  {
    name: "lowercase-name-accepts-dquote",
    summary: 'HeaderName::from_lowercase and HeaderName::from_static accept a double quote (") ' +
      "in a name, which is not a token byte (their table has it; from_bytes's does not)",
    seenIn: "http 1.4.0 and 1.5.0 (seed 1)",
    rule: "lowercase-name-allows-dquote",
    seenThrough: [],
  },
];

/**
 * The classes named in `names` ("all" for every one); names that are not codec classes are
 * passed over (they are answer or cost classes, or wrong: divergences.ts checks those).
 */
export function codecClasses(names: readonly string[]): CodecDivergenceClass[] {
  if (names.includes("all")) return [...CODEC_DIVERGENCE_CLASSES];
  return CODEC_DIVERGENCE_CLASSES.filter((c) => names.includes(c.name));
}

/**
 * The codec class that explains a wire-stage parser divergence of `runtimeName`: field lines the
 * reference accepts and the runtime's parser rejects, for a cause a class names (null when none
 * does, or the runtime does not run the crate).
 */
export function codecCauseOf(
  runtimeName: string,
  found: { fieldLines: readonly string[]; referenceAccepts: boolean; runtimeAccepts: boolean },
): CodecDivergenceClass | null {
  if (!found.referenceAccepts || found.runtimeAccepts) return null;
  return CODEC_DIVERGENCE_CLASSES.find((c) =>
    c.seenThrough.includes(runtimeName) && c.explainsRejection?.(found.fieldLines) === true
  ) ?? null;
}
