// A candidate whose headerListOf lowercases every name: the header list a request would send
// loses the casing the standard keeps; the Headers API itself is the reference's.
import * as reference from "../../spec/mod.ts";

export const { Headers, headersWithGuard, headersFromRawList, freezeHeaders } = reference;

export function headerListOf(headers) {
  return reference.headerListOf(headers).map((
    item,
    i,
  ) => (i % 2 === 0 ? item.toLowerCase() : item));
}
