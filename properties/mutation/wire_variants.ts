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
];
