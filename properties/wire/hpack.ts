/**
 * An HPACK decoder (RFC 7541), for reading the header blocks a runtime's own h2 server or client
 * writes (the egress stage over h2): indexed fields, literals with and without indexing and never
 * indexed, dynamic table size updates, the static table (Appendix A) and Huffman-coded strings
 * (Appendix B). One {@link HpackDecoder} per direction of a connection, fed each block in order,
 * as its dynamic table depends on the blocks before. A block it cannot decode throws a
 * {@link HpackError} naming the byte offset: the peer wrote something RFC 7541 does not allow.
 *
 * @example
 * ```ts
 * import { HpackDecoder } from "./hpack.ts";
 * import { Buffer } from "node:buffer";
 * new HpackDecoder().decode(Buffer.from([0x88, 0x00, 0x01, 0x61, 0x01, 0x31]));
 * // [[":status", "200"], ["a", "1"]]
 * ```
 *
 * @module
 */
import type { Buffer } from "node:buffer";

/** A decoded field: a name (a pseudo-header's with its colon) and a value. */
export type HpackField = readonly [string, string];

/** A header block that does not decode. */
export class HpackError extends Error {
  override name = "HpackError";
}

/** RFC 7541 Appendix A: the static table, index 1 first ("name" or "name value"). */
const STATIC_TABLE: readonly HpackField[] = [
  ":authority",
  ":method GET",
  ":method POST",
  ":path /",
  ":path /index.html",
  ":scheme http",
  ":scheme https",
  ":status 200",
  ":status 204",
  ":status 206",
  ":status 304",
  ":status 400",
  ":status 404",
  ":status 500",
  "accept-charset",
  "accept-encoding gzip, deflate",
  "accept-language",
  "accept-ranges",
  "accept",
  "access-control-allow-origin",
  "age",
  "allow",
  "authorization",
  "cache-control",
  "content-disposition",
  "content-encoding",
  "content-language",
  "content-length",
  "content-location",
  "content-range",
  "content-type",
  "cookie",
  "date",
  "etag",
  "expect",
  "expires",
  "from",
  "host",
  "if-match",
  "if-modified-since",
  "if-none-match",
  "if-range",
  "if-unmodified-since",
  "last-modified",
  "link",
  "location",
  "max-forwards",
  "proxy-authenticate",
  "proxy-authorization",
  "range",
  "referer",
  "refresh",
  "retry-after",
  "server",
  "set-cookie",
  "strict-transport-security",
  "transfer-encoding",
  "user-agent",
  "vary",
  "via",
  "www-authenticate",
].map((entry): HpackField => {
  const space = entry.indexOf(" ");
  return space === -1 ? [entry, ""] : [entry.slice(0, space), entry.slice(space + 1)];
});

/**
 * RFC 7541 Appendix B's code length of each symbol (0-255, then EOS), as the character
 * `"0"` + (length - 5). The code is canonical: codes are given in order of length, then symbol.
 */
const CODE_LENGTHS =
  "8BGGGGGGGCIGGIGGGGGGGGIGGGGGGGGG1557813655363111000111111123:1758122222222222" +
  "222222222223238>891:01010111022111012100122222:698G?A??AAABABBBBBCBCCABCBBBB@ABABBCA@?AABB@BA" +
  "AC@ABB@@A@BABB?AAABAABEE?>ABADEEEFFECD>@EFFEFC@@EEGFFF?C?@A@@BAADDCCEBEFEEFFFFFGFFFFFEI";

/** The symbol of each (length, code) of the canonical code, keyed `length * 2^32 + code`. */
const HUFFMAN: Map<number, number> = huffmanTable(CODE_LENGTHS);

/** The canonical code of `codeLengths` ({@link CODE_LENGTHS}'s form) as {@link HUFFMAN} keys it. */
function huffmanTable(codeLengths: string): Map<number, number> {
  const lengths = [...codeLengths].map((c) => c.charCodeAt(0) - 48 + 5);
  const order = lengths.map((_, symbol) => symbol).sort((a, b) => lengths[a] - lengths[b] || a - b);
  const table = new Map<number, number>();
  let code = 0;
  for (let i = 0; i < order.length; i++) {
    if (i > 0) code = (code + 1) * 2 ** (lengths[order[i]] - lengths[order[i - 1]]);
    table.set(lengths[order[i]] * 2 ** 32 + code, order[i]);
  }
  return table;
}

/** The EOS symbol: never in a string, its code's leading bits pad the last byte. */
const EOS = 256;

/** Decodes a Huffman-coded string (RFC 7541 5.2), each byte a code unit of the result. */
function huffmanDecode(bytes: Uint8Array): string {
  let out = "";
  let code = 0;
  let length = 0;
  for (const byte of bytes) {
    for (let bit = 7; bit >= 0; bit--) {
      code = code * 2 + ((byte >> bit) & 1);
      length++;
      const symbol = HUFFMAN.get(length * 2 ** 32 + code);
      if (symbol === EOS) throw new HpackError("a Huffman string holds EOS");
      if (symbol !== undefined) {
        out += String.fromCharCode(symbol);
        code = 0;
        length = 0;
      } else if (length > 30) {
        throw new HpackError("a Huffman code longer than 30 bits");
      }
    }
  }
  // Padding: fewer than 8 bits, all ones (the most significant bits of EOS).
  if (length > 7 || code !== 2 ** length - 1) throw new HpackError("bad Huffman padding");
  return out;
}

/** The entry overhead of the dynamic table (RFC 7541 4.1). */
const ENTRY_OVERHEAD = 32;

/** The dynamic table size every peer starts with (SETTINGS_HEADER_TABLE_SIZE's initial value). */
const DEFAULT_TABLE_SIZE = 4096;

/** One direction's HPACK decoding state: its dynamic table. */
export class HpackDecoder {
  #dynamic: HpackField[] = [];
  #size = 0;
  #maxSize = DEFAULT_TABLE_SIZE;

  /** The fields of `block`, in order, the dynamic table updated as RFC 7541 says. */
  decode(block: Buffer | Uint8Array): HpackField[] {
    const fields: HpackField[] = [];
    let at = 0;
    const integer = (prefixBits: number): number => {
      if (at >= block.length) throw new HpackError(`block ends at byte ${at}`);
      const limit = (1 << prefixBits) - 1;
      let value = block[at++] & limit;
      if (value < limit) return value;
      let shift = 0;
      let byte: number;
      do {
        if (at >= block.length) throw new HpackError(`an integer ends at byte ${at}`);
        byte = block[at++];
        value += (byte & 0x7f) * 2 ** shift;
        shift += 7;
        if (shift > 35) throw new HpackError(`an integer too large at byte ${at}`);
      } while (byte & 0x80);
      return value;
    };
    const string = (): string => {
      if (at >= block.length) throw new HpackError(`block ends at byte ${at}`);
      const huffman = (block[at] & 0x80) !== 0;
      const length = integer(7);
      if (at + length > block.length) throw new HpackError(`a string overruns at byte ${at}`);
      const bytes = block.subarray(at, at + length);
      at += length;
      return huffman ? huffmanDecode(bytes) : String.fromCharCode(...bytes);
    };
    const entry = (index: number): HpackField => {
      const found = index >= 1 && index <= STATIC_TABLE.length
        ? STATIC_TABLE[index - 1]
        : this.#dynamic[index - STATIC_TABLE.length - 1];
      if (found === undefined) throw new HpackError(`no table entry ${index} at byte ${at}`);
      return found;
    };
    while (at < block.length) {
      const first = block[at];
      if (first & 0x80) {
        fields.push(entry(integer(7)));
      } else if ((first & 0xe0) === 0x20) {
        this.#maxSize = integer(5);
        this.#evict(0);
      } else {
        const indexing = (first & 0xc0) === 0x40;
        const index = integer(indexing ? 6 : 4);
        const name = index === 0 ? string() : entry(index)[0];
        const field: HpackField = [name, string()];
        fields.push(field);
        if (indexing) this.#insert(field);
      }
    }
    return fields;
  }

  #insert(field: HpackField): void {
    const size = field[0].length + field[1].length + ENTRY_OVERHEAD;
    this.#evict(size);
    if (size <= this.#maxSize) {
      this.#dynamic.unshift(field);
      this.#size += size;
    }
  }

  /** Evicts the oldest entries until `room` more bytes fit. */
  #evict(room: number): void {
    while (this.#dynamic.length > 0 && this.#size + room > this.#maxSize) {
      const [name, value] = this.#dynamic.pop()!;
      this.#size -= name.length + value.length + ENTRY_OVERHEAD;
    }
  }
}

/**
 * This decoder as source text, for a self-contained reproduction to embed (one copy of the code):
 * its tables, {@link HpackError} and {@link HpackDecoder}.
 *
 * @example
 * ```ts
 * import { hpackSource } from "./hpack.ts";
 * console.log(hpackSource().includes("class HpackDecoder"));
 * ```
 */
export function hpackSource(): string {
  return [
    `const STATIC_TABLE = ${JSON.stringify(STATIC_TABLE)};`,
    `const CODE_LENGTHS = ${JSON.stringify(CODE_LENGTHS)};`,
    huffmanTable.toString(),
    "const HUFFMAN = huffmanTable(CODE_LENGTHS);",
    `const EOS = ${EOS}, ENTRY_OVERHEAD = ${ENTRY_OVERHEAD}, DEFAULT_TABLE_SIZE = ${DEFAULT_TABLE_SIZE};`,
    huffmanDecode.toString(),
    HpackError.toString(),
    HpackDecoder.toString(),
  ].join("\n\n");
}
