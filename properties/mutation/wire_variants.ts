/**
 * Broken variants of impl's raw-list path, the one a server's HTTP parser feeds
 * (`headersFromRawList`, validated by `rawListName` and materialized lazily by `#materialize` in
 * impl/headers.ts): bugs in how
 * field values parsed off the wire become a header list. The model stage's raw lists hold values
 * drawn from the campaign's pools, which never have the bytes these bugs need; the wire stage's
 * field lines do (properties/wire/field_lines.ts), so the wire stage is what kills them.
 * Appended to the kill table by variants.ts.
 *
 * @module
 */
import type { Variant } from "./variant.ts";

/**
 * The h2 reading a server or client built on impl would do (RFC 9113 8.2, 8.2.3), added to the
 * copy's mod.ts as `headersFromH2Fields` with `bug` planted: a block's regular fields checked for
 * what makes a message malformed, `cookie` crumbs joined with "; " on the server side, then
 * `headersFromRawList`. Unplanted (`bug` null) it reads every block as the reference does.
 */
function h2Reader(bug: H2Bug | null): string {
  const name = bug === "uppercase"
    ? "[\\u0000-\\u0020:\\u007f-\\uffff]"
    : "[\\u0000-\\u0020A-Z:\\u007f-\\uffff]";
  return [
    'export { HEADERS_GUARDS } from "./types.ts";',
    'import { headersFromRawList as h2FromRawList } from "./headers.ts";',
    ...(bug === "shared-names" ? ["const H2_NAME_BUFFER: string[] = [];"] : []),
    "const H2_CONNECTION_FIELDS = [",
    '  "connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade",',
    "];",
    "export function headersFromH2Fields(",
    "  fields: [string, string][],",
    '  guard: "request" | "immutable",',
    '  options: { profile: "server" },',
    ") {",
    "  const flat: string[] = [];",
    "  const seen = new Set<string>();",
    "  let cookieAt = -1;",
    "  for (const [name, value] of fields) {",
    ...(bug === "pseudo"
      ? ['    if (name.startsWith(":")) { flat.push(name.slice(1), value); continue; }']
      : []),
    "    if (",
    `      /^$|${name}/.test(name) || H2_CONNECTION_FIELDS.includes(name) ||`,
    "      /^[ \\t]|[ \\t]$|[\\u0000\\r\\n]/.test(value)",
    "    ) throw new TypeError(`malformed h2 field: ${JSON.stringify(name)}`);",
    '    if (guard === "request" && name === "cookie" && cookieAt >= 0) {',
    `      flat[cookieAt + 1] += \`${bug === "comma" ? "," : ";"} \${value}\`;`,
    "      continue;",
    "    }",
    ...(bug === "drop-repeated" ? ['    if (name !== "cookie" && seen.has(name)) continue;'] : []),
    "    seen.add(name);",
    '    if (name === "cookie") cookieAt = flat.length;',
    "    flat.push(name, value);",
    "  }",
    ...(bug === "shared-names" || bug === "reread" ? lazyEnd(bug) : [
      "  return h2FromRawList(flat, guard, options);",
    ]),
    "}",
    "",
  ].join("\n");
}

/**
 * The end of an h2 reader whose Headers is made at its first read (a lazy raw list), with `bug`:
 * "shared-names" keeps the names in a buffer shared by every call until then, so that a later
 * block's call renames an unread Headers; "reread" makes every iteration read the raw list into
 * the header list again, so that a second read shows each field twice.
 */
function lazyEnd(bug: "shared-names" | "reread"): string[] {
  return [
    ...(bug === "shared-names"
      ? [
        "  for (let at = 0; at < flat.length; at += 2) H2_NAME_BUFFER[at / 2] = flat[at];",
        "  const count = flat.length / 2;",
        "  const materialize = () => {",
        "    const pairs: string[] = [];",
        "    for (let at = 0; at < count; at++) pairs.push(H2_NAME_BUFFER[at], flat[2 * at + 1]);",
        "    return h2FromRawList(pairs, guard, options);",
        "  };",
      ]
      : [
        "  const pairs: string[] = [];",
        "  const materialize = () => {",
        "    pairs.push(...flat);",
        "    return h2FromRawList(pairs, guard, options);",
        "  };",
      ]),
    "  let headers: ReturnType<typeof h2FromRawList> | null = null;",
    "  const read = () => headers ??= materialize();",
    "  return {",
    bug === "reread"
      ? "    [Symbol.iterator]: () => (headers = materialize())[Symbol.iterator](),"
      : "    [Symbol.iterator]: () => read()[Symbol.iterator](),",
    "    get: (name: string) => read().get(name),",
    "    has: (name: string) => read().has(name),",
    "    getSetCookie: () => read().getSetCookie(),",
    "  };",
  ];
}

/** A bug {@link h2Reader} plants. */
type H2Bug = "comma" | "drop-repeated" | "uppercase" | "pseudo" | "shared-names" | "reread";

/** The h2 variant of `bug`: impl's mod.ts with {@link h2Reader} of that bug. */
function h2Variant(name: string, bug: H2Bug, text: string): Variant {
  return {
    name,
    killedBy: "wire",
    bug: text,
    patches: [{
      file: "mod.ts",
      search: 'export { HEADERS_GUARDS } from "./types.ts";\n',
      replace: h2Reader(bug),
    }],
  };
}

/** {@link h2Reader} without a bug, for the test that shows the h2 sides pass it. */
export const H2_READER_UNPLANTED: string = h2Reader(null);

/** The variants planted in impl's raw-list materialization. */
export const WIRE_VARIANTS: readonly Variant[] = [
  {
    name: "wire-raw-value-latin1-trailing-space",
    killedBy: "wire",
    bug: "raw-list values lose trailing whitespace as Latin-1 counts it (SP, HTAB and 0xA0, " +
      "no-break space): a field value ending in byte 0xA0 loses it",
    patches: [
      {
        file: "headers.ts",
        search: "  String,\n  SymbolFor,\n",
        replace: "  String,\n  StringPrototypeSlice,\n  SymbolFor,\n",
      },
      {
        file: "headers.ts",
        search: "      const lower = appends ? flat[index + 2] : rawListName(flat, index);\n" +
          "      const value = flat[index + 1];\n",
        replace: "      const lower = appends ? flat[index + 2] : rawListName(flat, index);\n" +
          "      let value = flat[index + 1];\n" +
          "      if (!appends) {\n" +
          "        let end = value.length;\n" +
          "        while (\n" +
          "          end > 0 &&\n" +
          '          (value[end - 1] === " " || value[end - 1] === "\\t" || value[end - 1] === "\\u00a0")\n' +
          "        ) end--;\n" +
          "        value = StringPrototypeSlice(value, 0, end);\n" +
          "        flat[index + 1] = value;\n" +
          "      }\n",
      },
    ],
  },
  {
    name: "wire-raw-value-rejects-c1-bytes",
    killedBy: "wire",
    bug: "the raw-list value check takes obs-text to be 0xA0-0xFF (Latin-1's printable range), " +
      "so a field value with a byte 0x80-0x9F throws a TypeError at the first read",
    patches: [
      {
        file: "headers.ts",
        search: "  quote,\n  ReflectDeleteProperty,\n",
        replace: "  quote,\n  ReflectDeleteProperty,\n  regExpTest,\n",
      },
      {
        file: "headers.ts",
        search: "  if (kept !== value) throw",
        replace: "  if (kept !== value || regExpTest(/[\\x80-\\x9f]/, value as string)) throw",
      },
    ],
  },
  h2Variant(
    "wire-h2-cookie-crumbs-joined-with-comma",
    "comma",
    'an h2 server\'s headersFromH2Fields joins cookie crumbs with ", " (RFC 9113 8.2.3 says "; ")',
  ),
  h2Variant(
    "wire-h2-repeated-field-dropped",
    "drop-repeated",
    "headersFromH2Fields keeps only the first of repeated fields of one name (cookie apart)",
  ),
  h2Variant(
    "wire-h2-uppercase-name-kept",
    "uppercase",
    "headersFromH2Fields takes a field with an uppercase name (RFC 9113 8.2.1: malformed) " +
      "and hands it over lowercased",
  ),
  h2Variant(
    "wire-h2-pseudo-header-leaks",
    "pseudo",
    "headersFromH2Fields turns a pseudo-header among the regular fields (RFC 9113 8.3: " +
      "malformed) into a header without its colon",
  ),
  h2Variant(
    "wire-h2-name-buffer-shared",
    "shared-names",
    "headersFromH2Fields keeps a block's names in one buffer every call shares and makes the " +
      "Headers from it at its first read: a later block read before then renames its fields",
  ),
  h2Variant(
    "wire-h2-lazy-list-read-twice",
    "reread",
    "headersFromH2Fields makes its Headers lazily from the raw list, and every iteration reads " +
      "the raw list into the header list again: a second read shows each field twice",
  ),
];
