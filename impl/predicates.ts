/**
 * Byte-level predicates of the Fetch standard, written for speed: each check is one regular
 * expression test or one table lookup on the common ASCII path, never a JavaScript loop over the
 * characters of a name or value.
 *
 * Every function here takes JavaScript strings that already passed WebIDL ByteString conversion
 * (no code unit above 0xFF) unless its doc says otherwise. Header names handed to the guard
 * predicates are already byte-lowercased. A name or value seen before costs one cache lookup;
 * a miss costs one regular expression test (a cache hit is several times cheaper than either a
 * regex test or a loop over the code units).
 *
 * @module
 */

import {
  regExpTest,
  SafeMap,
  SafeSet,
  safeSetOf,
  StringPrototypeCharCodeAt,
  StringPrototypeIndexOf,
  StringPrototypeSlice,
  StringPrototypeStartsWith,
  StringPrototypeToLowerCase,
} from "./primordials.ts";

/** RFC 9110 `token`: https://fetch.spec.whatwg.org/#header-name */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A code unit a header value may not contain: NUL, LF, CR, or anything outside a ByteString. */
const VALUE_REJECT = /[\0\n\r\u0100-\uffff]/;

/** A code unit above 0xFF: the string is not a WebIDL ByteString. */
const NOT_BYTE_STRING = /[\u0100-\uffff]/;

/**
 * Fast path "validated-name table": recently validated header names, found by comparing strings
 * instead of hashing them. A name parsed off the wire is a string the engine has never hashed, and
 * a Map lookup must hash it first; comparing it with the few names of its bucket needs no hash. The lowercase form handed out is the stored string,
 * so its hash, once computed by the index Map, is reused on every later lookup.
 *
 * Layout: the bucket picked by length and the first and last two code units (names such as
 * `x-extra-01` ... `x-extra-99` differ only at the end) holds a flat
 * `[raw, lower, raw, lower, ...]` array. Invariant: every `raw` stored is a header name (RFC 9110
 * token) and `lower` is its byte-lowercase form, so a hit proves validity; names that fail
 * validation are never stored. Bounded in entries (4096 buckets of {@link NAMES_PER_BUCKET}: a
 * full bucket is replaced by a fresh one) and in bytes (only names up to
 * {@link NAME_CACHE_MAX_LENGTH} code units are stored, as {@link detachedCopy}s, so no entry keeps
 * a caller's larger string alive): at most 32,768 names of 64 code units, twice (raw and lower).
 */
const validatedNames: (string[] | undefined)[] = [];
for (let index = 0; index < 4096; index++) validatedNames[index] = undefined;

/** Selects a bucket of {@link validatedNames} (its length is a power of two). */
const BUCKET_MASK = 4095;

/** How many names one bucket of {@link validatedNames} holds before it starts afresh. */
const NAMES_PER_BUCKET = 8;

/** Longer names are validated every time rather than stored in {@link validatedNames}. */
const NAME_CACHE_MAX_LENGTH = 64;

/**
 * A copy of `text` that shares no storage with a larger string: a string sliced out of a larger
 * one can keep the whole parent alive, so caches store this instead. Appending a character makes
 * a new string and slicing it back flattens that into a fresh buffer of `text.length + 1` code
 * units, whatever `text` pointed into. `bench/retained_heap.ts` measures
 * that it holds.
 */
export function detachedCopy(text: string): string {
  return StringPrototypeSlice(text + " ", 0, text.length);
}

/**
 * https://fetch.spec.whatwg.org/#header-name plus byte-lowercase: the lowercase form of `name`
 * if it is a header name, else null, through {@link validatedNames}. A token is ASCII, so
 * `toLowerCase()` is byte-lowercase.
 */
export function lowercaseHeaderName(name: string): string | null {
  const length = name.length;
  if (length === 0) return null;
  const bucketIndex = (length * 31 + StringPrototypeCharCodeAt(name, 0) +
    StringPrototypeCharCodeAt(name, length - 1) * 7 +
    (length > 1 ? StringPrototypeCharCodeAt(name, length - 2) * 97 : 0)) & BUCKET_MASK;
  const bucket = validatedNames[bucketIndex];
  if (bucket !== undefined) {
    for (let i = 0; i < bucket.length; i += 2) {
      if (bucket[i] === name) {
        tableSpelling = bucket[i];
        return bucket[i + 1];
      }
    }
  }
  if (length > NAME_CACHE_MAX_LENGTH) return validatedLongName(name);
  const raw = detachedCopy(name);
  if (!regExpTest(TOKEN, raw)) return null;
  tableSpelling = raw;
  const lower = StringPrototypeToLowerCase(raw);
  if (bucket === undefined || bucket.length >= 2 * NAMES_PER_BUCKET) {
    validatedNames[bucketIndex] = [raw, lower];
  } else {
    bucket[bucket.length] = raw;
    bucket[bucket.length] = lower;
  }
  return lower;
}

/**
 * The lowercase form of a name longer than {@link NAME_CACHE_MAX_LENGTH} if it is a header name,
 * else null; never cached. A successful regular expression match leaves its subject in the
 * realm's legacy `RegExp.input` (`RegExp.$_`), which would keep a name sliced out of a larger
 * string, and that whole string, alive: a match on a one-unit constant replaces it. (Cached names
 * are matched as their {@link detachedCopy}, so only the copy is left there.)
 */
function validatedLongName(name: string): string | null {
  if (!regExpTest(TOKEN, name)) return null;
  regExpTest(TOKEN, "a");
  // `toLowerCase` hands back `name` itself when it has no upper-case letter.
  return detachedCopy(StringPrototypeToLowerCase(name));
}

/**
 * The spelling of the name {@link validatedNames} last found or stored: a {@link detachedCopy},
 * never a caller's string.
 */
let tableSpelling = "";

/** V8 copies a slice shorter than this many code units (`SlicedString::kMinLength`). */
const MIN_SLICE_LENGTH = 13;

/**
 * `name`, a header name a Headers keeps as spelled (the header list's casing), as a string that
 * keeps no larger string alive: the table's copy when {@link lowercaseHeaderName} just looked it
 * up, `name` itself when it is too short to be a slice, else a {@link detachedCopy}.
 */
export function ownedSpelling(name: string): string {
  if (name === tableSpelling) return tableSpelling;
  return name.length < MIN_SLICE_LENGTH ? name : detachedCopy(name);
}

/**
 * Fast path "validated-name map" (record keys, see {@link lowercaseRecordKeyName}): header names
 * validated before, mapped to their byte-lowercase forms. Same invariant and bounds as {@link validatedNames}: only header names
 * are keys, only names up to {@link NAME_CACHE_MAX_LENGTH} code units are stored, as
 * {@link detachedCopy}s, and the map is emptied when it reaches {@link NAME_MAP_LIMIT} names.
 */
const validatedNameMap = new SafeMap<string, string>();

/** Size at which {@link validatedNameMap} is emptied (as many names as {@link validatedNames}). */
const NAME_MAP_LIMIT = 4096 * NAMES_PER_BUCKET;

/**
 * {@link lowercaseHeaderName} for an own property key of a record init, through
 * {@link validatedNameMap}: V8 stores property names internalized, hash included, so a Map lookup
 * of one hashes nothing.
 */
export function lowercaseRecordKeyName(name: string): string | null {
  const known = validatedNameMap.get(name);
  if (known !== undefined) return known;
  if (name.length > NAME_CACHE_MAX_LENGTH) return validatedLongName(name);
  const raw = detachedCopy(name);
  if (!regExpTest(TOKEN, raw)) return null;
  const lower = StringPrototypeToLowerCase(raw);
  if (validatedNameMap.size >= NAME_MAP_LIMIT) validatedNameMap.clear();
  validatedNameMap.set(raw, lower);
  return lower;
}

/** Whether `text` has a code unit above 0xFF (WebIDL ByteString conversion fails). */
export function isNotByteString(text: string): boolean {
  return regExpTest(NOT_BYTE_STRING, text);
}

/** HTTP whitespace byte: https://fetch.spec.whatwg.org/#http-whitespace-byte */
function isHttpWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * Fast path "validated-value cache": strings already known to be header values that
 * normalization leaves unchanged. Invariant: a member has no leading or trailing HTTP whitespace
 * and no NUL, CR, LF or code unit above 0xFF, so a hit proves the value valid and normalized in
 * one lookup; nothing else is ever stored. Bounded: only values up to
 * {@link VALUE_CACHE_MAX_LENGTH} code units, stored as {@link detachedCopy}s, cleared at
 * {@link VALUE_CACHE_LIMIT} entries (at most 256 KiB of code units).
 */
const normalizedValueCache = new SafeSet<string>();

/** Size at which {@link normalizedValueCache} is emptied. */
const VALUE_CACHE_LIMIT = 1024;

/** Longer values are validated every time rather than cached. */
const VALUE_CACHE_MAX_LENGTH = 256;

/**
 * https://fetch.spec.whatwg.org/#concept-header-value-normalize followed by the
 * https://fetch.spec.whatwg.org/#header-value check: the normalized value, or null if it is not a
 * header value (or not a ByteString). The trimming loop only runs when an edge is whitespace.
 */
export function normalizeHeaderValue(value: string): string | null {
  if (normalizedValueCache.has(value)) return value;
  const length = value.length;
  if (length === 0) return value;
  let normalized = value;
  if (
    isHttpWhitespace(StringPrototypeCharCodeAt(value, 0)) ||
    isHttpWhitespace(StringPrototypeCharCodeAt(value, length - 1))
  ) {
    let start = 0;
    let end = length;
    while (start < end && isHttpWhitespace(StringPrototypeCharCodeAt(value, start))) start++;
    while (end > start && isHttpWhitespace(StringPrototypeCharCodeAt(value, end - 1))) end--;
    normalized = StringPrototypeSlice(value, start, end);
  }
  if (regExpTest(VALUE_REJECT, normalized)) return null;
  if (normalized === value && length <= VALUE_CACHE_MAX_LENGTH) {
    if (normalizedValueCache.size >= VALUE_CACHE_LIMIT) normalizedValueCache.clear();
    normalizedValueCache.add(detachedCopy(value));
  }
  return normalized;
}

/**
 * https://fetch.spec.whatwg.org/#header-value, without normalization: for raw lists, which are
 * taken as is. A header value has no leading or trailing tab or space and no NUL, CR or LF, so it
 * has no edge HTTP whitespace at all: it is exactly a value that normalization leaves unchanged
 * and accepts (which also shares the validated-value cache). False for code units above 0xFF.
 */
export function isHeaderValue(value: string): boolean {
  return normalizeHeaderValue(value) === value;
}

/** Names that make a header a forbidden request-header on their own. */
const FORBIDDEN_REQUEST_NAMES = safeSetOf([
  "accept-charset",
  "accept-encoding",
  "access-control-request-headers",
  "access-control-request-method",
  "connection",
  "content-length",
  "cookie",
  "cookie2",
  "date",
  "dnt",
  "expect",
  "host",
  "keep-alive",
  "origin",
  "referer",
  "set-cookie",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "via",
]);

/** Names whose value is checked for forbidden methods. */
const METHOD_OVERRIDE_NAMES = safeSetOf([
  "x-http-method",
  "x-http-method-override",
  "x-method-override",
]);

/**
 * https://fetch.spec.whatwg.org/#forbidden-method, byte-case-insensitively: without the `u` flag
 * an `i` regex never folds a code unit above 0x7F onto ASCII, so this is exactly byte-case folding.
 */
const FORBIDDEN_METHOD = /^(?:connect|trace|track)$/i;

/**
 * https://fetch.spec.whatwg.org/#forbidden-request-header for (`lowerName`, `value`).
 */
export function isForbiddenRequestHeader(lowerName: string, value: string): boolean {
  if (FORBIDDEN_REQUEST_NAMES.has(lowerName)) return true;
  if (
    StringPrototypeStartsWith(lowerName, "proxy-") || StringPrototypeStartsWith(lowerName, "sec-")
  ) return true;
  if (!METHOD_OVERRIDE_NAMES.has(lowerName)) return false;
  const methods = getDecodeAndSplit(value);
  for (let index = 0; index < methods.length; index++) {
    if (regExpTest(FORBIDDEN_METHOD, methods[index])) return true;
  }
  return false;
}

/** https://fetch.spec.whatwg.org/#forbidden-response-header-name for a lowercase name. */
export function isForbiddenResponseHeaderName(lowerName: string): boolean {
  return lowerName === "set-cookie" || lowerName === "set-cookie2";
}

/** Whether `code` is HTTP tab or space. */
function isHttpTabOrSpace(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/**
 * https://fetch.spec.whatwg.org/#header-value-get-decode-and-split (isomorphic decoding is the
 * identity on a ByteString held as a JavaScript string). Only used for the method-override names.
 */
export function getDecodeAndSplit(value: string): string[] {
  const values: string[] = [];
  const length = value.length;
  let position = 0;
  let temporaryValue = "";
  for (;;) {
    const stop = findQuoteOrComma(value, position);
    temporaryValue += StringPrototypeSlice(value, position, stop);
    position = stop;
    if (position < length && StringPrototypeCharCodeAt(value, position) === 0x22) {
      const quotedEnd = endOfQuotedString(value, position);
      temporaryValue += StringPrototypeSlice(value, position, quotedEnd);
      position = quotedEnd;
      if (position < length) continue;
    }
    let start = 0;
    let end = temporaryValue.length;
    while (start < end && isHttpTabOrSpace(StringPrototypeCharCodeAt(temporaryValue, start))) {
      start++;
    }
    while (end > start && isHttpTabOrSpace(StringPrototypeCharCodeAt(temporaryValue, end - 1))) {
      end--;
    }
    values[values.length] = StringPrototypeSlice(temporaryValue, start, end);
    temporaryValue = "";
    if (position >= length) return values;
    position++; // the code point at position is ","
  }
}

/** Index of the first `"` or `,` at or after `from`, or the length. */
function findQuoteOrComma(text: string, from: number): number {
  let index = from;
  while (index < text.length) {
    const code = StringPrototypeCharCodeAt(text, index);
    if (code === 0x22 || code === 0x2c) return index;
    index++;
  }
  return index;
}

/**
 * https://fetch.spec.whatwg.org/#collect-an-http-quoted-string with extract-value false: the
 * position just past the quoted string starting at `start` (which holds `"`).
 */
function endOfQuotedString(text: string, start: number): number {
  let position = start + 1;
  while (position < text.length) {
    const code = StringPrototypeCharCodeAt(text, position);
    position++;
    if (code === 0x22) return position;
    if (code === 0x5c) {
      if (position >= text.length) return position;
      position++;
    }
  }
  return position;
}

/** https://fetch.spec.whatwg.org/#cors-unsafe-request-header-byte */
// deno-lint-ignore no-control-regex -- the standard defines these bytes as control characters
const CORS_UNSAFE_BYTE = /[\x00-\x08\x0a-\x1f"():<>?@[\\\]{}\x7f]/;

/** The bytes accept-language and content-language values may hold. */
const LANGUAGE_VALUE = /^[0-9A-Za-z *,\-.;=]*$/;

/** MIME type essences a no-CORS content-type may have. */
const SAFELISTED_ESSENCES = safeSetOf([
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "text/plain",
]);

/**
 * https://fetch.spec.whatwg.org/#no-cors-safelisted-request-header-name for a lowercase name.
 */
export function isNoCorsSafelistedName(lowerName: string): boolean {
  return lowerName === "accept" || lowerName === "accept-language" ||
    lowerName === "content-language" || lowerName === "content-type";
}

/**
 * https://fetch.spec.whatwg.org/#no-cors-safelisted-request-header: the name is one of the four
 * no-CORS-safelisted names and (name, value) is a CORS-safelisted request-header. The `range`
 * branch of the CORS-safelisted check is unreachable from here (range is not a no-CORS-safelisted
 * name), so "parse a single range header value" is not needed.
 */
export function isNoCorsSafelistedRequestHeader(lowerName: string, value: string): boolean {
  if (value.length > 128) return false;
  switch (lowerName) {
    case "accept":
      return !regExpTest(CORS_UNSAFE_BYTE, value);
    case "accept-language":
    case "content-language":
      return regExpTest(LANGUAGE_VALUE, value);
    case "content-type":
      return !regExpTest(CORS_UNSAFE_BYTE, value) &&
        SAFELISTED_ESSENCES.has(mimeEssence(value) ?? "");
    default:
      return false;
  }
}

/**
 * https://mimesniff.spec.whatwg.org/#parse-a-mime-type up to the essence: the lowercase
 * "type/subtype", or null on failure. Parameters never make parsing fail, so they are skipped.
 *
 * Shortcut "no leading whitespace": `input` is a header value as the no-CORS check builds it —
 * a normalized value, or a stored (normalized) value followed by ", " and a normalized value —
 * so it never starts with HTTP whitespace, and step 1's leading strip is skipped. Its end can
 * be whitespace (an appended empty value leaves "x, "), so the trailing strip stays.
 */
export function mimeEssence(input: string): string | null {
  let end = input.length;
  while (end > 0 && isHttpWhitespace(StringPrototypeCharCodeAt(input, end - 1))) end--;
  const slash = StringPrototypeIndexOf(input, "/");
  if (slash === -1 || slash >= end) return null;
  const type = StringPrototypeSlice(input, 0, slash);
  if (!regExpTest(TOKEN, type)) return null;
  const semicolon = StringPrototypeIndexOf(input, ";", slash + 1);
  let subtypeEnd = semicolon === -1 || semicolon > end ? end : semicolon;
  while (
    subtypeEnd > slash + 1 && isHttpWhitespace(StringPrototypeCharCodeAt(input, subtypeEnd - 1))
  ) {
    subtypeEnd--;
  }
  const subtype = StringPrototypeSlice(input, slash + 1, subtypeEnd);
  if (!regExpTest(TOKEN, subtype)) return null;
  return StringPrototypeToLowerCase(`${type}/${subtype}`);
}
