/**
 * What the reference expects of each codec path (harness/src/main.rs), from spec/'s header-name
 * and header-value predicates and byte-lowercase: whether bytes are a header name or value, the
 * lowercased name, and a `HeaderMap`'s contents after a list of steps. Two profiles: "fetch" (a
 * Fetch header name and value) and "rfc9110" (RFC 9110's field-value is stricter: VCHAR,
 * obs-text, space and tab only). The crate's own contracts are kept where Fetch has no word: the
 * `from_lowercase` and `from_static` paths take lowercase names only, `HeaderValue::from_static`
 * visible ASCII only, and `from_static` and the `&'static str` map keys panic on what they refuse.
 * A map is the crate's documented multimap: names in the order first inserted, values in the
 * order appended. The rules of the codec classes in force (properties/classes/codec/) change the grammar.
 *
 * @example
 * ```ts
 * import { expectedName } from "./reference.ts";
 * expectedName("X-Id", { profile: "fetch", rules: new Set() }).from_bytes; // "ok:782d6964"
 * ```
 *
 * @module
 */
import { isHeaderName, isHeaderValue } from "../../spec/header_predicates.ts";
import { byteLowercase } from "../../spec/infra.ts";
import type { Answer } from "./protocol.ts";
import { hexOf } from "./protocol.ts";

/** The grammar a profile names. */
export type CodecProfile = "fetch" | "rfc9110";

/** A grammar rule a codec class adds to (or takes from) the reference's. */
export type CodecRule =
  | "value-controls-rejected"
  | "value-edge-whitespace-allowed"
  | "to-str-visible-ascii-only"
  | "name-at-most-65535-bytes"
  | "long-text-key-unvalidated"
  | "lowercase-name-allows-dquote";

/**
 * How the codec stage recognizes a codec class (properties/classes/codec/): the rule it changes in
 * the reference's grammar, and the runtimes whose HTTP stack runs header bytes through the crate.
 */
export interface CodecRecognizer {
  /** The class name used by `--known-divergences`. */
  name: string;
  /** One line: what the crate does differently. */
  summary: string;
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

/** The grammar the reference judges with: a profile and the rules of the classes in force. */
export interface Grammar {
  profile: CodecProfile;
  rules: ReadonlySet<CodecRule>;
}

/** One step of a map case. */
export interface MapStep {
  op: "insert" | "append" | "entry" | "get";
  /** static: `&'static str`; str, string: `&str`, `String`; name: a `HeaderName`. */
  key: "static" | "str" | "string" | "name";
  /** The key's bytes (each char a byte). */
  name: string;
  /** The value's bytes (not read by get). */
  value: string;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** Whether the byte string `bytes` is valid UTF-8 (a `&str` path can take it). */
export function isUtf8(bytes: string): boolean {
  try {
    UTF8.decode(Uint8Array.from(bytes, (ch) => ch.charCodeAt(0)));
    return true;
  } catch {
    return false;
  }
}

/** Whether `bytes` is a header name under `grammar`. */
export function nameValid(bytes: string, grammar: Grammar): boolean {
  if (grammar.rules.has("name-at-most-65535-bytes") && bytes.length > 65535) return false;
  return isHeaderName(bytes);
}

/** Whether `bytes` is a header value under `grammar`. */
export function valueValid(bytes: string, grammar: Grammar): boolean {
  const core = grammar.rules.has("value-edge-whitespace-allowed")
    ? bytes.replace(/^[\t ]+|[\t ]+$/g, "")
    : bytes;
  if (!isHeaderValue(core)) return false;
  // RFC 9110: field-vchar = VCHAR / obs-text, with SP and HTAB between; no other control byte.
  if (grammar.profile === "rfc9110" || grammar.rules.has("value-controls-rejected")) {
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes.charCodeAt(i);
      if ((c < 0x20 && c !== 0x09) || c === 0x7f) return false;
    }
  }
  return true;
}

/** Whether every byte of `bytes` is visible ASCII, space or tab. */
function visibleAscii(bytes: string): boolean {
  return /^[\t\x20-\x7e]*$/.test(bytes);
}

/** The reference's answer to the `["name", HEX]` request. */
export function expectedName(bytes: string, grammar: Grammar): Answer {
  const valid = nameValid(bytes, grammar);
  const lower = byteLowercase(bytes);
  const ok = valid ? `ok:${hexOf(lower)}` : "err";
  const text = isUtf8(bytes);
  // The lowercase paths: a name with no uppercase byte (the crate's contract).
  const lowercaseValid = grammar.rules.has("lowercase-name-allows-dquote")
    ? nameValid(bytes.replaceAll('"', "!"), grammar)
    : valid;
  const lowercaseOnly = lowercaseValid && lower === bytes ? `ok:${hexOf(bytes)}` : "err";
  return {
    from_bytes: ok,
    try_from_slice: ok,
    try_from_vec: ok,
    from_str: text ? ok : "skip",
    try_from_str: text ? ok : "skip",
    try_from_string: text ? ok : "skip",
    try_from_ref_string: text ? ok : "skip",
    from_lowercase: lowercaseOnly,
    from_static: text ? (lowercaseOnly === "err" ? "panic" : lowercaseOnly) : "skip",
  };
}

/** The reference's answer to the `["value", HEX]` request. */
export function expectedValue(bytes: string, grammar: Grammar): Answer {
  const valid = valueValid(bytes, grammar);
  const ok = valid ? `ok:${hexOf(bytes)}` : "err";
  const text = isUtf8(bytes);
  const toStr = grammar.rules.has("to-str-visible-ascii-only") && !visibleAscii(bytes) ? "err" : ok;
  return {
    from_bytes: ok,
    try_from_slice: ok,
    try_from_vec: ok,
    from_str: text ? ok : "skip",
    try_from_str: text ? ok : "skip",
    try_from_string: text ? ok : "skip",
    try_from_ref_string: text ? ok : "skip",
    from_static: text ? (valid && visibleAscii(bytes) ? ok : "panic") : "skip",
    to_str: valid ? toStr : "n/a",
  };
}

/**
 * The bytes the crate stores for a long text key it does not validate: each byte lowercased, and
 * a byte that is not a token byte as 0x00 (rule "long-text-key-unvalidated").
 */
function unvalidatedName(bytes: string): string {
  let out = "";
  for (const ch of byteLowercase(bytes)) out += isHeaderName(ch) ? ch : "\0";
  return out;
}

/** The reference's answer to the `["map", STEP, ...]` request. */
export function expectedMap(steps: readonly MapStep[], grammar: Grammar): Answer {
  const entries: { name: string; values: string[] }[] = [];
  const outcomes = steps.map((step): string => {
    if (step.op !== "get" && !valueValid(step.value, grammar)) return "err";
    if (step.key !== "name" && !isUtf8(step.name)) return "skip";
    let stored: string;
    let lookup: string;
    if (nameValid(step.name, grammar)) {
      stored = lookup = byteLowercase(step.name);
    } else if (
      step.key !== "name" && grammar.rules.has("long-text-key-unvalidated") &&
      step.name.length > 64 && step.name.length <= 65535
    ) {
      // The crate stores such a key unvalidated, and finds it by the same mapping of its bytes.
      stored = lookup = unvalidatedName(step.name);
    } else if (step.op === "get") {
      return step.key === "name" ? "err" : "none";
    } else {
      return step.key === "static" ? "panic" : "err";
    }
    const entry = entries.find((e) => e.name === lookup);
    switch (step.op) {
      case "get":
        return entry === undefined ? "none" : `some:${hexOf(entry.values[0])}`;
      case "insert":
        if (entry === undefined) {
          entries.push({ name: stored, values: [step.value] });
          return "none";
        } else {
          const previous = entry.values[0];
          entry.values = [step.value];
          return `some:${hexOf(previous)}`;
        }
      case "append":
        if (entry === undefined) entries.push({ name: stored, values: [step.value] });
        else entry.values.push(step.value);
        return String(entry !== undefined);
      case "entry":
        if (entry === undefined) {
          entries.push({ name: stored, values: [step.value] });
          return `some:${hexOf(step.value)}`;
        }
        return `some:${hexOf(entry.values[0])}`;
    }
  });
  return {
    steps: outcomes,
    iter: entries.flatMap((e) => e.values.map((v) => `${hexOf(e.name)}=${hexOf(v)}`)),
    len: entries.reduce((sum, e) => sum + e.values.length, 0),
    keys: entries.length,
  };
}

/** A step as the harness reads it: `OP:KEY:NAMEHEX:VALUEHEX`. */
export function stepRequest(step: MapStep): string {
  return `${step.op}:${step.key}:${hexOf(step.name)}:${hexOf(step.value)}`;
}
