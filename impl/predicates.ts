/**
 * Byte-level predicates of the Fetch standard. Strings passed in already passed WebIDL ByteString
 * conversion (no code unit above 0xFF) unless a doc says otherwise; names handed to the guard
 * predicates are already byte-lowercased. Each check is one regular expression test or one
 * cache lookup, never a loop over the code units on the common path.
 *
 * @module
 */

import {
  JAVASCRIPTCORE,
  ObjectKeys,
  ReflectDeleteProperty,
  regExpTest,
  SafeMap,
  safeSetOf,
  StringPrototypeCharCodeAt,
  StringPrototypeIndexOf,
  StringPrototypePadEnd,
  StringPrototypeSlice,
  StringPrototypeToLowerCase,
} from "./primordials.ts";

/** RFC 9110 `token`: https://fetch.spec.whatwg.org/#header-name */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A code unit a header value may not contain: NUL, LF, CR, or anything outside a ByteString. */
const VALUE_REJECT = /[\0\n\r\u0100-\uffff]/;

/** A code unit above 0xFF: the string is not a WebIDL ByteString. */
const NOT_BYTE_STRING = /[\u0100-\uffff]/;

/**
 * Fast path "validated-name table": names validated before, found by comparing strings rather
 * than hashing them (a name parsed off the wire has never been hashed). A bucket, picked by
 * length and first and last two code units, is a flat `[raw, lower, ...]` array. Invariant:
 * every `raw` is a header name and `lower` its byte-lowercase form, so a hit proves validity.
 * Bounded: 4096 buckets of {@link NAMES_PER_BUCKET} (a full bucket starts afresh), names up to
 * {@link NAME_CACHE_MAX_LENGTH} code units, stored as {@link uniqueCopy}s.
 */
const validatedNames: (string[] | undefined)[] = [];
for (let index = 0; index < 4096; index++) validatedNames[index] = undefined;
const BUCKET_MASK = 4095;
const NAMES_PER_BUCKET = 8;
const NAME_CACHE_MAX_LENGTH = 64;

/**
 * A copy of `text` sharing no storage with a larger string: sliced from a padded fresh buffer (a
 * slice of a concatenation, a JavaScriptCore rope, could share `text`'s parent).
 */
export function detachedCopy(text: string): string {
  return StringPrototypeSlice(StringPrototypePadEnd(text, text.length + 1), 0, text.length);
}

/** {@link uniqueCopy}'s object: prototype-less, and empty between calls. */
const uniqueKeys = { __proto__: null } as unknown as Record<string, number>;

/**
 * `text` as the engine's unique string of its content (the property key it becomes): a flat
 * string that shares no storage with a larger one and is the very string a literal of the same
 * text is, so comparing it with a literal is an identity test, and with any other string one
 * flat pass (V8 compares a slice, what {@link detachedCopy} makes of 13 code units or more,
 * through a slower path).
 */
function uniqueCopy(text: string): string {
  uniqueKeys[text] = 0;
  const copy = ObjectKeys(uniqueKeys)[0];
  ReflectDeleteProperty(uniqueKeys, copy);
  return copy;
}

/**
 * https://fetch.spec.whatwg.org/#header-name, then byte-lowercase (a token is ASCII); or null.
 * Chosen at load: under JavaScriptCore the recent names by length, then the validated-name map
 * (there each of the table's `charCodeAt` calls goes through `Reflect.apply`); elsewhere the
 * validated-name table.
 */
export const lowercaseHeaderName: (name: string) => string | null = JAVASCRIPTCORE
  ? lowercaseRecentName
  : lowercaseTableName;

/** {@link lowercaseHeaderName} through {@link validatedNames}. */
function lowercaseTableName(name: string): string | null {
  if (name === tableSpelling) return tableLower;
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
        return tableLower = bucket[i + 1];
      }
    }
  }
  return validatedNewName(name, bucketIndex, bucket);
}

/**
 * {@link lowercaseHeaderName} for a name not in its bucket (apart, so the engine inlines the
 * lookup): validates it and stores it in the bucket.
 */
function validatedNewName(
  name: string,
  bucketIndex: number,
  bucket: string[] | undefined,
): string | null {
  const length = name.length;
  if (length > NAME_CACHE_MAX_LENGTH) return validatedLongName(name);
  const raw = uniqueCopy(name);
  if (!regExpTest(TOKEN, raw)) return null;
  const lower = StringPrototypeToLowerCase(raw);
  tableSpelling = raw;
  tableLower = lower;
  if (bucket === undefined || bucket.length >= 2 * NAMES_PER_BUCKET) {
    validatedNames[bucketIndex] = [raw, lower];
  } else {
    bucket[bucket.length] = raw;
    bucket[bucket.length] = lower;
  }
  return lower;
}

/**
 * {@link lowercaseHeaderName} for a name too long to cache. A match on "a" replaces the subject
 * the legacy `RegExp.input` keeps, which would keep a sliced name's parent alive.
 */
function validatedLongName(name: string): string | null {
  if (!regExpTest(TOKEN, name)) return null;
  regExpTest(TOKEN, "a");
  // `toLowerCase` hands back `name` itself when it has no upper-case letter.
  return detachedCopy(StringPrototypeToLowerCase(name));
}

/**
 * Fast path "last name": the spelling {@link validatedNames} last found or stored (a detached
 * copy) and its lowercase form; "" maps to null until a name is stored.
 */
let tableSpelling = "";
let tableLower: string | null = null;

/** A string shorter than this is never a slice of another (V8's `SlicedString::kMinLength`). */
const MIN_SLICE_LENGTH = 13;

/** `name`, kept as spelled in the header list, as a string that keeps no larger string alive. */
export function ownedSpelling(name: string): string {
  if (name === tableSpelling) return tableSpelling;
  return name.length < MIN_SLICE_LENGTH ? name : detachedCopy(name);
}

/** A validated name: its spelling, a {@link uniqueCopy}, and its byte-lowercase form. */
class KnownName {
  readonly spelling: string;
  readonly lower: string;
  constructor(spelling: string, lower: string) {
    this.spelling = spelling;
    this.lower = lower;
  }
}

/**
 * Fast path "validated-name map": spelling -> {@link KnownName}. V8 stores property keys
 * internalized, hash included, so a Map lookup of a record key hashes nothing. Same invariant and
 * bounds as {@link validatedNames}; emptied at {@link NAME_MAP_LIMIT} names.
 */
const validatedNameMap = new SafeMap<string, KnownName>();
const NAME_MAP_LIMIT = 4096 * NAMES_PER_BUCKET;

/** {@link lowercaseHeaderName} for an own property key of a record init. */
export function lowercaseRecordKeyName(name: string): string | null {
  const known = validatedNameMap.get(name);
  if (known !== undefined) return known.lower;
  if (name.length > NAME_CACHE_MAX_LENGTH) return validatedLongName(name);
  const validated = validatedNewKey(name);
  return validated === null ? null : validated.lower;
}

/** A name of at most {@link NAME_CACHE_MAX_LENGTH} code units not in the map, validated and kept. */
function validatedNewKey(name: string): KnownName | null {
  // Under JavaScriptCore the unique string of a slice can share the slice's parent.
  const raw = uniqueCopy(detachedCopy(name));
  if (!regExpTest(TOKEN, raw)) return null;
  const known = new KnownName(raw, StringPrototypeToLowerCase(raw));
  if (validatedNameMap.size >= NAME_MAP_LIMIT) validatedNameMap.clear();
  validatedNameMap.set(raw, known);
  return known;
}

/**
 * Fast path "recent name by length" (JavaScriptCore): per name length, the {@link KnownName}
 * last found, so a name seen before is one comparison, not a hash of a string never hashed (a
 * name parsed off the wire). Invariant: entry `n` is {@link NO_NAME}, which no name of `n` >= 1
 * code units equals, or a {@link KnownName} the map made of a name `n` code units long, so a hit
 * proves validity. Bounded: one entry per length up to {@link NAME_CACHE_MAX_LENGTH}.
 */
const recentNames: KnownName[] = [];
/** {@link recentNames}' entry for a length no name was found at yet. */
const NO_NAME = new KnownName("", "");
for (let length = 0; length <= NAME_CACHE_MAX_LENGTH; length++) recentNames[length] = NO_NAME;

// JavaScriptCore only in a campaign (`fuzz:bun` runs it); predicates_test.ts runs it under V8.
// deno-coverage-ignore-start
/**
 * {@link lowercaseHeaderName} under JavaScriptCore: through {@link recentNames}, then
 * {@link validatedNameMap}. Exported for tests that run it under V8 too.
 */
export function lowercaseRecentName(name: string): string | null {
  const length = name.length;
  if (length === 0) return null;
  if (length > NAME_CACHE_MAX_LENGTH) return validatedLongName(name);
  const recent = recentNames[length];
  if (recent.spelling === name) return recent.lower;
  const known = validatedNameMap.get(name) ?? validatedNewKey(name);
  if (known === null) return null;
  recentNames[length] = known;
  return known.lower;
}
// deno-coverage-ignore-stop

/** Whether `text` has a code unit above 0xFF (WebIDL ByteString conversion fails). */
export function isNotByteString(text: string): boolean {
  return regExpTest(NOT_BYTE_STRING, text);
}

/** HTTP whitespace byte: https://fetch.spec.whatwg.org/#http-whitespace-byte */
function isHttpWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** `text` without the code units `isBlank` accepts at its start and end. */
function trim(text: string, isBlank: (code: number) => boolean): string {
  let start = 0;
  let end = text.length;
  while (start < end && isBlank(StringPrototypeCharCodeAt(text, start))) start++;
  while (end > start && isBlank(StringPrototypeCharCodeAt(text, end - 1))) end--;
  return StringPrototypeSlice(text, start, end);
}

/**
 * Fast path "validated-value cache": a value -> the same value as a {@link detachedCopy}.
 * Invariant: a key is a header value that normalization leaves unchanged, so a hit proves it
 * valid and normalized and hands back a copy that keeps no caller's string alive. Bounded: values
 * up to {@link VALUE_CACHE_MAX_LENGTH} code units, emptied at {@link VALUE_CACHE_LIMIT} entries.
 */
const normalizedValueCache = new SafeMap<string, string>();
const VALUE_CACHE_LIMIT = 1024;
const VALUE_CACHE_MAX_LENGTH = 256;

/**
 * https://fetch.spec.whatwg.org/#concept-header-value-normalize, then the #header-value check:
 * the normalized value as a {@link detachedCopy} (a header list stores it), or null.
 */
export function normalizeHeaderValue(value: string): string | null {
  const known = normalizedValueCache.get(value);
  if (known !== undefined) return known;
  return normalizeUncached(value);
}

/** {@link normalizeHeaderValue} past its cache (apart, so the engine inlines the cache hit). */
function normalizeUncached(value: string): string | null {
  const length = value.length;
  if (length === 0) return value;
  const normalized = isHttpWhitespace(StringPrototypeCharCodeAt(value, 0)) ||
      isHttpWhitespace(StringPrototypeCharCodeAt(value, length - 1))
    ? trim(value, isHttpWhitespace)
    : value;
  if (regExpTest(VALUE_REJECT, normalized)) return null;
  const kept = detachedCopy(normalized);
  if (normalized === value && length <= VALUE_CACHE_MAX_LENGTH) {
    if (normalizedValueCache.size >= VALUE_CACHE_LIMIT) normalizedValueCache.clear();
    normalizedValueCache.set(kept, kept);
  }
  return kept;
}

/** Names that make a header a forbidden request-header on their own (a name has no line break). */
const FORBIDDEN_REQUEST_NAME =
  /^(?:accept-(?:charset|encoding)|access-control-request-(?:headers|method)|connection|content-length|cookie2?|date|dnt|expect|host|keep-alive|origin|referer|set-cookie|te|trailer|transfer-encoding|upgrade|via|proxy-.*|sec-.*)$/;

/** Names whose value is checked for forbidden methods. */
const METHOD_OVERRIDE_NAME = /^x-(?:http-method(?:-override)?|method-override)$/;

/** https://fetch.spec.whatwg.org/#forbidden-method; without the `u` flag `i` folds ASCII only. */
const FORBIDDEN_METHOD = /^(?:connect|trace|track)$/i;

/** https://fetch.spec.whatwg.org/#forbidden-request-header for (`lowerName`, `value`). */
export function isForbiddenRequestHeader(lowerName: string, value: string): boolean {
  if (regExpTest(FORBIDDEN_REQUEST_NAME, lowerName)) return true;
  if (!regExpTest(METHOD_OVERRIDE_NAME, lowerName)) return false;
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

function isHttpTabOrSpace(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/**
 * https://fetch.spec.whatwg.org/#header-value-get-decode-and-split (decoding is the identity):
 * `value` split at each comma outside an HTTP quoted string (which runs from a `"` to the next
 * `"` not escaped by a backslash, or to the end), each part kept verbatim but trimmed.
 */
export function getDecodeAndSplit(value: string): string[] {
  const values: string[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index < value.length; index++) {
    const code = StringPrototypeCharCodeAt(value, index);
    if (quoted) {
      if (code === 0x5c) index++;
      else if (code === 0x22) quoted = false;
    } else if (code === 0x22) {
      quoted = true;
    } else if (code === 0x2c) {
      values[values.length] = trim(StringPrototypeSlice(value, start, index), isHttpTabOrSpace);
      start = index + 1;
    }
  }
  values[values.length] = trim(StringPrototypeSlice(value, start), isHttpTabOrSpace);
  return values;
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

/** https://fetch.spec.whatwg.org/#no-cors-safelisted-request-header-name */
export function isNoCorsSafelistedName(lowerName: string): boolean {
  return lowerName === "accept" || lowerName === "accept-language" ||
    lowerName === "content-language" || lowerName === "content-type";
}

/** https://fetch.spec.whatwg.org/#no-cors-safelisted-request-header (never `range`). */
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
 * https://mimesniff.spec.whatwg.org/#parse-a-mime-type up to the essence: lowercase
 * "type/subtype", or null. `input` is built from normalized values, so it never starts with
 * HTTP whitespace (step 1's leading strip is skipped); it may end with some ("x, ").
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
