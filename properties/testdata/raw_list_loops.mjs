// A hostile candidate: the reference, except that headersFromRawList never returns.
export { freezeHeaders, headerListOf, Headers, headersWithGuard } from "../../spec/mod.ts";

export function headersFromRawList() {
  for (;;);
}
